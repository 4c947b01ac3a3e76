/**
 * The executor for Node on several cores (`--jobs N`): N worker threads, each running whole
 * runs with the in-process executor's call, so a run's outcome is the same whichever thread ran
 * it; the runner files outcomes by run key and the CSV and summary are built in a fixed order,
 * so the files do not depend on which run finished first.
 */
import { Worker } from 'node:worker_threads';
import type { Executor, RunOutcome } from './runner.ts';
import type { RunJob } from './spec.ts';

export interface ThreadExecutor extends Executor {
  /** Ends the threads (the process would otherwise stay alive). */
  dispose(): Promise<void>;
}

interface Lane {
  worker: Worker;
  pending: Map<number, { resolve: (o: RunOutcome) => void; reject: (e: Error) => void }>;
}

/**
 * A worker on thread-worker. Run from TypeScript sources (npm run, under tsx), the thread
 * registers tsx's loader itself first: under Node 20 a worker does not get the loader the parent
 * registered with `--import tsx`.
 */
function spawn(): Worker {
  const url = new URL(import.meta.url.endsWith('.ts') ? './thread-worker.ts' : './thread-worker.js', import.meta.url);
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(boot, { eval: true });
}

export function threadExecutor(threads: number, opts: { hash?: boolean } = {}): ThreadExecutor {
  const lanes: Lane[] = [];
  const free: Lane[] = [];
  const waiting: ((l: Lane) => void)[] = [];
  let nextId = 0;
  for (let i = 0; i < Math.max(1, threads); i++) {
    const worker = spawn();
    const lane: Lane = { worker, pending: new Map() };
    worker.on('message', (m: { id: number; outcome?: RunOutcome; error?: string }) => {
      const p = lane.pending.get(m.id);
      if (!p) return;
      lane.pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.outcome as RunOutcome);
    });
    worker.on('error', (e) => {
      for (const p of lane.pending.values()) p.reject(e);
      lane.pending.clear();
    });
    lanes.push(lane);
    free.push(lane);
  }
  const take = (): Promise<Lane> => (free.length > 0 ? Promise.resolve(free.pop() as Lane) : new Promise((r) => waiting.push(r)));
  const give = (l: Lane): void => {
    const w = waiting.shift();
    if (w) w(l);
    else free.push(l);
  };
  return {
    lanes: lanes.length,
    async run(job: RunJob): Promise<RunOutcome> {
      const lane = await take();
      try {
        const id = nextId++;
        return await new Promise<RunOutcome>((resolve, reject) => {
          lane.pending.set(id, { resolve, reject });
          lane.worker.postMessage({ id, job, hash: opts.hash ?? false });
        });
      } finally {
        give(lane);
      }
    },
    cancel() {},
    async dispose() {
      await Promise.all(lanes.map((l) => l.worker.terminate()));
    },
  };
}
