/**
 * BBR STARTUP: pace and size the window at 2/ln 2 ≈ 2.885 × the model, which doubles the
 * delivery rate each round like slow start, until the pipe is full: BtlBw grew by less than 25 %
 * in three rounds in a row (non-application-limited rounds only).
 */
import type { BbrState } from './state.ts';

/** 2/ln 2: the smallest gain that doubles the sending rate each round (Linux bbr_high_gain). */
export const STARTUP_GAIN = 2 / Math.LN2;
/** BtlBw must grow by this factor per round for STARTUP to go on (Linux bbr_full_bw_thresh). */
export const FULL_BW_GROWTH = 1.25;
/** Rounds without that growth that mean the pipe is full (Linux bbr_full_bw_cnt). */
export const FULL_BW_ROUNDS = 3;

export function enterStartup(s: BbrState): void {
  s.mode = 'startup';
  s.pacingGain = STARTUP_GAIN;
  s.cwndGain = STARTUP_GAIN;
}

/** Once per round (at its first ACK): did BtlBw still grow by 25 %? Sets s.fullBwReached after three rounds without. */
export function checkFullPipe(s: BbrState, btlBwBps: number, roundStart: boolean, appLimited: boolean): void {
  if (s.fullBwReached || !roundStart || appLimited) return;
  if (btlBwBps >= s.fullBwBps * FULL_BW_GROWTH) {
    s.fullBwBps = btlBwBps;
    s.fullBwRounds = 0;
    return;
  }
  s.fullBwRounds++;
  s.fullBwReached = s.fullBwRounds >= FULL_BW_ROUNDS;
}
