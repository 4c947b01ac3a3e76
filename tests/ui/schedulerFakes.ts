/**
 * The run scheduler's pool and clock for tests in Node: the pool answers when told (a batch's
 * results, a packet window), the clock is turned by hand (timers, frames, paints).
 */
import type { PacketWindow } from '../../src/engine/net/hop-log.ts';
import type { RunPool, SchedulerClock } from '../../src/ui/model/runScheduler.ts';
import type { PacketWindowRequest } from '../../src/worker/packetWindow.ts';
import type { BatchOptions, Job } from '../../src/worker/pool.ts';
import type { RunOutput } from '../../src/worker/protocol.ts';

/** A packet window asked of the pool, answered (or failed) when the test says. */
export interface WindowAsk {
  lane: number;
  req: PacketWindowRequest;
  answer(w: PacketWindow): void;
  fail(e: Error): void;
}

export interface Batch {
  jobs: readonly Job[];
  options: BatchOptions;
  /** Delivers job i's result (the pool's onResult), waiting for a promise it returns to be settled by the clock. */
  arrive(i: number, restMs?: number): void;
  /** Ends the batch with every result (those not delivered before are made up). */
  finish(): Promise<void>;
}

export function fakePool(): RunPool & { batches: Batch[]; windows: WindowAsk[] } {
  const batches: Batch[] = [];
  const windows: WindowAsk[] = [];
  return {
    batches,
    windows,
    packetWindow(lane, req) {
      return new Promise<PacketWindow>((answer, fail) => windows.push({ lane, req, answer, fail }));
    },
    runAll(jobs, options = {}) {
      return new Promise<RunOutput[]>((resolve) => {
        const results: RunOutput[] = jobs.map((j) => ({ endS: j.scenario.durationS, sentAtEpochMs: 0 }) as unknown as RunOutput);
        batches.push({
          jobs,
          options,
          arrive: (i, restMs = Infinity) => void options.onResult?.(i, results[i], restMs),
          finish: async () => {
            resolve(results);
            await Promise.resolve();
            await Promise.resolve();
          },
        });
      });
    },
  };
}

export function manualClock(): SchedulerClock & { advance(ms: number): void; frame(): void; paint(): void } {
  let t = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let frames: (() => void)[] = [];
  let paints: (() => void)[] = [];
  let ids = 0;
  return {
    now: () => t,
    setTimeout(fn, ms) {
      const id = ++ids;
      timers.push({ at: t + ms, fn, id });
      return id;
    },
    clearTimeout(id) {
      timers = timers.filter((x) => x.id !== id);
    },
    nextFrame(fn) {
      frames.push(fn);
      return () => (frames = frames.filter((f) => f !== fn));
    },
    afterPaint(fn) {
      paints.push(fn);
      return () => (paints = paints.filter((f) => f !== fn));
    },
    advance(ms) {
      t += ms;
      for (;;) {
        const due = timers.filter((x) => x.at <= t).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((x) => x !== due);
        due.fn();
      }
    },
    frame() {
      const run = frames;
      frames = [];
      for (const f of run) f();
    },
    paint() {
      const run = paints;
      paints = [];
      for (const f of run) f();
    },
  };
}
