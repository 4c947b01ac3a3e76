/**
 * Token bucket at the sender — TCP-Real §3: "a token bucket at the sender side, with a depth of
 * 20KB and a rate of 20 tokens per 30ms. Each token corresponds to a packet of 1 KB." A packet
 * may leave only if it can take a token; the bucket caps TCP's throughput (r per interval) and
 * tests whether the variant can use what it is allowed: tokens not used in time are wasted once
 * the bucket is full ("new tokens will be wasted due to the limitation of the token depth").
 *
 * Accrual (the paper does not say; a tunable, `accrual`):
 * - 'continuous' (default): tokens trickle in at r/interval per ns — the usual token bucket
 *   (20 per 30 ms = one every 1.5 ms). Both modes allow the same long-run rate; continuous
 *   spreads the allowance instead of releasing it as one burst per interval.
 * - 'batch': r whole tokens arrive at once at startNs + k·interval (k = 1, 2, …), the literal
 *   reading of "r tokens per time interval".
 * Both cap the level at the depth; the excess is counted as wasted.
 *
 * Lazy: no events. The level is brought up to date from the elapsed time whenever it is asked,
 * so callers must ask with non-decreasing times. Arithmetic is exact: the level is kept in
 * "token·ns" units (one token = intervalNs units, r units per ns), integers whenever r and
 * intervalNs are integers. The bucket starts full unless told otherwise (the paper is silent).
 */

// the results' tokens per RTT travel with the bucket: a run without one loads neither
export { tokensPerRtt } from './tokens-per-rtt.ts';

export type TokenAccrual = 'continuous' | 'batch';

export interface TokenBucketParams {
  /** r: tokens added per interval (paper: 20). */
  tokensPerInterval: number;
  /** The interval (paper: 30 ms). */
  intervalNs: number;
  /** B: the most tokens the bucket holds (paper: 20 KB / 1 KB per token = 20). */
  depthTokens: number;
  /** Default 'continuous'. */
  accrual?: TokenAccrual;
  /** Tokens at startNs (default depthTokens: full). */
  initialTokens?: number;
  /** When accrual starts; batches arrive one interval apart from here (default 0). */
  startNs?: number;
}

export class TokenBucket {
  /** Tokens taken so far. */
  consumed = 0;
  private readonly r: number;
  private readonly intervalNs: number;
  private readonly depthTokens: number;
  private readonly capUnits: number;
  private readonly batch: boolean;
  private readonly startNs: number;
  private levelUnits: number;
  private wastedUnits = 0;
  private lastNs: number;

  constructor(params: TokenBucketParams) {
    const { tokensPerInterval, intervalNs, depthTokens } = params;
    if (!(tokensPerInterval > 0 && Number.isFinite(tokensPerInterval))) {
      throw new RangeError(`token bucket: rate ${tokensPerInterval} tokens per interval must be > 0`);
    }
    if (!(Number.isInteger(intervalNs) && intervalNs > 0)) {
      throw new RangeError(`token bucket: interval ${intervalNs} ns must be a positive whole number`);
    }
    if (!(Number.isInteger(depthTokens) && depthTokens >= 1)) {
      throw new RangeError(`token bucket: depth ${depthTokens} must be a whole number ≥ 1`);
    }
    const initial = params.initialTokens ?? depthTokens;
    if (!(initial >= 0 && initial <= depthTokens)) {
      throw new RangeError(`token bucket: initial ${initial} tokens must be in [0, ${depthTokens}]`);
    }
    this.r = tokensPerInterval;
    this.intervalNs = intervalNs;
    this.depthTokens = depthTokens;
    this.capUnits = depthTokens * intervalNs;
    this.batch = (params.accrual ?? 'continuous') === 'batch';
    this.startNs = params.startNs ?? 0;
    this.levelUnits = initial * intervalNs;
    this.lastNs = this.startNs;
  }

  /** Whole tokens available at nowNs. */
  available(nowNs: number): number {
    this.advance(nowNs);
    return Math.floor(this.levelUnits / this.intervalNs);
  }

  /** Take n whole tokens if available (then true), else take none (false). */
  tryTake(nowNs: number, n = 1): boolean {
    this.checkCount(n);
    this.advance(nowNs);
    const units = n * this.intervalNs;
    if (this.levelUnits < units) return false;
    this.levelUnits -= units;
    this.consumed += n;
    return true;
  }

  /** Whole ns from nowNs until n tokens are available: 0 if they are now, Infinity if n > depth. */
  nsUntil(nowNs: number, n = 1): number {
    this.checkCount(n);
    this.advance(nowNs);
    if (n > this.depthTokens) return Number.POSITIVE_INFINITY;
    const missingUnits = n * this.intervalNs - this.levelUnits;
    if (missingUnits <= 0) return 0;
    if (!this.batch) return Math.ceil(missingUnits / this.r);
    const batches = Math.ceil(missingUnits / (this.r * this.intervalNs));
    return this.startNs + (this.batchIndex(nowNs) + batches) * this.intervalNs - nowNs;
  }

  /** Tokens that arrived while the bucket was full and were lost, up to nowNs (fractional when continuous). */
  wastedTokens(nowNs: number): number {
    this.advance(nowNs);
    return this.wastedUnits / this.intervalNs;
  }

  /** Batches that have arrived by tNs: boundaries startNs + k·interval, k ≥ 1, at or before tNs. */
  private batchIndex(tNs: number): number {
    return Math.floor((tNs - this.startNs) / this.intervalNs);
  }

  private advance(nowNs: number): void {
    if (!(nowNs >= this.lastNs)) {
      throw new RangeError(`token bucket: time ${nowNs} ns is before the last query or the start (${this.lastNs} ns)`);
    }
    const addedUnits = this.batch
      ? (this.batchIndex(nowNs) - this.batchIndex(this.lastNs)) * this.r * this.intervalNs
      : (nowNs - this.lastNs) * this.r;
    this.lastNs = nowNs;
    const level = this.levelUnits + addedUnits;
    // Adding then capping once equals capping after every arrival, since arrivals only add.
    if (level > this.capUnits) {
      this.wastedUnits += level - this.capUnits;
      this.levelUnits = this.capUnits;
    } else this.levelUnits = level;
  }

  private checkCount(n: number): void {
    if (!(Number.isInteger(n) && n >= 1)) throw new RangeError(`token bucket: token count ${n} must be a whole number ≥ 1`);
  }
}
