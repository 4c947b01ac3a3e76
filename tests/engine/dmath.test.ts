/**
 * The deterministic math module against values we did not compute with it: exact cases that
 * follow from the definitions (∛(n³) = n, ln 1 = 0, e^0 = 1, 2^10 = 1024, …) and the host's
 * Math functions, which are within 1 ulp of the true value in V8 (fdlibm ports), so ours must
 * be within 1 ulp of theirs — bits apart, not "close".
 */
import { describe, expect, it } from 'vitest';
import { dcbrt, dexp, dexpm1, dlog, dlog1p, dpow, dpowInt } from '../../src/engine/core/dmath';
import { RandomStream } from '../../src/engine/core/rng';

const view = new DataView(new ArrayBuffer(8));
/** A double's bits as an ordered integer: the distance of two finite doubles of one sign in ulps. */
function ordinal(x: number): bigint {
  view.setFloat64(0, x);
  const b = view.getBigInt64(0);
  return b < 0n ? -(b & 0x7fffffffffffffffn) : b;
}
const ulps = (a: number, b: number): number => Number(ordinal(a) - ordinal(b) < 0n ? ordinal(b) - ordinal(a) : ordinal(a) - ordinal(b));

/** Random doubles spread over many binades: mantissa uniform, exponent uniform in [lo, hi]. */
function spread(n: number, lo: number, hi: number, name: string): number[] {
  const s = new RandomStream(36, name);
  return Array.from({ length: n }, () => (1 + s.next()) * 2 ** (lo + s.int(hi - lo + 1)));
}

describe('dcbrt', () => {
  it('is exact for perfect cubes of integers, negatives and dyadic fractions', () => {
    for (let n = 1; n <= 2000; n++) {
      expect(dcbrt(n * n * n)).toBe(n);
      expect(dcbrt(-(n * n * n))).toBe(-n);
    }
    for (const n of [208063, 123456, 99999]) expect(dcbrt(n * n * n)).toBe(n); // cubes up to ~9e15, still exact doubles
    for (const [x, r] of [[0.125, 0.5], [0.001953125, 0.125], [3.375, 1.5], [2 ** -300, 2 ** -100], [2 ** 999, 2 ** 333], [-15.625, -2.5]]) expect(dcbrt(x)).toBe(r);
  });

  it('keeps zeros, infinities and NaN', () => {
    expect(Object.is(dcbrt(0), 0)).toBe(true);
    expect(Object.is(dcbrt(-0), -0)).toBe(true);
    expect(dcbrt(Infinity)).toBe(Infinity);
    expect(dcbrt(-Infinity)).toBe(-Infinity);
    expect(dcbrt(NaN)).toBeNaN();
  });

  it('is within 1 ulp of Math.cbrt and monotone on 10 000 random inputs', () => {
    const xs = spread(10_000, -60, 60, 'cbrt').concat(spread(200, -1074, -1023, 'cbrt-sub').map((x) => x * 2 ** -20));
    let worst = 0;
    for (const x of xs) worst = Math.max(worst, ulps(dcbrt(x), Math.cbrt(x)), ulps(dcbrt(-x), Math.cbrt(-x)));
    expect(worst).toBeLessThanOrEqual(1);
    const sorted = [...xs].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect(dcbrt(sorted[i])).toBeGreaterThanOrEqual(dcbrt(sorted[i - 1]));
  });
});

describe('dlog and dexp', () => {
  it('hits the exact cases', () => {
    expect(dlog(1)).toBe(0);
    expect(dlog(0)).toBe(-Infinity);
    expect(dlog(-1)).toBeNaN();
    expect(dlog(Infinity)).toBe(Infinity);
    expect(dexp(0)).toBe(1);
    expect(dexp(-Infinity)).toBe(0);
    expect(dexp(Infinity)).toBe(Infinity);
    expect(dexp(710)).toBe(Infinity);
    expect(dexp(-746)).toBe(0);
    // ln 2 rounded to a double is 0x3fe62e42fefa39ef (ln 2 = 0.693147180559945309417…)
    expect(dlog(2)).toBe(0.6931471805599453);
    // fdlibm's e^1 is 2.7182818284590455, one ulp above e rounded (Java's StrictMath.exp(1) gives the same)
    expect(ulps(dexp(1), Math.E)).toBe(1);
  });

  it('are within 1 ulp of Math.log and Math.exp on 10 000 random inputs each', () => {
    let worst = 0;
    for (const x of spread(10_000, -1074 + 60, 1020, 'log')) worst = Math.max(worst, ulps(dlog(x), Math.log(x)));
    for (const x of spread(2_000, -3, 3, 'log-near-1')) worst = Math.max(worst, ulps(dlog(x), Math.log(x)));
    expect(worst).toBeLessThanOrEqual(1);
    const s = new RandomStream(36, 'exp');
    worst = 0;
    for (let i = 0; i < 10_000; i++) {
      const x = (s.next() * 2 - 1) * (i % 2 ? 700 : 2);
      worst = Math.max(worst, ulps(dexp(x), Math.exp(x)));
    }
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('log1p and expm1 keep their accuracy near 0 (a few ulps of Math.log1p/expm1)', () => {
    const s = new RandomStream(36, 'near0');
    let worst = 0;
    for (let i = 0; i < 5_000; i++) {
      const x = (s.next() - 0.5) * 2 ** -s.int(40);
      worst = Math.max(worst, ulps(dlog1p(x), Math.log1p(x)), ulps(dexpm1(x), Math.expm1(x)));
    }
    expect(worst).toBeLessThanOrEqual(4);
    expect(dlog1p(-1)).toBe(-Infinity);
    expect(dexpm1(-800)).toBe(-1);
  });
});

describe('dpow', () => {
  it('integer exponents by squaring: exact where the result is exactly representable', () => {
    expect(dpowInt(2, 10)).toBe(1024);
    expect(dpowInt(3, 33)).toBe(5559060566555523); // 3^33 < 2^53
    expect(dpowInt(0.5, 3)).toBe(0.125);
    expect(dpowInt(2, -3)).toBe(0.125);
    expect(dpow(-2, 3)).toBe(-8);
    expect(() => dpowInt(2, 0.5)).toThrow(/integer/);
  });

  it('non-integer exponents are within 1e-14 relative of Math.pow', () => {
    const s = new RandomStream(36, 'pow');
    for (let i = 0; i < 5_000; i++) {
      const b = s.next() * 10;
      const e = (s.next() - 0.5) * 8;
      expect(Math.abs(dpow(b, e) - Math.pow(b, e))).toBeLessThanOrEqual(1e-14 * Math.pow(b, e) + 1e-300);
    }
    expect(dpow(4, 0.5)).toBe(2);
    expect(dpow(0, 0.5)).toBe(0);
    expect(dpow(-1, 0.5)).toBeNaN();
  });
});
