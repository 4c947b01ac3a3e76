/**
 * Runs the current jobs on the worker pool whenever they change: immediately (no debounce —
 * the pool's latest-wins cancellation keeps a dragged slider from queueing stale runs), from
 * t = 0 with the scenario's seed. Only the newest request may write state, so a slow stale run
 * can never overwrite a newer picture.
 */
import { useEffect, useRef, useState } from 'react';
import { isSuperseded } from '../../worker/client.ts';
import type { SimPool } from '../../worker/pool.ts';
import { measureResults } from './perf.ts';
import { buildRunSet, type RunJob, type RunSet } from './runSet.ts';

const SLOW_MS = 400;

export interface RunsState {
  /** The last finished set: kept on screen while a newer one runs or after one fails. */
  set: RunSet | null;
  running: boolean;
  /** Running for longer than SLOW_MS: only then is the old picture dimmed (dimming and undimming repaint every chart). */
  slow: boolean;
  error: string | null;
}

export function useRuns(pool: SimPool | null, jobs: readonly RunJob[] | null): RunsState & { dismissError: () => void } {
  const [state, setState] = useState<RunsState>({ set: null, running: false, slow: false, error: null });
  const latest = useRef(0);

  useEffect(() => {
    if (!pool || !jobs) return;
    const id = ++latest.current;
    const started = performance.now();
    setState((s) => ({ ...s, running: true }));
    const slowTimer = setTimeout(() => {
      if (id === latest.current) setState((s) => (s.running ? { ...s, slow: true } : s));
    }, SLOW_MS);
    pool.runAll(jobs.map((j) => ({ scenario: j.scenario }))).then(
      (results) => {
        if (id !== latest.current) return;
        clearTimeout(slowTimer);
        measureResults();
        setState({ set: buildRunSet(jobs, results, performance.now() - started), running: false, slow: false, error: null });
      },
      (e: unknown) => {
        if (id !== latest.current || isSuperseded(e)) return;
        clearTimeout(slowTimer);
        const message = e instanceof Error ? e.message : String(e);
        setState((s) => ({ ...s, running: false, slow: false, error: message }));
      },
    );
  }, [pool, jobs]);

  const dismissError = (): void => setState((s) => ({ ...s, error: null }));
  return { ...state, dismissError };
}
