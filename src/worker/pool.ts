/**
 * A pool of simulation workers so compare mode's variants run in parallel, one per core (at
 * most six: the compare set's limit). Workers start at construction time (`warm`) so the first
 * run does not wait for module loading (and, given a scenario, warm up the engine's JIT).
 * Batches are latest-wins: submitting a new batch rejects the previous one with SupersededError
 * and tells every worker still busy with it to drop it at its next yield, so dragging a slider
 * never queues stale runs and no worker is ever restarted for it.
 */
import type { Scenario } from '../scenarios/schema.ts';
import { defaultWorkerFactory, SimClient, SupersededError, type WorkerFactory } from './client.ts';
import type { RunOutput, WorkerRunOptions } from './protocol.ts';

export const MAX_POOL_SIZE = 6;

/** min(cores, 6), at least one. */
export function poolSizeFor(hardwareConcurrency: number | undefined): number {
  const cores = hardwareConcurrency && hardwareConcurrency > 0 ? Math.floor(hardwareConcurrency) : 2;
  return Math.max(1, Math.min(cores, MAX_POOL_SIZE));
}

export interface Job {
  scenario: Scenario;
  opts?: WorkerRunOptions;
}

export class SimPool {
  private readonly clients: SimClient[];
  private batch = 0;

  constructor(size: number, factory: WorkerFactory = defaultWorkerFactory) {
    this.clients = Array.from({ length: Math.max(1, size) }, () => new SimClient(factory));
  }

  get size(): number {
    return this.clients.length;
  }

  /** Starts every worker now; with a scenario, each also runs it briefly per variant (see SimClient.warm). */
  warm(scenario?: Scenario, variants: readonly string[] = []): void {
    for (const c of this.clients) c.warm(scenario, variants);
  }

  /**
   * Runs every job, spread over the workers (job i on worker i mod size, in order), and
   * resolves with the results in job order. Rejects with SupersededError if a newer batch is
   * submitted first, or with the first failure.
   */
  runAll(jobs: readonly Job[]): Promise<RunOutput[]> {
    const batch = ++this.batch;
    for (const c of this.clients) if (c.busy) c.cancel();
    const results: RunOutput[] = new Array<RunOutput>(jobs.length);
    const lanes = this.clients.map(async (client, lane) => {
      for (let i = lane; i < jobs.length; i += this.clients.length) {
        if (batch !== this.batch) throw new SupersededError();
        results[i] = await client.run(jobs[i].scenario, jobs[i].opts ?? {});
      }
    });
    return Promise.all(lanes).then(() => {
      if (batch !== this.batch) throw new SupersededError();
      return results;
    });
  }

  dispose(): void {
    this.batch++;
    for (const c of this.clients) c.dispose();
  }
}
