/** Sketch scoring against hand-made curves: identical, shifted, halving vs collapse, no cut. */
import { describe, expect, it } from 'vitest';
import { classify, fillSketch, sampleColumns, scoreSketch, SKETCH_COLUMNS } from '../../src/content/lessons/sketch.ts';

/** A sawtooth by hand: linear growth from `start` by `slope` per column, cut to `after` at column `cutAt`. */
function sawtooth(start: number, slope: number, cutAt: number, after: number): number[] {
  return Array.from({ length: SKETCH_COLUMNS }, (_, i) => (i < cutAt ? start + slope * i : after + slope * (i - cutAt)));
}

describe('sketch shapes', () => {
  it('reads a halving, a collapse, a mild cut and no cut', () => {
    expect(classify(sawtooth(20, 1, 12, 16)).shape).toBe('halving'); // 31 → 16
    expect(classify(sawtooth(20, 1, 12, 1)).shape).toBe('collapse');
    expect(classify(sawtooth(20, 1, 12, 22)).shape).toBe('mild-cut'); // 31 → 22 (0.7)
    expect(classify(sawtooth(20, 1, 99, 0)).shape).toBe('no-cut');
  });

  it('puts the fall where the curve leaves its peak', () => {
    expect(classify(sawtooth(20, 1, 12, 16)).cutColumn).toBe(12);
  });
});

describe('sketch scoring', () => {
  const truth = sawtooth(20, 1, 12, 16);

  it('an identical sketch scores 100 and is told it has the right shape', () => {
    const s = scoreSketch(truth, truth, 'cwnd', 6);
    expect(s.score).toBe(100);
    expect(s.misconception).toBeNull();
    expect(s.feedback[0]).toMatch(/^Right shape: a halving/);
  });

  it('a sketch with the cut 4 columns later keeps the shape, loses points and is told how much later', () => {
    const s = scoreSketch(sawtooth(20, 1, 16, 18), truth, 'cwnd', 6);
    expect(s.predicted.shape).toBe('halving');
    expect(s.score).toBeLessThan(100);
    expect(s.score).toBeGreaterThan(40);
    expect(s.feedback.join(' ')).toContain('1.0 s later');
  });

  it('a halving sketched over a collapse names the timeout misconception', () => {
    const collapse = sawtooth(20, 1, 12, 1);
    const s = scoreSketch(truth, collapse, 'cwnd', 6);
    expect(s.misconception).toBe('expected-fast-recovery');
    expect(s.feedback[0]).toContain('You expected a halving; it fell to 1 segment: a timeout');
    expect(s.score).toBeLessThan(scoreSketch(sawtooth(20, 1, 16, 18), truth, 'cwnd', 6).score);
  });

  it('a collapse sketched over a halving names the fast-recovery case', () => {
    const s = scoreSketch(sawtooth(20, 1, 12, 1), truth, 'cwnd', 6);
    expect(s.misconception).toBe('expected-restart');
    expect(s.feedback[0]).toContain('three duplicate ACKs triggered a fast retransmit');
  });

  it('steady growth sketched over a cut says a standard sender treats every loss as congestion', () => {
    const s = scoreSketch(sawtooth(20, 1, 99, 0), truth, 'cwnd', 6);
    expect(s.misconception).toBe('expected-no-reaction');
  });

  it('a halving sketched over a 70 % cut says not every variant halves', () => {
    const s = scoreSketch(truth, sawtooth(20, 1, 12, 22), 'cwnd', 6);
    expect(s.misconception).toBe('expected-halving');
  });

  it('refuses sketches with the wrong number of columns', () => {
    expect(() => scoreSketch([1, 2], truth, 'cwnd', 6)).toThrow(RangeError);
  });
});

describe('sketch input', () => {
  it('fills unset columns with straight lines, flat beyond the ends', () => {
    expect(fillSketch([null, 2, null, 6, null])).toEqual([2, 2, 4, 6, 6]);
    expect(fillSketch([null, null])).toBeNull();
  });

  it('samples a step series at column centres', () => {
    expect(sampleColumns({ tS: [0, 1, 2], values: [5, 10, 20] }, 0, 3, 3)).toEqual([5, 10, 20]);
  });
});
