/**
 * Runs the current jobs on the worker pool whenever they change, from t = 0 with the scenario's
 * seed. An edit made while nothing is running is posted at once; edits arriving while a batch
 * is in flight (a dragged slider) are coalesced to one post per animation frame, the newest —
 * no debounce delay, and the pool's latest-wins cancellation drops the stale batch within one
 * engine slice.
 *
 * Progressive display: a comparison's first result is drawn as soon as it arrives, the others
 * as they come (at most one redraw per PARTIAL_EVERY_MS; the complete set at once), the variants
 * still running named as "updating". The picture on screen is always one edit's runs: the
 * previous edit's set stays whole until the new edit's first run replaces it, and only the
 * newest request may write state, so a slow stale run can never overwrite a newer picture.
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { isSuperseded, isWorkerLost } from '../../worker/client.ts';
import type { SimPool } from '../../worker/pool.ts';
import type { RunOutput } from '../../worker/protocol.ts';
import { afterPaint } from './afterPaint.ts';
import { measureHandover, measurePosted, measureResults, measureWorker } from './perf.ts';
import { buildRunSet, type RunJob, type RunSet } from './runSet.ts';
import { createStore, type Store } from './store.ts';

const SLOW_MS = 400;
/** Least time between two partial pictures of one comparison (the first and the complete one are drawn at once). */
const PARTIAL_EVERY_MS = 100;
/** A partial picture due less than this before the comparison's expected end is put off past it (see onResult). */
const PARTIAL_GRACE_MS = 50;

export interface RunsState {
  /** The last set drawn (possibly still filling in, see `set.updating`): kept on screen while a newer one runs or after one fails. */
  set: RunSet | null;
  running: boolean;
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
}

/**
 * Whether the workers are running an edit's jobs, for work that must not compete with them for
 * the cores (the path picture's packet windows re-simulate the run): a store, so following it
 * re-renders nothing. Null outside the app (no runs).
 */
export const RunsBusyContext = createContext<Store<boolean> | null>(null);

/**
 * Quiet time after an edit's picture is painted before what is off screen catches up: a
 * dragged slider's next edit usually comes within it, and its runs then have the cores to
 * themselves (catching up six off-screen charts of a comparison took ~40 ms of main-thread
 * time, which on two cores also slowed the next edit's runs). Charts scrolled into view draw
 * at once whatever this says.
 */
export const CATCH_UP_AFTER_MS = 200;

/**
 * False from the moment an edit's runs are posted until all of them are in, the picture they
 * make has been painted and CATCH_UP_AFTER_MS have passed without a newer edit; true outside
 * the app. What is off screen catches up when this turns true (ChartSvg, PanelGrid): a
 * comparison's arrivals then redraw only what can be seen, and the catching up never delays
 * the paint of what can, nor the runs of the next edit of a drag.
 */
