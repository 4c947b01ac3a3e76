/** The cwnd panel's y axis: fitted to the window shown, so a zoom into a sawtooth is not flattened by a spike elsewhere. */
import { describe, expect, it } from 'vitest';
import { cwndYRange, prepareCwndStats } from '../../src/ui/charts/cwndChart.ts';

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

describe('cwnd y range', () => {
  it('over the whole run: the full range reaches the 1 000-segment spike, the focused one cuts it off', () => {
    const r = cwndYRange([run()], 30);
    expect(r.full).toBeCloseTo(1000 * 1.08, 9);
    // 90 % of the time cwnd is at most 50 ... but the spike lasts 6 of 30 s, so the 90th percentile is the spike itself
    expect(r.focused).toBe(r.full);
  });

  it('zoomed into the sawtooth (10–20 s): both ranges fit the teeth, 50 segments × 1.08', () => {
    const r = cwndYRange([run()], 30, [10, 20]);
    expect(r.full).toBeCloseTo(50 * 1.08, 9);
    expect(r.focused).toBe(r.full);
  });

  it('a window that starts inside the spike counts the value in force at its start', () => {
    const r = cwndYRange([run()], 30, [6.5, 30]);
    expect(r.full).toBeCloseTo(1000 * 1.08, 9);
    // of the 23.5 s shown, cwnd is 25 for 12 s, 37 for ≈ 11 s, 1 000 for 0.5 s: the 90th
    // percentile is 37, and the focused range 1.7 × 37 cuts the spike off
    expect(r.focused).toBeCloseTo(37 * 1.7, 9);
  });
});

// worked out ahead as a comparison's run arrives (prepareCwndStats): the same axis for the whole run, and any other window summed again
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
