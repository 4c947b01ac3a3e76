/**
 * Timed changes on screen (src/ui/state/liveEdit.ts makes them): a strip under the transport
 * that says where an edit will apply ("from t = 12.3 s", with "apply from the start instead"),
 * and lists the changes, each a button that seeks to it and a button that removes it; and the
 * markers every time chart shows on its time axis (ChangeMarkers, stacked on ChartSvg like the
 * cursor layer, so chart drawing code knows nothing of them).
 */
import { createContext, useContext, useId, useSyncExternalStore } from 'react';
import type { Scenario } from '../../scenario/schema.ts';
import { MARGIN, timeScale } from '../charts/frame.ts';
import { changeLinkText, changeTimeText, changeValueText, insideRun } from '../state/liveEdit.ts';
import type { PlaybackAction, PlaybackState } from '../state/playback.ts';
import type { Store } from '../state/store.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import './timedChanges.css';

export interface ChangeMark {
  atS: number;
  /** A few words on the marker: `1 Mb/s`. */
  label: string;
  /** The whole sentence, for the tooltip. */
  title: string;
}

/** The scenario's changes as markers, provided once by the App for every time chart. */
export const ChangeMarksContext = createContext<readonly ChangeMark[]>([]);

export function changeMarks(s: Scenario): ChangeMark[] {
  return s.changes.map((c) => {
    const link = changeLinkText(s, c);
    const value = changeValueText(c);
    return { atS: c.atS, label: value, title: `From ${changeTimeText(c.atS)}: ${link} ${value}` };
  });
}

/** Labels closer than this would overlap: the later marker keeps its line and tooltip only. */
const LABEL_GAP_PX = 76;

/** The changes' markers over one time chart `width` × `height` (plot area only). */
export function ChangeMarkers({ width, height }: { width: number; height: number }) {
  const marks = useContext(ChangeMarksContext);
  const { windowS } = useTimeAxis();
  if (marks.length === 0 || width <= 0) return null;
  const x = timeScale(windowS, width);
  let lastLabelPx = -Infinity;
  const shown = marks
    .filter((m) => m.atS >= windowS[0] && m.atS <= windowS[1])
    .map((m) => {
      const px = x(m.atS);
      const labelled = px - lastLabelPx >= LABEL_GAP_PX;
      if (labelled) lastLabelPx = px;
      return { ...m, px, labelled };
    });
  return (
    <div className="change-markers" aria-hidden="true" data-testid="change-markers" style={{ top: MARGIN.top, height: Math.max(0, height - MARGIN.top - MARGIN.bottom) }}>
      {shown.map((m) => (
        <div key={`${m.atS}-${m.title}`} className="change-marker" style={{ left: m.px }} title={m.title}>
          {m.labelled ? <span className={m.px > width - MARGIN.right - LABEL_GAP_PX ? 'flip' : undefined}>{m.label}</span> : null}
        </div>
      ))}
    </div>
  );
}

interface BarProps {
  scenario: Scenario;
  /** Passed in rather than read from the time axis, so the bar also fits in the presenter's Controls menu. */
  playback: Store<PlaybackState>;
  dispatch: (a: PlaybackAction) => void;
  /** Edits of link fields apply to the whole run even with the playhead inside it. */
  fromStart: boolean;
  onFromStart: (on: boolean) => void;
  onRemove: (index: number) => void;
}

/** Where the next edit applies, and the list of changes (seek to one, remove one). */
export function LiveEditBar({ scenario, playback, dispatch, fromStart, onFromStart, onRemove }: BarProps) {
  // Only whether the playhead is inside the run and, then, its time to 0.1 s: not every frame.
  const at = useSyncExternalStore(playback.subscribe, () => {
    const p = playback.get();
    return insideRun(p.tS, p.endS) ? Math.round(p.tS * 10) / 10 : -1;
  });
  const toggleId = useId();
  const changes = scenario.changes;
  // Always one line (no jump when playback starts): at the ends of the run it says how to use it.
  return (
    <div className="live-edits" data-testid="live-edits">
      {at >= 0 ? (
        <p className="live-edit-when">
          <span data-testid="live-edit-from">
            Link edits<span className="long"> (rate, delay, errors, buffer)</span> apply {fromStart ? 'to the whole run' : <>from <strong>t = {at.toFixed(1)} s</strong></>}
          </span>
          <span className="live-edit-toggle">
            <input id={toggleId} type="checkbox" data-testid="live-edit-from-start" checked={fromStart} onChange={(e) => onFromStart(e.target.checked)} />
            <label htmlFor={toggleId}>
              <span className="long">apply </span>from the start<span className="long"> instead</span>
            </label>
          </span>
        </p>
      ) : (
        <p className="live-edit-when">
          <span data-testid="live-edit-from">
            Edits apply to the whole run<span className="long">; play or seek into it, and a link edit applies from that moment on</span>.
          </span>
        </p>
      )}
      {changes.length > 0 ? (
        <ul className="change-list" aria-label="Changes during the run" data-testid="change-list">
          {changes.map((c, i) => {
            const text = `${changeTimeText(c.atS)} · ${changeLinkText(scenario, c)}: ${changeValueText(c)}`;
            return (
              <li key={`${i}-${c.atS}-${c.path}`}>
                <button type="button" className="change-seek" onClick={() => dispatch({ type: 'seek', tS: c.atS })} title={`Go to ${changeTimeText(c.atS)}`}>
                  {text}
                </button>
                <button type="button" className="change-remove" data-testid="change-remove" onClick={() => onRemove(i)} aria-label={`Remove the change at ${text}`} title="Remove this change">
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
