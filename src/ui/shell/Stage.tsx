/**
 * The stage: the panels, and the element the presenter keys return focus to. Three shapes of
 * the same grid: side by side on a wide screen; the presenter's chosen 1–4 panels filling the
 * screen; on a phone one panel at a time, picked with tabs.
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { PanelGrid } from '../panels/PanelGrid.tsx';
import { getPanel } from '../panels/registry.ts';
import type { RunSet } from '../state/runSet.ts';
import type { ViewState } from '../state/view.ts';
import { STAGE_ID } from './stageFocus.ts';

interface Props {
  set: RunSet | null;
  view: ViewState;
  /** Visible panels in order (normal mode), and the presenter's choice. */
  ids: readonly string[];
  presentIds: readonly string[];
  phone: boolean;
  stale: boolean;
  busy: boolean;
  onMove: (id: string, dir: -1 | 1) => void;
  onHide: (id: string) => void;
  /** Shown while there is no run to draw. */
  empty: ReactNode;
}

export function Stage({ set, view, ids, presentIds, phone, stale, busy, onMove, onHide, empty }: Props) {
  const [tab, setTab] = useState<string | null>(null);
  const tabs = phone && !view.presenter && ids.length > 1;
  const current = tabs ? (tab && ids.includes(tab) ? tab : ids[0]) : null;
  const shown = view.presenter ? presentIds : current ? [current] : ids;
  // Built only when what it draws changes: "running…" and other shell updates then do not
  // re-render the panels (they showed up in redraw profiles).
  const edits = useRef({ onMove, onHide });
  edits.current = { onMove, onHide };
  const shownKey = shown.join(' ');
  const grid = useMemo(
    () =>
      set ? (
        <PanelGrid set={set} ids={shown} stale={stale} layout={view.compareLayout} presenter={view.presenter} onMove={(id, dir) => edits.current.onMove(id, dir)} onHide={(id) => edits.current.onHide(id)} />
      ) : null,
    [set, shownKey, stale, view.compareLayout, view.presenter], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return (
    <main id={STAGE_ID} tabIndex={-1} className={stale ? 'stage stale' : 'stage'} aria-busy={busy} aria-label="Panels">
      {tabs ? (
        <div className="panel-tabs" role="tablist" aria-label="Panel">
          {ids.map((id) => (
            <button key={id} type="button" role="tab" id={`tab-${id}`} aria-selected={id === current} aria-controls="panel-grid" data-testid={`tab-${id}`} onClick={() => setTab(id)}>
              {getPanel(id)?.short ?? id}
            </button>
          ))}
        </div>
      ) : null}
      {set ? (
        <div id="panel-grid" className="stage-grid" role={tabs ? 'tabpanel' : undefined} aria-labelledby={tabs && current ? `tab-${current}` : undefined}>
          {grid}
        </div>
      ) : (
        empty
      )}
    </main>
  );
}
