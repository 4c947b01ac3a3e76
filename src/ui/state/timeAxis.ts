/**
 * The one time axis every time panel shares: the visible window, the playback cursor and the
 * commands that change them. Provided once by the App, read by ChartSvg, so a brush in any
 * panel zooms all of them and hovering one moves the cursor in all.
 */
import { createContext, useContext, useEffect, useRef } from 'react';
import type { Ahead, WindowS } from '../charts/frame.ts';
import type { PlaybackAction, PlaybackState } from './playback.ts';
import type { Store } from './store.ts';

export interface TimeAxis {
  windowS: WindowS;
  playback: Store<PlaybackState>;
  dispatch: (a: PlaybackAction) => void;
  /** null = the whole run. */
  setWindow: (w: WindowS | null) => void;
  /** Where a cap stopped the run (the axis ends there, and time panels mark it); null for a complete run. */
  stoppedAtS: number | null;
  /**
   * The reveal: time panels draw the run up to `revealedUntilS(playback.get())` (playback.ts) and
   * show what lies ahead of it as `ahead` says — hidden, or faded ("show whole run").
   */
  ahead: Ahead;
  setAhead: (ahead: Ahead) => void;
  /** Width of the follow window in seconds (see followWindow); 0 = off. */
  followS: number;
  /** Turns the follow window on (a width in seconds) or off (0). */
  setFollow: (widthS: number) => void;
}

/** The follow window's width when presenter mode turns it on by default, or the toggle does unzoomed. */
export const DEFAULT_FOLLOW_S = 10;

/**
 * The window that follows a playhead at tS, oscilloscope-style: while the playhead is inside the
 * current window (and the window has the follow width) nothing moves; when it runs off the right
 * edge (or starts elsewhere) the window jumps so the playhead sits in its middle — the last
 * widthS / 2 seconds stay in view behind it and the other half is still to sweep. Jumps rather
 * than scrolls: every chart redraws its data on a window change, which a page every few seconds
 * affords and every frame would not; and a jump is no motion for reduced-motion viewers.
 * Returns `w` itself when nothing changes; null (the whole run) when the window is wider than it.
 */
export function followWindow(w: WindowS, tS: number, widthS: number, endS: number): WindowS | null {
  if (!(widthS > 0) || widthS >= endS) return w[0] <= 0 && w[1] >= endS ? w : null;
  const sameWidth = Math.abs(w[1] - w[0] - widthS) <= 1e-9 * Math.max(1, widthS);
  if (sameWidth && tS >= w[0] && tS <= w[1]) return w;
  const t0 = Math.min(Math.max(0, tS - widthS / 2), endS - widthS);
  return [t0, t0 + widthS];
}

/**
 * Whether the follow window should move now: once playback has started, when playing starts,
 * when the playhead is outside the window, or when the whole run is shown — the whole run is no
 * window to follow in, so a step or seek narrows it around the playhead (stepping to a first
 * loss at 0.8 s of a 100 s run must not leave it a sliver at the chart's edge).
 */
export function followsNow(w: WindowS, p: Pick<PlaybackState, 'tS' | 'endS' | 'started'>, starting: boolean): boolean {
  if (!p.started) return false;
  const inside = p.tS >= w[0] && p.tS <= w[1];
  const whole = w[0] <= 0 && w[1] >= p.endS;
  return !inside || starting || whole;
}

/**
 * Keeps the window following the playhead while follow is on: on every change of the playback
 * store, once playback has started — playing, a step or seek outside the window, or any step or
 * seek while the whole run is shown. A window the user zooms while paused is left alone until
 * the playhead leaves it.
 */
export function useFollowWindow(playback: Store<PlaybackState>, widthS: number, windowS: WindowS, setWindow: (w: WindowS | null) => void): void {
  const latest = useRef({ windowS, setWindow });
  latest.current = { windowS, setWindow };
  useEffect(() => {
    if (!(widthS > 0)) return;
    let wasPlaying = false;
    // the window asked for last: frames that run before React has applied it must not ask again
    let asked: WindowS | null = null;
    const check = (): void => {
      const p = playback.get();
      const { windowS: w, setWindow: set } = latest.current;
      const starting = p.playing && !wasPlaying;
      wasPlaying = p.playing;
      if (!followsNow(w, p, starting)) return;
      const next = followWindow(w, p.tS, widthS, p.endS);
      if (next === w || (asked !== null && next !== null && asked[0] === next[0] && asked[1] === next[1])) return;
      asked = next;
      set(next);
    };
    check();
    return playback.subscribe(check);
  }, [playback, widthS]);
}

export const TimeAxisContext = createContext<TimeAxis | null>(null);

export function useTimeAxis(): TimeAxis {
  const axis = useContext(TimeAxisContext);
  if (!axis) throw new Error('useTimeAxis outside <TimeAxisContext.Provider>');
  return axis;
}

/** Smallest zoom window: below a millisecond a 100 ms-RTT run shows nothing but one packet. */
export const MIN_WINDOW_S = 0.001;

/** [a, b] ordered, inside [0, endS] and at least MIN_WINDOW_S wide; null if it covers everything. */
export function normaliseWindow(a: number, b: number, endS: number): WindowS | null {
  let t0 = Math.max(0, Math.min(a, b));
  let t1 = Math.min(endS, Math.max(a, b));
  if (t1 - t0 < MIN_WINDOW_S) {
    const mid = (t0 + t1) / 2;
    t0 = Math.max(0, mid - MIN_WINDOW_S / 2);
    t1 = Math.min(endS, t0 + MIN_WINDOW_S);
  }
  if (t0 <= 0 && t1 >= endS) return null;
  return [t0, t1];
}

/** The window zoomed by `factor` (> 1 zooms out) around `centreS`. */
export function zoomWindow(w: WindowS, factor: number, centreS: number, endS: number): WindowS | null {
  return normaliseWindow(centreS - (centreS - w[0]) * factor, centreS + (w[1] - centreS) * factor, endS);
}

/** The window shifted by `fraction` of its width, stopping at the run's ends. */
export function panWindow(w: WindowS, fraction: number, endS: number): WindowS | null {
  const width = w[1] - w[0];
  const t0 = Math.min(Math.max(0, w[0] + width * fraction), Math.max(0, endS - width));
  return normaliseWindow(t0, t0 + width, endS);
}

/**
 * The window after a two-finger pinch on a plot `[plotLeftPx, plotRightPx]` wide: the times that
 * were under the two fingers when the pinch began (in window `w`) stay under them now. Fingers
 * closer than a few pixels keep the window (no division by a vanishing spread).
 */
export function pinchWindow(
  w: WindowS,
  plotPx: readonly [number, number],
  startPx: readonly [number, number],
  nowPx: readonly [number, number],
  endS: number,
): WindowS | null {
  const perPx = (w[1] - w[0]) / Math.max(1, plotPx[1] - plotPx[0]);
  const timeAt = (px: number): number => w[0] + (px - plotPx[0]) * perPx;
  const spreadPx = nowPx[1] - nowPx[0];
  if (Math.abs(spreadPx) < 4 || Math.abs(startPx[1] - startPx[0]) < 4) return normaliseWindow(w[0], w[1], endS);
  const newPerPx = (timeAt(startPx[1]) - timeAt(startPx[0])) / spreadPx;
  const t0 = timeAt(startPx[0]) - (nowPx[0] - plotPx[0]) * newPerPx;
  return normaliseWindow(t0, t0 + (plotPx[1] - plotPx[0]) * newPerPx, endS);
}
