/**
 * The window half Westwood, Westwood+ and TIBET share: Reno growth, and at a loss the slow-start
 * threshold set from a bandwidth estimate instead of halving — "faster recovery" (Casetti et al.,
 * MobiCom 2001; Mascolo et al., Westwood+; TIBET is "used exactly as Westwood uses BWE",
 * algorithms.md):
 *
 * - Third duplicate ACK (RFC 6582's entry test): ssthresh = max(⌊BWE·RTTmin/MSS⌋, 2) segments,
 *   cwnd = min(cwnd, ssthresh), then NewReno fast retransmit and recovery (newreno.ts): the
 *   window is inflated by the three segments that left the network, one MSS per further
 *   duplicate, partial ACKs retransmit the next hole, the full ACK sets
 *   cwnd = min(ssthresh, FlightSize + MSS).
 * - Timeout: ssthresh as above, cwnd = 1 segment.
 * - The estimator sees every ACK: new, duplicate, and those during recovery.
 *
 * Deviations: RTTmin is the smallest RTT of the connection (Linux re-learns it after each
 * timeout, `reset_rtt_min`); Linux applies the estimate when recovery completes (cwnd =
 * ssthresh = BWE·RTTmin at CA_EVENT_COMPLETE_CWR, after a Reno-halving recovery) while we follow
 * the papers (reduce at the third duplicate ACK). Before any estimate or RTT sample the
 * threshold is the 2-segment floor, as in Linux.
 */
import { classicSnapshot, renoGrowth, timeoutWindow } from './common.ts';
import { newrenoEnterRecovery, newrenoMayEnter, newrenoRecoveryAck } from './newreno.ts';
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

/**
 * NewReno recovery entered with a threshold that need not be below the window: cwnd becomes
 * min(cwnd, ssthresh) plus the dupThresh segments that left the network.
 */
export function enterRecoveryAtMost(c: Conn, ssthreshBytes: number): void {
  const keptBytes = Math.min(c.cwndBytes, ssthreshBytes);
  newrenoEnterRecovery(c, ssthreshBytes);
  c.cwndBytes = keptBytes + c.dupAckThreshold * c.mssBytes;
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
    onAck(c, a) {
      est.onAck(c, a);
      c.cwndBytes = renoGrowth(c, a);
    },
    ssthresh: (c) => bandwidthSsthreshBytes(c, est.bytesPerS),
    onDupAck(c, a) {
      est.onAck(c, a);
      if (c.inRecovery) c.cwndBytes += c.mssBytes;
      else if (newrenoMayEnter(c)) enterRecoveryAtMost(c, bandwidthSsthreshBytes(c, est.bytesPerS));
    },
    onRecoveryAck(c, a) {
      est.onAck(c, a);
      newrenoRecoveryAck(c, a);
    },
    onRto(c) {
      timeoutWindow(c, bandwidthSsthreshBytes(c, est.bytesPerS));
    },
    inspect: (c) => ({ ...classicSnapshot(c), ...est.snapshot() }),
  };
}
