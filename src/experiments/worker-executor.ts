/**
 * The executor for the app: runs on simulation workers through the worker client's public API
 * (SimClient, one per lane), each lane pulling the next run as soon as its worker is free — so a
 * slow run never holds up the other lanes, and each result arrives (and is drawn) on its own.
 * Runs are allowed up to an hour of simulated time (the papers' longest runs); the event cap
 * stays the interactive one, and a run that reaches it says so in its note.
 */
import { SimClient, traceHashOf, type WorkerFactory, defaultWorkerFactory } from '../worker/client.ts';
import type { Executor, RunOutcome } from './runner.ts';
import type { RunJob } from './spec.ts';

export const EXPERIMENT_MAX_DURATION_S = 3600;

export interface WorkerExecutor extends Executor {
  dispose(): void;
}

export function workerExecutor(lanes: number, factory: WorkerFactory = defaultWorkerFactory): WorkerExecutor {
  const clients = Array.from({ length: Math.max(1, lanes) }, () => new SimClient(factory));
  for (const c of clients) c.warm();
  const free = [...clients];
  const waiting: ((c: SimClient) => void)[] = [];
  const take = (): Promise<SimClient> => (free.length > 0 ? Promise.resolve(free.pop() as SimClient) : new Promise((r) => waiting.push(r)));
  const give = (c: SimClient): void => {
    const w = waiting.shift();
    if (w) w(c);
    else free.push(c);
  };
  return {
    lanes: clients.length,
    async run(job: RunJob): Promise<RunOutcome> {
      const client = await take();
      try {
        // The trace is only fingerprinted here, never drawn: decimate it to almost nothing.
        const out = await client.run(job.scenario, { caps: { maxDurationS: EXPERIMENT_MAX_DURATION_S }, displayRowsMax: 1 });
        const hash = await traceHashOf(out);
        return { key: job.key, result: { flows: out.flows, links: out.links, summary: out.summary }, traceHash: hash || null, events: out.sim.events, engineMs: out.engineMs, note: out.capNote };
      } finally {
        give(client);
      }
    },
    cancel() {
      for (const c of clients) c.cancel();
    },
    dispose() {
      for (const c of clients) c.dispose();
    },
  };
}
