/** The verdict from hand-made cells: orderings by the text and by printed values, bounds, distance, badges. */
import { describe, expect, it } from 'vitest';
import type { FigurePreset } from '../../src/experiments/figures.ts';
import type { Cell } from '../../src/experiments/results.ts';
import { parseExperiment, type Experiment } from '../../src/experiments/spec.ts';
import { summarize } from '../../src/experiments/stats.ts';
import { verdict } from '../../src/experiments/verdict.ts';

const r = parseExperiment({
  id: 'v',
  title: 'v',
  base: { preset: 'lp-uncorrelated' },
  axis: { label: 'PER', scale: 'log', values: [0.01, 0.1], set: ['path.1.forward.errors.0.per={x}'] },
  variants: ['reno', 'probing'],
  seeds: [1],
  metrics: ['completionTimeS'],
});
if (!r.ok) throw new Error('invalid');
const E: Experiment = r.experiment;

/** Cells with these means: [per 0.01, per 0.1] for reno and probing. */
function cells(reno: [number, number], probing: [number, number]): Cell[] {
  const mk = (variant: string, i: number, v: number): Cell => ({
    point: { index: i, x: [0.01, 0.1][i], label: String([0.01, 0.1][i]), edits: [] },
    variant,
    stats: { completionTimeS: summarize([v]) },
    rows: [],
  });
  return [mk('reno', 0, reno[0]), mk('probing', 0, probing[0]), mk('reno', 1, reno[1]), mk('probing', 1, probing[1])];
}

const fig = (published: FigurePreset['published'], claims: FigurePreset['claims'] = []): FigurePreset => ({ paper: 'p', figure: 'Fig. 1', experiment: {} as never, published, claims });
const table = (reno: [number, number], probing: [number, number]) => ({
  source: 'Paper, Table 1',
  kind: 'table' as const,
  metric: 'completionTimeS',
  label: 'testbed',
  unit: 's',
  toBase: 1,
  points: [
    { at: 0.01, variant: 'reno', value: reno[0] },
    { at: 0.01, variant: 'probing', value: probing[0] },
    { at: 0.1, variant: 'reno', value: reno[1] },
    { at: 0.1, variant: 'probing', value: probing[1] },
  ],
});

describe('verdict', () => {
  it('same order and values within 20 %: matches; median difference as computed by hand', () => {
    // ours vs paper: 44/40 (+10 %), 36/40 (−10 %), 60/50 (+20 %), 45/50 (−10 %) → median 10 %
    const v = verdict(fig([table([40, 50], [40, 50])]), E, cells([44, 60], [36, 45]));
    expect(v.medianRelDiff).toBeCloseTo(0.1, 12);
    expect(v.comparedValues).toBe(4);
    // the printed values tie at both points: no order to check
    expect(v.total).toBe(0);
    expect(v.badge).toBe('matches');
  });

  it('an ordering the printed values give is checked at each point; a flip fails there', () => {
    const v = verdict(fig([table([40, 60], [30, 50])]), E, cells([40, 50], [30, 60]));
    expect(v.checks).toHaveLength(1);
    expect(v.checks[0]).toMatchObject({ agree: 1, total: 2, failedAt: ['0.1'] });
    expect(v.badge).toBe('partly');
  });

  it('claims from the text: order, bound and closeness', () => {
    const claims: FigurePreset['claims'] = [
      { kind: 'order', metric: 'completionTimeS', pairs: [['reno', 'probing']], text: 'probing no slower' },
      { kind: 'at-least', metric: 'completionTimeS', variant: 'probing', min: 35, text: 'at least 35 s' },
      { kind: 'close', metric: 'completionTimeS', variants: ['reno', 'probing'], withinPct: 10, text: 'close' },
    ];
    const v = verdict(fig([], claims), E, cells([40, 50], [38, 30]));
    expect(v.checks.map((c) => [c.agree, c.total])).toEqual([
      [2, 2],
      [1, 2],
      [1, 2],
    ]);
    expect(v.agree / v.total).toBeCloseTo(4 / 6, 12);
    expect(v.medianRelDiff).toBeNull();
    expect(v.badge).toBe('partly');
  });

  it('badges at the thresholds: < 50 % agreeing or > 50 % off does not match; nothing to compare says so', () => {
    expect(verdict(fig([table([40, 60], [30, 50])]), E, cells([30, 50], [40, 60])).badge).toBe('does not match');
    expect(verdict(fig([table([40, 50], [40, 50])]), E, cells([100, 100], [100, 100])).badge).toBe('does not match');
    expect(verdict(fig([]), E, cells([1, 1], [1, 1])).badge).toBe('no data');
  });

  it('the paper’s own model columns are drawn, not scored', () => {
    const model = { ...table([1, 1], [1, 1]), label: 'model, eq. 19 (paper)', model: true as const };
    expect(verdict(fig([model]), E, cells([40, 50], [40, 50])).comparedValues).toBe(0);
  });
});
