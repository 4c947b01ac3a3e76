/**
 * The papers' metrics as pure formulas, so each can be checked by hand and reused by the run
 * results, the UI and the tests (docs/engine.md, "Metrics"):
 * - goodput = original data delivered / connection time;
 * - overhead % = 100 · (all bytes sent in both directions, headers and retransmissions included
 *   − original data) / original data (TCP-Probing's overhead, TCP-Real's "overhead");
 * - application success % = reads that found enough data / reads (TCP-Real §3);
 * - Jain's fairness index = (Σx)² / (n·Σx²);
 * - link efficiency = goodput / wireless capacity (NewReno-LP, New Jersey);
 * - congestion-loss % of a link = congestion drops / packets that arrived at it;
 * - queue length mean and standard deviation, time-weighted;
 * - loss-classification accuracy = correct verdicts / loss events with a real cause (NewReno-LP §5).
 */
import { LOSS_TRUTHS, VERDICTS, type LossTruth, type Verdict } from './core/trace.ts';

export function goodputBps(bytes: number, durationNs: number): number {
  return durationNs > 0 ? (bytes * 8 * 1e9) / durationNs : 0;
}

export function overheadPct(wireBytes: number, originalBytes: number): number {
  return originalBytes > 0 ? (100 * (wireBytes - originalBytes)) / originalBytes : 0;
}

/** null when nothing was read (no application, or it never ran). */
export function successPct(successes: number, reads: number): number | null {
  return reads > 0 ? (100 * successes) / reads : null;
}

/** 1 for equal shares, 1/n when one flow takes everything; null for no flows or no traffic at all. */
export function jainIndex(xs: readonly number[]): number | null {
  let sum = 0;
  let sumSq = 0;
  for (const x of xs) {
    sum += x;
    sumSq += x * x;
  }
  return xs.length > 0 && sumSq > 0 ? (sum * sum) / (xs.length * sumSq) : null;
}

export function linkEfficiency(goodputBpsTotal: number, capacityBps: number): number {
  return capacityBps > 0 ? goodputBpsTotal / capacityBps : 0;
}

export function congestionLossPct(congestionDrops: number, arrivedPackets: number): number {
  return arrivedPackets > 0 ? (100 * congestionDrops) / arrivedPackets : 0;
}

/**
 * Time-weighted mean and standard deviation of a step function: value[i] holds from t[i] until
 * t[i + 1] (the last until endNs); before t[0] the value is `initial`. Times non-decreasing.
 */
export function timeWeightedMeanSd(tNs: ArrayLike<number>, values: ArrayLike<number>, endNs: number, initial = 0): { mean: number; sd: number } {
  if (endNs <= 0) return { mean: 0, sd: 0 };
  let area = 0;
  let areaSq = 0;
  let lastT = 0;
  let lastV = initial;
  for (let i = 0; i < tNs.length && tNs[i] < endNs; i++) {
    const dt = tNs[i] - lastT;
    area += lastV * dt;
    areaSq += lastV * lastV * dt;
    lastT = tNs[i];
    lastV = values[i];
  }
  area += lastV * (endNs - lastT);
  areaSq += lastV * lastV * (endNs - lastT);
  const mean = area / endNs;
  return { mean, sd: Math.sqrt(Math.max(0, areaSq / endNs - mean * mean)) };
}

/** How well a loss-differentiating variant's verdicts matched the truth. */
export interface Classification {
  /** Loss events the variant classified. */
  events: number;
  /** Events by verdict (rows) and ground truth (columns); `none` = the segment was never dropped. */
  matrix: Record<Verdict, Record<LossTruth, number>>;
  /** Correct verdicts / events whose truth is congestion or wireless; null if there were none. */
  accuracy: number | null;
}

/** Confusion counts (verdict × truth) → accuracy over the events whose truth is a real loss cause. */
export function classification(matrix: Record<Verdict, Record<LossTruth, number>>): Classification {
  let events = 0;
  let judged = 0;
  let correct = 0;
  for (const v of VERDICTS) {
    for (const t of LOSS_TRUTHS) {
      const n = matrix[v][t];
      events += n;
      if (t === 'none') continue;
      judged += n;
      if (t === v) correct += n;
    }
  }
  return { events, matrix: structuredClone(matrix), accuracy: judged > 0 ? correct / judged : null };
}