export function useRunsSettled(): boolean {
  const busy = useContext(RunsBusyContext);
  const [settled, setSettled] = useState(() => !busy?.get());
  useEffect(() => {
    if (!busy) return;
    let cancel = (): void => {};
    const follow = (): void => {
      cancel();
      if (busy.get()) {
        setSettled(false);
        return;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const painted = afterPaint(() => (timer = setTimeout(() => setSettled(true), CATCH_UP_AFTER_MS)));
      cancel = () => {
        painted();
        clearTimeout(timer);
      };
    };
    follow();
    const unsubscribe = busy.subscribe(follow);
    return () => {
      cancel();
      unsubscribe();
    };
  }, [busy]);
  return busy ? settled : true;
}

/**
 * Jobs run in their order (the pool gives each free worker the next): the first compared
 * variant — the one the path panel animates and the metrics table lists first — comes first,
 * unless `preferKey` names another job: the run the lecturer is following (stepping through its
 * events, its caption on the stage) is then run first, so it is the first one redrawn.
 */
export function useRuns(pool: SimPool | null, jobs: readonly RunJob[] | null, preferKey: string | null = null): RunsState & { dismissError: () => void; retry: () => void; busy: Store<boolean> } {
  const [state, setState] = useState<Omit<RunsState, 'running'> & { ended: readonly RunJob[] | null }>({ set: null, slow: false, error: null, retryable: false, recovery: null, stale: false, ended: null });
  // Running from the render that brings new jobs until their batch ends, derived rather than
  // set when the batch is posted: "running…" then shows in the edit's own frame. Set from the
  // post (an effect) it took a render and a frame of its own, ~7 ms of CPU per edit on the two
  // cores the runs need.
  const running = !!pool && !!jobs && state.ended !== jobs;
  const [busy] = useState(() => createStore(false));
  const latest = useRef(0);
  const inFlight = useRef(false);
  const posted = useRef<readonly RunJob[] | null>(null);
  // read when a batch is posted: choosing another run to follow does not re-run anything
  const prefer = useRef(preferKey);
  prefer.current = preferKey;

  useEffect(() => {
    if (!pool || !jobs) return;
    if (!inFlight.current) {
      post(pool, jobs);
      return;
    }
    // a newer edit before this frame replaces this post (the effect's cleanup)
    const frame = requestAnimationFrame(() => post(pool, jobs));
    return () => cancelAnimationFrame(frame);
  }, [pool, jobs]); // eslint-disable-line react-hooks/exhaustive-deps

  function post(pool: SimPool, jobs: readonly RunJob[]): void {
    inFlight.current = true;
    busy.set(true);
    posted.current = jobs;
    const id = ++latest.current;
    const started = performance.now();
    const arrived: (RunOutput | undefined)[] = new Array<RunOutput | undefined>(jobs.length);
    let shown = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastShownMs = 0;
    const slowTimer = setTimeout(() => {
      // dimming is for an old picture: once this edit's first run is drawn there is none
      if (id === latest.current && shown === 0) setState((s) => ({ ...s, slow: true }));
    }, SLOW_MS);
    const showPartial = (): void => {
      timer = undefined;
      if (id !== latest.current) return;
      shown++;
      lastShownMs = performance.now();
      const set = buildRunSet(jobs, arrived, performance.now() - started);
      setState((s) => ({ ...s, set, slow: false, stale: false }));
    };
    pool
      .runAll(
        jobs.map((j) => ({ scenario: j.scenario })),
        {
          first: [jobs.findIndex((j) => j.key === prefer.current)],
          onResult: (i, r, restMs) => {
            if (id !== latest.current) return;
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
              return new Promise<void>((ok) => afterPaint(ok));
            }
            // Rescheduled at each arrival, with the pool's newest estimate of the rest: when the
            // complete set is expected before the partial would be drawn or just after, the
            // partial's redraw would only hold the complete one up, so it waits for that
            // instead. Should the estimate be wrong, it comes PARTIAL_GRACE_MS after the
            // expected end.
            clearTimeout(timer);
            const dueMs = Math.max(0, lastShownMs + PARTIAL_EVERY_MS - performance.now());
            timer = setTimeout(showPartial, restMs <= dueMs + PARTIAL_GRACE_MS ? Math.max(dueMs, restMs + PARTIAL_GRACE_MS) : dueMs);
          },
        },
      )
      .then(
        (results) => {
          if (id !== latest.current) return;
          inFlight.current = false;
          clearTimeout(slowTimer);
          clearTimeout(timer);
          measureResults();
          for (const r of results) if (r.phasesMs) measureWorker(r.phasesMs);
          const recovery = results.find((r) => r.recovery)?.recovery ?? null;
          setState({ set: buildRunSet(jobs, results, performance.now() - started), slow: false, error: null, retryable: false, recovery, stale: false, ended: jobs });
        },
        (e: unknown) => {
          if (id !== latest.current || isSuperseded(e)) return;
          inFlight.current = false;
          clearTimeout(slowTimer);
          clearTimeout(timer);
          const message = e instanceof Error ? e.message : String(e);
          // the last picture stays, dimmed (see `stale` in App), under a banner saying it is the last run's;
          // a half-drawn comparison is not left looking current
          setState((s) => ({ ...s, slow: false, error: message, retryable: isWorkerLost(e), recovery: null, stale: s.set !== null, ended: jobs }));
        },
      );
    measurePosted();
  }

  // Idle once the outcome is committed (children's effects first): a path picture asking for
  // packet windows then asks for the new set, not for the one it is about to replace.
  useEffect(() => {
    if (!running) busy.set(false);
  }, [running, busy]);

  const dismissError = (): void => setState((s) => ({ ...s, error: null }));
  const retry = (): void => {
    if (!pool || !posted.current) return;
    setState((s) => ({ ...s, ended: null }));
    post(pool, posted.current);
  };
  const { ended: _ended, ...shown } = state;
  return { ...shown, running, dismissError, retry, busy };
}
