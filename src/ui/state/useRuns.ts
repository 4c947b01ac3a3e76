/**
 * React's view of the run scheduler (model/runScheduler.ts): the hook hands it each edit's
 * jobs and re-renders with its state; whether the workers are busy is a store of its own, so
 * following it re-renders nothing.
 */
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { RunScheduler, RunsState as SchedulerState } from '../model/runScheduler.ts';
import { afterPaint } from './afterPaint.ts';
import type { RunJob } from './runSet.ts';
import type { Store } from './store.ts';

export interface RunsState extends Omit<SchedulerState, 'ended'> {
  running: boolean;
}

/**
 * The page's run scheduler, for what reads it below the app: whether the workers are busy
 * (useRunsSettled) and the path picture's packet windows (usePacketWindows). Null outside the
 * app (no runs).
 */
export const RunSchedulerContext = createContext<RunScheduler | null>(null);

/**
 * Quiet time after an edit's picture is painted before what is off screen catches up: a
 * dragged slider's next edit usually comes within it, and its runs then have the cores to
 * themselves (catching up a comparison's off-screen charts takes main-thread time that, on two
 * cores, also slows the next edit's runs; docs/performance.md). Charts scrolled into view draw
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
  const busy = useContext(RunSchedulerContext)?.busy ?? null;
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
 * The scheduler's state for React, with `running` derived for the current `jobs` (the model
 * posts them: AppModel.runWith); `preferKey` names the run to run first (RunScheduler.prefer).
 */
export function useRuns(scheduler: RunScheduler, jobs: readonly RunJob[] | null, preferKey: string | null = null): RunsState & { dismissError: () => void; retry: () => void; busy: Store<boolean> } {
  const state = useSyncExternalStore(scheduler.subscribe, scheduler.get);
  // Running from the render that brings new jobs until their batch ends, derived rather than
  // set when the batch is posted: "running…" then shows in the edit's own frame, not in a
  // render and a frame of its own taken from the cores the runs need.
  const running = !!scheduler.pool && !!jobs && state.ended !== jobs;
  scheduler.prefer = preferKey;

  // Idle once the outcome is committed (children's effects first): a path picture asking for
  // packet windows then asks for the new set, not for the one it is about to replace.
  useEffect(() => {
    if (!running) scheduler.busy.set(false);
  }, [running, scheduler]);

  const { ended: _ended, ...shown } = state;
  return { ...shown, running, dismissError: () => scheduler.dismissError(), retry: () => scheduler.retry(), busy: scheduler.busy };
}
