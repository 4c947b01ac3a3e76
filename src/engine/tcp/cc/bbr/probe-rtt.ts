/**
 * BBR PROBE_RTT: when RTprop has not been refreshed for 10 s, cut the window to 4 segments so any
 * queue drains and the RTT falls to the path's own; hold it for 200 ms and at least one round,
 * then restore the window and return to PROBE_BW (or STARTUP if the pipe was never found full).
 */
import { msToNs } from '../../../core/simulator.ts';
import type { BbrState } from './state.ts';

/** Linux bbr_probe_rtt_mode_ms. */
export const PROBE_RTT_DURATION_NS = msToNs(200);

export function enterProbeRtt(s: BbrState): void {
  s.mode = 'probe-rtt';
  s.pacingGain = 1;
  s.cwndGain = 1;
  s.probeRttDoneNs = -1;
  s.probeRttRoundDone = false;
}

/**
 * What this ACK means for PROBE_RTT: 'low' — the flight just reached the 4-segment floor (the
 * 200 ms start now, and the caller starts a new round); 'done' — 200 ms and a round have passed;
 * 'wait' otherwise.
 */
export function probeRttStep(s: BbrState, nowNs: number, inflightBytes: number, minCwndBytes: number, roundStart: boolean): 'low' | 'done' | 'wait' {
  if (s.probeRttDoneNs < 0) {
    if (inflightBytes > minCwndBytes) return 'wait';
    s.probeRttDoneNs = nowNs + PROBE_RTT_DURATION_NS;
    s.probeRttRoundDone = false;
    return 'low';
  }
  if (roundStart) s.probeRttRoundDone = true;
  return s.probeRttRoundDone && nowNs > s.probeRttDoneNs ? 'done' : 'wait';
}
