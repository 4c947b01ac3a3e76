/**
 * The visible panels in the view's order, in a responsive grid, each with keyboard-operable
 * "move up / move down / hide" buttons; hidden panels are listed in the Panels menu to show
 * again. Panels sit side by side wherever two columns fit; the metrics table spans the width.
 * In presenter mode the chosen 1–4 panels fill the screen, each chart sized by its cell.
 */
import { MAX_PRESENT } from '../state/view.ts';
import type { RunSet } from '../state/runSet.ts';
import { ChartFillContext } from './ChartSvg.tsx';
import { CompactLegendContext, PanelActionsContext, UpdatingRunsContext } from './Panel.tsx';
import { getPanel, PANELS } from './registry.ts';
import type { PanelProps } from './types.ts';

interface Props extends Omit<PanelProps, 'set'> {
  set: RunSet;
  ids: readonly string[];
  onMove: (id: string, dir: -1 | 1) => void;
  onHide: (id: string) => void;
}

export function PanelGrid({ set, ids, onMove, onHide, layout, presenter }: Props) {
  // which scenario each drawn run is of, as its worker reported: one edit's runs, never a mix (a browser test checks)
  const runIds = set.runs.map((r) => r.result.scenarioId).join(' ');
  return (
    <ChartFillContext.Provider value={presenter}>
    <CompactLegendContext.Provider value={presenter && ids.length >= 3}>
    <UpdatingRunsContext.Provider value={set.updating}>
    <div className={presenter ? `panel-grid presenting count-${ids.length}` : 'panel-grid'} data-testid="panel-grid">
      {ids.map((id, i) => {
        const def = getPanel(id);
        if (!def) return null;
        const actions = presenter ? null : (
          <>
            <button type="button" onClick={() => onMove(id, -1)} disabled={i === 0} aria-label={`Move ${def.title} up`} title="Move up">
              ↑
            </button>
            <button type="button" onClick={() => onMove(id, 1)} disabled={i === ids.length - 1} aria-label={`Move ${def.title} down`} title="Move down">
              ↓
            </button>
            <button type="button" onClick={() => onHide(id)} aria-label={`Hide ${def.title}`} title="Hide">
              ✕
            </button>
          </>
        );
        return (
          <div key={id} className={`grid-cell cell-${id}`} data-runs={runIds}>
            <PanelActionsContext.Provider value={actions}>
              <def.Component set={set} layout={layout} presenter={presenter} />
            </PanelActionsContext.Provider>
          </div>
        );
      })}
    </div>
    </UpdatingRunsContext.Provider>
    </CompactLegendContext.Provider>
    </ChartFillContext.Provider>
  );
}

/**
 * The panels the presenter shows: up to MAX_PRESENT of the available ones, ticked in a menu
 * (the order of the view's panel list, which the move buttons set).
 */
export function PresentMenu({ available, chosen, onChange }: { available: readonly { id: string; title: string }[]; chosen: readonly string[]; onChange: (ids: string[]) => void }) {
  return (
    <details className="menu" data-testid="present-menu">
      <summary>Panels ({chosen.length})</summary>
      <div className="menu-body">
        <fieldset>
          <legend>Show on the screen (up to {MAX_PRESENT})</legend>
          {available.map((p) => {
            const on = chosen.includes(p.id);
            return (
              <label key={p.id} className="check">
                <input
                  type="checkbox"
                  data-testid={`present-${p.id}`}
                  checked={on}
                  disabled={(!on && chosen.length >= MAX_PRESENT) || (on && chosen.length === 1)}
                  onChange={(e) => onChange(e.target.checked ? available.map((a) => a.id).filter((id) => id === p.id || chosen.includes(id)) : chosen.filter((id) => id !== p.id))}
                />
                {p.title}
              </label>
            );
          })}
        </fieldset>
      </div>
    </details>
  );
}

/** Hidden but available panels, to show again. */
export function PanelMenu({ set, ids, onShow }: { set: RunSet | null; ids: readonly string[]; onShow: (id: string) => void }) {
  const hidden = PANELS.filter((p) => !ids.includes(p.id) && (!set || p.available(set)));
  return (
    <details className="menu">
      <summary>Panels{hidden.length > 0 ? ` (${hidden.length} hidden)` : ''}</summary>
      <div className="menu-body">
        {hidden.length === 0 ? <p>All panels are shown.</p> : null}
        {hidden.map((p) => (
          <button key={p.id} type="button" onClick={() => onShow(p.id)}>
            Show {p.title}
          </button>
        ))}
      </div>
    </details>
  );
}
