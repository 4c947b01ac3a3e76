/**
 * Windowed paths: a zoom into a short stretch of a long series draws only that stretch, at most
 * a few commands per pixel column, and each column's drawn extent is the series' true extent
 * there (checked against a brute-force pass over every sample, not against the builder's own
 * output).
 */
import * as d3 from 'd3';
import { describe, expect, it } from 'vitest';
import { polylinePath } from '../../src/ui/charts/bands.ts';
import { stepPath } from '../../src/ui/charts/series.ts';

const N = 200_000;
const PLOT = [84, 1084] as const; // 1000 pixel columns
const r1 = (v: number): number => Math.round(v * 10) / 10;

/** 200 000 samples over `spanS` seconds with an irregular, deterministic sawtooth-and-noise shape. */
function series(spanS: number): { tS: Float64Array; values: Float64Array } {
  const tS = new Float64Array(N);
  const values = new Float64Array(N);
  let seed = 12345;
  for (let i = 0; i < N; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    tS[i] = (i * spanS) / N;
    values[i] = (i % 997) / 10 + (seed % 100) / 10;
  }
  return { tS, values };
}

/** Every vertex an SVG path of M/L/H/V commands visits, in order. */
function vertices(d: string): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  let x = 0;
  let y = 0;
  for (const m of d.matchAll(/([MLHV])([-\d.]+)(?:,([-\d.]+))?/g)) {
    const a = Number(m[2]);
    if (m[1] === 'H') x = a;
    else if (m[1] === 'V') y = a;
    else [x, y] = [a, Number(m[3])];
    out.push({ x, y });
  }
  return out;
}

const commands = (d: string): number => d.match(/[MLHV]/g)?.length ?? 0;

/**
 * Per pixel column: [min, max] of the y values the path visits there — at its vertices and
 * along its horizontal moves (one H may cross many columns where the line stays level).
 */
function drawnExtent(d: string): Map<number, [number, number]> {
  const cols = new Map<number, [number, number]>();
  const visit = (c: number, y: number): void => {
    const e = cols.get(c);
    cols.set(c, e ? [Math.min(e[0], y), Math.max(e[1], y)] : [y, y]);
  };
  let prev: { x: number; y: number } | null = null;
  for (const { x, y } of vertices(d)) {
    if (prev && prev.y === y) for (let c = Math.floor(prev.x) + 1; c < Math.floor(x); c++) visit(c, y);
    visit(Math.floor(x), y);
    prev = { x, y };
  }
  return cols;
}

describe('windowed step paths', () => {
  it('a 0.1 s zoom into 200 000 dense samples draws ≤ 4 commands per column, each column spanning exactly the series there', () => {
    const { tS, values } = series(2); // 10 000 samples in the window: 10 per pixel column
    const w = [1.3, 1.4];
    const x = d3.scaleLinear().domain(w).range(PLOT);
    const y = d3.scaleLinear().domain([0, 120]).range([400, 40]);
    const d = stepPath({ tS, values }, { x, y, yClamp: [20, 400] }, 2);
    expect(commands(d)).toBeLessThanOrEqual(4 * (PLOT[1] - PLOT[0] + 5));
    expect(d.length).toBeLessThan(64 * 1024);

    // brute force: per column, the step function's range = the value in force when the column
    // starts and every sample inside it
    const expected = new Map<number, [number, number]>();
    let inForce = values[0];
    for (let i = 0; i < N; i++) {
      if (tS[i] < w[0]) {
        inForce = values[i];
        continue;
      }
      if (tS[i] > w[1]) break;
      const c = Math.floor(x(tS[i]));
      const py = r1(y(values[i]));
      const e = expected.get(c) ?? [r1(y(inForce)), r1(y(inForce))];
      expected.set(c, [Math.min(e[0], py), Math.max(e[1], py)]);
      inForce = values[i];
    }
    const drawn = drawnExtent(d);
    for (const [c, range] of expected) expect(drawn.get(c), `column ${c}`).toEqual(range);
    // nothing is drawn outside the window but the two edge columns the clamp allows
    for (const c of drawn.keys()) expect(c >= PLOT[0] - 2 && c <= PLOT[1] + 2, `column ${c}`).toBe(true);
  });

  it('a 0.1 s zoom into 200 000 samples over 60 s reads only the window (exact there: few samples per column)', () => {
    const { tS, values } = series(60); // ≈ 333 samples in the window
    const x = d3.scaleLinear().domain([30, 30.1]).range(PLOT);
    const y = d3.scaleLinear().domain([0, 120]).range([400, 40]);
    const d = stepPath({ tS, values }, { x, y, yClamp: [20, 400] }, 60);
    const inWindow = tS.filter((t) => t >= 30 && t <= 30.1).length;
    // one H and one V per sample in the window, the one in force at its left edge and one past it
    expect(commands(d)).toBeLessThanOrEqual(2 * (inWindow + 2) + 1);
    expect(commands(d)).toBeGreaterThanOrEqual(2 * inWindow);
  });
});

describe('windowed polylines', () => {
  it('a 0.1 s zoom into 200 000 dense points keeps ≤ 4 points per column with the true min and max', () => {
    const { tS, values } = series(2);
    const w = [0.5, 0.6];
    const x = d3.scaleLinear().domain(w).range(PLOT);
    const y = d3.scaleLinear().domain([0, 120]).range([400, 40]);
    const d = polylinePath(tS, values, { x, y });
    expect(commands(d)).toBeLessThanOrEqual(4 * (PLOT[1] - PLOT[0] + 3));
    // brute force over the window's points and the neighbour on each side (the line runs off the edges)
    const expected = new Map<number, [number, number]>();
    const from = tS.findLastIndex((t) => t <= w[0]);
    const to = tS.findIndex((t) => t >= w[1]);
    for (let i = from; i <= to; i++) {
      const c = Math.floor(x(tS[i]));
      const py = r1(y(values[i]));
      const e = expected.get(c);
      expected.set(c, e ? [Math.min(e[0], py), Math.max(e[1], py)] : [py, py]);
    }
    const drawn = drawnExtent(d);
    for (const [c, range] of expected) expect(drawn.get(c), `column ${c}`).toEqual(range);
  });
});
