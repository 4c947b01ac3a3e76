/**
 * The figure presets: each is a valid experiment on a paper preset, names its source, and its
 * published data (typed from the papers, checked against their text by hand) cite their table or
 * figure and cover the swept points; the models agree with their formulas at a hand-computed point.
 */
import { describe, expect, it } from 'vitest';
import { FIGURES, getFigure } from '../../src/experiments/figures.ts';
import { parseMetricRef } from '../../src/experiments/metrics.ts';
import { axisPoints, parseExperiment } from '../../src/experiments/spec.ts';
import { presetNames } from '../../src/content/presets/index.ts';

const REQUIRED = ['lp-fig2a', 'lp-fig2b', 'lp-fig4a', 'lp-fig4b', 'lp-fig5', 'lp-fig6a', 'lp-fig7a', 'lp-fig8a', 'lp-fig11', 'probing-fig3', 'probing-fig7', 'probing-fig14', 'real-table1', 'real-handoff', '3g-table2', 'nj-fig16'];

describe('figure presets', () => {
  it('include every figure the issue lists', () => {
    expect(FIGURES.map((f) => f.experiment.id)).toEqual(expect.arrayContaining(REQUIRED));
    expect(new Set(FIGURES.map((f) => f.experiment.id)).size).toBe(FIGURES.length);
  });

  for (const fig of FIGURES) {
    describe(fig.experiment.id, () => {
      const parsed = parseExperiment(fig.experiment);
      it('is a valid experiment on a paper preset, naming its paper and figure', () => {
        expect(parsed.ok, parsed.ok ? '' : parsed.errors.map((e) => `${e.path}: ${e.message}`).join('\n')).toBe(true);
        const base = fig.experiment.base;
        expect('preset' in base && presetNames().includes(base.preset)).toBe(true);
        expect(fig.experiment.source).toMatch(/(Fig\.|Table)/);
        expect(fig.figure).toMatch(/(Fig\.|Table)/);
      });

      it('has printed values citing their source and covering the swept points, or says why it has none', () => {
        if (!parsed.ok) return;
        const e = parsed.experiment;
        const points = axisPoints(e);
        const ats = points.map((p) => (p.x === null ? p.label : p.x));
        if (fig.published.length === 0) expect(fig.noValues).toMatch(/prints no values|not printed/);
        for (const s of fig.published) {
          expect(s.source).toMatch(/(Table|Fig\.|§)/);
          expect(['table', 'figure-approx', 'text']).toContain(s.kind);
          expect(e.metrics).toContain(s.metric);
          expect(() => parseMetricRef(s.metric)).not.toThrow();
          expect(s.toBase).toBeGreaterThan(0);
          for (const p of s.points) {
            expect(ats, `${s.source}: value at ${p.at} is not a swept point`).toContain(p.at);
            expect(e.variants).toContain(p.variant);
            expect(Number.isFinite(p.value)).toBe(true);
          }
          // a table's values cover every swept point (a cell garbled in our copy is named in the note)
          if (s.kind === 'table') for (const at of ats) expect(s.points.some((p) => p.at === at), `${s.source} has no value at ${at}`).toBe(true);
        }
      });

      it('states claims only about metrics and variants it records', () => {
        if (!parsed.ok) return;
        for (const c of fig.claims) {
          expect(parsed.experiment.metrics).toContain(c.metric);
          const vs = c.kind === 'order' ? c.pairs.flat() : c.kind === 'at-least' || c.kind === 'at-most' ? [c.variant] : c.variants;
          for (const v of vs) expect(parsed.experiment.variants).toContain(v);
        }
      });
    });
  }
});

describe('printed values, spot checks against the papers (typed by hand again here)', () => {
  const value = (id: string, metric: string, at: number | string, variant: string): number | undefined =>
    getFigure(id)!.published.find((s) => s.metric === metric && !s.model)?.points.find((p) => p.at === at && p.variant === variant)?.value;

  it('TCP-Probing Table A1 and A6', () => {
    expect(value('probing-fig3', 'completionTimeS', 0.16, 'reno')).toBe(49.9);
    expect(value('probing-fig3', 'completionTimeS', 0.4, 'probing')).toBe(53.7);
    expect(value('probing-fig7', 'overheadPct', 0, 'reno')).toBe(2.84);
    expect(value('probing-fig14', 'overheadPct', 0.25, 'probing')).toBe(17.11);
  });

  it('TCP-Real Tables 1, 3, 4, 6 (KB/s as 8000 bit/s)', () => {
    expect(value('real-table1', 'goodputBps', 0.1, 'tahoe')).toBe(127.45);
    expect(value('real-table1', 'appSuccessPct', 0.2, 'real')).toBe(51.0);
    expect(value('real-handoff', 'goodputBps', 'handoff', 'real')).toBe(549.67);
    expect(value('real-handoff', 'appSuccessPct', 'handoff', 'tahoe')).toBe(62.57);
    expect(getFigure('real-table1')!.published[0].toBase).toBe(8000);
    // 5 MB in Table 1's 22.06 s is the printed 237.65 KB/s with K = 1000
    expect(5 * 1024 * 1024 / 22.06 / 1000).toBeCloseTo(237.65, 0);
  });

  it('3G Table 2 and New Jersey Table 1', () => {
    expect(value('3g-table2', 'goodputBps', 'case 4', 'reno')).toBe(129.4);
    expect(getFigure('3g-table2')!.published[1].points[8].value).toBe(125.0);
    expect(value('nj-table1', 'congestionLossPct@wireless/fwd', 'nj-asymmetric', 'sack')).toBe(0.258);
  });
});

describe('models', () => {
  it('LP Fig. 4(a): Mathis at p = 1e-2 is (1500·8 / 0.1) · √(3 / (2·2·0.01)) = 1.039 Mb/s; capped at C_SN payload', () => {
    const r = parseExperiment(getFigure('lp-fig4a')!.experiment);
    if (!r.ok) throw new Error('invalid');
    const [mathis] = getFigure('lp-fig4a')!.models!(r.experiment);
    const at = (p: number): number => {
      const near = mathis.values.reduce((a, b) => (Math.abs(Math.log(b.at as number / p)) < Math.abs(Math.log(a.at as number / p)) ? b : a));
      return near.value;
    };
    expect(mathis.values.at(-1)!.at).toBeCloseTo(0.1, 12);
    expect(mathis.values.at(-1)!.value).toBeCloseTo(120_000 * Math.sqrt(3 / 0.4), 3);
    expect(at(1e-4)).toBeCloseTo((2e6 * 1500) / 1540, 3);
  });

  it('3G case 1: the sawtooth at µ = 200 kb/s of 1052-byte packets, τ = 0.4 s, B = 10', () => {
    const r = parseExperiment(getFigure('3g-table2')!.experiment);
    if (!r.ok) throw new Error('invalid');
    const [saw] = getFigure('3g-table2')!.models!(r.experiment);
    // µ = 23.764 pkt/s, µT = µτ + 1 = 10.51 > B + ... ; W0 = (µτ + B + 1)/2 = 10.25 < µT: epoch A exists
    const mu = 200e3 / (8 * 1052);
    const T = 0.4 + 1 / mu;
    const wMax = mu * 0.4 + 11;
    const w0 = wMax / 2;
    const tA = T * (mu * T - w0);
    const nA = (w0 * tA + (tA * tA) / (2 * T)) / T;
    const tB = (wMax * wMax - (mu * T) ** 2) / (2 * mu);
    expect(saw.values[0]).toEqual({ at: 'case 1', value: expect.closeTo(((nA + mu * tB) / (tA + tB)) * 8000, 6) });
  });
});
