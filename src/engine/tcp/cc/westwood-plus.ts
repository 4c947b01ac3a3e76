/**
 * TCP Westwood+ (Mascolo, Grieco et al.; Linux `net/ipv4/tcp_westwood.c`, the NewReno-LP
 * paper's "Westwood with NewReno extensions"): Reno's probing, but after a loss the slow-start
 * threshold comes from an end-to-end bandwidth estimate, BWE·RTTmin, instead of halving cwnd.
 *
 * - Estimate (bandwidth-estimators.ts, `WestwoodPlusEstimator`): one sample per RTT — bytes
 *   acknowledged during a window of at least max(RTT, 50 ms), divided by its length — through
 *   Linux's low-pass filter, two cascaded EWMAs of gain 7/8. Sampling once per RTT rather than
 *   per ACK is what makes the estimate immune to ACK compression. ns-3's TcpWestwoodPlus samples
 *   once per RTT too (a Tustin filter of 0.9), but counts a segment per duplicate ACK and then the
 *   whole cumulative ACK that ends the recovery again, over-estimating after every loss: the
 *   reported goodput gap to ns-3 (docs/validation.md). Linux's `accounted` avoids it, as we do.
 * - Loss reaction (westwood-family.ts): 3 dupACKs ⇒ ssthresh = max(⌊BWE·RTTmin/MSS⌋, 2),
 *   cwnd = min(cwnd, ssthresh), NewReno recovery; timeout ⇒ same ssthresh, cwnd = 1.
 *
 * Deviations: a retransmission timeout drops the open sample window and the next starts at the
 * first ACK after it (the papers' sample covers an RTT of delivery; Linux keeps the window open
 * across the timer's stall and divides by it); every ACK goes through Linux's slow-path
 * accounting (`westwood_acked_count`; Linux skips it for in-order fast-path ACKs, which only
 * matters while duplicates are still being paid back); the window test uses the latest RTT sample including the ACK at hand; see also the
 * deviations listed in westwood-family.ts and bandwidth-estimators.ts.
 */
import { WESTWOOD_FILTER_GAIN, WESTWOOD_MIN_WINDOW_NS, WestwoodPlusEstimator } from './bandwidth-estimators.ts';
import type { CcPlugin, CongestionControl } from './types.ts';
import { westwoodFamily } from './westwood-family.ts';

export interface WestwoodPlusTunables {
  /** Shortest sample window, ns (Linux TCP_WESTWOOD_RTT_MIN: 50 ms); the window is max(RTT, this). */
  minWindowNs: number;
  /** Gain of each of the two cascaded EWMAs: new = gain·old + (1 − gain)·input (Linux 7/8). */
  filterGain: number;
}

export const WESTWOOD_PLUS_DEFAULTS: WestwoodPlusTunables = { minWindowNs: WESTWOOD_MIN_WINDOW_NS, filterGain: WESTWOOD_FILTER_GAIN };

export function createWestwoodPlus(t: Partial<WestwoodPlusTunables> = {}): CongestionControl {
  const { minWindowNs, filterGain } = { ...WESTWOOD_PLUS_DEFAULTS, ...t };
  const est = new WestwoodPlusEstimator(minWindowNs, filterGain);
  return westwoodFamily(
    {
      start: (nowNs) => est.start(nowNs),
      onAck: (c, a) => est.onAck(c.nowNs, c.latestRttNs, a.ackedBytes, c.mssBytes),
      onTimeout: () => est.restart(),
      get bytesPerS() {
        return est.bytesPerS;
      },
      snapshot: () => ({
        firstStageBps: est.firstStageBytesPerS * 8,
        lastSampleBps: est.lastSampleBytesPerS * 8,
        samples: est.samples,
        windowBytes: est.windowBytes,
      }),
    },
    { key: 'bweBps', label: 'BWE' },
  );
}

export const westwoodPlus: CcPlugin = {
  name: 'westwood-plus',
  create: () => createWestwoodPlus(),
};
