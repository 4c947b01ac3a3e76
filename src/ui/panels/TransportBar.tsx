/**
 * Playback and time-window controls: play/pause, previous/next event, next loss/timeout,
 * speed, a seek slider with the cursor time, and zoom out / pan / reset for the shared window.
 */
import { useId } from 'react';
import type { WindowS } from '../charts/frame.ts';
import { nextAfter, prevBefore, SPEEDS } from '../state/playback.ts';
import type { EventTimes } from '../state/eventTimes.ts';
import { useStore } from '../state/store.ts';
import { panWindow, useTimeAxis, zoomWindow } from '../state/timeAxis.ts';

interface Props {
  events: EventTimes;
  /** Null = the whole run is in view. */
  zoomed: WindowS | null;
}

export function formatSpeed(s: number): string {
  return `${s}×`;
}

export function TransportBar({ events, zoomed }: Props) {
  const { playback, dispatch, setWindow, windowS } = useTimeAxis();
  const p = useStore(playback);
  const speedId = useId();
  const seekId = useId();
  const jump = (t: number | null): void => {
    if (t !== null) dispatch({ type: 'seek', tS: t });
  };
  return (
    <div className="transport" role="toolbar" aria-label="Playback and time window">
      <button type="button" onClick={() => jump(prevBefore(events.any, p.tS))} title="Previous event (← or PageUp)">
        ◀ Event
      </button>
      <button type="button" className="play" data-testid="play" onClick={() => dispatch({ type: 'toggle' })} title="Play / pause (Space)">
        {p.playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" onClick={() => jump(nextAfter(events.any, p.tS))} title="Next event (→ or PageDown)">
        Event ▶
      </button>
      <button type="button" onClick={() => jump(nextAfter(events.loss, p.tS))} disabled={events.loss.length === 0} title="Next loss (L)">
        Next loss
      </button>
      <button type="button" onClick={() => jump(nextAfter(events.timeout, p.tS))} disabled={events.timeout.length === 0} title="Next timeout (T)">
        Next timeout
      </button>
      <label htmlFor={speedId} className="visually-hidden">
        Playback speed (simulated seconds per second)
      </label>
      <select id={speedId} value={p.speed} onChange={(e) => dispatch({ type: 'speed', speed: Number(e.target.value) })} title="Speed: simulated seconds per second (+ / −)">
        {SPEEDS.map((s) => (
          <option key={s} value={s}>
            {formatSpeed(s)}
          </option>
        ))}
      </select>
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
      <output className="time-readout" data-testid="cursor-time" htmlFor={seekId}>
        t = {p.tS.toFixed(3)} s
      </output>
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
        <button type="button" data-testid="reset-zoom" onClick={() => setWindow(null)} disabled={!zoomed}>
          Reset zoom
        </button>
      </span>
    </div>
  );
}
