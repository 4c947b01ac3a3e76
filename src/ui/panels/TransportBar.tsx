/**
 * Playback and time-window controls, in one row wherever it fits: previous/next congestion
 * event, play/pause, next loss/timeout, (in compare mode) which variant's events stepping
 * follows, speed, the cursor time, a seek slider, "show whole run" (what lies ahead of the
 * playhead, faded) and "follow" (the window sweeps along), and zoom in / out / pan /
 * reset for the shared window (in presenter mode and on a phone only "whole run" is kept: there a
 * drag or a pinch on a chart zooms). Labels shorten on a phone; the full name stays the
 * accessible name.
 */
import { useId } from 'react';
import type { WindowS } from '../charts/frame.ts';
import { nextAfter, prevBefore, SPEEDS } from '../state/playback.ts';
import type { EventTimes } from '../state/eventTimes.ts';
import type { StepChoice } from '../state/runSet.ts';
import { useStore } from '../state/store.ts';
import { DEFAULT_FOLLOW_S, panWindow, useTimeAxis, zoomWindow } from '../state/timeAxis.ts';

interface Props {
  /** Stops of the run that drives stepping. */
  events: EventTimes;
  /** Compare mode: the runs stepping can follow (those still to come listed, but not selectable), and the one it follows. */
  stepRuns: readonly StepChoice[];
  stepKey: string | null;
  onStepKey: (key: string) => void;
  /** Null = the whole run is in view. */
  zoomed: WindowS | null;
}

export function formatSpeed(s: number): string {
  return `${s}×`;
}

export function TransportBar({ events, zoomed, stepRuns, stepKey, onStepKey }: Props) {
  const { playback, dispatch, setWindow, windowS, ahead, setAhead, followS, setFollow } = useTimeAxis();
  const p = useStore(playback);
  const speedId = useId();
  const seekId = useId();
  const stepId = useId();
  // a step stops at the event, so its caption stays up
  const jump = (t: number | null): void => {
    if (t === null) return;
    dispatch({ type: 'pause' });
    dispatch({ type: 'seek', tS: t });
  };
  return (
    <div className="transport" role="toolbar" aria-label="Playback and time window" data-testid="transport">
      <button type="button" onClick={() => jump(prevBefore(events.any, p.tS))} disabled={events.any.length === 0} aria-label="Previous event" title="Previous congestion event (← or PageUp)">
        ◀<span className="long"> Event</span>
      </button>
      <button type="button" className="play" data-testid="play" onClick={() => dispatch({ type: 'toggle' })} title="Play / pause (Space)">
        {p.playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" onClick={() => jump(nextAfter(events.any, p.tS))} disabled={events.any.length === 0} aria-label="Next event" title="Next congestion event (→ or PageDown)">
        <span className="long">Event </span>▶
      </button>
      <button type="button" onClick={() => jump(nextAfter(events.loss, p.tS))} disabled={events.loss.length === 0} aria-label="Next loss" title="Next loss event: a burst of drops is one (L; Shift+L goes back)">
        <span className="long">Next </span>loss
      </button>
      <button type="button" onClick={() => jump(nextAfter(events.timeout, p.tS))} disabled={events.timeout.length === 0} aria-label="Next timeout" title="Next timeout (T; Shift+T goes back)">
        <span className="long">Next </span>timeout
      </button>
      {stepRuns.length > 1 ? (
        <>
          <label htmlFor={stepId} className="visually-hidden">
            Step through the events of
          </label>
          <select id={stepId} className="step-run" data-testid="step-run" value={stepKey ?? stepRuns[0].key} onChange={(e) => onStepKey(e.target.value)} title="Whose congestion events the event buttons and keys step through; the other variants follow the time">
            {stepRuns.map((r) => (
              <option key={r.key} value={r.key} disabled={r.waiting}>
                {r.label}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <label htmlFor={speedId} className="visually-hidden">
        Playback speed (simulated seconds per second)
      </label>
      <select id={speedId} data-testid="speed" value={p.speed} onChange={(e) => dispatch({ type: 'speed', speed: Number(e.target.value) })} title="Speed: simulated seconds per second (+ / −)">
        {SPEEDS.map((s) => (
          <option key={s} value={s}>
            {formatSpeed(s)}
          </option>
        ))}
      </select>
      <output className="time-readout" data-testid="cursor-time" htmlFor={seekId}>
        <span className="long">t = </span>
        {p.tS.toFixed(3)} s
      </output>
      <label htmlFor={seekId} className="visually-hidden">
        Time cursor
      </label>
      <input
        id={seekId}
        className="seek"
        data-testid="seek"
        type="range"
        min={0}
        max={p.endS}
        step={Math.max(0.001, p.endS / 2000)}
        value={p.tS}
        aria-valuetext={`${p.tS.toFixed(2)} s`}
        onChange={(e) => dispatch({ type: 'seek', tS: Number(e.target.value) })}
      />
      <button
        type="button"
        data-testid="show-ahead"
        aria-pressed={ahead === 'faded'}
        aria-label="Show all of the run"
        onClick={() => setAhead(ahead === 'faded' ? 'hidden' : 'faded')}
        title="Show whole run: what lies after the playhead, faded (otherwise hidden until the playhead reaches it)"
      >
        <span className="wide-only">Show </span>all
      </button>
      <button
        type="button"
        // a phone shows one panel and has room for two transport rows: follow is for wider screens
        className="follow wide-only"
        data-testid="follow"
        aria-pressed={followS > 0}
        onClick={() => setFollow(followS > 0 ? 0 : zoomed ? zoomed[1] - zoomed[0] : DEFAULT_FOLLOW_S)}
        title={followS > 0 ? `Following the playhead: the window sweeps along ${+followS.toFixed(3)} s at a time (click to stop)` : `Follow the playhead: the window sweeps along with it, ${zoomed ? 'this zoom' : `${DEFAULT_FOLLOW_S} s`} wide`}
      >
        Follow
      </button>
      <span className="zoom-tools">
        <button type="button" data-testid="zoom-in" onClick={() => setWindow(zoomWindow(windowS, 0.5, Math.min(windowS[1], Math.max(windowS[0], p.tS)), p.endS))} title="Zoom in around the cursor (or drag across a chart; Ctrl+wheel)">
          Zoom in
        </button>
        <button type="button" onClick={() => setWindow(zoomWindow(windowS, 2, (windowS[0] + windowS[1]) / 2, p.endS))} disabled={!zoomed} title="Zoom out (Ctrl+wheel on a chart)">
          Zoom out
        </button>
        <button type="button" onClick={() => setWindow(panWindow(windowS, -0.5, p.endS))} disabled={!zoomed || windowS[0] <= 0} aria-label="Pan earlier" title="Pan earlier (Shift+drag on a chart)">
          ◀
        </button>
        <button type="button" onClick={() => setWindow(panWindow(windowS, 0.5, p.endS))} disabled={!zoomed || windowS[1] >= p.endS} aria-label="Pan later" title="Pan later (Shift+drag on a chart)">
          ▶
        </button>
      </span>
      <button type="button" className="reset-zoom" data-testid="reset-zoom" onClick={() => setWindow(null)} disabled={!zoomed} title="Show the whole run (or double-click a chart)">
        Whole run
      </button>
    </div>
  );
}
