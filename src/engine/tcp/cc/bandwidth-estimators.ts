/**
 * Sender-side bandwidth estimators of the rate-estimating variants, one class each, pure
 * arithmetic on (time, bytes, RTT) so they can be checked by hand without a sender:
 *
 * - `WestwoodPlusEstimator` — Westwood+ as Linux `net/ipv4/tcp_westwood.c` does it: the bytes
 *   acknowledged are summed over a sample window; when an ACK finds the window older than
 *   max(RTT, 50 ms) (`TCP_WESTWOOD_RTT_MIN`), the sample bytes/window-length goes through two
 *   cascaded EWMAs with gain 7/8 (`westwood_do_filter`: bw_ns_est, then bw_est), and a new
 *   window starts; the ACK's own bytes count in the new window (Linux updates the window before
 *   adding them). The very first sample fills both stages.
 * - `TustinPerAckEstimator` — the original Westwood (Casetti et al., MobiCom 2001) as ns-3's
 *   `TcpWestwood` (ProtocolType WESTWOOD) samples it: one sample per ACK, bytes acked / time
 *   since the previous sample, through the Tustin low-pass filter
 *   bwe_k = α·bwe_{k−1} + (1 − α)·(b_k + b_{k−1})/2 with ns-3's constant α = 0.9. Closely spaced
 *   (compressed) ACKs make huge samples: the over-estimation Westwood+ was designed to remove.
 * - `TibetEstimator` — TIBET (Capone, Fratta & Martignon 2004), a **reconstruction**
 *   (docs/engine.md): first-order filters of the acknowledged length and of the inter-ACK time,
 *   same gain α per ACK; estimate = filtered length / filtered interval. Both filters start at
 *   0, so their ratio carries no start-up bias (the (1 − αⁿ) factors cancel).
 * - `AbeEstimator` — TCP Jersey's available-bandwidth estimator (Xu, Tian & Ansari, eq. (1)):
 *   R_n = (RTT·R_{n−1} + L_n) / ((t_n − t_{n−1}) + RTT). Jersey feeds it ACK arrival times;
 *   New Jersey (TABE) feeds it the receiver's arrival times echoed in the ACKs.
 *
 * Choices and deviations (all estimators):
 * - Every estimator counts the bytes an ACK reports delivered with Westwood's rule (MobiCom 2001;
 *   Linux `westwood_acked_count`; `DeliveryCounter`): a duplicate ACK means one more segment
 *   reached the receiver and counts one MSS; the cumulative ACK that ends the episode is charged
 *   only for what the duplicates did not count already. Without it a loss recovery — the
 *   cumulative ACK crawling one hole per RTT while the receiver gets data at full rate — reads as
 *   a collapse of the rate followed by a burst. For ABE and TIBET this is a **reconstruction**
 *   (the Jersey paper's L_n is "the size of data that the n-th ACK acknowledges", and its ABE
 *   "functions similarly to Westwood's rate estimator"); ns-3's per-ACK Westwood counts no
 *   duplicates.
 * - An ACK that counts nothing (a cumulative ACK the duplicates already paid for) is not a
 *   per-ACK sample; the time it spanned counts in the next sample's interval. Two ACKs at the
 *   same instant cannot form a per-ACK Westwood sample either: the bytes carry over.
 * - Rates are floating-point bytes per second (Linux keeps integer bytes per jiffy).
 * - ABE has no estimate before the first RTT measurement (RTT = 0 would make eq. (1) a bare
 *   L/Δ); its first sample takes t_0 = t_1 and R_0 = 0, so R_1 = L_1/RTT. The paper does not say.
 */

const NS_PER_S = 1e9;

/**
 * Bytes an ACK reports delivered (Linux `westwood_acked_count`): a duplicate ACK counts one MSS
 * and is remembered; a cumulative ACK of more than one MSS is charged only for what was not
 * remembered yet. An ACK of at most one MSS counts in full, as in Linux.
 */
export class DeliveryCounter {
  /** Bytes counted for duplicate ACKs and not yet covered by a cumulative ACK (Linux `accounted`). */
  accountedBytes = 0;

