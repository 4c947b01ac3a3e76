/**
 * The estimate axes' figures kept per line (lineTop, worked out ahead as a comparison's run
 * arrives) give the axis the render would have fitted itself, for any end time.
 */
import { describe, expect, it } from 'vitest';
import { lineTop, robustTop } from '../../src/ui/charts/stats.ts';

describe('estimate axis top with each line’s figures kept', () => {
  it('asked again for another end, a line is summed again up to that end', () => {
    // 1 for 1 s, 100 for 1 s, then 1: up to 10 s the 100 holds 10 % of the time (99th
    // percentile 100, no spike to cut); up to 200 s it holds 0.5 % (99th percentile 1, top 1.6)
    const line = { tS: Float64Array.from([0, 1, 2]), values: Float64Array.from([1, 100, 1]) };
    expect(lineTop(line, 10)).toEqual({ endS: 10, full: 100, typical: 100 });
    expect(robustTop([line], 10)).toBe(100);
    expect(robustTop([line], 200)).toBeCloseTo(1.6, 12);
    expect(robustTop([line], 10)).toBe(100);
  });

  it('over several lines: the largest peak against the largest 99th percentile', () => {
    const spiky = { tS: Float64Array.from([0, 1, 1.001]), values: Float64Array.from([1, 100, 1]) };
    const steady = { tS: Float64Array.from([0, 5]), values: Float64Array.from([1, 2]) };
    lineTop(spiky, 10);
    // peak 100 against a 99th percentile of 2 (the steady line's second half): 100 > 1.6 × 2, so 3.2
    expect(robustTop([spiky, steady], 10)).toBeCloseTo(3.2, 12);
  });
});
