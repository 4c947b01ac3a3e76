/**
 * A pool of simulation workers so compare mode's variants run in parallel, one per core (at
 * most six: the compare set's limit). Workers start at construction time (`warm`) so the first
 * run does not wait for module loading (and, given a scenario, warm up the engine's JIT).
 * Batches are latest-wins: submitting a new batch rejects the previous one with SupersededError
 * and tells every worker still busy with it to drop it at its next yield, so dragging a slider
 * never queues stale runs and no worker is ever restarted for it.
 *
 * A job whose scenario and options equal one of the last batch's is not run again: the engine
 * is deterministic (same scenario and seed, same trace), so that batch's result is handed back
 * as it is. Adding a variant to a comparison then runs one job, not all of them.
 */
import type { PacketWindow } from '../engine/net/hop-log.ts';
import type { Scenario } from '../scenario/schema.ts';
import { defaultWorkerFactory, SimClient, SupersededError, traceHashOf, type Supervision, type WorkerFactory } from './client.ts';
import type { PacketWindowRequest } from './packetWindow.ts';
import type { RunOutput, WorkerRunOptions } from './protocol.ts';

export const MAX_POOL_SIZE = 6;

/**
 * The longest a batch's first job runs alone before the other workers start theirs (see
 * runAll): alone, it is painted sooner, and the whole comparison is not later
 * (docs/performance.md).
 */
export const FIRST_ALONE_MAX_MS = 50;

/** min(cores, 6), at least one. */
export function poolSizeFor(hardwareConcurrency: number | undefined): number {
  const cores = hardwareConcurrency && hardwareConcurrency > 0 ? Math.floor(hardwareConcurrency) : 2;
  return Math.max(1, Math.min(cores, MAX_POOL_SIZE));
}

export interface Job {
  scenario: Scenario;
  opts?: WorkerRunOptions;
}

export interface BatchOptions {
  /**
   * Called with each result (and its job index) as it arrives, while the batch is still current.
   * For the first job's result it may return a promise (the result shown): the other workers
   * then start when it settles rather than at once (see runAll). `restMs` estimates how long
   * until the batch's last result (see batchRestMs; Infinity while there is nothing to go by).
   */
  onResult?: (index: number, result: RunOutput, restMs: number) => void | Promise<void>;
  /** Job indices to run before the others (the run the viewer is looking at). */
  first?: readonly number[];
}

/**
 * How long until a batch's last result, estimated from the runs in so far: each job still
 * running ends one typical run (the median wall time of those in) after it started, and the
 * jobs still queued take a typical run each, spread over the workers. Infinity with no run in
 * yet. A guess for scheduling the drawing (useRuns), never for correctness.
 */
export function batchRestMs(nowMs: number, runningSinceMs: readonly number[], queued: number, workers: number, wallsMs: readonly number[]): number {
  if (wallsMs.length === 0) return Number.POSITIVE_INFINITY;
  const sorted = [...wallsMs].sort((a, b) => a - b);
  const typical = sorted[Math.floor((sorted.length - 1) / 2)];
  const running = Math.max(0, ...runningSinceMs.map((t) => t + typical - nowMs));
  return running + Math.ceil(queued / Math.max(1, workers)) * typical;
}

/**
 * What makes two jobs the same run: the scenario and the caller's options (seed, caps, tables,
 * display rows), as JSON. Objects built the same way give the same text; two equal scenarios
 * written in another key order only miss the reuse, never get a wrong result.
 */
export function reuseKey(job: Job): string {
  return JSON.stringify([job.scenario, job.opts ?? {}]);
}

export class SimPool {
  private readonly clients: SimClient[];
  private batch = 0;
  /**
   * The results of the latest batch that can be handed back for an equal job (see reuseKey):
   * those in so far, and those it reused itself. A result that needed a replaced worker is left
   * out, so its recovery note is not shown again for a run that went well.
   */
  private reusable = new Map<string, RunOutput>();

  constructor(size: number, factory: WorkerFactory = defaultWorkerFactory, supervision: Partial<Supervision> = {}) {
    this.clients = Array.from({ length: Math.max(1, size) }, () => new SimClient(factory, supervision));
  }

  get size(): number {
    return this.clients.length;
  }

  /** Starts every worker now; with a scenario, each also runs it briefly per variant (see SimClient.warm). */
  warm(scenario?: Scenario, variants: readonly string[] = []): void {
    for (const c of this.clients) c.warm(scenario, variants);
  }

