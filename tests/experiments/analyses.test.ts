/**
 * The analysis records of the figures that do not match (src/experiments/analyses.ts): every
 * record is complete and names a figure, every experiment it offers is a valid one (it parses
 * and expands into scenarios), and two of the mechanisms are checked by running their
 * experiments — the direction each mechanism predicts, not the recorded numbers:
 * - probing-fig3: exponential back-off. Capping Reno's RTO at 2 s must cut its 40 % task time.
 * - nj-table1: New Jersey's warning does not keep it from overflowing the buffer. Without the
 *   fading it must have the highest wireless congestion loss of the five.
 */
import { describe, expect, it } from 'vitest';
import { FIGURE_ANALYSES, whyExperiment } from '../../src/experiments/analyses.ts';
import { getFigure } from '../../src/experiments/figures.ts';
import { runInNode } from '../../src/experiments/report.ts';
import { expandExperiment, parseExperiment, type Experiment, type ExperimentInput } from '../../src/experiments/spec.ts';

function parsed(input: ExperimentInput): Experiment {
  const r = parseExperiment(input);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.experiment;
}

async function means(input: ExperimentInput, metric: string): Promise<Map<string, number>> {
  const done = await runInNode(parsed(input), new Map());
  const out = new Map<string, number>();
  for (const c of done.cells) out.set(`${c.point.label}/${c.variant}`, c.stats[metric]!.mean);
  return out;
}

describe('figure analyses', () => {
  it('every record names a figure and says all five things', () => {
    expect(FIGURE_ANALYSES.length).toBeGreaterThan(0);
    for (const a of FIGURE_ANALYSES) {
      expect(getFigure(a.figure), a.figure).toBeDefined();
      for (const text of [a.paperStates, a.weRun, a.difference, a.mechanism]) expect(text.trim().length, a.figure).toBeGreaterThan(20);
      expect(a.experiments.length, a.figure).toBeGreaterThan(0);
      for (const w of a.experiments) expect(w.change.trim() && w.result.trim(), a.figure).toBeTruthy();
    }
    expect(new Set(FIGURE_ANALYSES.map((a) => a.figure)).size).toBe(FIGURE_ANALYSES.length);
  });

  it('every experiment of a record is valid: it parses and expands into scenarios', () => {
    for (const a of FIGURE_ANALYSES) {
      a.experiments.forEach((w, i) => {
        const e = parsed(whyExperiment(a, i));
        expect(e.id).toBe(`${a.figure}-why-${i + 1}`);
        expect(() => expandExperiment(e)).not.toThrow();
        if (w.values) expect(e.axis.values, `${a.figure} #${i + 1}`).toEqual(w.values);
      });
    }
  });

  it('probing-fig3: with the RTO capped at 2 s Reno finishes the 40 % task in under half the time', async () => {
    const a = FIGURE_ANALYSES.find((x) => x.figure === 'probing-fig3')!;
    const capped = whyExperiment(a, 0);
    const plain = { ...capped, edits: getFigure('probing-fig3')!.experiment.edits, variants: ['reno'] };
    const [withCap, without] = await Promise.all([means({ ...capped, variants: ['reno'] }, 'completionTimeS'), means(plain, 'completionTimeS')]);
    expect(withCap.get('0.4/reno')!).toBeLessThan(0.5 * without.get('0.4/reno')!);
  });

  it('nj-table1: without the fading New Jersey has the highest wireless congestion loss', async () => {
    const a = FIGURE_ANALYSES.find((x) => x.figure === 'nj-table1')!;
    const m = await means(whyExperiment(a, 0), 'congestionLossPct@wireless/fwd');
    const nj = m.get('nj-asymmetric/new-jersey')!;
    for (const v of ['newreno', 'sack', 'veno', 'westwood-plus']) expect(nj).toBeGreaterThan(m.get(`nj-asymmetric/${v}`)!);
  });
});
