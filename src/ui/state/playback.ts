/**
 * Playback of a finished run: a time cursor moved over the trace. Runs are deterministic, so
 * playing, seeking and stepping only move the cursor — nothing is re-simulated per frame.
 * Declarative: every command is an action and `playbackReducer` returns the new state.
 *
 * Reveal: the time panels draw the run only up to `revealedUntilS` (what lies ahead is hidden,
 * or faded, see TimeAxis.ahead). Until the user first plays, steps or seeks, a finished run is
 * shown whole with the playhead at 0 — the picture a lecturer opens on; pressing Play then tells
 * the story from the start. Hovering a chart in that state reads values without starting.
 */

export interface PlaybackState {
  /** Cursor position, seconds of simulated time. */
  tS: number;
  playing: boolean;
  /** Simulated seconds per wall-clock second. */
  speed: number;
  /** End of the run; the cursor stays in [0, endS]. */
  endS: number;
  /** False until the user plays, steps or seeks: the run is then shown whole (see revealedUntilS). */
  started: boolean;
  /** Playing stops here once (a lesson's "stop at"); null = at the end of the run. */
  stopAtS: number | null;
}

/** Speeds offered by +/−: slow enough to follow one recovery, fast enough to sweep a 100 s run. */
export const SPEEDS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20] as const;
export const DEFAULT_SPEED = 2;

export type PlaybackAction =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'toggle' }
  /** `peek`: a hover that reads values; it moves the cursor without starting the reveal. */
  | { type: 'seek'; tS: number; peek?: boolean }
  /** Back to the start, not started: the run shown whole (a new preset). */
  | { type: 'reset' }
  /** Playing pauses when it reaches tS (once); null clears it. */
  | { type: 'stopAt'; tS: number | null }
  /** Wall time elapsed since the previous frame, while playing. */
  | { type: 'tick'; wallMs: number }
  | { type: 'speed'; speed: number }
  | { type: 'faster' }
  | { type: 'slower' }
  /** A new run arrived: keep the cursor where it was if it still fits. */
  | { type: 'load'; endS: number };

export const initialPlayback = (endS: number): PlaybackState => ({ tS: 0, playing: false, speed: DEFAULT_SPEED, endS, started: false, stopAtS: null });

/** The time up to which the time panels draw the run: the playhead, or the end before playback started. */
export const revealedUntilS = (s: PlaybackState): number => (s.started ? s.tS : s.endS);

const clamp = (t: number, endS: number): number => Math.min(endS, Math.max(0, t));

function stepSpeed(speed: number, dir: 1 | -1): number {
  const i = SPEEDS.findIndex((s) => s >= speed);
  const at = i < 0 ? SPEEDS.length - 1 : SPEEDS[i] === speed ? i : dir > 0 ? i - 1 : i;
  return SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, at + dir))];
}

export function playbackReducer(s: PlaybackState, a: PlaybackAction): PlaybackState {
  switch (a.type) {
    case 'play':
      // playing from the end starts over, as a media player does; so does the first play of a
      // run shown whole (a hover may have moved the cursor: the story still starts at 0)
      return { ...s, playing: true, started: true, tS: s.tS >= s.endS || !s.started ? 0 : s.tS };
    case 'pause':
      return { ...s, playing: false };
    case 'toggle':
      return playbackReducer(s, { type: s.playing ? 'pause' : 'play' });
    case 'seek':
      return { ...s, tS: clamp(a.tS, s.endS), started: s.started || !a.peek };
    case 'reset':
      return { ...s, tS: 0, playing: false, started: false, stopAtS: null };
    case 'stopAt':
      return { ...s, stopAtS: a.tS === null || !Number.isFinite(a.tS) ? null : a.tS };
    case 'tick': {
      if (!s.playing) return s;
      const tS = clamp(s.tS + (a.wallMs / 1000) * s.speed, s.endS);
      if (s.stopAtS !== null && s.tS < s.stopAtS && tS >= s.stopAtS) return { ...s, tS: clamp(s.stopAtS, s.endS), playing: false, stopAtS: null };
      return { ...s, tS, playing: tS < s.endS };
    }
    case 'speed':
      return { ...s, speed: a.speed > 0 && Number.isFinite(a.speed) ? a.speed : s.speed };
    case 'faster':
      return { ...s, speed: stepSpeed(s.speed, 1) };
    case 'slower':
      return { ...s, speed: stepSpeed(s.speed, -1) };
    case 'load': {
      // a playhead at the end stays at the end (a longer run is then shown whole, not cut at the old end)
      const tS = s.tS >= s.endS && !s.playing ? a.endS : clamp(s.tS, a.endS);
      const playing = s.playing && s.tS < a.endS;
      // Unchanged, the same state: every edit's results load a run of the same length, and a new
      // state object would redraw every chart's cursor layer (the path picture's too) for nothing.
      if (a.endS === s.endS && tS === s.tS && playing === s.playing) return s;
      return { ...s, endS: a.endS, tS, playing };
    }
  }
}

/** First time in `sorted` strictly after t (by more than `epsS`), or null. */
export function nextAfter(sorted: Float64Array, t: number, epsS = 1e-9): number | null {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= t + epsS) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length ? sorted[lo] : null;
}

/** Last time in `sorted` strictly before t (by more than `epsS`), or null. */
export function prevBefore(sorted: Float64Array, t: number, epsS = 1e-9): number | null {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < t - epsS) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? sorted[lo - 1] : null;
}