  /** `ackedBytes` newly acknowledged cumulatively, 0 for a duplicate ACK. */
  count(ackedBytes: number, mssBytes: number): number {
    if (ackedBytes === 0) {
      this.accountedBytes += mssBytes;
      return mssBytes;
    }
    if (ackedBytes <= mssBytes) return ackedBytes;
    if (this.accountedBytes >= ackedBytes) {
      this.accountedBytes -= ackedBytes;
      return 0;
    }
    const counted = ackedBytes - this.accountedBytes;
    this.accountedBytes = 0;
    return counted;
  }
}

/** Linux `TCP_WESTWOOD_RTT_MIN`: a sample window spans at least 50 ms. */
export const WESTWOOD_MIN_WINDOW_NS = 50_000_000;
/** Linux `westwood_do_filter`: new = (7·old + sample)/8. */
export const WESTWOOD_FILTER_GAIN = 7 / 8;

export class WestwoodPlusEstimator {
  /** First filter stage (Linux bw_ns_est), bytes/s. */
  firstStageBytesPerS = 0;
  /** The estimate BWE (Linux bw_est), bytes/s: the second stage. */
  bytesPerS = 0;
  /** The latest raw sample (window bytes / window length), bytes/s; 0 before the first. */
  lastSampleBytesPerS = 0;
  samples = 0;
  /** Bytes counted in the current sample window (Linux bk). */
  windowBytes = 0;
  /** Start of the current sample window (Linux rtt_win_sx); −1 before the connection starts. */
  windowStartNs = -1;
  private readonly delivered = new DeliveryCounter();

  constructor(
    private readonly minWindowNs = WESTWOOD_MIN_WINDOW_NS,
    private readonly gain = WESTWOOD_FILTER_GAIN,
  ) {}

  /** The connection's first transmission: the first sample window starts here. */
  start(nowNs: number): void {
    if (this.windowStartNs < 0) this.windowStartNs = nowNs;
  }

  /**
   * A retransmission timeout: the open window is dropped without a sample and the next one
   * starts at the first ACK after it. The papers' sample is the data acknowledged during the
   * last RTT (b_k = d_k/Δ_k, Δ_k = RTT); a window left open across the timer's stall would
   * divide a few segments by a second or more of silence the sender imposed on itself.
   */
  restart(): void {
    this.windowStartNs = -1;
    this.windowBytes = 0;
  }

  /**
   * One ACK at `nowNs`: `ackedBytes` newly acknowledged cumulatively (0 = duplicate ACK);
   * `rttNs` the latest RTT sample (0 = none yet: no window closes before one exists).
   */
  onAck(nowNs: number, rttNs: number, ackedBytes: number, mssBytes: number): void {
    this.start(nowNs);
    const windowNs = nowNs - this.windowStartNs;
    if (rttNs > 0 && windowNs > Math.max(rttNs, this.minWindowNs)) {
      this.filter((this.windowBytes * NS_PER_S) / windowNs);
      this.windowBytes = 0;
      this.windowStartNs = nowNs;
    }
    this.windowBytes += this.delivered.count(ackedBytes, mssBytes);
  }

  private filter(sampleBytesPerS: number): void {
    this.lastSampleBytesPerS = sampleBytesPerS;
    this.samples++;
    if (this.firstStageBytesPerS === 0 && this.bytesPerS === 0) {
      this.firstStageBytesPerS = sampleBytesPerS;
      this.bytesPerS = sampleBytesPerS;
      return;
    }
    const g = this.gain;
    this.firstStageBytesPerS = g * this.firstStageBytesPerS + (1 - g) * sampleBytesPerS;
    this.bytesPerS = g * this.bytesPerS + (1 - g) * this.firstStageBytesPerS;
  }
}

/** ns-3 TcpWestwood's constant Tustin filter coefficient. */
export const TUSTIN_ALPHA = 0.9;

