/**
 * What the worker does with requests, free of worker APIs so Node tests can drive it: runs are
 * executed in slices of SLICE_EVENTS engine events, returning to the message loop (`yieldNow`)
 * between slices once `yieldEveryMs` of wall time has passed since the last yield. Latest wins:
 * a newer `run` or a `cancel` makes the older run stop at its next yield and reject with
 * SUPERSEDED, so a dragged slider never waits for a stale run (at most ≈ YIELD_EVERY_MS) and the
 * worker (with its compiled engine code) is kept instead of terminated and restarted.
 */
import type { Scenario } from '../scenario/schema.ts';
import type { RunOutput, WorkerRunOptions } from './protocol.ts';
import { takeTraceHash } from './deferredHash.ts';
import { RowBufferPool } from '../engine/core/trace.ts';
import { startRun } from './runForDisplay.ts';

/**
 * Events per slice: about half a millisecond of engine work (a 60 s, 2 Mb/s run is ≈ 25 ms of
 * 20 000-event slices, roughly ten), so the worker notices when its yield is due within that;
 * the clock read between slices costs microseconds.
 */
export const SLICE_EVENTS = 5_000;

/**
 * Wall time the worker runs before it yields to its message loop, when it has a clock. A yield
 * costs the worker far more in Chromium than a bare message round trip (docs/performance.md), so
 * it yields by time, not after every slice: a newer request waits at most YIELD_EVERY_MS, and a
 * run pays for only a few yields. Without a clock (Node tests'
 * default) the clock never advances and the runner yields after every slice.
 */
export const YIELD_EVERY_MS = 8;

/** The rejection message of a superseded run (the main thread has already moved on and ignores it). */
export const SUPERSEDED = 'superseded by a newer run';

/** Warm-up runs are this long at most (simulated seconds): enough events for the JIT to optimise the hot paths. */
export const WARM_UP_S = 10;

export interface Runner {
  run(scenario: Scenario, opts: WorkerRunOptions): Promise<RunOutput>;
  /** The fingerprint of a run finished with `deferHash` (its `hashTicket`); rejects for an unknown or already collected ticket. */
  traceHash(ticket: number): Promise<string>;
  /** Stops the run in flight (if any) at its next slice boundary. */
  cancel(): void;
  /** Short runs of `scenario` with each variant, discarded; stops as soon as a run or cancel arrives. Resolves with how many completed. */
  warmUp(scenario: Scenario, variants: readonly string[]): Promise<number>;
}

/** A sign of life from a run in progress: the main thread's liveness check (client.ts) listens for these. */
export interface Progress {
  /** Engine events executed so far. */
  events: number;
}

/**
 * `onProgress` is called at every yield of a run (and of a warm-up), so the main thread hears
 * from a working worker at least every YIELD_EVERY_MS plus one slice. `prepare` loads the engine
 * modules a scenario needs that are not loaded yet (null: none missing, the run starts at once);
 * in Node every module is there and nothing is prepared.
 */
export function createRunner(
  yieldNow: () => Promise<void>,
  clockMs: () => number = () => 0,
  yieldEveryMs = 0,
  onProgress: (p: Progress) => void = () => {},
  prepare: (scenario: Scenario) => Promise<void> | null = () => null,
): Runner {
  let latest = 0;
  const isCurrent = (id: number) => (): boolean => id === latest;
  /** The run started ahead (`opts.next`), until it is asked for or dropped. */
  let ahead: { key: string; promise: Promise<RunOutput | null> } | null = null;
  /** Trace buffers reused from run to run (see RowBufferPool): this worker's, for its lifetime. */
  const pool = new RowBufferPool();

  async function drive(scenario: Scenario, opts: WorkerRunOptions, current: () => boolean): Promise<RunOutput | null> {
    const t0 = clockMs();
    const loading = prepare(scenario);
    if (loading !== null) {
      await loading;
      if (!current()) return null;
    }
    const run = startRun(scenario, opts, clockMs, pool);
    let yieldMs = 0;
    let lastYield = t0;
    while (!run.step(SLICE_EVENTS)) {
      const t = clockMs();
      if (t - lastYield < yieldEveryMs) continue;
      onProgress({ events: run.events });
      await yieldNow();
      lastYield = clockMs();
      yieldMs += lastYield - t;
      if (!current()) {
        run.discard();
        return null;
      }
    }
    const out = run.finish();
    out.phasesMs.yield = yieldMs;
    out.phasesMs.wall = clockMs() - t0;
    return out;
  }

  return {
    async run(scenario, opts) {
      let out: RunOutput | null;
      if (ahead && opts.jobKey !== undefined && ahead.key === opts.jobKey) {
        // already under way (or done): take it over; it stays the latest run
        out = await ahead.promise;
        ahead = null;
      } else {
        ahead = null;
        out = await drive(scenario, opts, isCurrent(++latest));
      }
      if (!out) throw new Error(SUPERSEDED);
      const next = opts.next;
      if (next?.opts.jobKey !== undefined) {
        // once this result is posted, unless a request has come in meanwhile
        const at = latest;
        void yieldNow().then(() => {
          if (latest !== at) return;
          // posted like the run that named it (the client adds deferHash to what it sends)
          const promise = drive(next.scenario, { ...next.opts, deferHash: opts.deferHash }, isCurrent(++latest));
          promise.catch(() => undefined); // a failure is reported when (if) the run is asked for
          ahead = { key: next.opts.jobKey as string, promise };
        });
      }
      return out;
    },
    async traceHash(ticket) {
      const h = takeTraceHash(ticket);
      if (h === undefined) throw new Error(`no trace fingerprint pending for ticket ${ticket}`);
      return h;
    },
    cancel() {
      latest++;
      ahead = null;
    },
    async warmUp(scenario, variants) {
      // A warm-up never supersedes anything; anything newer supersedes it.
      const current = isCurrent(latest);
      let done = 0;
      for (const variant of variants) {
        // wait one turn first: a run requested at page load goes ahead of the warm-up
        await yieldNow();
        if (!current()) break;
        const short = { ...scenario, durationS: Math.min(scenario.durationS, WARM_UP_S), flows: scenario.flows.map((f) => ({ ...f, variant })) };
        if (!(await drive(short, {}, current))) break;
        done++;
      }
      return done;
    },
  };
}
