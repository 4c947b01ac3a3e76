/**
 * Deterministic elementary functions for everything that feeds a run.
 *
 * ECMAScript fixes + − × ÷ and √ to IEEE 754 round-to-nearest, but leaves Math.cbrt, exp, log,
 * pow, sin, … "implementation-approximated": two JavaScript engines (or two builds of one) may
 * return results a last bit apart, and one bit in a CUBIC window or an exponential draw sends
 * the whole run elsewhere. These functions are built only from the exact operations (the four
 * arithmetic ones, √, comparisons, and integer work on the bits of a double), so every engine
 * computes the same result bit for bit.
 *
 * `dlog` and `dexp` follow the algorithms of Sun's fdlibm (e_log.c, e_exp.c: argument
 * reduction by powers of two and ln 2, then a minimax polynomial); `dcbrt` follows fdlibm's
 * s_cbrt.c (an exponent-divided-by-3 start, a rational refinement, one Newton step) and then
 * corrects the last bit so that exact cubes give exact roots. Accuracy: within 1 ulp of the
 * true value (tests/engine/dmath.test.ts checks them against Math's within 1 ulp).
 */

import { dlog, fromWords, hiWord, LN2_HI, LN2_LO, loWord, TWO54, withHiWord } from './dlog.ts';

export { dlog };

const O_THRESHOLD = 7.09782712893383973096e2;
const U_THRESHOLD = -7.45133219101941108420e2;
const INV_LN2 = 1.44269504088896338700;
const TWOM1000 = 9.33263618503218878990e-302;
const P1 = 1.66666666666666019037e-1;
const P2 = -2.77777777770155933842e-3;
const P3 = 6.61375632143793436117e-5;
const P4 = -1.65339022054652515390e-6;
const P5 = 4.13813679705723846039e-8;

/** e^x. Overflows to ∞ above ≈ 709.78, underflows to 0 below ≈ −745.13. */
export function dexp(x: number): number {
  const whole = hiWord(x);
  const negative = whole < 0 ? 1 : 0;
  const hx = whole & 0x7fffffff;
  if (hx >= 0x40862e42) {
    if (hx >= 0x7ff00000) {
      if (((hx & 0xfffff) | loWord(x)) !== 0) return NaN;
      return negative ? 0 : x;
    }
    if (x > O_THRESHOLD) return Infinity;
    if (x < U_THRESHOLD) return 0;
  }
  let hi = 0;
  let lo = 0;
  let k = 0;
  if (hx > 0x3fd62e42) {
    // |x| > ln2/2: x = k·ln2 + r, |r| ≤ ln2/2, with k·ln2 split in two so the reduction is exact
    if (hx < 0x3ff0a2b2) {
      hi = negative ? x + LN2_HI : x - LN2_HI;
      lo = negative ? -LN2_LO : LN2_LO;
      k = negative ? -1 : 1;
    } else {
      k = Math.trunc(INV_LN2 * x + (negative ? -0.5 : 0.5));
      hi = x - k * LN2_HI;
      lo = k * LN2_LO;
    }
    x = hi - lo;
  } else if (hx < 0x3e300000) {
    return 1 + x; // |x| < 2^-28
  }
  const t = x * x;
  const c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k === 0) return 1 - ((x * c) / (c - 2) - x);
  const y = 1 - (lo - (x * c) / (2 - c) - hi);
  if (k >= -1021) return withHiWord(y, hiWord(y) + (k << 20));
  return withHiWord(y, hiWord(y) + ((k + 1000) << 20)) * TWOM1000;
}

/** ln(1 + x), accurate for tiny x too (the correction below recovers what 1 + x rounded away). */
export function dlog1p(x: number): number {
  const u = 1 + x;
  if (u === 1) return x;
  if (u === Infinity) return Infinity;
  return (dlog(u) * x) / (u - 1);
}

