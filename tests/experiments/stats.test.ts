/**
 * Student-t confidence intervals against hand computation and published t tables (two-sided
 * 95 %: the 0.975 quantile; e.g. NIST/SEMATECH e-Handbook, Table 1.3.6.7.2).
 */
import { describe, expect, it } from 'vitest';
import { describeInterval, median, regularizedBeta, summarize, tCdf, tQuantile } from '../../src/experiments/stats.ts';

describe('t quantiles', () => {
  it.each([
    [1, 12.706],
    [2, 4.303],
    [3, 3.182],
    [4, 2.776],
    [5, 2.571],
    [9, 2.262],
    [10, 2.228],
    [19, 2.093],
    [30, 2.042],
    [100, 1.984],
  ])('t(0.975, %i) = %f (table, 3 decimals)', (df, t) => {
    expect(tQuantile(0.975, df)).toBeCloseTo(t, 3);
  });

  it('df = 1 is the Cauchy distribution: t(0.975) = tan(0.475 π) exactly', () => {
    expect(tQuantile(0.975, 1)).toBeCloseTo(Math.tan(0.475 * Math.PI), 9);
  });

  it('df = 2 has a closed form: t = (2p − 1)·√(2 / (1 − (2p − 1)²))', () => {
    const a = 2 * 0.975 - 1;
    expect(tQuantile(0.975, 2)).toBeCloseTo(a * Math.sqrt(2 / (1 - a * a)), 9);
  });

  it('tends to the normal quantile 1.959964 as df grows', () => {
    expect(tQuantile(0.975, 1e6)).toBeCloseTo(1.959964, 4);
  });

  it('is symmetric and inverts the CDF', () => {
    expect(tQuantile(0.025, 7)).toBeCloseTo(-tQuantile(0.975, 7), 12);
    expect(tCdf(tQuantile(0.9, 4), 4)).toBeCloseTo(0.9, 10);
    expect(tCdf(0, 3)).toBe(0.5);
  });

  it('I_x(1, 1) = x and I_x(a, 1) = x^a (the beta function in closed form)', () => {
    expect(regularizedBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(regularizedBeta(0.6, 3, 1)).toBeCloseTo(0.216, 12);
  });

  it('rejects p outside (0, 1) and df ≤ 0', () => {
    expect(() => tQuantile(1, 3)).toThrow(RangeError);
    expect(() => tCdf(1, 0)).toThrow(/df/);
  });
});

describe('summaries', () => {
  it('1, 2, 3, 4, 5: mean 3, s = √2.5, half-width 2.776445 · √2.5 / √5', () => {
    const s = summarize([1, 2, 3, 4, 5])!;
    expect(s.n).toBe(5);
    expect(s.mean).toBe(3);
    expect(s.sd).toBeCloseTo(Math.sqrt(2.5), 12);
    expect(s.halfWidth).toBeCloseTo(2.776445 * Math.sqrt(2.5 / 5), 5); // 1.963243
    expect(s.halfWidth).toBeCloseTo(1.963243, 5);
  });

  it('10 and 14: mean 12, s = 2√2, half-width 12.706205 · 2√2 / √2 = 25.41241', () => {
    const s = summarize([10, 14])!;
    expect(s.mean).toBe(12);
    expect(s.sd).toBeCloseTo(2 * Math.SQRT2, 12);
    expect(s.halfWidth).toBeCloseTo(25.41241, 4);
  });

  it('one seed: a mean and no interval, and it says so in words', () => {
    const s = summarize([7])!;
    expect(s.halfWidth).toBeNull();
    expect(s.sd).toBeNull();
    expect(describeInterval(s, (v) => v.toFixed(1))).toBe('7.0 (one seed: no confidence interval)');
    expect(describeInterval(summarize([1, 3]), (v) => v.toFixed(2))).toBe('2.00 ± 12.71 (95 % CI, 2 seeds)');
  });

  it('skips undefined values and reports none when nothing is left', () => {
    expect(summarize([Number.NaN, 4])!.n).toBe(1);
    expect(summarize([])).toBeNull();
    expect(describeInterval(null, String)).toMatch(/no value/);
  });

  it('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
