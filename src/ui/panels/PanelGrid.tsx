/**
 * The visible panels in the view's order, in a responsive grid, each with keyboard-operable
 * "move up / move down / hide" buttons; hidden panels are listed in the Panels menu to show
 * again. Panels sit side by side wherever two columns fit; the metrics table spans the width.
 * In presenter mode the chosen 1–4 panels fill the screen, each chart sized by its cell.
 */
import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { MAX_PRESENT } from '../state/viewLimits.ts';
import { useOnScreen } from '../state/onScreen.ts';
import type { RunSet } from '../state/runSet.ts';
import { useRunsSettled } from '../state/useRuns.ts';
import { ChartFillContext, NEAR_SCREEN_MARGIN } from './ChartSvg.tsx';
import { PanelActionsContext, UpdatingRunsContext } from './Panel.tsx';
import { getPanel, PANELS } from './registry.ts';
import { panelPart } from '../traces/capturePanels.ts';
import type { PanelDef, PanelProps } from './types.ts';

interface Props extends Omit<PanelProps, 'set'> {
  set: RunSet;
  ids: readonly string[];
  /** The whole set is an earlier scenario's (a newer run is slow to come, or failed): every panel says so. */
  stale?: boolean;
  onMove: (id: string, dir: -1 | 1) => void;
  onHide: (id: string) => void;
}

export function PanelGrid({ set, ids, stale = false, onMove, onHide, layout, presenter }: Props) {
  return (
    <ChartFillContext.Provider value={presenter}>

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
        // a captured connection is drawn only by the panels it has data for (traces/capturePanels.ts)
        const part = panelPart(id, set);
        const note = part.note ? <p className="capture-note" data-testid={`${id}-capture-note`}>{part.note}</p> : null;
        if (!part.set) return <div key={id} className={`grid-cell cell-${id}`}><section className="panel" data-panel={id}><div className="panel-head"><h2>{def.title}</h2>{actions ? <div className="panel-actions">{actions}</div> : null}</div>{note}</section></div>;
        return (
          <GridCell key={id} id={id} set={part.set} stale={stale} available={def.available} layout={layout} presenter={presenter}>
            {(shown) => (
              <PanelActionsContext.Provider value={actions}>
                {note}
                <PanelBody Component={def.Component} set={shown} layout={layout} presenter={presenter} />
              </PanelActionsContext.Provider>
            )}
          </GridCell>
        );
      })}
    </div>
    </ChartFillContext.Provider>
  );
}

/**
 * A panel off screen while an edit's runs come in keeps the picture it has — one earlier edit's,
 * whole — and catches up once they are all in and painted (or as soon as it is scrolled to): each arrival of
 * a comparison would otherwise rebuild its series and redraw it on the main thread, which the
 * runs still to come wait for on two cores. So does a panel none of the runs in so far has data
 * for (the estimates of Vegas and Veno while Tahoe and Reno come in, see panelsShown): it
 * neither leaves the grid nor shows an empty frame until the comparison is complete.
 * `data-runs` says which runs the panel shows: one edit's, never a mix (a browser test checks).
 */
function GridCell({ id, set, stale, available, children }: Omit<PanelProps, 'set'> & { id: string; set: RunSet; stale: boolean; available: (set: RunSet) => boolean; children: (shown: RunSet) => ReactNode }) {
  const cell = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(cell, { rootMargin: NEAR_SCREEN_MARGIN, initial: true });
  const settled = useRunsSettled();
  const [held, setHeld] = useState(set);
  const shown = (onScreen || settled) && available(set) ? set : held;
  useEffect(() => setHeld(shown), [shown]);
  // which scenario each drawn run is of, as its worker reported
  const runIds = shown.runs.map((r) => r.result.scenarioId).join(' ');
  // An earlier picture in view says so, dimmed and labelled (once the wait is long enough to
  // notice: styles.css): this cell's own held picture, or the whole set while a newer run is
  // slow or failed. Off screen nothing is drawn for it; a cell scrolled into view is marked then.
  const waiting = (shown !== set || stale) && onScreen;
  return (
    <div ref={cell} className={`grid-cell cell-${id}${waiting ? ' held' : ''}`} data-runs={runIds} aria-busy={waiting || undefined}>
      {waiting ? (
        <p className="held-label" data-testid={`${id}-held`}>
          Earlier run — the current scenario's is not in yet
        </p>
      ) : null}
      {available(shown) ? <UpdatingRunsContext.Provider value={shown.updating}>{children(shown)}</UpdatingRunsContext.Provider> : null}
    </div>
  );
}

/** A panel, rendered again only when what it draws changes (not when its cell follows the workers). */
const PanelBody = memo(function PanelBody({ Component, ...props }: PanelProps & { Component: PanelDef['Component'] }) {
  return <Component {...props} />;
});

/**
 * The panels the presenter shows: up to MAX_PRESENT of the available ones, ticked in a menu
 * (the order of the view's panel list, which the move buttons set).
 */
export function PresentMenu({ available, chosen, onChange, fit = MAX_PRESENT, fitNote }: { available: readonly { id: string; title: string }[]; chosen: readonly string[]; onChange: (ids: string[]) => void; fit?: number; fitNote?: string }) {
  return (
    <details className="menu" data-testid="present-menu">
      <summary>Panels ({chosen.length})</summary>
      <div className="menu-body">
        {fit < MAX_PRESENT && fitNote ? (
          <p className="present-fit-note" data-testid="present-fit-note">
            {fitNote}
          </p>
        ) : null}
        <fieldset>
          <legend>Show on the screen (up to {fit})</legend>
          {available.map((p) => {
            const on = chosen.includes(p.id);
            return (
              <label key={p.id} className="check">
                <input
                  type="checkbox"
                  data-testid={`present-${p.id}`}
                  checked={on}
                  disabled={(!on && chosen.length >= fit) || (on && chosen.length === 1)}
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
