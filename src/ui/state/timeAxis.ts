/**
 * The one time axis every time panel shares: the visible window, the playback cursor and the
 * commands that change them. Provided once by the App, read by ChartSvg, so a brush in any
 * panel zooms all of them and hovering one moves the cursor in all.
 */
import { createContext, useContext } from 'react';
import type { WindowS } from '../charts/frame.ts';
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
