/**
 * BBR PROBE_BW: the steady state. The pacing gain cycles through eight phases of about one
 * RTprop each — 1.25 (probe for more bandwidth), 0.75 (drain what the probe queued), then six at
 * 1 (cruise) — with the window at twice the BDP.
 *
 * - The 1.25 phase lasts at least one RTprop and until the flight reaches 1.25·BDP (or a loss);
 *   the 0.75 phase ends after one RTprop or as soon as the flight is down to one BDP; the others
 *   last one RTprop (Linux bbr_is_next_cycle_phase).
 *
 * Deviation: Linux starts the cycle at a random phase other than 0.75 (r uniform in 0..6, start
 * index (8 − r) mod 8) so that flows do not probe in step. We use no random stream: r = the round
 * count mod 7 at the moment PROBE_BW is entered — deterministic, and flows that reach PROBE_BW
 * in different rounds still start at different phases.
 */
import type { BbrState } from './state.ts';

export const PROBE_BW_GAINS: readonly number[] = [1.25, 0.75, 1, 1, 1, 1, 1, 1];
/** Window gain in PROBE_BW (Linux bbr_cwnd_gain). */
export const PROBE_BW_CWND_GAIN = 2;
/** Phases the start is chosen from (Linux bbr_cycle_rand). */
const START_CHOICES = 7;

/** The phase PROBE_BW starts in when entered at round `round`. */
export function probeBwStartIndex(round: number): number {
  const r = round % START_CHOICES;
  return (PROBE_BW_GAINS.length - r) % PROBE_BW_GAINS.length;
}

export function enterProbeBw(s: BbrState, nowNs: number, round: number): void {
  s.mode = 'probe-bw';
  s.cwndGain = PROBE_BW_CWND_GAIN;
  setPhase(s, probeBwStartIndex(round), nowNs);
}

function setPhase(s: BbrState, index: number, nowNs: number): void {
  s.cycleIndex = index;
  s.cycleStartNs = nowNs;
  s.pacingGain = PROBE_BW_GAINS[index];
}

/**
 * Each ACK in PROBE_BW: move to the next phase when this one is over. `priorInflightBytes` is the
 * flight before this ACK; `inflightAt(gain)` the flight a gain's target means (gain·BDP + 3 segments).
 */
export function updateCyclePhase(
  s: BbrState,
  nowNs: number,
  minRttNs: number,
  priorInflightBytes: number,
  lossSeen: boolean,
  inflightAt: (gain: number) => number,
): void {
  if (s.mode !== 'probe-bw') return;
  const fullLength = nowNs - s.cycleStartNs > minRttNs;
  let next: boolean;
  if (s.pacingGain === 1) next = fullLength;
  else if (s.pacingGain > 1) next = fullLength && (lossSeen || priorInflightBytes >= inflightAt(s.pacingGain));
  else next = fullLength || priorInflightBytes <= inflightAt(1);
  if (next) setPhase(s, (s.cycleIndex + 1) % PROBE_BW_GAINS.length, nowNs);
}
