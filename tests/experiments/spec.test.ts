/** Experiment JSON and links: round trips, and every kind of bad input named by its field, never a crash. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getFigure } from '../../src/experiments/figures.ts';
import { axisPoints, jobsFor, parseExperiment, seedList, type ExperimentInput } from '../../src/experiments/spec.ts';
import { decodeExperimentHash, encodeExperimentHash } from '../../src/ui/experiments/route.ts';

const base = (): ExperimentInput => ({
  id: 'small',
  title: 'A small sweep',
  base: { preset: 'lp-uncorrelated' },
  edits: ['durationS=5', 'cross=[]'],
  axis: { label: 'PER', scale: 'log', values: [0.001, 0.01], set: ['path.1.forward.errors.0.per={x}'] },
  variants: ['newreno', 'newreno-lp'],
  seeds: { first: 3, count: 2 },
  metrics: ['goodputBps'],
});

function errors(input: unknown): string[] {
  const r = parseExperiment(input);
  return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`);
}

describe('experiment spec', () => {
  it('expands into validated runs: points × variants × seeds, x written through the template', () => {
    const r = parseExperiment(base());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const e = r.experiment;
    expect(axisPoints(e).map((p) => [p.x, p.label, p.edits])).toEqual([
      [0.001, '0.001', ['path.1.forward.errors.0.per=0.001']],
      [0.01, '0.01', ['path.1.forward.errors.0.per=0.01']],
    ]);
    expect(seedList(e)).toEqual([3, 4]);
    const jobs = jobsFor(e, 1, 4);
    expect(jobs.map((j) => j.variants)).toEqual([['newreno'], ['newreno-lp']]);
    expect(jobs[1].scenario.flows.map((f) => f.variant)).toEqual(['newreno-lp']);
    expect(jobs[1].scenario.seed).toBe(4);
    expect(jobs[1].scenario.durationS).toBe(5);
    expect(jobs[1].scenario.cross).toEqual([]);
    const wireless = jobs[1].scenario.path[1].forward.errors[0];
    expect(wireless.kind === 'bernoulli' && wireless.per).toBe(0.01);
    // the same scenario and seed is the same run, whichever experiment asks
    expect(jobsFor(e, 1, 4)[0].key).toBe(jobs[0].key);
    expect(jobsFor(e, 1, 3)[0].key).not.toBe(jobs[0].key);
  });

  it('seed edits draw their value from the seed: the same for the same seed, different across seeds, in range', () => {
    const r = parseExperiment({ ...base(), seedEdits: ['flows.0.startS={uniform:0:1}'] });
    if (!r.ok) throw new Error(r.errors.map((x) => x.message).join());
    const start = (seed: number): number => jobsFor(r.experiment, 0, seed)[0].scenario.flows[0].startS;
    expect(start(3)).toBe(start(3));
    expect(start(3)).not.toBe(start(4));
    for (const s of [1, 2, 3, 4, 5]) {
      expect(start(s)).toBeGreaterThanOrEqual(0);
      expect(start(s)).toBeLessThan(1);
    }
    // every variant of a point and seed gets the same draw (common random numbers)
    expect(jobsFor(r.experiment, 1, 3).map((j) => j.scenario.flows[0].startS)).toEqual([start(3), start(3)]);
    expect(errors({ ...base(), seedEdits: ['flows.0.startS=0.5'] })[0]).toMatch(/^seedEdits\.0: "flows\.0\.startS=0\.5" is not a seed edit/);
    expect(errors({ ...base(), seedEdits: ['flows.0.startS={uniform:-5:-1}'] }).join('\n')).toMatch(/seedEdits: the scenario is invalid:\nflows\.0\.startS: .* is out of range/);
  });

  it('a range spreads its values evenly on the axis scale', () => {
    const r = parseExperiment({ ...base(), axis: { label: 'PER', scale: 'log', range: { from: 1e-4, to: 1e-2, count: 3 }, set: ['path.1.forward.errors.0.per={x}'] } });
    expect(r.ok && axisPoints(r.experiment).map((p) => p.x)).toEqual([1e-4, 1e-3, 1e-2]);
  });

  it('JSON round trip gives the same experiment', () => {
    const r = parseExperiment(base());
    if (!r.ok) throw new Error('invalid');
    const again = parseExperiment(JSON.parse(JSON.stringify(r.experiment)));
    expect(again.ok && again.experiment).toEqual(r.experiment);
  });

  it('names each bad field with its value and what is allowed', () => {
    const bad = {
      ...base(),
      id: 'Not An Id',
      axis: { label: 'PER', scale: 'log', values: [0, 0.01], set: ['path.1.forward.errors.0.per={x}'] },
      variants: ['newreno', 'newreno-pl'],
      seeds: { first: 1, count: 0 },
      metrics: ['goodput', 'meanQueuePackets'],
      colour: 'red',
    };
    const e = errors(bad);
    expect(e).toContainEqual(expect.stringMatching(/^id: "Not An Id" is not an id/));
    expect(e).toContainEqual(expect.stringMatching(/^axis\.values\.0: 0 cannot sit on a log axis — allowed: > 0/));
    expect(e).toContainEqual(expect.stringMatching(/^variants\.1: "newreno-pl" is not a known variant — did you mean "newreno-lp"\?/));
    expect(e).toContainEqual('seeds.count: 0 is out of range — allowed at least 1');
    expect(e).toContainEqual(expect.stringMatching(/^metrics\.0: "goodput" is not a metric — allowed: goodputBps/));
    expect(e).toContainEqual(expect.stringMatching(/^metrics\.1: .*meanQueuePackets@<link id>\/fwd/));
    expect(e).toContainEqual('colour: unknown field');
  });

  it('bad edits and scenarios that do not validate are named by where they came from', () => {
    expect(errors({ ...base(), base: { preset: 'lp-uncorelated' } })).toEqual([expect.stringMatching(/^base\.preset: "lp-uncorelated" is not a preset — did you mean "lp-uncorrelated"\?/)]);
    expect(errors({ ...base(), edits: ['path.1.forward.erors.0.per=0.1'] })[0]).toMatch(/^edits: .*erors/);
    const range = errors({ ...base(), axis: { label: 'PER', scale: 'log', values: [0.001, 2], set: ['path.1.forward.errors.0.per={x}'] } });
    expect(range.join('\n')).toMatch(/axis\.set \(point "2", newreno\): the scenario is invalid:\npath\.1\.forward\.errors\.0\.per: 2 is out of range — allowed 0 … 1/);
    expect(errors({ ...base(), axis: { label: 'PER', values: [1] } })).toContainEqual('axis.set: needs "set": the templates that write x into the scenario');
    expect(errors({ ...base(), axis: { label: 'PER', values: [1], points: [{ x: 1 }], set: ['seed={x}'] } })).toContainEqual('axis: needs exactly one of "values", "range" or "points"');
    expect(errors({ ...base(), axis: { label: 'RTT', points: [{ label: 'a' }], scale: 'linear' } })).toContainEqual(expect.stringMatching(/^axis\.points\.0\.x: missing/));
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (x) => {
        parseExperiment(x);
        parseExperiment({ ...base(), axis: x });
        parseExperiment({ ...base(), seeds: x, metrics: x });
      }),
      { numRuns: 300 },
    );
  });
});

describe('experiment links', () => {
  it('a figure preset travels by name, with the plotted metric', () => {
    const hash = encodeExperimentHash({ figureId: 'lp-fig4a', experiment: null, metric: 'accuracy' });
    expect(hash).toBe('experiment=lp-fig4a&metric=accuracy');
    const r = decodeExperimentHash(`#${hash}`);
    expect(r.figureId).toBe('lp-fig4a');
    expect(r.metric).toBe('accuracy');
    expect(r.experiment?.id).toBe('lp-fig4a');
    expect(r.problems).toEqual([]);
  });

  it('an experiment of one’s own travels whole and comes back equal', () => {
    const r0 = parseExperiment(base());
    if (!r0.ok) throw new Error('invalid');
    const r = decodeExperimentHash(encodeExperimentHash({ figureId: null, experiment: r0.experiment, metric: null }));
    expect(r.experiment).toEqual(r0.experiment);
    expect(r.figureId).toBeNull();
  });

  it('mangled links give named problems and no experiment, never a crash', () => {
    expect(decodeExperimentHash('#experiment=lp-fig44').problems[0]).toMatch(/"lp-fig44" is not a figure preset — did you mean "lp-fig4a"\?/);
    expect(decodeExperimentHash('#experiment=j.%%%').problems[0]).toMatch(/damaged|not valid JSON/);
    expect(decodeExperimentHash('#experiment=').experiment).toBeNull();
    expect(decodeExperimentHash('#experiment=lp-fig4a&metric=nope').problems[0]).toMatch(/^metric: "nope" is not recorded by this experiment — allowed: goodputBps, accuracy/);
    const bad = { ...getFigure('lp-fig4a')!.experiment, variants: ['renoo'] };
    const r = decodeExperimentHash(encodeExperimentHash({ figureId: null, experiment: bad as never, metric: null }));
    expect(r.experiment).toBeNull();
    expect(r.problems.join('\n')).toMatch(/variants\.0: "renoo" is not a known variant/);
    fc.assert(
      fc.property(fc.string(), (s) => {
        decodeExperimentHash(`#experiment=${s}`);
        decodeExperimentHash(`#experiment=j.${s}`);
      }),
      { numRuns: 300 },
    );
  });
});
