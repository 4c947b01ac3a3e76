/**
 * The strip under the transport for timed changes (src/ui/state/liveEdit.ts makes them): it says
 * where an edit will apply ("from t = 12.3 s", with "apply from the start instead"), and lists the
 * changes, each a button that seeks to it and a button that removes it. It comes with the controls
 * after the first chart (shell/lateControls.tsx); the markers on the charts are TimedChanges.tsx.
 */
import { useId, useSyncExternalStore } from 'react';
import type { Scenario } from '../../scenario/schema.ts';
import { changeLinkText, changeTimeText, changeValueText } from '../state/changeText.ts';
import { insideRun } from '../state/liveEdit.ts';
import type { PlaybackAction, PlaybackState } from '../state/playback.ts';
import type { Store } from '../state/store.ts';

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
