/**
 * The window half Westwood, Westwood+ and TIBET share: Reno growth, and at a loss the slow-start
 * threshold set from a bandwidth estimate instead of halving — "faster recovery" (Casetti et al.,
 * MobiCom 2001; Mascolo et al., Westwood+; TIBET is "used exactly as Westwood uses BWE",
 * algorithms.md):
 *
 * - A loss event: ssthresh = max(⌊BWE·RTTmin/MSS⌋, 2) segments, and the flow's recovery: by
 *   default NewReno's (../recovery/newreno.ts) — cwnd = min(cwnd, ssthresh) inflated by the three
 *   segments that left the network, one MSS per further duplicate, partial ACKs retransmit the
 *   next hole, the full ACK sets cwnd = min(ssthresh, FlightSize + MSS); with SACK, SACK + PRR.
 * - Timeout: ssthresh as above, cwnd = 1 segment.
 * - The estimator sees every ACK: new, duplicate, and those during recovery.
 *
 * Deviations: RTTmin is the smallest RTT of the connection (Linux re-learns it after each
 * timeout, `reset_rtt_min`); Linux applies the estimate when recovery completes (cwnd =
 * ssthresh = BWE·RTTmin at CA_EVENT_COMPLETE_CWR, after a Reno-halving recovery) while we follow
 * the papers (reduce at the third duplicate ACK). Before any estimate or RTT sample the
 * threshold is the 2-segment floor, as in Linux.
 */
import { classicSnapshot, renoGrowth } from './common.ts';
import type { AckInfo, CongestionControl, Conn, Snapshot } from './types.ts';

/** What the window needs from an estimator, adapted by each variant. */
export interface BandwidthEstimate {
  /** The connection's first transmission. */
  start(nowNs: number): void;
  /** Every ACK the variant sees (ackedBytes 0 = duplicate). */
  onAck(c: Conn, a: AckInfo): void;
  /** The current estimate, bytes/s (0 = none yet). */
  readonly bytesPerS: number;
  /** Estimator fields for inspect() (the estimate in bits/s under the variant's name, filter state). */
  snapshot(): Snapshot;
}

/** max(⌊BWE·RTTmin/MSS⌋, 2) segments, in bytes (Linux tcp_westwood_bw_rttmin). */
export function bandwidthSsthreshBytes(c: Conn, bytesPerS: number): number {
  const rttMinS = c.minRttNs / 1e9;
  const segments = bytesPerS > 0 && Number.isFinite(rttMinS) ? Math.floor((bytesPerS * rttMinS) / c.mssBytes) : 0;
  return Math.max(segments, 2) * c.mssBytes;
}

/** `estimateName`: the traced name of the estimate, bits/s (bweBps, tibetBps). */
export function westwoodFamily(est: BandwidthEstimate, estimateName: string): CongestionControl {
  let started = false;
  return {
    estimates: [estimateName],
    estimateValues(_c, out) {
      out[0] = est.bytesPerS * 8;
    },
    onSend(c) {
      if (started) return;
      started = true;
      est.start(c.nowNs);
    },
    onAckSeen: (c, a) => est.onAck(c, a),
    capWindowAtLoss: true,
    congAvoid(c, a) {
      c.cwndBytes = renoGrowth(c, a);
    },
    ssthresh: (c) => bandwidthSsthreshBytes(c, est.bytesPerS),
    inspect: (c) => ({ ...classicSnapshot(c), ...est.snapshot() }),
  };
}
