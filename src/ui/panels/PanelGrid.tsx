/**
 * The visible panels in the view's order, in a responsive grid, each with keyboard-operable
 * "move up / move down / hide" buttons; hidden panels are listed in the Panels menu to show
 * again. Metrics and path span the full width; time charts take a column each on wide screens.
 */
import type { RunSet } from '../state/runSet.ts';
import { PanelActionsContext } from './Panel.tsx';
import { getPanel, PANELS } from './registry.ts';
import type { PanelProps } from './types.ts';

interface Props extends Omit<PanelProps, 'set'> {
  set: RunSet;
  ids: readonly string[];
  onMove: (id: string, dir: -1 | 1) => void;
  onHide: (id: string) => void;
}

export function PanelGrid({ set, ids, onMove, onHide, layout, presenter }: Props) {
  return (
    <div className={`panel-grid${presenter ? ' presenting' : ''}`} data-testid="panel-grid">
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
          <div key={id} className={`grid-cell cell-${id}`}>
            <PanelActionsContext.Provider value={actions}>
              <def.Component set={set} layout={layout} presenter={presenter} />
            </PanelActionsContext.Provider>
          </div>
        );
      })}
    </div>
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
