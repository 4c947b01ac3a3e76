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
    for (const v of s.values) if (Number.isFinite(v) && v > full) full = v;
    typical = Math.max(typical, timeWeightedQuantile(s, endS, 0.99));
  }
  return typical > 0 && full > 1.6 * typical ? 1.6 * typical : full;
}

/** Smallest finite value (0 if none is below 0): negative estimates get room below the axis origin. */
export function floorOf(series: readonly StepSeries[]): number {
  let lo = 0;
  for (const s of series) for (const v of s.values) if (Number.isFinite(v) && v < lo) lo = v;
  return lo;
}
