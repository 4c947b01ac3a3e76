/**
 * Runs an experiment's runs on an executor (the worker pool in the app, the engine in-process in
 * Node), in an order that fills the plot coarse-to-fine: the first seed of every point first
 * (axis ends, then the middle, then the gaps), every variant of a point together, then the next
 * seed everywhere. Finished runs live in a cache keyed by the run's identity (scenario + seed),
 * so cancelling keeps them, resuming runs only the missing ones, and changing the plotted metric
 * or the styling reruns nothing. Optionally keeps adding seeds to each point until the 95 %
 * confidence interval's half-width is below a share of the mean.
 */
import type { FlowResult, LinkResult, RunSummary } from '../engine/results.ts';
import { axisPoints, jobsFor, seedList, type Experiment, type RunJob } from './spec.ts';
import { readMetric } from './metrics.ts';
import { summarize } from './stats.ts';

/** What a run leaves behind: enough to compute any metric later, plus its fingerprint. */
export interface RunOutcome {
  key: string;
  result: { flows: FlowResult[]; links: LinkResult[]; summary: RunSummary };
  /** Fingerprint of the full trace (as the main view and `runScenario` compute it); null if not asked for. */
  traceHash: string | null;
  events: number;
  /** Engine wall time of the run (in the worker, or in-process), ms: for the pool's utilisation. */
  engineMs: number;
  /** Why the run is shorter than its scenario (a browser cap); null if complete. */
  note: string | null;
}

export interface Executor {
  /** Runs that can be in flight at once. */
  readonly lanes: number;
  run(job: RunJob): Promise<RunOutcome>;
  /** Abandons runs in flight (their promises may reject; the runner ignores them). */
  cancel(): void;
}

export interface Progress {
  done: number;
  total: number;
  /** Runs found finished in the cache when this pass started. */
  reused: number;
  elapsedMs: number;
  /** Estimated time to go, from the mean wall time of the runs finished in this pass; null before the first. */
  etaMs: number | null;
  /** True once every run of the plan is in the cache. */
  finished: boolean;
}

/** Point indices in coarse-to-fine order: 0, last, middle, then the middles of the gaps, breadth first. */
export function coarseToFine(n: number): number[] {
  if (n <= 0) return [];
  if (n === 1) return [0];
  const order = [0, n - 1];
  let gaps: [number, number][] = [[0, n - 1]];
  while (gaps.length > 0) {
    const next: [number, number][] = [];
    for (const [a, b] of gaps) {
      if (b - a < 2) continue;
      const m = Math.floor((a + b) / 2);
      order.push(m);
      next.push([a, m], [m, b]);
    }
    gaps = next;
  }
  return order;
}

/** The runs of the fixed seed list, in plot-filling order (each run once). */
export function plan(e: Experiment, seeds: readonly number[] = seedList(e)): RunJob[] {
  const order = coarseToFine(axisPoints(e).length);
  const jobs: RunJob[] = [];
  const seen = new Set<string>();
  for (const seed of seeds) {
    for (const p of order) {
      for (const j of jobsFor(e, p, seed)) {
        if (seen.has(j.key)) continue;
        seen.add(j.key);
        jobs.push(j);
      }
    }
  }
  return jobs;
}

/** Seeds each (point, variant) cell has in the cache. */
export type Cache = Map<string, RunOutcome>;

/** The seeds to add to the plan for the half-width rule: the next seed for every cell still too wide. */
export function adaptiveAdditions(e: Experiment, cache: Cache, seedsSoFar: readonly number[]): RunJob[] {
  if (e.untilHalfWidthPct === null || seedsSoFar.length >= e.maxSeeds) return [];
  const nextSeed = Math.max(...seedsSoFar) + 1;
  const metric = e.metrics[0];
  const add: RunJob[] = [];
  for (const p of axisPoints(e)) {
    const wide = e.variants.some((v) => {
      const values = seedsSoFar.flatMap((seed) => {
        const job = jobsFor(e, p.index, seed).find((j) => j.variants.includes(v));
        const out = job && cache.get(job.key);
        const x = out ? readMetric(metric, out.result, v) : null;
        return x === null ? [] : [x];
      });
      const s = summarize(values);
      if (!s || s.halfWidth === null) return s !== null; // one seed: no interval yet
      return s.mean !== 0 && (100 * s.halfWidth) / Math.abs(s.mean) > (e.untilHalfWidthPct as number);
    });
    if (wide) add.push(...jobsFor(e, p.index, nextSeed));
  }
  return add;
}

export interface SweepHandle {
  /** Resolves when the plan is done or cancelled; with the seeds the cache now covers. */
  done: Promise<{ cancelled: boolean; seeds: number[] }>;
  cancel(): void;
}

/**
 * Runs every job of the plan missing from `cache` (and, with the half-width rule, further seeds),
 * writing outcomes into `cache` as they arrive and reporting progress after each.
 */
export function runSweep(
  e: Experiment,
  executor: Executor,
  cache: Cache,
  onProgress: (p: Progress) => void,
  nowMs: () => number = () => Date.now(),
): SweepHandle {
  let cancelled = false;
  const t0 = nowMs();
  const done = (async () => {
    const seeds = seedList(e);
    let jobs = plan(e, seeds);
    let reused = jobs.filter((j) => cache.has(j.key)).length;
    let total = jobs.length;
    let finishedHere = 0;
    let wallHere = 0;
    const report = (finished: boolean): void => {
      const doneCount = reused + finishedHere;
      const meanMs = finishedHere > 0 ? wallHere / finishedHere : null;
      const etaMs = meanMs === null ? null : ((total - doneCount) * meanMs) / Math.max(1, Math.min(executor.lanes, total - doneCount || 1));
      onProgress({ done: doneCount, total, reused, elapsedMs: nowMs() - t0, etaMs: finished ? 0 : etaMs, finished });
    };
    report(false);
    for (;;) {
      const pending = jobs.filter((j) => !cache.has(j.key));
      let next = 0;
      const lane = async (): Promise<void> => {
        while (!cancelled && next < pending.length) {
          const job = pending[next++];
          const started = nowMs();
          const out = await executor.run(job);
          if (cancelled) return;
          cache.set(job.key, out);
          finishedHere++;
          // wall time per run as one lane sees it; lanes run side by side, hence the division above
          wallHere += nowMs() - started;
          report(false);
        }
      };
      try {
        await Promise.all(Array.from({ length: Math.max(1, executor.lanes) }, lane));
      } catch (err) {
        if (cancelled) break;
        throw err;
      }
      if (cancelled) break;
      const more = adaptiveAdditions(e, cache, seeds);
      if (more.length === 0) break;
      seeds.push(Math.max(...seeds) + 1);
      jobs = [...jobs, ...more];
      total = jobs.length;
      reused += more.filter((j) => cache.has(j.key)).length;
    }
    if (!cancelled) report(true);
    return { cancelled, seeds };
  })();
  return {
    done,
    cancel() {
      if (cancelled) return;
      cancelled = true;
      executor.cancel();
    },
  };
}
