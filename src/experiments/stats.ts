/**
 * Replication statistics for a sweep point: the mean of the seeds' values and its 95 %
 * confidence interval from Student's t distribution (the seeds are independent replications, the
 * spread unknown, so mean ± t(0.975, n − 1) · s / √n with s the sample standard deviation).
 *
 * The t quantile is computed, not tabulated: the t CDF through the regularized incomplete beta
 * function (continued fraction, Lentz's method), inverted by bisection. Tests check it against
 * published table values.
 */

export interface Summary {
  /** Number of values. */
  n: number;
  mean: number;
  /** Sample standard deviation (n − 1 in the denominator); null for n < 2. */
  sd: number | null;
  /** Half-width of the 95 % Student-t interval; null for n < 2 (no interval from one value). */
  halfWidth: number | null;
  min: number;
  max: number;
}

/** Mean, sd and 95 % CI half-width of the finite values; null if there are none. */
export function summarize(values: readonly number[]): Summary | null {
  const xs = values.filter((v) => Number.isFinite(v));
  const n = xs.length;
  if (n === 0) return null;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  if (n === 1) return { n, mean, sd: null, halfWidth: null, min: xs[0], max: xs[0] };
  const ss = xs.reduce((a, x) => a + (x - mean) * (x - mean), 0);
  const sd = Math.sqrt(ss / (n - 1));
  return { n, mean, sd, halfWidth: tQuantile(0.975, n - 1) * (sd / Math.sqrt(n)), min: Math.min(...xs), max: Math.max(...xs) };
}

/** The interval in words, for hover text and tables: "1.23 ± 0.04 (95 % CI, 5 seeds)" or why there is none. */
export function describeInterval(s: Summary | null, format: (v: number) => string): string {
  if (!s) return 'no value (the metric is undefined for every seed)';
  if (s.halfWidth === null) return `${format(s.mean)} (one seed: no confidence interval)`;
  return `${format(s.mean)} ± ${format(s.halfWidth)} (95 % CI, ${s.n} seeds)`;
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom. */
export function tCdf(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`df must be > 0, got ${df}`);
  const x = df / (df + t * t);
  const tail = 0.5 * regularizedBeta(x, df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** The p-quantile of Student's t with `df` degrees of freedom (0 < p < 1), to about 1e-10. */
export function tQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`p must be in (0, 1), got ${p}`);
  if (p < 0.5) return -tQuantile(1 - p, df);
  let lo = 0;
  let hi = 1;
  while (tCdf(hi, df) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (tCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function logGamma(z: number): number {
  // Lanczos approximation (g = 7, n = 9), good to ~1e-15 for z > 0.
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const zz = z - 1;
  let a = c[0];
  const t = zz + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (zz + i);
  return 0.5 * Math.log(2 * Math.PI) + (zz + 0.5) * Math.log(t) - t + Math.log(a);
}

/** I_x(a, b), the regularized incomplete beta function. */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // The continued fraction converges fast for x < (a + 1)/(a + b + 2); use the symmetry otherwise.
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** Median of the finite values; null if none. */
export function median(values: readonly number[]): number | null {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return null;
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}
