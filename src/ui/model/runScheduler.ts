/**
 * The run scheduler: plain TypeScript, no React. It owns the page's worker pool and runs one
 * edit's jobs at a time from t = 0 with the scenario's seed. An edit made while nothing is
 * running is posted at once; edits arriving while a batch is in flight (a dragged slider) are
 * coalesced to one post per animation frame, the newest — no debounce delay, and the pool's
 * latest-wins cancellation drops the stale batch within one engine slice.
 *
 * Progressive display: a comparison's first result is drawn as soon as it arrives, the others
 * as they come (at most one redraw per PARTIAL_EVERY_MS; the complete set at once), the variants
 * still running named as "updating". The picture on screen is always one edit's runs: the
 * previous edit's set stays whole until the new edit's first run replaces it, and only the
 * newest request may write state, so a slow stale run can never overwrite a newer picture.
 *
 * It also asks its pool for the path picture's packet windows (packetWindows.ts), between the
 * edits' runs and never during them.
 *
 * Components read it through useRuns (state/useRuns.ts) and usePacketWindows; tests drive it in
 * Node with a fake pool and a hand-turned clock (tests/ui/model.test.ts, tests/ui/packetWindows.test.ts).
 */
import { isSuperseded, isWorkerLost } from '../../worker/client.ts';
import { poolSizeFor, SimPool, type BatchOptions, type Job } from '../../worker/pool.ts';
import type { RunOutput } from '../../worker/protocol.ts';
import { watchdogFromQuery } from '../../worker/watchdogParam.ts';
import { afterPaint } from '../state/afterPaint.ts';
import { measureHandover, measurePosted, measureResults, measureWorker } from '../state/perf.ts';
import { prepareArrived } from '../state/prepare.ts';
import { buildRunSet, type RunJob, type RunSet } from '../state/runSet.ts';
import { createStore, type Store } from '../state/store.ts';
import type { createPacketWindows, PacketWindowsOwner, WindowPool } from './packetWindows.ts';

const SLOW_MS = 400;
/** Least time between two partial pictures of one comparison (the first and the complete one are drawn at once). */
const PARTIAL_EVERY_MS = 100;
/** A partial picture due less than this before the comparison's expected end is put off past it (see onResult). */
const PARTIAL_GRACE_MS = 50;

/** What the scheduler needs of a pool (SimPool in the app, a fake in tests). */
export interface RunPool extends WindowPool {
  runAll(jobs: readonly Job[], options?: BatchOptions): Promise<RunOutput[]>;
}

/** Time and frames, injected so tests can turn them by hand. */
export interface SchedulerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Calls `fn` at the next animation frame; returns a cancel function. */
  nextFrame(fn: () => void): () => void;
  /** Calls `fn` once the current frame is painted; returns a cancel function. */
  afterPaint(fn: () => void): () => void;
}

export const browserClock: SchedulerClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  nextFrame(fn) {
    const frame = requestAnimationFrame(fn);
    return () => cancelAnimationFrame(frame);
  },
  afterPaint,
};

export interface RunsState {
  /** The last set drawn (possibly still filling in, see `set.updating`): kept on screen while a newer one runs or after one fails. */
  set: RunSet | null;
  /** Running for longer than SLOW_MS: only then is the old picture dimmed (dimming and undimming repaint every chart). */
  slow: boolean;
  error: string | null;
  /** The error was the worker's loss (client.ts), which trying again may cure: offer a retry. */
  retryable: boolean;
  /**
   * The last run failed or was refused: `set` is an older scenario's picture, kept (dimmed, and
   * captioned so) until a run succeeds — even after the error is dismissed.
   */
  stale: boolean;
  /** A worker died and was replaced on the way to the current picture: what happened, in words. */
  recovery: string | null;
  /** The jobs whose batch ended last (done or failed): the runs are "running" while the current jobs are not these. */
  ended: readonly RunJob[] | null;
}

const IDLE: RunsState = { set: null, slow: false, error: null, retryable: false, recovery: null, stale: false, ended: null };

/** One pool for the page's lifetime, started at load so the first run finds its workers ready. */
let sharedPool: SimPool | null = null;
export function pagePool(): SimPool {
  if (!sharedPool) {
    // a diagnostic `?watchdog-ms=` (worker/watchdogParam.ts); absent, the defaults hold
    const watchdog = watchdogFromQuery(typeof location === 'undefined' ? '' : location.search);
    if (watchdog.problem) console.warn(watchdog.problem);
    sharedPool = new SimPool(poolSizeFor(navigator.hardwareConcurrency), undefined, watchdog.supervision);
    sharedPool.warm();
  }
  return sharedPool;
}

/** The scheduler's commands and reads (createRunScheduler). */
export type RunScheduler = ReturnType<typeof createRunScheduler>;

