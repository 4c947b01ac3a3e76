/**
 * BBR v1's control state shared by the mode files: the mode (an explicit state machine), its two
 * gains and the per-mode bookkeeping. Private to the variant; each mode file owns its fields.
 */

/** The modes in the order BBR meets them (the traced `bbrModeLevel` is the index here). */
export const BBR_MODES = ['startup', 'drain', 'probe-bw', 'probe-rtt'] as const;
export type BbrMode = (typeof BBR_MODES)[number];

/** Fewest segments BBR keeps in flight, and PROBE_RTT's window (Linux bbr_cwnd_min_target). */
export const MIN_CWND_SEGMENTS = 4;

export interface BbrState {
  mode: BbrMode;
  /** Pacing rate = pacingGain · BtlBw. */
  pacingGain: number;
  /** Window target = cwndGain · BDP (+ 3 segments). */
  cwndGain: number;
  // STARTUP (startup.ts): the full-pipe estimator.
  /** BtlBw at the last round that grew it by 25 %. */
  fullBwBps: number;
  /** Rounds since then. */
  fullBwRounds: number;
  /** The pipe was found full once: STARTUP is over for good. */
  fullBwReached: boolean;
  // PROBE_BW (probe-bw.ts): the gain cycle.
  cycleIndex: number;
  cycleStartNs: number;
  // PROBE_RTT (probe-rtt.ts).
  /** When PROBE_RTT may end; −1 until the flight has come down to MIN_CWND_SEGMENTS. */
  probeRttDoneNs: number;
  /** A round has passed at the low flight. */
  probeRttRoundDone: boolean;
}

export function initialState(): BbrState {
  return {
    mode: 'startup',
    pacingGain: 1,
    cwndGain: 1,
    fullBwBps: 0,
    fullBwRounds: 0,
    fullBwReached: false,
    cycleIndex: 0,
    cycleStartNs: 0,
    probeRttDoneNs: -1,
    probeRttRoundDone: false,
  };
}
