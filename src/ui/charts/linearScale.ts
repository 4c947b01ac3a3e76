/**
 * The linear scale of the time panels' frame (frame.ts): d3-scale's scaleLinear as the frame
 * uses it (map and invert, ticks, nice, a tick format) without d3-scale itself. Its continuous
 * scale's default interpolator and its tick format bring d3-interpolate, d3-color and d3-format
 * with it, about 9 kB gzipped of the page's first load, none of which a number-to-pixel map needs.
 * Charts that load later use d3-scale as before.
 *
 * The arithmetic is d3-scale 4's (continuous.js, linear.js) step by step, so every coordinate is
 * the same double; ticks and steps are d3-array's; tick labels are Intl's in the form d3-format's
 * ",.Nf" gives (grouped thousands, N decimals from the tick step, "−" for minus).
 * tests/ui/linearScale.test.ts holds it against d3-scale.
 */
import { tickIncrement, ticks, tickStep } from 'd3';

export interface LinearScale {
  (x: number): number;
  domain(): number[];
  domain(d: Iterable<number>): this;
  range(): number[];
  range(r: Iterable<number>): this;
  invert(y: number): number;
  ticks(count?: number): number[];
  tickFormat(count?: number): (d: number) => string;
  nice(count?: number): this;
  copy(): this;
}

// d3-interpolate's interpolateNumber and d3-scale's normalize and bimap (two-point domains only)
const lerp =
  (a: number, b: number) =>
  (t: number): number =>
    a * (1 - t) + b * t;
function normalize(a: number, b: number): (x: number) => number {
  const span = b - a;
  return span ? (x) => (x - a) / span : () => (isNaN(span) ? NaN : 0.5);
}
function bimap(d: readonly number[], r: readonly number[]): (x: number) => number {
  const [n, i] = d[1] < d[0] ? [normalize(d[1], d[0]), lerp(r[1], r[0])] : [normalize(d[0], d[1]), lerp(r[0], r[1])];
  return (x) => i(n(x));
}

/** d3-format's ",.Nf" for a tick step, as d3-scale's tickFormat picks N (precisionFixed). */
function fixedFormat(step: number): (d: number) => string {
  // the step's decimal exponent as d3-format reads it (from toExponential); none for 0 or a
  // non-finite step, which then gets d3-format's default of 6 decimals
  const a = Math.abs(step);
  const decimals = !isFinite(a) || a === 0 ? 6 : Math.min(100, Math.max(0, -Number(a.toExponential().split('e')[1])));
  const nf = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return (d) => {
    const s = nf.format(Math.abs(d));
    // a minus only on what still reads as non-zero once rounded, and d3's typographic one
    return d < 0 && /[1-9]/.test(s) ? `−${s}` : s;
  };
}

export function linearScale(): LinearScale {
  let dom = [0, 1];
  let ran = [0, 1];
  let output = bimap(dom, ran);
  let input = bimap(ran, dom);
  const rescale = (): void => {
    output = bimap(dom, ran);
    input = bimap(ran, dom);
  };
  const scale = ((x: number) => {
    const v = x == null ? NaN : +x;
    return isNaN(v) ? undefined : output(v);
  }) as LinearScale;
  scale.domain = ((d?: Iterable<number>) => {
    if (d === undefined) return dom.slice();
    dom = Array.from(d, Number);
    if (dom.length !== 2) throw new Error(`linearScale: a domain of two values, not ${dom.length}`);
    rescale();
    return scale;
  }) as LinearScale['domain'];
  scale.range = ((r?: Iterable<number>) => {
    if (r === undefined) return ran.slice();
    ran = Array.from(r);
    if (ran.length !== 2) throw new Error(`linearScale: a range of two values, not ${ran.length}`);
    rescale();
    return scale;
  }) as LinearScale['range'];
  scale.invert = (y) => input(y);
  scale.ticks = (count = 10) => ticks(dom[0], dom[1], count);
  scale.tickFormat = (count = 10) => fixedFormat(tickStep(dom[0], dom[1], count));
  // d3-scale's linearish nice(), with its ten rounds at most
  scale.nice = (count = 10) => {
    let i0 = 0;
    let i1 = 1;
    let start = dom[i0];
    let stop = dom[i1];
    let prestep: number | undefined;
    if (stop < start) {
      [start, stop] = [stop, start];
      [i0, i1] = [i1, i0];
    }
    for (let rounds = 10; rounds > 0; rounds--) {
      const step = tickIncrement(start, stop, count);
      if (step === prestep) {
        const d = dom.slice();
        d[i0] = start;
        d[i1] = stop;
        return scale.domain(d);
      } else if (step > 0) {
        start = Math.floor(start / step) * step;
        stop = Math.ceil(stop / step) * step;
      } else if (step < 0) {
        start = Math.ceil(start * step) / step;
        stop = Math.floor(stop * step) / step;
      } else break;
      prestep = step;
    }
    return scale;
  };
  scale.copy = () => linearScale().domain(dom).range(ran) as typeof scale;
  return scale;
}
