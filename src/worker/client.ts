/**
 * Main-thread side of the simulation worker. Latest request wins: a new run while one is in
 * flight terminates that worker (a run cannot be interrupted from outside otherwise) and the
 * old promise rejects with SupersededError, which callers ignore.
 */
import * as Comlink from 'comlink';
import type { RunOptions } from '../engine/run.ts';
import type { Scenario } from '../scenarios/schema.ts';
import type { RunOutput, SimApi } from './protocol.ts';

export class SupersededError extends Error {
  constructor() {
    super('superseded by a newer run');
    this.name = 'SupersededError';
  }
}

export const isSuperseded = (e: unknown): boolean => e instanceof SupersededError;

export type WorkerFactory = () => Worker;

const defaultFactory: WorkerFactory = () => new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module', name: 'tcp-lab-sim' });

interface Live {
  worker: Worker;
  api: Comlink.Remote<SimApi>;
}

interface Pending {
  reject: (e: Error) => void;
}

function asError(e: unknown): Error {
  if (e instanceof Error) return e;
  return new Error(typeof e === 'string' ? e : 'the simulation failed');
}

export class SimClient {
  private live: Live | null = null;
  private pending: Pending | null = null;

  constructor(private readonly factory: WorkerFactory = defaultFactory) {}

  run(scenario: Scenario, opts: RunOptions = {}): Promise<RunOutput> {
    if (this.pending) {
      this.pending.reject(new SupersededError());
      this.pending = null;
      this.stopWorker();
    }
    const { api } = this.ensureWorker();
    return new Promise<RunOutput>((resolve, reject) => {
      const entry: Pending = { reject };
      this.pending = entry;
      const settle = (fn: () => void): void => {
        if (this.pending !== entry) return; // superseded or failed meanwhile: already rejected
        this.pending = null;
        fn();
      };
      api.run(scenario, opts).then(
        (r) => settle(() => resolve(r)),
        (e: unknown) => settle(() => reject(asError(e))),
      );
    });
  }

  dispose(): void {
    this.pending?.reject(new SupersededError());
    this.pending = null;
    this.stopWorker();
  }

  private ensureWorker(): Live {
    if (this.live) return this.live;
    const worker = this.factory();
    // A worker that fails to load or crashes never answers Comlink; report it to the caller
    // and start a fresh worker on the next run.
    const fail = (message: string): void => {
      if (this.live?.worker !== worker) return; // a worker we already replaced
      const p = this.pending;
      this.pending = null;
      this.stopWorker();
      p?.reject(new Error(message));
    };
    worker.addEventListener('error', (ev: ErrorEvent) => {
      ev.preventDefault();
      fail(ev.message ? `simulation worker failed: ${ev.message}` : 'the simulation worker failed to start');
    });
    worker.addEventListener('messageerror', () => fail('the simulation result could not be received'));
    this.live = { worker, api: Comlink.wrap<SimApi>(worker) };
    return this.live;
  }

  private stopWorker(): void {
    this.live?.worker.terminate();
    this.live = null;
  }
}
