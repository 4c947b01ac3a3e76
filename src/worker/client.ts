/**
 * Main-thread side of one simulation worker. Latest request wins: a new run while one is in
 * flight rejects the old promise at once with SupersededError (callers ignore it), and the
 * worker itself drops the stale run at its next yield (./runner.ts), so the worker and
 * its compiled engine code stay warm. Only a worker that crashed or failed to load is
 * terminated and replaced.
 */
import * as Comlink from 'comlink';
import type { Scenario } from '../scenarios/schema.ts';
import type { RunOutput, SimApi, WorkerRunOptions } from './protocol.ts';

export class SupersededError extends Error {
  constructor() {
    super('superseded by a newer run');
    this.name = 'SupersededError';
  }
}

export const isSuperseded = (e: unknown): boolean => e instanceof SupersededError;

/** Fingerprints still on their way, per result (see `traceHashOf`). */
const pendingHashes = new WeakMap<RunOutput, Promise<string>>();

/**
 * A result's trace fingerprint. The worker posts runs before fingerprinting them (that is off
 * the path from input to picture) and this resolves once the fingerprint has followed; it is
 * then also in `r.traceHash`. Resolves with '' if the worker failed meanwhile.
 */
export function traceHashOf(r: RunOutput): Promise<string> {
  return r.traceHash ? Promise.resolve(r.traceHash) : (pendingHashes.get(r) ?? Promise.resolve(''));
}

export type WorkerFactory = () => Worker;

export const defaultWorkerFactory: WorkerFactory = () =>
  new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module', name: 'tcp-lab-sim' });

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
  private disposed = false;

  constructor(private readonly factory: WorkerFactory = defaultWorkerFactory) {}

  /** A run is in flight. */
  get busy(): boolean {
    return this.pending !== null;
  }

  /**
   * Starts the worker (if needed) and loads its module; with a scenario, also runs it briefly
   * once per variant so the engine is compiled before the first real run. Never rejects.
   */
  warm(scenario?: Scenario, variants: readonly string[] = []): void {
    if (this.disposed) return;
    const { api } = this.ensureWorker();
    api.ping().catch(() => undefined);
    if (scenario && variants.length > 0) api.warmUp(scenario, [...variants]).catch(() => undefined);
  }

  run(scenario: Scenario, opts: WorkerRunOptions = {}): Promise<RunOutput> {
    if (this.disposed) return Promise.reject(new Error('the simulation client was disposed'));
    // No cancel message needed: the worker's own latest-wins drops the older run.
    if (this.pending) this.pending.reject(new SupersededError());
    this.pending = null;
    const { api } = this.ensureWorker();
    return new Promise<RunOutput>((resolve, reject) => {
      const entry: Pending = { reject };
      this.pending = entry;
      const settle = (fn: () => void): void => {
        if (this.pending !== entry) return; // superseded or failed meanwhile: already rejected
        this.pending = null;
        fn();
      };
      api.run(scenario, { ...opts, deferHash: true }).then(
        (r) => {
          if (r.hashTicket && !r.traceHash) {
            const hash = api.traceHash(r.hashTicket).then(
              (h) => (r.traceHash = h),
              () => '',
            );
            pendingHashes.set(r, hash);
          }
          settle(() => resolve(r));
        },
        (e: unknown) => settle(() => reject(asError(e))),
      );
    });
  }

  /** Abandons the run in flight: its promise rejects as superseded, and the worker stops it at its next yield. */
  cancel(): void {
    if (!this.pending) return;
    this.pending.reject(new SupersededError());
    this.pending = null;
    this.live?.api.cancel().catch(() => undefined);
  }

  dispose(): void {
    this.pending?.reject(new SupersededError());
    this.pending = null;
    this.disposed = true;
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
    worker.addEventListener('error', (ev: Event) => {
      ev.preventDefault();
      const msg = (ev as ErrorEvent).message;
      fail(msg ? `simulation worker failed: ${msg}` : 'the simulation worker failed to start');
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
