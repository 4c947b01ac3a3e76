/**
 * A sender's token bucket from the `bucket` table (one row per token taken, holding the whole
 * tokens left after the take): the bucket's level over time and the tokens taken per RTT.
 *
 * Level: the trace has rows only at takes, so between takes the level is rebuilt from the
 * bucket's definition (engine/app/token-bucket.ts, continuous accrual): it rises at r tokens per
 * interval from what the last take left, and stops at the depth (the excess is wasted). The ends
 * of each rise are exact — just before a take there were (tokens left) + 1 whole tokens — and the
 * knee where a full bucket starts wasting tokens is placed to within one token's accrual time.
 *
 * Per RTT: the engine's own binning (engine/app/tokens-per-rtt.ts) over the take times, with
 * the bin width the engine used — recovered from the permitted figure, permitted = r·RTT/interval.
 */
import { msToNs, sToNs } from '../../engine/core/simulator.ts';
import type { TraceData } from '../../engine/core/trace.ts';
import { tokensPerRtt } from '../../engine/app/tokens-per-rtt.ts';
import { indexAtOrBefore, pick, rowsWhere } from './series.ts';

const NS_PER_S = 1e9;

export interface BucketSpec {
  tokensPerInterval: number;
  intervalMs: number;
  depthTokens: number;
}

/** Points of the level polyline: (tS[i], tokens[i]), straight lines between them. */
export interface LevelLine {
  tS: Float64Array;
  tokens: Float64Array;
}

/**
 * The bucket's level from the flow's start to endS. `takeS` and `leftAfter` are the take times
 * (non-decreasing) and the whole tokens left after each.
 */
export function bucketLevel(takeS: ArrayLike<number>, leftAfter: ArrayLike<number>, spec: BucketSpec, startS: number, endS: number): LevelLine {
  const perS = (spec.tokensPerInterval * 1000) / spec.intervalMs;
  const depth = spec.depthTokens;
  const t: number[] = [startS];
  const v: number[] = [depth];
  let at = startS;
  let level = depth;
  /** Rise from (at, level) towards `untilS`, ending at `target` (or at the depth, with a knee). */
  const rise = (untilS: number, target: number): void => {
    const full = at + (depth - level) / perS;
    if (target >= depth && full < untilS) {
      t.push(full);
      v.push(depth);
    }
    t.push(untilS);
    v.push(Math.min(depth, target));
  };
  for (let i = 0; i < takeS.length; i++) {
    const ti = takeS[i];
    if (ti < startS || ti > endS) continue;
    rise(ti, leftAfter[i] + 1);
    t.push(ti);
    v.push(leftAfter[i]);
    at = ti;
    level = leftAfter[i];
  }
  if (endS > at) rise(endS, Math.min(depth, level + (endS - at) * perS));
  return { tS: Float64Array.from(t), tokens: Float64Array.from(v) };
}

export interface TokenBins {
  /** Start of each whole RTT bin, s. */
  startS: Float64Array;
  consumed: Float64Array;
  widthS: number;
  meanConsumed: number;
  permittedPerRtt: number;
}

/**
 * Tokens taken per RTT bin from fromS, whole bins up to toS, with the engine's binning. The bin
 * width is the RTT behind `permittedPerRtt` (the engine's figure): RTT = permitted·interval/r.
 */
export function tokenBins(takeS: ArrayLike<number>, spec: BucketSpec, permittedPerRtt: number, fromS: number, toS: number): TokenBins | null {
  const intervalNs = msToNs(spec.intervalMs);
  const rttNs = (permittedPerRtt * intervalNs) / spec.tokensPerInterval;
  if (!(rttNs > 0)) return null;
  const takeTimesNs = Array.from(takeS, (t) => Math.round(t * NS_PER_S));
  const b = tokensPerRtt({ takeTimesNs, rttNs, fromNs: sToNs(fromS), toNs: sToNs(toS), tokensPerInterval: spec.tokensPerInterval, intervalNs });
  return {
    startS: Float64Array.from(b.binStartNs, (n) => n / NS_PER_S),
    consumed: Float64Array.from(b.consumed),
    widthS: rttNs / NS_PER_S,
    meanConsumed: b.meanConsumed,
    permittedPerRtt: b.permittedPerRtt,
  };
}

/** Take times (s) and tokens left after each, for one flow. */
export function bucketTakes(trace: TraceData, flow: number): { takeS: Float64Array; leftAfter: Float64Array } {
  const b = trace.bucket;
  const rows = rowsWhere(b.flow, flow);
  return { takeS: pick(b.tNs, rows, NS_PER_S), leftAfter: pick(b.tokens, rows) };
}

/**
 * Whether the display trace still has one row per token. Every segment the sender emits takes
 * one token, so a full `bucket` table has one row per segment sent; the display trace of a very
 * long run is thinned (worker/decimate.ts) to a few rows per 1/4000 of the run — far fewer.
 */
export function takesComplete(takeRows: number, segmentsSent: number): boolean {
  return takeRows >= 0.9 * segmentsSent;
}

/** Index of the bin holding tS, or −1. */
export function binAt(bins: TokenBins, tS: number): number {
  if (bins.startS.length === 0) return -1;
  const i = Math.floor((tS - bins.startS[0]) / bins.widthS);
  return i >= 0 && i < bins.startS.length ? i : -1;
}

/** Level at tS on the rebuilt polyline (linear between its points). */
export function levelAt(level: LevelLine, tS: number): number | null {
  const t = level.tS;
  if (t.length === 0 || tS < t[0]) return null;
  const i = indexAtOrBefore(t, tS);
  if (i >= t.length - 1) return level.tokens[t.length - 1];
  const span = t[i + 1] - t[i];
  return span > 0 ? level.tokens[i] + ((level.tokens[i + 1] - level.tokens[i]) * (tS - t[i])) / span : level.tokens[i + 1];
}

/** Seconds the bucket sat full on the rebuilt level — tokens arriving then were wasted. */
export function timeFullS(level: LevelLine, depthTokens: number): number {
  let s = 0;
  for (let i = 0; i + 1 < level.tS.length; i++) if (level.tokens[i] >= depthTokens && level.tokens[i + 1] >= depthTokens) s += level.tS[i + 1] - level.tS[i];
  return s;
}

/**
 * Seconds the bucket sat full after `fromS` having first been below its depth after it: the
 * bucket filling up again (e.g. while the sender backs off), not the full bucket it started with.
 */
export function refilledFullS(level: LevelLine, depthTokens: number, fromS: number): number {
  let s = 0;
  let drained = false;
  for (let i = 0; i + 1 < level.tS.length; i++) {
    if (level.tS[i] < fromS) continue;
    if (level.tokens[i] < depthTokens) drained = true;
    else if (drained && level.tokens[i + 1] >= depthTokens) s += level.tS[i + 1] - level.tS[i];
  }
  return s;
}
