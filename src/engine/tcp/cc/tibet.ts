/**
 * TIBET — Time Intervals based Bandwidth Estimation Technique (Capone, Fratta & Martignon, IEEE
 * TMC 2004; compared in the NewReno-LP paper, Martignon & Fratta): the bandwidth estimate is the
 * low-pass filtered length acknowledged per ACK divided by the low-pass filtered time between
 * ACKs, so a burst of closely spaced ACKs adds its bytes and its (short) intervals to the two
 * averages instead of producing a huge per-ACK rate: an unbiased estimate, less aggressive than
 * Westwood and friendlier to NewReno. The estimate is used exactly as Westwood uses BWE
 * (westwood-family.ts): 3 dupACKs ⇒ ssthresh = max(⌊BWE·RTTmin/MSS⌋, 2), cwnd = min(cwnd,
 * ssthresh), NewReno recovery; timeout ⇒ same ssthresh, cwnd = 1.
 *
 * **Reconstruction** (docs/engine.md's variant table; the papers at hand do not give the filter): both averages
 * are first-order filters with the same gain α per ACK of new data (tunable, default 0.99),
 * starting from 0; a duplicate ACK counts one delivered segment, and a cumulative ACK only what
 * the duplicates did not count (Westwood's rule, `DeliveryCounter` in bandwidth-estimators.ts).
 */
import { TIBET_ALPHA, TibetEstimator } from './bandwidth-estimators.ts';
import type { CcPlugin, CongestionControl } from './types.ts';
import { westwoodFamily } from './westwood-family.ts';

export interface TibetTunables {
  /** Gain of both first-order filters per ACK: avg = α·avg + (1 − α)·sample (reconstruction: 0.99). */
  alpha: number;
}

export const TIBET_DEFAULTS: TibetTunables = { alpha: TIBET_ALPHA };

export function createTibet(t: Partial<TibetTunables> = {}): CongestionControl {
  const { alpha } = { ...TIBET_DEFAULTS, ...t };
  const est = new TibetEstimator(alpha);
  return westwoodFamily(
    {
      start: (nowNs) => est.start(nowNs),
      onAck: (c, a) => est.onAck(c.nowNs, a.ackedBytes, c.mssBytes),
      get bytesPerS() {
        return est.bytesPerS;
      },
      snapshot: () => ({ avgLengthBytes: est.avgLengthBytes, avgIntervalMs: est.avgIntervalNs / 1e6, samples: est.samples }),
    },
    { key: 'tibetBps', label: 'TIBET' },
  );
}

export const tibet: CcPlugin = {
  name: 'tibet',
  create: () => createTibet(),
};
