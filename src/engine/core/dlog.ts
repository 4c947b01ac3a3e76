/**
 * `dlog` (fdlibm's e_log.c) and the bit-level helpers every function of ./dmath.ts builds on, in a
 * file of their own: the engine's core needs only the logarithm (exponential draws), and the
 * simulation worker's first chunk then does not carry the rest of ./dmath.ts, which only modules
 * loaded on demand use. ./dmath.ts re-exports `dlog`; see it for why these functions exist.
 */

const view = new DataView(new ArrayBuffer(8));

/** The high 32 bits (sign, exponent, top of the mantissa) of a double, as a signed int. */
export function hiWord(x: number): number {
  view.setFloat64(0, x);
  return view.getInt32(0);
}

export function loWord(x: number): number {
  view.setFloat64(0, x);
  return view.getUint32(4);
}

export function fromWords(hi: number, lo: number): number {
  view.setInt32(0, hi | 0);
  view.setUint32(4, lo >>> 0);
  return view.getFloat64(0);
}

export function withHiWord(x: number, hi: number): number {
  return fromWords(hi, loWord(x));
}

export const LN2_HI = 6.93147180369123816490e-1; // 0x3fe62e42 fee00000: k·LN2_HI is exact for |k| < 2^11
export const LN2_LO = 1.90821492927058770002e-10; // 0x3dea39ef 35793c76
export const TWO54 = 1.8014398509481984e16;

const LG1 = 6.666666666666735130e-1;
const LG2 = 3.999999999940941908e-1;
const LG3 = 2.857142874366239149e-1;
const LG4 = 2.222219843214978396e-1;
const LG5 = 1.818357216161805012e-1;
const LG6 = 1.531383769920937332e-1;
const LG7 = 1.479819860511658591e-1;

/** Natural logarithm. log(±0) = −∞, log(x < 0) = NaN, log(∞) = ∞. */
export function dlog(x: number): number {
  let hx = hiWord(x);
  const lx = loWord(x);
  let k = 0;
  if (hx < 0x00100000) {
    if (((hx & 0x7fffffff) | lx) === 0) return -Infinity;
    if (hx < 0) return NaN;
    // subnormal: scale into the normal range
    k -= 54;
    x *= TWO54;
    hx = hiWord(x);
  }
  if (hx >= 0x7ff00000) return x + x;
  k += (hx >> 20) - 1023;
  hx &= 0x000fffff;
  // x = 2^k·m with m in [√2/2, √2): pick m or m/2 so that f = m − 1 is small
  const i = (hx + 0x95f64) & 0x100000;
  x = withHiWord(x, hx | (i ^ 0x3ff00000));
  k += i >> 20;
  const f = x - 1;
  const dk = k;
  if ((0x000fffff & (2 + hx)) < 3) {
    // |f| < 2^-20
    if (f === 0) return k === 0 ? 0 : dk * LN2_HI + dk * LN2_LO;
    const r = f * f * (0.5 - 0.3333333333333333 * f);
    return k === 0 ? f - r : dk * LN2_HI - (r - dk * LN2_LO - f);
  }
  const s = f / (2 + f);
  const z = s * s;
  const w = z * z;
  const t1 = w * (LG2 + w * (LG4 + w * LG6));
  const t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
  const r = t2 + t1;
  if (((hx - 0x6147a) | (0x6b851 - hx)) > 0) {
    const hfsq = 0.5 * f * f;
    return k === 0 ? f - (hfsq - s * (hfsq + r)) : dk * LN2_HI - (hfsq - (s * (hfsq + r) + dk * LN2_LO) - f);
  }
  return k === 0 ? f - s * (f - r) : dk * LN2_HI - (s * (f - r) - dk * LN2_LO - f);
}
