/**
 * Runs the current jobs on the worker pool whenever they change, from t = 0 with the scenario's
 * seed. An edit made while nothing is running is posted at once; edits arriving while a batch
 * is in flight (a dragged slider) are coalesced to one post per animation frame, the newest —
 * no debounce delay, and the pool's latest-wins cancellation drops the stale batch within one
 * engine slice. Only the newest request may write state, so a slow stale run can never
 * overwrite a newer picture.
 */
import { useEffect, useRef, useState } from 'react';
import { isSuperseded, isWorkerLost } from '../../worker/client.ts';
import type { SimPool } from '../../worker/pool.ts';
import { measureHandover, measurePosted, measureResults, measureWorker } from './perf.ts';
import { buildRunSet, type RunJob, type RunSet } from './runSet.ts';

const SLOW_MS = 400;

export interface RunsState {
  /** The last finished set: kept on screen while a newer one runs or after one fails. */
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

export function useRuns(pool: SimPool | null, jobs: readonly RunJob[] | null): RunsState & { dismissError: () => void; retry: () => void } {
  const [state, setState] = useState<RunsState>({ set: null, running: false, slow: false, error: null, retryable: false, recovery: null, stale: false });
  const latest = useRef(0);
  const inFlight = useRef(false);
  const posted = useRef<readonly RunJob[] | null>(null);

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
    posted.current = jobs;
    const id = ++latest.current;
    const started = performance.now();
    setState((s) => ({ ...s, running: true }));
    const slowTimer = setTimeout(() => {
      if (id === latest.current) setState((s) => (s.running ? { ...s, slow: true } : s));
    }, SLOW_MS);
    pool.runAll(jobs.map((j) => ({ scenario: j.scenario }))).then(
      (results) => {
        if (id !== latest.current) return;
        inFlight.current = false;
        clearTimeout(slowTimer);
        measureResults();
        for (const r of results) {
          if (r.phasesMs) measureWorker(r.phasesMs);
          measureHandover(r.sentAtEpochMs);
        }
        const recovery = results.find((r) => r.recovery)?.recovery ?? null;
        setState({ set: buildRunSet(jobs, results, performance.now() - started), running: false, slow: false, error: null, retryable: false, recovery, stale: false });
      },
      (e: unknown) => {
        if (id !== latest.current || isSuperseded(e)) return;
        inFlight.current = false;
        clearTimeout(slowTimer);
        const message = e instanceof Error ? e.message : String(e);
        // the last picture stays, dimmed (see `stale` in App), under a banner saying it is the last run's
        setState((s) => ({ ...s, running: false, slow: false, error: message, retryable: isWorkerLost(e), recovery: null, stale: s.set !== null }));
      },
    );
    measurePosted();
  }

  const dismissError = (): void => setState((s) => ({ ...s, error: null }));
  const retry = (): void => {
    if (pool && posted.current) post(pool, posted.current);
  };
  return { ...state, dismissError, retry };
}
