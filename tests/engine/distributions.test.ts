/**
 * Statistical checks of the RandomStream distributions. Every interval is two-sided at 99.9 %
 * confidence (z = 3.2905), computed from the distribution's own moments, so with a fixed seed a
 * correct generator fails a given check with probability 0.1 % a priori; the seeds are fixed, so
 * a run is reproducible either way.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/core/rng.ts';
import { pareto } from '../../src/engine/traffic/pareto-onoff.ts';

const Z999 = 3.2905; // standard normal quantile 0.9995
const N = 400_000;

function sampleMean(xs: Float64Array): number {
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

function sampleVariance(xs: Float64Array, mean: number): number {
  let s = 0;
  for (const x of xs) s += (x - mean) ** 2;
  return s / (xs.length - 1);
}

function draw(n: number, f: () => number): Float64Array {
  const xs = new Float64Array(n);
  for (let i = 0; i < n; i++) xs[i] = f();
  return xs;
}

describe('RandomStream distributions', () => {
  it('exponential mean lies in its 99.9 % CLT interval (sd = mean)', () => {
    const s = new Rng(11).stream('dist:exp');
    const mean = 2.5;
    const xs = draw(N, () => s.exponential(mean));
    const half = (Z999 * mean) / Math.sqrt(N);
    expect(Math.abs(sampleMean(xs) - mean)).toBeLessThan(half);
  });

  it('uniformMeanSd stays on [mean − √3·sd, mean + √3·sd) with the right mean and sd', () => {
    const s = new Rng(12).stream('dist:uniform');
    const mean = 384_000; // a 3G-like service rate in b/s
    const sd = 64_000;
    const xs = draw(N, () => s.uniformMeanSd(mean, sd));
    let lo = Infinity;
    let hi = -Infinity;
    for (const x of xs) {
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
    expect(lo).toBeGreaterThanOrEqual(mean - Math.sqrt(3) * sd);
    expect(hi).toBeLessThan(mean + Math.sqrt(3) * sd);
    const m = sampleMean(xs);
    expect(Math.abs(m - mean)).toBeLessThan((Z999 * sd) / Math.sqrt(N));
    // Sample variance: Var(s²) ≈ (μ4 − σ⁴)/N, and a uniform's μ4 = 9σ⁴/5, so sd(s²) = σ²·√(0.8/N).
    const v = sampleVariance(xs, m);
    expect(Math.abs(v - sd * sd)).toBeLessThan(Z999 * sd * sd * Math.sqrt(0.8 / N));
  });

  it('uniformMeanSd with sd 0 returns the mean; negative sd throws', () => {
    const s = new Rng(1).stream('dist:uniform0');
    expect(s.uniformMeanSd(7, 0)).toBe(7);
    expect(() => s.uniformMeanSd(7, -1)).toThrow(/standard deviation/);
  });

  it('pareto shape 1.5 (infinite variance): support from xm and median xm·2^(1/α) in a binomial 99.9 % interval', () => {
    const s = new Rng(13).stream('dist:pareto1.5');
    const shape = 1.5;
    const mean = 0.1; // the NewReno-LP paper's mean ON time, in seconds
    const xm = (mean * (shape - 1)) / shape;
    const median = xm * 2 ** (1 / shape);
    const xs = draw(N, () => pareto(s, shape, mean));
    let below = 0;
    let min = Infinity;
    for (const x of xs) {
      if (x < median) below++;
      min = Math.min(min, x);
    }
    expect(min).toBeGreaterThanOrEqual(xm);
    // Count below the true median ~ Binomial(N, 1/2): mean N/2, sd √N/2.
    expect(Math.abs(below - N / 2)).toBeLessThan((Z999 * Math.sqrt(N)) / 2);
  });

  it('pareto shape 1.5: the upper tail P(X > 10·xm) = 10^−1.5 in a binomial 99.9 % interval', () => {
    const s = new Rng(14).stream('dist:pareto-tail');
    const shape = 1.5;
    const mean = 0.2;
    const xm = (mean * (shape - 1)) / shape;
    const p = 10 ** -shape;
    let above = 0;
    for (let i = 0; i < N; i++) if (pareto(s, shape, mean) > 10 * xm) above++;
    expect(Math.abs(above - N * p)).toBeLessThan(Z999 * Math.sqrt(N * p * (1 - p)));
  });

  it('pareto shape 3 (finite variance): mean in its 99.9 % CLT interval', () => {
    const s = new Rng(15).stream('dist:pareto3');
    const shape = 3;
    const mean = 2;
    const xm = (mean * (shape - 1)) / shape;
    // Var = xm²·α / ((α − 1)²·(α − 2)).
    const sd = Math.sqrt((xm * xm * shape) / ((shape - 1) ** 2 * (shape - 2)));
    const xs = draw(N, () => pareto(s, shape, mean));
    expect(Math.abs(sampleMean(xs) - mean)).toBeLessThan((Z999 * sd) / Math.sqrt(N));
  });

  it('pareto rejects shape ≤ 1 (no finite mean) and a non-positive mean', () => {
    const s = new Rng(1).stream('dist:pareto-bad');
    expect(() => pareto(s, 1, 1)).toThrow(/shape 1 must be > 1/);
    expect(() => pareto(s, 0.5, 1)).toThrow(/shape/);
    expect(() => pareto(s, 1.5, 0)).toThrow(/mean 0 must be > 0/);
  });

  it('bernoulli frequency lies in its 99.9 % binomial interval', () => {
    const s = new Rng(16).stream('dist:bernoulli');
    const p = 0.03;
    let hits = 0;
    for (let i = 0; i < N; i++) if (s.bernoulli(p)) hits++;
    expect(Math.abs(hits - N * p)).toBeLessThan(Z999 * Math.sqrt(N * p * (1 - p)));
  });

  it('pareto and uniformMeanSd consume exactly one uniform draw each (documented draw orders rely on it)', () => {
    const a = new Rng(99).stream('x');
    const b = new Rng(99).stream('x');
    pareto(a, 1.5, 1);
    b.next();
    expect(a.nextUint32()).toBe(b.nextUint32());
    a.uniformMeanSd(3, 1);
    b.next();
    expect(a.nextUint32()).toBe(b.nextUint32());
  });
});
