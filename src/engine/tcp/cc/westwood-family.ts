/**
 * The window half Westwood, Westwood+ and TIBET share: Reno growth, and at a loss the slow-start
 * threshold set from a bandwidth estimate instead of halving — "faster recovery" (Casetti et al.,
 * MobiCom 2001; Mascolo et al., Westwood+; TIBET's authors use its estimate exactly as Westwood
 * uses BWE):
 *
 * - A loss event with a recovery that sets the window at once (NewReno, Reno, RFC 6675 SACK —
 *   the papers' "Westwood with NewReno extensions"): ssthresh = max(⌊BWE·RTTmin/MSS⌋, 2)
 *   segments at the third duplicate ACK, cwnd = min(cwnd, ssthresh), then the recovery (NewReno:
 *   inflated by the three segments that left the network, one MSS per further duplicate, partial
 *   ACKs retransmit the next hole, the full ACK sets cwnd = min(ssthresh, FlightSize + MSS)).
 * - A loss event with a recovery that reduces gradually (SACK + PRR, RFC 6937 — the standard form
 *   of rate-halving): as the Westwood+ authors' own Linux implementation ("Linux 2.4
 *   Implementation of Westwood+ TCP with Rate-Halving", Dell'Aera, Grieco & Mascolo, ICC 2004;
 *   kept in Linux's tcp_westwood.c), the estimate is applied when the episode ends
 *   (CA_EVENT_COMPLETE_CWR: cwnd = ssthresh = BWE·RTTmin). During the episode PRR brings the
 *   window down towards max(Reno's threshold, BWE·RTTmin) — Linux uses Reno's (tcp_reno_ssthresh);
 *   we never go below the papers' BWE·RTTmin either, so a random loss costs no deeper cut than
 *   the papers' rule (**reconstruction**: with Reno's alone, the halved round of every episode
 *   drags the estimate down: at PER 1–2 % on reference-2mbps and its 10 Mb/s variant, about 30 % less
 *   goodput than the papers' rule).
 *   Why not BWE·RTTmin at once: the estimate is one sample per RTT through a slow filter (two 7/8
 *   EWMAs for Westwood+), so at the first slow-start overshoot it is a fraction of the path's
 *   rate (10 Mb/s, 100 ms: about 1 Mb/s, 8 segments), and as PRR's target it would repair a
 *   window's worth of holes at 8 segments per RTT.
 * - Timeout: ssthresh as above (BWE·RTTmin, Linux CA_EVENT_LOSS), cwnd = 1 segment.
 * - The estimator sees every ACK: new, duplicate, and those during recovery.
 *
 * Deviations: RTTmin is the smallest RTT of the connection (Linux re-learns it after each
 * timeout, `reset_rtt_min`); Linux applies the estimate at the end of recovery whatever the
 * recovery, while we follow the papers (reduce at the third duplicate ACK) when the recovery
 * sets the window at once. Before any estimate or RTT sample the threshold is the 2-segment
 * floor, as in Linux.
 */
import { classicSnapshot, renoGrowth, renoSsthresh } from './common.ts';
import type { AckInfo, CongestionControl, Conn, EstimateInfo, Snapshot } from './types.ts';

/** What the window needs from an estimator, adapted by each variant. */
export interface BandwidthEstimate {
  /** The connection's first transmission. */
  start(nowNs: number): void;
  /** Every ACK the variant sees (ackedBytes 0 = duplicate). */
  onAck(c: Conn, a: AckInfo): void;
  /** The current estimate, bytes/s (0 = none yet). */
  readonly bytesPerS: number;
  /** Estimator fields for inspect() (filter state; the estimate itself is in `estimates`). */
  snapshot(): Snapshot;
  /** A retransmission timeout fired (Westwood+: the stall is no sample interval). */
  onTimeout?(): void;
}

/** max(⌊BWE·RTTmin/MSS⌋, 2) segments, in bytes (Linux tcp_westwood_bw_rttmin). */
export function bandwidthSsthreshBytes(c: Conn, bytesPerS: number): number {
  const rttMinS = c.minRttNs / 1e9;
  const segments = bytesPerS > 0 && Number.isFinite(rttMinS) ? Math.floor((bytesPerS * rttMinS) / c.mssBytes) : 0;
  return Math.max(segments, 2) * c.mssBytes;
}

/** `estimate`: name and legend label of the bandwidth estimate, bit/s (bweBps 'BWE', tibetBps 'TIBET'). */
export function westwoodFamily(est: BandwidthEstimate, estimate: Pick<EstimateInfo, 'key' | 'label'>): CongestionControl {
  let started = false;
  return {
    estimates: [{ ...estimate, unit: 'bit/s', read: () => est.bytesPerS * 8 }],
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
    ssthresh: (c, event) =>
      event === 'loss' && c.recoveryReducesGradually ? Math.max(renoSsthresh(c), bandwidthSsthreshBytes(c, est.bytesPerS)) : bandwidthSsthreshBytes(c, est.bytesPerS),
    onStateChange(c, from, to) {
      if (to === 'loss') est.onTimeout?.();
      // Linux CA_EVENT_COMPLETE_CWR: the gradual reduction is over, the estimate sets the window.
      if (from === 'recovery' && to === 'open' && c.recoveryReducesGradually) {
        c.ssthreshBytes = bandwidthSsthreshBytes(c, est.bytesPerS);
        c.cwndBytes = c.ssthreshBytes;
      }
    },
    inspect: (c) => ({ ...classicSnapshot(c), ...est.snapshot() }),
  };
}
