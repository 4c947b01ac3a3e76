/**
 * Retransmission timer per RFC 6298: SRTT/RTTVAR with α = 1/8, β = 1/4,
 * RTO = SRTT + max(G, 4·RTTVAR) clamped to [minRto, maxRto], initial RTO before any sample,
 * exponential backoff on expiry kept until a new valid sample arrives (§5.5–5.7).
 * Samples are taken on every ACK that yields one (RFC 7323 timestamps give one per ACK);
 * Karn's rule is the sender's job: it never passes an ambiguous sample.
 */
export interface RttParams {
  minRtoNs: number;
  maxRtoNs: number;
  initialRtoNs: number;
  granularityNs: number;
  /**
   * Linux's form (tcp_rtt_estimator, __tcp_set_rto): the minimum bounds the variance term, not
   * the sum — RTO = SRTT + max(G, 4·RTTVAR, minRto) — so the timeout stays a minimum RTO above
   * the smoothed RTT (≈ 305 ms on a 105 ms path, where RFC 6298's clamp gives 200 ms).
   */
  minRtoOnVariance?: boolean;
}

export class RttEstimator {
  srttNs = 0;
  rttvarNs = 0;
  /** Smallest sample seen (RTTmin for delay-based variants); Infinity before the first. */
  minRttNs = Number.POSITIVE_INFINITY;
  latestRttNs = 0;
  samples = 0;
  private baseRtoNs: number;
  private backoffFactor = 1;

  constructor(private readonly p: RttParams) {
    this.baseRtoNs = p.initialRtoNs;
  }

  /** Current timeout including backoff, whole nanoseconds (simulator time is integral). */
  get rtoNs(): number {
    return Math.round(Math.min(this.baseRtoNs * this.backoffFactor, this.p.maxRtoNs));
  }

  /** A valid RTT measurement (RFC 6298 §2.2–2.3); clears any backoff (§5.7). */
  sample(rttNs: number): void {
    if (this.samples === 0) {
      this.srttNs = rttNs;
      this.rttvarNs = rttNs / 2;
    } else {
      this.rttvarNs = 0.75 * this.rttvarNs + 0.25 * Math.abs(this.srttNs - rttNs);
      this.srttNs = 0.875 * this.srttNs + 0.125 * rttNs;
    }
    this.samples++;
    this.latestRttNs = rttNs;
    if (rttNs < this.minRttNs) this.minRttNs = rttNs;
    const varianceNs = Math.max(this.p.granularityNs, 4 * this.rttvarNs);
    const raw = this.p.minRtoOnVariance ? this.srttNs + Math.max(varianceNs, this.p.minRtoNs) : this.srttNs + varianceNs;
    this.baseRtoNs = Math.min(Math.max(raw, this.p.minRtoNs), this.p.maxRtoNs);
    this.backoffFactor = 1;
  }

  /** Drop the backoff: the timeout returns to the last sample-based value. */
  clearBackoff(): void {
    this.backoffFactor = 1;
  }

  /** The timer expired: double the timeout (§5.5), up to maxRto. */
  backoff(): void {
    if (this.baseRtoNs * this.backoffFactor < this.p.maxRtoNs) this.backoffFactor *= 2;
  }
}
