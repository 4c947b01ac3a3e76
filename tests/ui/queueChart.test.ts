/**
 * The queue chart's backlog area, drawn in pieces (closedDown of each stepPieces piece): each
 * piece is closed straight down to the baseline, and together they cover exactly the area under
 * the step line — by hand for a 300-pixel line, and for random lines against the whole line's area.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closedDown } from '../../src/ui/charts/queueChart.ts';
import { stepPath, stepPieces } from '../../src/ui/charts/series.ts';

const identity = { x: (t: number) => t, y: (v: number) => v, yClamp: [-1e9, 1e9] as const };

/** Area enclosed by a closed path of M/H/V moves ending in Z (shoelace formula). */
function enclosedArea(d: string): number {
  const pts: [number, number][] = [];
  let x = 0;
  let y = 0;
  for (const [, c, a, b] of d.matchAll(/([MHVZ])([-\d.]+)?(?:,([-\d.]+))?/g)) {
    if (c === 'Z') break;
    if (c === 'M') [x, y] = [Number(a), Number(b)];
    else if (c === 'H') x = Number(a);
    else y = Number(a);
    pts.push([x, y]);
  }
  let twice = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x0, y0] = pts[i];
    const [x1, y1] = pts[(i + 1) % pts.length];
    twice += x0 * y1 - x1 * y0;
  }
  return Math.abs(twice) / 2;
}

describe('queue chart backlog area in pieces', () => {
  it('closes each piece down to the baseline and back to where it starts', () => {
    // the line of series.test's 300-px case: 5 until 100 px, 7 until 200 px, then 2; baseline at 10
    const line = { tS: Float64Array.from([0, 100, 200]), values: Float64Array.from([5, 7, 2]) };
    const areas = stepPieces(line, identity, 300).map((p) => closedDown(p.d, 10));
    expect(areas).toEqual(['M0,5H100V7H128V10H0Z', 'M128,7H200V2H256V10H128Z', 'M256,2H300V10H256Z']);
    // by hand: 100·(10−5) + 100·(10−7) + 100·(10−2) = 500 + 300 + 800
    expect(areas.map(enclosedArea).reduce((a, b) => a + b)).toBe(1600);
  });

  it('covers exactly the area under the whole line, for any line', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 9 })), { minLength: 1, maxLength: 60 }), (steps) => {
        const tS = Float64Array.from(steps.map((_, i) => steps.slice(0, i).reduce((s, [dt]) => s + dt, 0)));
        const values = Float64Array.from(steps.map(([, v]) => v));
        const end = tS[tS.length - 1] + 17;
        const whole = stepPath({ tS, values }, identity, end);
        const pieces = stepPieces({ tS, values }, identity, end).map((p) => closedDown(p.d, 10));
        expect(pieces.map(enclosedArea).reduce((a, b) => a + b)).toBeCloseTo(enclosedArea(`${whole}V10H0Z`), 6);
      }),
      { numRuns: 200 },
    );
  });

  it('draws nothing for a path that does not start with a move', () => {
    expect(closedDown('', 10)).toBe('');
  });
});
