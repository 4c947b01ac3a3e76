/**
 * A comparison filling in keeps the last complete picture's axis maxima (steadyMaxima): by hand,
 * each maximum is the larger of the runs in so far and the last complete set's over the same
 * window; a complete set, another window or no earlier picture is fitted to its own runs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { focusedRange } from '../../src/ui/charts/cwndChart.ts';
import { steadyMaxima } from '../../src/ui/panels/steadyAxis.ts';

describe('steadyMaxima', () => {
  const last = { key: '0|60|60', maxima: { full: 80, focused: 20 } };

  it('raises each maximum of a set still filling in to the last complete picture’s', () => {
    expect(steadyMaxima({ full: 50, focused: 30 }, true, last, '0|60|60')).toEqual({ full: 80, focused: 30 });
  });

  it('fits a complete set to its own runs, even below the last picture', () => {
    const fitted = { full: 50, focused: 10 };
    expect(steadyMaxima(fitted, false, last, '0|60|60')).toBe(fitted);
  });

  it('fits to the runs in so far over another window or run length, or with no picture before', () => {
    const fitted = { full: 50, focused: 10 };
    expect(steadyMaxima(fitted, true, last, '10|20|60')).toBe(fitted);
    expect(steadyMaxima(fitted, true, last, '0|60|30')).toBe(fitted);
    expect(steadyMaxima(fitted, true, null, '0|60|60')).toBe(fitted);
  });

  it('never lowers a maximum and never exceeds the larger of the two', () => {
    const maxima = fc.record({ full: fc.double({ min: 0, max: 1e6, noNaN: true }), focused: fc.double({ min: 0, max: 1e6, noNaN: true }) });
    fc.assert(
      fc.property(maxima, maxima, (fitted, before) => {
        const out = steadyMaxima(fitted, true, { key: 'k', maxima: before }, 'k');
        for (const k of ['full', 'focused'] as const) {
          expect(out[k]).toBeGreaterThanOrEqual(fitted[k]);
          expect(out[k]).toBeGreaterThanOrEqual(before[k]);
          expect([fitted[k], before[k]]).toContain(out[k]);
        }
      }),
    );
  });

  it('keeps the complete picture’s focused range when the runs in so far lack its excursion', () => {
    // complete: NewReno's 1 250-segment excursion made the full range 1 350 and the focus the sawtooth's 440
    const complete = { key: 'k', maxima: { full: 1350, sawtooth: 440, focused: focusedRange(1350, 440) } };
    expect(complete.maxima.focused).toBe(440);
    // Tahoe and Reno in: peaks of 505 (full 545), sawtooth 400, too close to the full range to focus
    const fitted = { full: 545, sawtooth: 400, focused: focusedRange(545, 400) };
    expect(fitted.focused).toBe(545);
    const held = steadyMaxima(fitted, true, complete, 'k');
    expect(focusedRange(held.full, held.sawtooth)).toBe(440);
  });
});
