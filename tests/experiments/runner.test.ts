/**
 * The runner: plot-filling order; the same experiment twice gives the same CSV; cancel + resume
 * gives what one go gives; a sweep point is the CLI's run (same metrics, same trace fingerprint);
 * the half-width rule adds seeds only where the interval is still too wide.
 */
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.ts';
import { prepareScenario, toOutput } from '../../src/cli/execute.ts';
import { traceHash } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { nodeExecutor } from '../../src/experiments/node-executor.ts';
import { runInNode } from '../../src/experiments/report.ts';
import { rows, toCsv } from '../../src/experiments/results.ts';
import { coarseToFine, plan, runSweep, type Cache, type Executor, type Progress } from '../../src/experiments/runner.ts';
import { axisPoints, jobsFor, parseExperiment, type Experiment, type ExperimentInput } from '../../src/experiments/spec.ts';

const SMALL: ExperimentInput = {
  id: 'small',
  title: 'LP vs NewReno, 5 s',
  base: { preset: 'lp-uncorrelated' },
  edits: ['durationS=5'],
  axis: { label: 'PER', scale: 'log', values: [0.001, 0.01, 0.03, 0.1], set: ['path.1.forward.errors.0.per={x}'] },
  variants: ['newreno', 'newreno-lp'],
  seeds: { first: 1, count: 2 },
  metrics: ['goodputBps', 'accuracy', 'meanQueuePackets@wired/fwd'],
};

function exp(input: ExperimentInput = SMALL): Experiment {
  const r = parseExperiment(input);
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return r.experiment;
}

describe('order', () => {
  it('coarse to fine: ends, middle, then the middles of the gaps', () => {
    expect(coarseToFine(1)).toEqual([0]);
    expect(coarseToFine(2)).toEqual([0, 1]);
    expect(coarseToFine(5)).toEqual([0, 4, 2, 1, 3]);
    expect(coarseToFine(9)).toEqual([0, 8, 4, 2, 6, 1, 3, 5, 7]);
    for (const n of [3, 6, 7, 12]) expect([...coarseToFine(n)].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
  });

  it('every point gets its first seed before any point gets its second', () => {
    const jobs = plan(exp());
    expect(jobs).toHaveLength(4 * 2 * 2);
    expect(jobs.slice(0, 8).every((j) => j.seed === 1)).toBe(true);
    expect(jobs.slice(0, 4).map((j) => j.point)).toEqual([0, 0, 3, 3]);
  });
});

describe('determinism', () => {
  it('the same experiment twice gives the same CSV', async () => {
    const a = await runInNode(exp(), new Map());
    const b = await runInNode(exp(), new Map());
    expect(a.csv).toBe(b.csv);
    expect(a.csv.split('\n')[0]).toBe('experiment,point,x,label,variant,seed,goodputBps,accuracy,meanQueuePackets@wired/fwd,trace_hash,note');
    expect(a.csv.trim().split('\n')).toHaveLength(1 + 16);
  });

  it('cancel + resume gives the same result as one go, and reruns nothing already finished', async () => {
    const e = exp();
    const whole = await runInNode(e, new Map());

    const cache: Cache = new Map();
    const inner = nodeExecutor();
    let started = 0;
    let handle: ReturnType<typeof runSweep> | null = null;
    const cancelling: Executor = {
      lanes: 1,
      run(job) {
        if (++started === 6) handle?.cancel();
        return inner.run(job);
      },
      cancel() {},
    };
    handle = runSweep(e, cancelling, cache, () => {});
    const first = await handle.done;
    expect(first.cancelled).toBe(true);
    expect(cache.size).toBe(5);

    const progress: Progress[] = [];
    let reran = 0;
    const counting: Executor = { lanes: 1, run: (job) => (reran++, inner.run(job)), cancel() {} };
    const second = await runSweep(e, counting, cache, (p) => progress.push(p)).done;
    expect(second.cancelled).toBe(false);
    expect(reran).toBe(16 - 5);
    expect(progress[0]).toMatchObject({ done: 5, reused: 5, total: 16, etaMs: null });
    expect(progress.at(-1)).toMatchObject({ done: 16, finished: true });
    expect(toCsv(e, rows(e, cache))).toBe(whole.csv);
  });

  it('the time estimate is the runs left × the mean run time so far ÷ lanes', async () => {
    let t = 0;
    // each run takes 10 ms of the fake clock, counted when it finishes
    const fixed: Executor = {
      lanes: 2,
      run: async (job) => {
        const out = await nodeExecutor().run(job);
        t += 10;
        return out;
      },
      cancel() {},
    };
    const seen: Progress[] = [];
    await runSweep(exp(), fixed, new Map(), (p) => seen.push(p), () => t).done;
    // after the first run: 15 left, 10 ms each, 2 lanes
    expect(seen[1]).toMatchObject({ done: 1, etaMs: (15 * 10) / 2 });
  });
});

describe('a sweep point is the CLI run', () => {
  it('same scenario, variant and seed: the same metrics and the same trace fingerprint', async () => {
    const e = exp();
    const f = await runInNode(e, new Map(), { hash: true });
    const point = axisPoints(e)[2];
    const job = jobsFor(e, point.index, 2).find((j) => j.variants.includes('newreno-lp'))!;
    // npm run sim -- --preset lp-uncorrelated --set <the experiment's edits> --set <the point's> --variant newreno-lp --seed 2
    const args = parseArgs(['--preset', 'lp-uncorrelated', ...[...e.edits, ...point.edits].flatMap((s) => ['--set', s]), '--variant', 'newreno-lp', '--seed', '2']);
    if (!args.ok || args.command.kind !== 'run') throw new Error(`the CLI refused the arguments: ${JSON.stringify(args)}`);
    const prepared = prepareScenario(args.command, { readFile: () => '' });
    if (!prepared.ok) throw new Error(prepared.errors.join('\n'));
    expect(prepared.value).toEqual(job.scenario);
    const cli = runScenario(prepared.value, { trace: true });
    const csvRow = f.csv.split('\n').find((l) => l.startsWith(`small,2,0.03,0.03,newreno-lp,2,`))!;
    expect(csvRow).toBeDefined();
    expect(csvRow.split(',')[6]).toBe(String(toOutput(cli, 0).flows[0].goodputBps));
    expect(csvRow.split(',')[9]).toBe(traceHash(cli.trace));
  });
});

describe('half-width rule', () => {
  it('adds seeds to wide points only, up to maxSeeds, and is deterministic', async () => {
    const input = { ...SMALL, axis: { label: 'PER', scale: 'log' as const, values: [0.0001, 0.1], set: ['path.1.forward.errors.0.per={x}'] }, variants: ['newreno'], untilHalfWidthPct: 5, maxSeeds: 5 };
    const a = await runInNode(exp(input), new Map());
    const b = await runInNode(exp(input), new Map());
    expect(a.csv).toBe(b.csv);
    const seedsAt = (x: string): number => a.cells.find((c) => c.point.label === x)!.rows.length;
    for (const c of a.cells) {
      const s = c.stats.goodputBps!;
      // stopped because narrow enough, or because out of seeds
      expect(s.n === 5 || (s.halfWidth !== null && (100 * s.halfWidth) / s.mean <= 5)).toBe(true);
    }
    expect(seedsAt('0.0001') + seedsAt('0.1')).toBeGreaterThan(4);
  });
});
