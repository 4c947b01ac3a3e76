/**
 * TCP Westwood, the original per-ACK estimator (Casetti, Gerla, Mascolo, Sanadidi & Wang,
 * MobiCom 2001), as ns-3's `TcpWestwood` with ProtocolType WESTWOOD implements it: every ACK of
 * new data gives a sample b_k = bytes acked / time since the previous such ACK, smoothed by a
 * Tustin low-pass filter bwe_k = α·bwe_{k−1} + (1 − α)·(b_k + b_{k−1})/2 (ns-3: α = 0.9).
 * The loss reaction is Westwood+'s (westwood-family.ts): ssthresh = max(⌊BWE·RTTmin/MSS⌋, 2),
 * cwnd = min(cwnd, ssthresh), NewReno recovery; timeout: same ssthresh, cwnd = 1.
 *
 * Kept to show side by side with Westwood+ why per-ACK sampling fails: ACKs queued behind
 * reverse traffic arrive bunched (ACK compression); each then yields bytes / (tiny interval),
 * and the filter turns those into a large over-estimate — hence a too-high ssthresh.
 *
 * Deviations: ns-3's constant α, not the MobiCom paper's time-varying α_k = (2τ − Δ_k)/(2τ + Δ_k);
 * a duplicate ACK counts one delivered segment, as in the MobiCom paper and Linux (ns-3 ignores
 * duplicates; see `DeliveryCounter`); the first sample's interval runs from the connection's
 * first transmission (ns-3: from time 0).
 */
import { TUSTIN_ALPHA, TustinPerAckEstimator } from './bandwidth-estimators.ts';
import type { CcPlugin, CongestionControl } from './types.ts';
import { westwoodFamily } from './westwood-family.ts';

export interface WestwoodTunables {
  /** Tustin filter coefficient α: weight of the previous estimate (ns-3: 0.9). */
  alpha: number;
}

export const WESTWOOD_DEFAULTS: WestwoodTunables = { alpha: TUSTIN_ALPHA };

export function createWestwood(t: Partial<WestwoodTunables> = {}): CongestionControl {
  const { alpha } = { ...WESTWOOD_DEFAULTS, ...t };
  const est = new TustinPerAckEstimator(alpha);
  return westwoodFamily(
    {
      start: (nowNs) => est.start(nowNs),
      onAck: (c, a) => est.onAck(c.nowNs, a.ackedBytes, c.mssBytes),
      get bytesPerS() {
        return est.bytesPerS;
      },
      snapshot: () => ({ lastSampleBps: est.lastSampleBytesPerS * 8, samples: est.samples }),
    },
    { key: 'bweBps', label: 'BWE' },
  );
}

export const westwood: CcPlugin = {
  name: 'westwood',
  create: () => createWestwood(),
};