export class TustinPerAckEstimator {
  /** The filtered estimate, bytes/s. */
  bytesPerS = 0;
  /** The latest raw sample b_k, bytes/s. */
  lastSampleBytesPerS = 0;
  samples = 0;
  /** Time of the previous sample (the connection start before the first); −1 before the start. */
  private lastNs = -1;
  /** Bytes of ACKs that arrived at the same instant as the previous sample, carried over. */
  private pendingBytes = 0;
  private readonly delivered = new DeliveryCounter();

  constructor(private readonly alpha = TUSTIN_ALPHA) {}

  start(nowNs: number): void {
    if (this.lastNs < 0) this.lastNs = nowNs;
  }

  /** One ACK: `ackedBytes` newly acknowledged cumulatively (0 = duplicate ACK). */
  onAck(nowNs: number, ackedBytes: number, mssBytes: number): void {
    const bytes = this.delivered.count(ackedBytes, mssBytes);
    if (bytes <= 0) return;
    this.start(nowNs);
    this.pendingBytes += bytes;
    const intervalNs = nowNs - this.lastNs;
    if (intervalNs <= 0) return;
    const sample = (this.pendingBytes * NS_PER_S) / intervalNs;
    this.bytesPerS = this.alpha * this.bytesPerS + ((1 - this.alpha) * (sample + this.lastSampleBytesPerS)) / 2;
    this.lastSampleBytesPerS = sample;
    this.samples++;
    this.pendingBytes = 0;
    this.lastNs = nowNs;
  }
}

/** TIBET filter gain per ACK (reconstruction default, docs/engine.md). */
export const TIBET_ALPHA = 0.99;

export class TibetEstimator {
  /** Filtered length per ACK, bytes. */
  avgLengthBytes = 0;
  /** Filtered interval between ACKs, ns. */
  avgIntervalNs = 0;
  samples = 0;
  private lastNs = -1;
  private readonly delivered = new DeliveryCounter();

  constructor(private readonly alpha = TIBET_ALPHA) {}

  start(nowNs: number): void {
    if (this.lastNs < 0) this.lastNs = nowNs;
  }

  /** One ACK: `ackedBytes` newly acknowledged cumulatively (0 = duplicate ACK). */
  onAck(nowNs: number, ackedBytes: number, mssBytes: number): void {
    const bytes = this.delivered.count(ackedBytes, mssBytes);
    if (bytes <= 0) return;
    this.start(nowNs);
    const a = this.alpha;
    this.avgLengthBytes = a * this.avgLengthBytes + (1 - a) * bytes;
    this.avgIntervalNs = a * this.avgIntervalNs + (1 - a) * (nowNs - this.lastNs);
    this.lastNs = nowNs;
    this.samples++;
  }

  /** Filtered length / filtered interval, bytes/s; 0 while the interval filter is still empty. */
  get bytesPerS(): number {
    return this.avgIntervalNs > 0 ? (this.avgLengthBytes * NS_PER_S) / this.avgIntervalNs : 0;
  }
}

export class AbeEstimator {
  /** R_n, bytes/s. */
  bytesPerS = 0;
  samples = 0;
  /** t_{n−1}, ns on whichever clock the caller uses; −1 before the first sample. */
  lastTNs = -1;
  private readonly delivered = new DeliveryCounter();

  /**
   * The n-th ACK: `tNs` its time (ACK arrival for Jersey, receiver arrival for TABE),
   * `ackedBytes` newly acknowledged cumulatively (0 = duplicate ACK; L_n is what
   * DeliveryCounter makes of it), `rttNs` the sender's RTT estimate now.
   */
  onAck(tNs: number, ackedBytes: number, mssBytes: number, rttNs: number): void {
    if (!(rttNs > 0)) return;
    const bytes = this.delivered.count(ackedBytes, mssBytes);
    if (bytes <= 0) return;
    const rttS = rttNs / NS_PER_S;
    const gapS = this.lastTNs < 0 ? 0 : Math.max(0, tNs - this.lastTNs) / NS_PER_S;
    this.bytesPerS = (rttS * this.bytesPerS + bytes) / (gapS + rttS);
    this.lastTNs = Math.max(tNs, this.lastTNs);
    this.samples++;
  }
}
