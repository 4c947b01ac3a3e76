/**
 * DCTCP (RFC 8257): the fraction F of bytes that came back marked over each window of data
 * feeds α ← (1 − g)·α + g·F (g = 1/16, α starting at 1 as RFC 8257 §3.3 and Linux advise), and
 * at most once per window an echoed mark cuts cwnd to cwnd·(1 − α/2) — a cut proportional to
 * how much was marked instead of RFC 3168's halving. A loss is answered as Reno answers it
 * (§3.4), and the window grows as Reno's.
 *
 * ECN-capable by itself (ECT(0)); it needs per-ACK feedback that says which bytes were marked,
 * which the receiver gives it as RFC 8257 §3.2 describes: an ACK's ECE reflects exactly the
 * segments it acknowledges, because a change of CE state among delayed segments forces an
 * immediate ACK (`ecn: 'ect0'` below turns that receiver rule on).
 *
 * The once-per-window cut itself is the sender's RFC 3168 machinery (one reduction, then state
 * `cwr` until the data outstanding at the cut is acknowledged), asking ssthresh('ecn') here.
 */
import { classicSnapshot, renoGrowth, renoSsthresh } from './common.ts';
import type { AckInfo, CcPlugin, CongestionControl, Conn, ConnView, ReductionEvent, Snapshot } from './types.ts';

/** RFC 8257 §3.3's estimation gain. */
export const DCTCP_G = 1 / 16;

/** α's EWMA and the per-window byte counts it is fed from; shared with Prague. */
export class MarkedFraction {
  alpha = 1;
  ackedBytes = 0;
  markedBytes = 0;
  /** One past the highest byte sent when the current observation window began; −1 before the first ACK. */
  windowEnd = -1;
  /** F of the last completed window (inside view). */
  lastF = 0;

  constructor(private readonly g: number) {}

  /** Count one ACK; at the end of a window of data update α. True when α was updated. */
  onAck(c: Conn, a: AckInfo): boolean {
    // RFC 8257 §3.3 step 1: the cumulative advance, SACK information ignored.
    const bytes = a.ackedBytes;
    this.ackedBytes += bytes;
    if (a.ece) this.markedBytes += bytes;
    if (this.windowEnd < 0) {
      this.windowEnd = c.sndNxt;
      return false;
    }
    // Step 3: not past WindowEnd yet — keep counting.
    if (c.sndUna <= this.windowEnd) return false;
    const f = this.ackedBytes > 0 ? this.markedBytes / this.ackedBytes : 0;
    this.lastF = f;
    this.alpha = (1 - this.g) * this.alpha + this.g * f;
    this.ackedBytes = 0;
    this.markedBytes = 0;
    this.windowEnd = c.sndNxt;
    return true;
  }
}

export class Dctcp implements CongestionControl {
  readonly ecn = 'ect0' as const;
  readonly frac = new MarkedFraction(DCTCP_G);
  readonly estimates = [{ key: 'dctcpAlphaLevel', label: 'DCTCP α', unit: 'level' as const, read: () => this.frac.alpha }];

  onAckSeen(c: Conn, a: AckInfo): void {
    this.frac.onAck(c, a);
  }

  congAvoid(c: Conn, a: AckInfo): void {
    c.cwndBytes = renoGrowth(c, a);
  }

  ssthresh(c: ConnView, event: ReductionEvent): number {
    if (event !== 'ecn') return renoSsthresh(c);
    return Math.max(c.cwndBytes * (1 - this.frac.alpha / 2), 2 * c.mssBytes);
  }

  inspect(c: ConnView): Snapshot {
    return { ...classicSnapshot(c), alpha: this.frac.alpha, markedFraction: this.frac.lastF };
  }
}

export const dctcp: CcPlugin = {
  name: 'dctcp',
  create: () => new Dctcp(),
};
