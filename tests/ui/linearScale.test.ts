/**
 * The frame's linear scale (src/ui/charts/linearScale.ts) against d3-scale's scaleLinear, which
 * it stands in for in the first load: the same pixel for every value and the same value for
 * every pixel (to the last bit), the same ticks, the same domain after nice(), and the same tick
 * labels as d3-format gives, on the frame's own domains and on random ones.
 */
import fc from 'fast-check';
import { scaleLinear } from 'd3';
import { describe, expect, it } from 'vitest';
import { linearScale } from '../../src/ui/charts/linearScale.ts';

// values an axis meets: whole numbers at powers of ten from 1e-6 to 1e3 (d3-array's ticks itself
// fails on subnormal domains, which no chart has)
const finite = fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -6, max: 3 })).map(([i, e]) => i * 10 ** e);

/** Every observable the frame reads, from both scales over the same domain and range. */
function compare(domain: [number, number], range: [number, number], nice: boolean, probes: readonly number[]): void {
  const ref = scaleLinear().domain(domain).range(range);
  const own = linearScale().domain(domain).range(range);
  if (nice) {
    ref.nice();
    own.nice();
  }
  expect(own.domain()).toEqual(ref.domain());
  expect(own.range()).toEqual(ref.range());
  for (const v of [...probes, ...ref.domain(), ...ref.range()]) {
    expect(Object.is(own(v), ref(v)), `scale(${v}): ${own(v)} against ${ref(v)}`).toBe(true);
    expect(Object.is(own.invert(v), ref.invert(v)), `invert(${v}): ${own.invert(v)} against ${ref.invert(v)}`).toBe(true);
  }
  for (const count of [2, 3, 5, 7, 10, 13]) {
    const t = ref.ticks(count);
    expect(own.ticks(count)).toEqual(t);
    const refFormat = ref.tickFormat(count);
    const ownFormat = own.tickFormat(count);
    for (const v of [...t, ...probes]) expect(ownFormat(v), `tick ${v} (count ${count})`).toBe(refFormat(v));
  }
}

describe('the frame\'s linear scale', () => {
  it('matches d3-scale on the time and value axes the panels draw', () => {
    // time windows (whole runs, zooms down to the 1 ms minimum) over plot widths; cwnd axes, niced
    for (const w of [[0, 100], [0, 10], [12.5, 13.5], [0, 0.001], [41.2345, 41.2355], [0, 3600]] as [number, number][])
      for (const px of [[84, 1252], [84, 362], [84, 85]] as [number, number][]) compare(w, px, false, [w[0], (w[0] + w[1]) / 2, w[1], w[1] + 1, -1, 0.1234567]);
    for (const max of [1, 7.5, 49.99, 100, 1000, 14_000, 123_456])
      for (const px of [[662, 34], [35, 34], [300, 34]] as [number, number][]) compare([0, max], px, true, [0, max / 3, max, -max, 0.5]);
  });

  it('matches d3-scale on random domains and ranges, plain and niced, for values in and out of them', () => {
    fc.assert(
      fc.property(finite, finite, finite, finite, fc.boolean(), fc.array(finite, { maxLength: 6 }), (d0, d1, r0, r1, nice, probes) => {
        compare([d0, d1], [r0, r1], nice, probes);
      }),
      { numRuns: 300, seed: 37 },
    );
  });

  it('matches d3-format\'s labels: grouped thousands, a typographic minus, no minus on what rounds to zero, and a tick step of 0', () => {
    compare([-25_000, 25_000], [0, 500], false, [-0, -0.0001, -12_345.678, 1_234_567]);
    compare([5, 5], [0, 100], false, [5, -0.0000001]);
    expect(linearScale().domain([-2000, 2000]).tickFormat(4)(-2000)).toBe('−2,000');
  });

  it('copies: a copy keeps the domain and range, and changing it leaves the original', () => {
    const a = linearScale().domain([0, 10]).range([0, 100]);
    const b = a.copy().domain([0, 20]);
    expect(a.domain()).toEqual([0, 10]);
    expect(b.range()).toEqual([0, 100]);
    expect(b(10)).toBe(50);
    expect(a(10)).toBe(100);
  });
});