  /**
   * Runs every job and resolves with the results in job order. The first job (`first`, else
   * job 0) starts alone; the other workers start when its result is in and shown (the promise
   * `onResult` returns for it), at most FIRST_ALONE_MAX_MS after the start. The jobs wait in one queue and
   * each worker takes the next as soon as it is free, so no worker idles while runs are left
   * (a fixed split would leave one waiting while another works through its share). `first`
   * jobs (indices) go ahead of the others, which keep their order. Each result is handed to
   * `onResult` as it arrives, for progressive display. Rejects with SupersededError if a newer
   * batch is submitted first, or with the first failure. Jobs equal to one of the last batch's
   * are not run: its result is handed to `onResult` (ahead of any run) and returned.
   */
  runAll(jobs: readonly Job[], { onResult, first = [] }: BatchOptions = {}): Promise<RunOutput[]> {
    const batch = ++this.batch;
    for (const c of this.clients) {
      if (c.busy) c.cancel();
      else c.stopWarmUp();
    }
    const results: RunOutput[] = new Array<RunOutput>(jobs.length);
    const keys = jobs.map(reuseKey);
    const earlier = this.reusable;
    const kept = new Map<string, RunOutput>();
    this.reusable = kept;
    const reused: number[] = [];
    keys.forEach((k, i) => {
      const r = earlier.get(k);
      if (!r) return;
      // it was posted for an earlier batch: its hand-over time says nothing of this one (perf.ts skips 0)
      r.sentAtEpochMs = 0;
      results[i] = r;
      kept.set(k, r);
      reused.push(i);
    });
    const queue = [...new Set([...first.filter((i) => i >= 0 && i < jobs.length), ...jobs.keys()])].filter((i) => results[i] === undefined);
    // Each worker is told which job it will most likely get next and starts it as soon as it
    // posts a result (WorkerRunOptions.next), so it never waits for the main thread, which may
    // be busy drawing the result it just sent. The hint is only a head start: a free worker
    // still takes any job left (a hinted one last), and the hinted worker drops its head start.
    /** Per worker, the job its last run told it to start ahead (undefined: none). */
    const hint: (number | undefined)[] = this.clients.map(() => undefined);
    const key = (i: number): string => `${batch}:${i}`;
    const optsFor = (i: number, lane: number): WorkerRunOptions => {
      const next = queue.find((j) => !hint.includes(j));
      hint[lane] = next;
      return {
        ...jobs[i].opts,
        jobKey: key(i),
        batch,
        next: next === undefined ? undefined : { scenario: jobs[next].scenario, opts: { ...jobs[next].opts, jobKey: key(next), batch } },
      };
    };
    const take = (lane: number): number | undefined => {
      const mine = hint[lane] === undefined ? -1 : queue.indexOf(hint[lane]);
      const free = queue.findIndex((j) => !hint.includes(j));
      const k = mine >= 0 ? mine : free >= 0 ? free : 0;
      return queue.length > 0 ? queue.splice(k, 1)[0] : undefined;
    };
    // every worker's first job before any hint, so the first runs are spread over the workers
    const firsts = this.clients.map(() => queue.shift());
    // The first job runs alone until its result is in and shown, or FIRST_ALONE_MAX_MS have
    // passed: on two cores the other workers' runs would share the cores with it, and with the
    // drawing and painting of the edit and of that result, and the first picture is what the
    // viewer waits for. (The first job's worker goes on with its head start meanwhile.) The cap
    // bounds what a long first run, or a page that does not paint, costs the others.
    let firstIn: () => void = () => {};
    const firstArrived = new Promise<void>((ok) => {
      firstIn = ok;
      setTimeout(ok, FIRST_ALONE_MAX_MS);
    });
    // for batchRestMs: when each worker's current job started (undefined: idle), the walls so far
    const since: (number | undefined)[] = this.clients.map(() => undefined);
    const walls: number[] = [];
    let done = 0;
    // Reused results are handed over first, after the caller has had the batch's promise (a
    // microtask, so onResult never runs inside runAll). Their walls say nothing of the runs to come.
    const handBack = (async () => {
      await Promise.resolve();
      for (const i of reused) {
        if (batch !== this.batch) throw new SupersededError();
        done++;
        const running = since.filter((t) => t !== undefined);
        void onResult?.(i, results[i], batchRestMs(performance.now(), running, jobs.length - done - running.length, this.clients.length, walls));
      }
    })();
    const lanes = this.clients.map(async (client, lane) => {
      if (lane > 0 && firsts[lane] !== undefined) await firstArrived;
      for (let i = firsts[lane]; i !== undefined; i = take(lane)) {
        if (batch !== this.batch) throw new SupersededError();
        since[lane] = performance.now();
        const run = client.run(jobs[i].scenario, optsFor(i, lane));
        // a failure must let the others go too (they then stop: the batch has failed)
        if (i === firsts[0]) run.catch(firstIn);
        results[i] = await run;
        if (batch !== this.batch) throw new SupersededError();
        if (!results[i].recovery) {
          kept.set(keys[i], results[i]);
          // asked for now (the worker answers once idle): a reused result must still have its
          // fingerprint, and the worker lets unasked ones of older batches go (deferredHash.ts)
          void traceHashOf(results[i]);
        }
        done++;
        if (results[i].phasesMs) walls.push(results[i].phasesMs.wall);
        const now = performance.now();
        // this worker is idle, or already on its head start (the job it was told of)
        since[lane] = hint[lane] !== undefined && queue.includes(hint[lane]) ? now : undefined;
        const running = since.filter((t) => t !== undefined);
        const rest = batchRestMs(now, running, jobs.length - done - running.length, this.clients.length, walls);
        const shown = onResult?.(i, results[i], rest);
        if (i === firsts[0]) void Promise.resolve(shown).then(firstIn, firstIn);
      }
      // this worker's head start is on a job another worker took: wasted work, stop it
      if (hint[lane] !== undefined && batch === this.batch) client.dropAhead();
    });
    return Promise.all([handBack, ...lanes]).then(
      () => {
        if (batch !== this.batch) throw new SupersededError();
        return results;
      },
      (e: unknown) => {
        // one failure ends the batch: the other workers stop taking its jobs
        queue.length = 0;
        throw e;
      },
    );
  }

  /**
   * A packet window of the set's `lane`-th run, always from the same worker (its session lives
   * there): lanes are spread over the workers in turn.
   */
  packetWindow(lane: number, req: PacketWindowRequest): Promise<PacketWindow> {
    return this.clients[lane % this.clients.length].packetWindow(req);
  }

  dispose(): void {
    this.batch++;
    this.reusable.clear();
    for (const c of this.clients) c.dispose();
  }
}
