/** Summary statistics of step series for the panels' text summaries. */
import { timeWeightedQuantile, type StepSeries } from './series.ts';

/** Time-weighted mean of a step series over [tS[0], endS]; 0 if empty. */
export function timeMean(s: StepSeries, endS: number): number {
  const n = s.tS.length;
  if (n === 0) return 0;
  let area = 0;
  for (let i = 0; i < n; i++) {
    const next = i + 1 < n ? s.tS[i + 1] : endS;
    area += s.values[i] * Math.max(0, next - s.tS[i]);
  }
  const span = endS - s.tS[0];
  return span > 0 ? area / span : s.values[n - 1];
}

/**
 * A y-axis top for lines that may spike: their largest value, unless it is more than 1.6 times
 * where they spend 99 % of the time (a start-up overshoot of a bandwidth estimate would flatten
 * everything else); then 1.6 times that. The clipped spike stays visible as a line at the top.
 */
export function robustTop(series: readonly StepSeries[], endS: number): number {
  let full = 0;
  let typical = 0;
  for (const s of series) {
    const top = lineTop(s, endS);
    full = Math.max(full, top.full);
    typical = Math.max(typical, top.typical);
  }
  return typical > 0 && full > 1.6 * typical ? 1.6 * typical : full;
}

/** Each line's figures for robustTop, with the end time they were taken to. */
const lineTops = new WeakMap<StepSeries, { endS: number; full: number; typical: number }>();

/**
 * One line's largest finite value (at least 0) and time-weighted 99th percentile up to `endS`,
 * kept per series: a comparison filling in fits its axes again at each arrival, and the lines of
 * the runs already in (series are never written once made) need not be summed again.
 */
export function lineTop(s: StepSeries, endS: number): { full: number; typical: number } {
  const hit = lineTops.get(s);
  if (hit && hit.endS === endS) return hit;
  let full = 0;
  for (const v of s.values) if (Number.isFinite(v) && v > full) full = v;
  const top = { endS, full, typical: timeWeightedQuantile(s, endS, 0.99) };
  lineTops.set(s, top);
  return top;
}

/** Smallest finite value (0 if none is below 0): negative estimates get room below the axis origin. */
export function floorOf(series: readonly StepSeries[]): number {
  let lo = 0;
  for (const s of series) for (const v of s.values) if (Number.isFinite(v) && v < lo) lo = v;
  return lo;
}
