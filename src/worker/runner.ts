/**
 * What the worker does with requests, free of worker APIs so Node tests can drive it: runs are
 * executed in slices of SLICE_EVENTS engine events, returning to the message loop (`yieldNow`)
 * between slices. Latest wins: a newer `run` or a `cancel` makes the older run stop at its next
 * slice boundary and reject with SUPERSEDED, so a dragged slider never waits for a stale run
 * and the worker (with its compiled engine code) is kept instead of terminated and restarted.
 */
import type { Scenario } from '../scenarios/schema.ts';
import type { RunOutput, WorkerRunOptions } from './protocol.ts';
import { startRun } from './runForDisplay.ts';

/**
 * Events per slice: a few milliseconds of engine work, so a newer request waits at most that
 * long, while the cost of yielding (a message round trip, ~0.05 ms) stays well under 1 %.
 */
export const SLICE_EVENTS = 20_000;

/** The rejection message of a superseded run (the main thread has already moved on and ignores it). */
export const SUPERSEDED = 'superseded by a newer run';

/** Warm-up runs are this long at most (simulated seconds): enough events for the JIT to optimise the hot paths. */
export const WARM_UP_S = 10;

export interface Runner {
  run(scenario: Scenario, opts: WorkerRunOptions): Promise<RunOutput>;
  /** Stops the run in flight (if any) at its next slice boundary. */
  cancel(): void;
  /** Short runs of `scenario` with each variant, discarded; stops as soon as a run or cancel arrives. Resolves with how many completed. */
  warmUp(scenario: Scenario, variants: readonly string[]): Promise<number>;
}

export function createRunner(yieldNow: () => Promise<void>, clockMs: () => number = () => 0): Runner {
  let latest = 0;
  const isCurrent = (id: number) => (): boolean => id === latest;

  async function drive(scenario: Scenario, opts: WorkerRunOptions, current: () => boolean): Promise<RunOutput | null> {
    const run = startRun(scenario, opts, clockMs);
    while (!run.step(SLICE_EVENTS)) {
      await yieldNow();
      if (!current()) return null;
    }
    return run.finish();
  }

  return {
    async run(scenario, opts) {
      const id = ++latest;
      const out = await drive(scenario, opts, isCurrent(id));
      if (!out) throw new Error(SUPERSEDED);
      return out;
    },
    cancel() {
      latest++;
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