/** e^x − 1, accurate for tiny x too. */
export function dexpm1(x: number): number {
  if (Math.abs(x) < 1e-5) return x + (x * x) / 2 + (x * x * x) / 6;
  const u = dexp(x);
  if (u === 1) return x;
  const um1 = u - 1;
  if (um1 === -1) return -1;
  if (u === Infinity) return Infinity;
  return (um1 * x) / dlog(u);
}

/** base^n for an integer n, by repeated squaring (the same sequence of products everywhere). */
export function dpowInt(base: number, n: number): number {
  if (!Number.isInteger(n)) throw new RangeError(`dpowInt: exponent ${n} must be an integer`);
  let e = Math.abs(n);
  let result = 1;
  let b = base;
  while (e > 0) {
    if (e % 2 === 1) result *= b;
    e = Math.floor(e / 2);
    if (e > 0) b *= b;
  }
  return n < 0 ? 1 / result : result;
}

/**
 * base^exponent. Integer exponents go by repeated squaring; otherwise base must be ≥ 0 and the
 * result is e^(exponent·ln base) (a few ulps: fine for rates and draws, which need sameness
 * everywhere more than the last bit of accuracy).
 */
export function dpow(base: number, exponent: number): number {
  if (Number.isInteger(exponent) && Math.abs(exponent) <= 1024) return dpowInt(base, exponent);
  if (base === 1) return 1;
  if (base < 0 || Number.isNaN(base) || Number.isNaN(exponent)) return NaN;
  if (base === 0) return exponent > 0 ? 0 : Infinity;
  return dexp(exponent * dlog(base));
}

// fdlibm s_cbrt.c constants: B1, B2 bias the exponent/3 guess; C…G the rational refinement
const B1 = 715094163; // (682 − 0.03306235651)·2^20
const B2 = 696219795; // (664 − 0.03306235651)·2^20
const CC = 5.42857142857142815906e-1; // 19/35
const CD = -7.05306122448979611050e-1; // −864/1225
const CE = 1.41428571428571436819; // 99/70
const CF = 1.60714285714285720630; // 45/28
const CG = 3.57142857142857150787e-1; // 5/14

/** The next double towards +∞ (x finite, positive). */
function nextUp(x: number): number {
  const lo = loWord(x);
  return lo === 0xffffffff ? fromWords(hiWord(x) + 1, 0) : fromWords(hiWord(x), lo + 1);
}

function nextDown(x: number): number {
  const lo = loWord(x);
  return lo === 0 ? fromWords(hiWord(x) - 1, 0xffffffff) : fromWords(hiWord(x), lo - 1);
}

/** Cube root (real, keeps the sign). Exact for exact cubes (8 → 2, −0.125 → −0.5, 1e15 → 1e5). */
export function dcbrt(x: number): number {
  let hx = hiWord(x);
  const negative = hx < 0;
  hx &= 0x7fffffff;
  if (hx >= 0x7ff00000) return x + x;
  if ((hx | loWord(x)) === 0) return x;
  const a = Math.abs(x);
  // rough root to 5 bits from the exponent divided by 3
  let t: number;
  if (hx < 0x00100000) {
    const scaled = a * TWO54;
    t = fromWords(Math.trunc(hiWord(scaled) / 3) + B2, 0);
  } else {
    t = fromWords(Math.trunc(hx / 3) + B1, 0);
  }
  // to 23 bits
  let r = (t * t) / a;
  let s = CC + r * t;
  t *= CG + CF / (s + CE + CD / s);
  // chop to 20 bits, just above the root, so that t·t below is exact
  t = fromWords(hiWord(t) + 1, 0);
  // one Newton step to 53 bits (error < 0.667 ulp)
  s = t * t;
  r = a / s;
  const w = t + t;
  r = (r - t) / (w + r);
  t = t + t * r;
  // the last bit: if a neighbour cubes to a exactly, it is the exact root
  if (t * t * t !== a) {
    const up = nextUp(t);
    const down = nextDown(t);
    if (up * up * up === a) t = up;
    else if (down * down * down === a) t = down;
  }
  return negative ? -t : t;
}
