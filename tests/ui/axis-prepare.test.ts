/**
 * Axis figures worked out ahead, as a comparison's run arrives (the cwnd axis's prepareCwndStats,
 * the estimate axes' lineTop), give the axis the render would have fitted itself, for the whole
 * run and for any other window or end.
 */
import { describe, expect, it } from 'vitest';
import { cwndYRange, prepareCwndStats } from '../../src/ui/charts/cwndChart.ts';
import { lineTop, robustTop } from '../../src/ui/charts/stats.ts';

// 0–1 s slow start to 100; 1–7 s a recovery inflated to 1 000; from 7 s a sawtooth between 25 and 50 (one tooth per 2 s); ssthresh 25
function run(): { series: { tS: Float64Array; cwndSeg: Float64Array; ssthreshSeg: Float64Array } } {
  const tS = [0, 0.5, 1];
  const cwnd = [2, 50, 1000];
  for (let t = 7; t < 30; t += 2) {
    tS.push(t, t + 1, t + 1.999);
    cwnd.push(25, 37, 50);
  }
  return { series: { tS: Float64Array.from(tS), cwndSeg: Float64Array.from(cwnd), ssthreshSeg: Float64Array.from(tS.map(() => 25)) } };
}

describe('cwnd y range prepared on arrival', () => {
  it('over the whole run: the 1 000-segment spike × 1.08, as unprepared', () => {
    const r = run();
    prepareCwndStats(r.series, 30);
    const range = cwndYRange([r], 30);
    expect(range.full).toBeCloseTo(1000 * 1.08, 9);
    // the spike lasts 6 of 30 s: the 90th percentile is the spike, so the focused range is the full one
    expect(range.focused).toBe(range.full);
    expect(range).toEqual(cwndYRange([run()], 30));
  });

  it('a zoom after preparing the whole run fits the teeth (50 × 1.08), not the prepared spike', () => {
    const r = run();
    prepareCwndStats(r.series, 30);
    const range = cwndYRange([r], 30, [10, 20]);
    expect(range.full).toBeCloseTo(50 * 1.08, 9);
    expect(range.focused).toBe(range.full);
  });

  it('prepared for a shorter end than the picture shows: the picture’s own window counts', () => {
    const r = run();
    // up to 5 s the 1 000 segments hold for 4 of 5 s; over 30 s the 90th percentile is the spike too, but 6.5 … 30 s differs
    prepareCwndStats(r.series, 5);
    const range = cwndYRange([r], 30, [6.5, 30]);
    expect(range.full).toBeCloseTo(1000 * 1.08, 9);
    // of the 23.5 s shown, cwnd is 25 for 12 s, 37 for ≈ 11 s and 1 000 for 0.5 s: the 90th percentile is 37
    expect(range.focused).toBeCloseTo(37 * 1.7, 9);
  });
});

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
