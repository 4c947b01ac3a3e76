/**
 * BBR DRAIN: after STARTUP filled the pipe (and a queue of up to 1.885 BDP), pace at the inverse
 * of the startup gain until the data in flight is down to one BDP, then cruise in PROBE_BW. The
 * window keeps the startup gain meanwhile (Linux), so only the pacing drains the queue.
 */
import { STARTUP_GAIN } from './startup.ts';
import type { BbrState } from './state.ts';

/** 1/2.885 (Linux bbr_drain_gain). */
export const DRAIN_PACING_GAIN = 1 / STARTUP_GAIN;

export function enterDrain(s: BbrState): void {
  s.mode = 'drain';
  s.pacingGain = DRAIN_PACING_GAIN;
  s.cwndGain = STARTUP_GAIN;
}

/** The queue STARTUP built is gone: no more in flight than one BDP (+ the 3-segment allowance). */
export function drained(inflightBytes: number, bdpTargetBytes: number): boolean {
  return inflightBytes <= bdpTargetBytes;
}
