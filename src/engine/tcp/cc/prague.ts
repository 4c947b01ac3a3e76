/**
 * TCP Prague, the L4S scalable sender, as draft-briscoe-iccrg-prague-congestion-control (-04,
 * 2024) and the L4S team's Linux module (tcp_prague.c) describe its core — this is a subset:
 *
 * - ECN-capable by itself with ECT(1), so a DualPI2 bottleneck puts it in the L4S queue;
 * - DCTCP's response: α ← (1 − g)·α + g·F per round (g = 1/16) from the marked fraction F,
 *   cwnd·(1 − α/2) at most once per round on marks; a loss halves, as Reno (the draft's
 *   fall-back to a Classic response on loss);
 * - RTT independence: below the reference RTT (25 ms, the draft's default target) the additive
 *   increase per round is scaled by (RTT/25 ms)², so the rate grows as fast as a 25 ms flow's
 *   (a window W at RTT R has rate W/R; +1 segment per round adds 1/R² per second) instead of
 *   short-RTT flows grabbing more;
 * - pacing at 2·cwnd/sRTT in slow start and 1.2·cwnd/sRTT after (the Linux module's ratios).
 *
 * Not modelled: AccECN's byte counters (the receiver's DCTCP-style per-ACK echo gives the same
 * marked bytes while no ACK is lost: `ecn: 'ect1'` turns it on), the module's fractional window,
 * the classic-ECN-bottleneck detection and its switch to a Classic response.
 */
import { classicSnapshot, renoGrowth, renoSsthresh } from './common.ts';
import { DCTCP_G, MarkedFraction } from './dctcp.ts';
import type { AckInfo, CcPlugin, CongestionControl, Conn, ConnView, ReductionEvent, Snapshot } from './types.ts';

/** The reference RTT below which additive increase is scaled down (draft: 25 ms). */
export const PRAGUE_RTT_REF_NS = 25e6;
const PACING_SS_RATIO = 2;
const PACING_CA_RATIO = 1.2;

export class Prague implements CongestionControl {
  readonly ecn = 'ect1' as const;
  readonly frac = new MarkedFraction(DCTCP_G);
  readonly estimates = [{ key: 'pragueAlphaLevel', label: 'Prague α', unit: 'level' as const, read: () => this.frac.alpha }];

  onAckSeen(c: Conn, a: AckInfo): void {
    this.frac.onAck(c, a);
  }

  /** Additive increase per round, segments: 1 at or above the reference RTT, (RTT/ref)² below it. */
  static aiPerRound(srttNs: number): number {
    if (srttNs <= 0 || srttNs >= PRAGUE_RTT_REF_NS) return 1;
    const r = srttNs / PRAGUE_RTT_REF_NS;
    return r * r;
  }

  congAvoid(c: Conn, a: AckInfo): void {
    if (c.cwndBytes < c.ssthreshBytes) {
      c.cwndBytes = renoGrowth(c, a);
    } else if (c.cwndLimited) {
      // Reno's MSS·MSS/cwnd per ACK, scaled to the round's allowance.
      c.cwndBytes += (Prague.aiPerRound(c.srttNs) * c.mssBytes * a.ackedBytes) / c.cwndBytes;
    }
    this.pace(c);
  }

  private pace(c: Conn): void {
    if (c.srttNs <= 0) return;
    const ratio = c.cwndBytes < c.ssthreshBytes ? PACING_SS_RATIO : PACING_CA_RATIO;
    c.pacingRateBps = (ratio * c.cwndBytes * 8 * 1e9) / c.srttNs;
  }

  ssthresh(c: ConnView, event: ReductionEvent): number {
    if (event !== 'ecn') return renoSsthresh(c);
    return Math.max(c.cwndBytes * (1 - this.frac.alpha / 2), 2 * c.mssBytes);
  }

  inspect(c: ConnView): Snapshot {
    return { ...classicSnapshot(c), alpha: this.frac.alpha, markedFraction: this.frac.lastF, pacingRateBps: c.pacingRateBps };
  }
}

export const prague: CcPlugin = {
  name: 'prague',
  create: () => new Prague(),
};
