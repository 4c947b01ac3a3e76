/**
 * Seeded random numbers with named, independent streams. Each component asks for its own
 * stream (`rng.stream('link:bottleneck/fwd:loss')`), derived from the seed and the name only,
 * so adding a flow or a link never changes the draws another component sees.
 *
 * Generator: sfc32 (Chris Doty-Humphrey's Small Fast Counter, 128-bit state, passes PractRand),
 * state seeded through splitmix32 from seed ⊕ FNV-1a(name).
 */

import { dlog } from './dlog.ts';

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) | 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

export class RandomStream {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, name: string) {
    const st = { s: (seed ^ fnv1a(name)) | 0 };
    this.a = splitmix32(st);
    this.b = splitmix32(st);
    this.c = splitmix32(st);
    this.d = splitmix32(st);
    for (let i = 0; i < 12; i++) this.nextUint32(); // let the counter mix in
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1), 32 bits of resolution. */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform in [lo, hi). */
  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** True with probability p. */
  bernoulli(p: number): boolean {
    return this.next() < p;
  }

  /** Exponential with the given mean (inverse transform; 1 − u avoids log(0)). */
  exponential(mean: number): number {
    return -mean * dlog(1 - this.next());
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /**
   * Uniform with the given mean and standard deviation — the 3G paper's u(mean, sd): uniform on
   * [mean − √3·sd, mean + √3·sd), whose standard deviation is sd.
   */
  uniformMeanSd(mean: number, sd: number): number {
    if (!(sd >= 0)) throw new RangeError(`uniformMeanSd: standard deviation ${sd} must be ≥ 0`);
    const halfWidth = Math.sqrt(3) * sd;
    return this.uniform(mean - halfWidth, mean + halfWidth);
  }
}

export class Rng {
  constructor(readonly seed: number) {}
  /** The stream for one named component; the same name always gives the same sequence. */
  stream(name: string): RandomStream {
    return new RandomStream(this.seed >>> 0, name);
  }
}