/** A closure rather than a class, like the app model: the bundler shortens its private names. */
export function createRunScheduler(pool: RunPool | null, clock: SchedulerClock = browserClock) {
  let state: RunsState = IDLE;
  const listeners = new Set<() => void>();
  let latest = 0;
  let inFlight = false;
  let posted: readonly RunJob[] | null = null;

  function update(edit: (s: RunsState) => RunsState): void {
    state = edit(state);
    for (const l of [...listeners]) l();
  }

  const busy: Store<boolean> = createStore(false);
  let windows: PacketWindowsOwner | null = null;

  const scheduler = {
    pool,
    get: (): RunsState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Whether the workers are running an edit's jobs, for work that must not compete with them
     * for the cores (the path picture's packet windows re-simulate the run): a store, so
     * following it re-renders nothing.
     */
    busy,
    /**
     * The path picture's packet windows (`follow` a set around the playhead, read `held`), made
     * at the first call: the code comes with the path panel's (usePacketWindows hands `make`
     * over), so the page's first load does not carry it.
     */
    windows(make: typeof createPacketWindows): PacketWindowsOwner {
      return (windows ??= make(pool, clock, busy));
    },
    /**
     * Jobs run in their order (the pool gives each free worker the next): the first compared
     * variant comes first, unless this names another job's key — the run the lecturer is
     * following — which is then run first. Read when a batch is posted: choosing another run to
     * follow does not re-run anything.
     */
    prefer: null as string | null,
    /**
     * Runs `jobs`: at once when nothing is in flight, else at the next frame. Returns a cancel
     * function for that deferred post (a newer request before the frame replaces it).
     */
    request(jobs: readonly RunJob[]): () => void {
      if (!pool) return () => {};
      if (!inFlight) {
        post(jobs);
        return () => {};
      }
      return clock.nextFrame(() => post(jobs));
    },
    /** Runs the last jobs posted again (after a worker was lost). */
    retry(): void {
      if (!pool || !posted) return;
      update((s) => ({ ...s, ended: null }));
      post(posted);
    },
    dismissError(): void {
      update((s) => ({ ...s, error: null }));
    },
  };

  function post(jobs: readonly RunJob[]): void {
    if (!pool) return;
    inFlight = true;
    busy.set(true);
    windows?.edit();
    posted = jobs;
    const id = ++latest;
    const current = (): boolean => id === latest;
    const started = clock.now();
    const arrived: (RunOutput | undefined)[] = new Array<RunOutput | undefined>(jobs.length);
    let shown = 0;
    let timer: unknown;
    let lastShownMs = 0;
    const slowTimer = clock.setTimeout(() => {
      // dimming is for an old picture: once this edit's first run is drawn there is none
      if (current() && shown === 0) update((s) => ({ ...s, slow: true }));
    }, SLOW_MS);
    const showPartial = (): void => {
      timer = undefined;
      if (!current()) return;
      shown++;
      lastShownMs = clock.now();
      const set = buildRunSet(jobs, arrived, clock.now() - started);
      update((s) => ({ ...s, set, slow: false, stale: false }));
    };
    const end = (): void => {
      inFlight = false;
      clock.clearTimeout(slowTimer);
      clock.clearTimeout(timer);
    };
    pool
      .runAll(
        jobs.map((j) => ({ scenario: j.scenario })),
        {
          first: [jobs.findIndex((j) => j.key === scheduler.prefer)],
          onResult: (i, r, restMs) => {
            if (!current()) return;
            measureHandover(r.sentAtEpochMs);
            arrived[i] = r;
            const done = arrived.filter(Boolean).length;
            if (done === jobs.length) return; // drawn whole below
            // The first at once; later ones together, at most every PARTIAL_EVERY_MS: every redraw
            // of a growing comparison takes the main thread (and, on two cores, a worker's core)
            // from the runs still to come, and it is the main thread that hands them out.
            if (done === 1) {
              showPartial();
              // the other workers start once this is painted: on two cores they would take the
              // core its drawing needs
              return new Promise<void>((ok) => clock.afterPaint(ok));
            }
            // what the panels derive from this run, now rather than on the last stretch (prepare.ts)
            prepareArrived({ ...jobs[i], result: r });
            // Rescheduled at each arrival, with the pool's newest estimate of the rest: when the
            // complete set is expected before the partial would be drawn or just after, the
            // partial's redraw would only hold the complete one up, so it waits for that
            // instead. Should the estimate be wrong, it comes PARTIAL_GRACE_MS after the
            // expected end.
            clock.clearTimeout(timer);
            const dueMs = Math.max(0, lastShownMs + PARTIAL_EVERY_MS - clock.now());
            timer = clock.setTimeout(showPartial, restMs <= dueMs + PARTIAL_GRACE_MS ? Math.max(dueMs, restMs + PARTIAL_GRACE_MS) : dueMs);
          },
        },
      )
      .then(
        (results) => {
          if (!current()) return;
          end();
          measureResults();
          // a result handed back from an earlier batch (its post time cleared, pool.ts) was measured then
          for (const r of results) if (r.phasesMs && r.sentAtEpochMs) measureWorker(r.phasesMs);
          const recovery = results.find((r) => r.recovery)?.recovery ?? null;
          update(() => ({ set: buildRunSet(jobs, results, clock.now() - started), slow: false, error: null, retryable: false, recovery, stale: false, ended: jobs }));
        },
        (e: unknown) => {
          if (!current() || isSuperseded(e)) return;
          end();
          const message = e instanceof Error ? e.message : String(e);
          // the last picture stays, dimmed (see `stale` in App), under a banner saying it is the last run's;
          // a half-drawn comparison is not left looking current
          update((s) => ({ ...s, slow: false, error: message, retryable: isWorkerLost(e), recovery: null, stale: s.set !== null, ended: jobs }));
        },
      );
    measurePosted();
  }

  return scheduler;
}
