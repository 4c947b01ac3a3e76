/**
 * Main-thread side of one simulation worker. Latest request wins: a new run while one is in
 * flight rejects the old promise at once with SupersededError (callers ignore it), and the
 * worker itself drops the stale run at its next yield (./runner.ts), so the worker and
 * its compiled engine code stay warm.
 *
 * Supervision: a worker can die without a word (terminated, closed, out of memory), and the
 * run would then never settle. While a run is in flight the client watches for signs of life —
 * any message from the worker, including the heartbeats it posts as the run progresses — and
 * for a deadline scaled to the run's size (caps.ts). A worker silent for `silenceMs`, or one
 * that reports an error event, is terminated and replaced and the run is repeated once on the
 * new worker; if that fails too, or the run outlives its deadline (a run that slow would be as
 * slow again), the run rejects with a WorkerLostError whose message a student can act on.
 */
import * as Comlink from 'comlink';
import type { PacketWindow } from '../engine/net/hop-log.ts';
import type { Scenario } from '../scenario/schema.ts';
import { DEFAULT_CAPS, runDeadlineMs } from './caps.ts';
import type { PacketWindowRequest } from './packetWindow.ts';
import type { RunOutput, SimApi, WorkerRunOptions } from './protocol.ts';

export class SupersededError extends Error {
  constructor() {
    super('superseded by a newer run');
    this.name = 'SupersededError';
  }
}

export const isSuperseded = (e: unknown): boolean => e instanceof SupersededError;

/** The worker died or hung and a fresh one could not finish the run either. */
export class WorkerLostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerLostError';
  }
}

export const isWorkerLost = (e: unknown): boolean => e instanceof WorkerLostError;

export interface Supervision {
  /** Longest a busy worker may stay silent (no heartbeat, no answer) before it is taken for dead. */
  silenceMs: number;
  /**
   * The same for a worker never heard from yet: its module may still be downloading on a slow
   * first visit, and a false alarm would only start that download again.
   */
  firstContactMs: number;
  /** Longest one run may take, by its size. */
  deadlineMs(scenario: Scenario, opts: WorkerRunOptions): number;
  /** How often the watch looks. */
  checkEveryMs: number;
  nowMs(): number;
}

/**
 * A running worker posts a heartbeat every 250 ms or so (protocol.ts); 8 s of silence is far
 * beyond any unsliced step (building a 16-flow scenario, fingerprinting a capped trace).
 */
export const DEFAULT_SUPERVISION: Supervision = {
  silenceMs: 8_000,
  firstContactMs: 20_000,
  deadlineMs: (scenario, opts) => runDeadlineMs(scenario, { ...DEFAULT_CAPS, ...opts.caps }),
  checkEveryMs: 500,
  nowMs: () => performance.now(),
};

/** How to get each result's fingerprint, once asked (see `traceHashOf`). */
const pendingHashes = new WeakMap<RunOutput, () => Promise<string>>();

/**
 * A result's trace fingerprint. The worker posts runs without it (hashing is off the path from
 * input to picture) and computes it when asked; the client asks only once its worker has no run
 * to do, so a comparison's later runs are never delayed by its earlier runs' fingerprints. It is
 * then also in `r.traceHash`. Resolves with '' if the worker failed or was replaced meanwhile.
 */
export function traceHashOf(r: RunOutput): Promise<string> {
  if (r.traceHash) return Promise.resolve(r.traceHash);
  return pendingHashes.get(r)?.() ?? Promise.resolve('');
}

export type WorkerFactory = () => Worker;

export const defaultWorkerFactory: WorkerFactory = () =>
  new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module', name: 'tcp-lab-sim' });

interface Live {
  worker: Worker;
  api: Comlink.Remote<SimApi>;
  /** When the worker was last heard from (any message), or was started. */
  heardAtMs: number;
  /** Any message has come from it yet. */
  heard: boolean;
  /** What to do if this worker is found dead while a run is in flight. */
  onDeath: ((why: string) => void) | null;
}

interface Pending {
  reject: (e: Error) => void;
}

function asError(e: unknown): Error {
  if (e instanceof Error) return e;
  return new Error(typeof e === 'string' ? e : 'the simulation failed');
}

const seconds = (ms: number): string => `${Math.round(ms / 1000)} s`;

export class SimClient {
  private live: Live | null = null;
  private pending: Pending | null = null;
  private disposed = false;
  /** Callers waiting for this client to have no run in flight (fingerprint requests). */
  private idleWaiters: (() => void)[] = [];
  /** The warm-up in progress, if any (see warm). */
  private warming: Promise<number> | null = null;
  private readonly sup: Supervision;

  constructor(
    private readonly factory: WorkerFactory = defaultWorkerFactory,
    supervision: Partial<Supervision> = {},
  ) {
    this.sup = { ...DEFAULT_SUPERVISION, ...supervision };
  }

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
    if (scenario && variants.length > 0) {
      const warming = api.warmUp(scenario, [...variants]).catch(() => 0);
      this.warming = warming;
      void warming.then(() => {
        if (this.warming === warming) this.warming = null;
      });
    }
  }

  /**
   * Stops a warm-up still running (a run sent to this worker stops it anyway): it is work done
   * ahead, and must not take a core from the runs of an edit that this worker has no part in.
   */
  stopWarmUp(): void {
    if (!this.warming || this.pending) return;
    this.warming = null;
    this.live?.api.cancel().catch(() => undefined);
  }

  run(scenario: Scenario, opts: WorkerRunOptions = {}): Promise<RunOutput> {
    if (this.disposed) return Promise.reject(new Error('the simulation client was disposed'));
    // No cancel message needed: the worker's own latest-wins drops the older run.
    if (this.pending) this.pending.reject(new SupersededError());
    this.pending = null;
    return new Promise<RunOutput>((resolve, reject) => {
      const entry: Pending = { reject };
      this.pending = entry;
      let watch: ReturnType<typeof setInterval> | undefined;
      const settle = (fn: () => void): void => {
        clearInterval(watch);
        if (this.pending !== entry) return; // superseded or failed meanwhile: already rejected
        this.pending = null;
        fn();
        this.wakeIdle();
      };
      const deadlineMs = this.sup.deadlineMs(scenario, opts);
      const attempt = (retried: string | null): void => {
        const live = this.ensureWorker();
        const startedMs = this.sup.nowMs();
        live.heardAtMs = startedMs;
        let lastCheckMs = startedMs;
        const lost = (why: string, repeat: boolean): void => {
          clearInterval(watch);
          live.onDeath = null;
          this.stopWorker(live);
          if (this.pending !== entry) return;
          if (repeat && retried === null) return attempt(`The simulation worker ${why}; it was restarted and the run repeated.`);
          const what = retried === null ? `The simulation worker ${why}` : `The simulation worker ${why}, again after a restart`;
          settle(() => reject(new WorkerLostError(`${what}. Try again, or shorten the scenario or lower its rates; reloading the page also helps.`)));
        };
        live.onDeath = (why) => lost(why, true);
        clearInterval(watch);
        watch = setInterval(() => {
          if (this.pending !== entry) return clearInterval(watch); // superseded: the newer run watches the worker
          const now = this.sup.nowMs();
          // A late tick means the main thread itself was busy (or the tab hidden): the worker's
          // messages may be waiting behind it, so its silence proves nothing yet.
          if (now - lastCheckMs > 3 * this.sup.checkEveryMs) live.heardAtMs = now;
          lastCheckMs = now;
          if (now - live.heardAtMs > (live.heard ? this.sup.silenceMs : this.sup.firstContactMs)) lost(`stopped responding (nothing for ${seconds(now - live.heardAtMs)})`, true);
          else if (now - startedMs > deadlineMs) lost(`did not finish within ${seconds(deadlineMs)}, the most a run this size may take`, false);
        }, this.sup.checkEveryMs);
        live.api.run(scenario, { ...opts, deferHash: true }).then(
          (r) => {
            if (r.hashTicket && !r.traceHash) {
              let asked: Promise<string> | null = null;
              const ask = async (): Promise<string> => {
                await this.whenIdle();
                // a replaced worker took its copies with it (and would never answer)
                if (this.live !== live) return '';
                return live.api.traceHash(r.hashTicket).then(
                  (h) => (r.traceHash = h),
                  () => '',
                );
              };
              pendingHashes.set(r, () => (asked ??= ask()));
            }
            if (retried !== null) r.recovery = retried;
            settle(() => resolve(r));
          },
          (e: unknown) => {
            if (this.live !== live) return; // this worker was given up on; the next attempt answers
            settle(() => reject(asError(e)));
          },
        );
      };
      attempt(null);
    });
  }

  /**
   * A packet window for the path picture, from this client's worker (the sessions of the runs it
   * was asked about live there). Not supervised like a run: the worker computes it only between
   * runs and gives it up (rejecting) when a run comes in. A worker that dies never answers; the
   * scheduler stops waiting for the answer at the next edit (model/packetWindows.ts).
   */
  packetWindow(req: PacketWindowRequest): Promise<PacketWindow> {
    return this.ensureWorker().api.packetWindow(req);
  }

  /** Abandons the run in flight: its promise rejects as superseded, and the worker stops it at its next yield. */
  cancel(): void {
    if (!this.pending) return;
    this.pending.reject(new SupersededError());
    this.pending = null;
    this.live?.api.cancel().catch(() => undefined);
    this.wakeIdle();
  }

  /** Stops a run the worker started ahead of being asked (WorkerRunOptions.next), if nothing is in flight. */
  dropAhead(): void {
    if (this.pending) return;
    this.live?.api.cancel().catch(() => undefined);
  }

  dispose(): void {
    this.pending?.reject(new SupersededError());
    this.pending = null;
    this.disposed = true;
    if (this.live) this.stopWorker(this.live);
    this.wakeIdle();
  }

  /** Resolves once no run is in flight on this client. */
  private whenIdle(): Promise<void> {
    return new Promise((resume) => {
      this.idleWaiters.push(resume);
      this.wakeIdle();
    });
  }

  /**
   * Releases the idle waiters if nothing is running a task later: a pool hands a client its
   * next queued run right after the last one settles, and that run goes first.
   */
  private wakeIdle(): void {
    setTimeout(() => {
      if (this.pending || this.idleWaiters.length === 0) return;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }, 0);
  }

  private ensureWorker(): Live {
    if (this.live) return this.live;
    const worker = this.factory();
    const live: Live = { worker, api: Comlink.wrap<SimApi>(worker), heardAtMs: this.sup.nowMs(), heard: false, onDeath: null };
    // A worker that fails to load or crashes never answers Comlink: hand it to the run in
    // flight (which replaces it and repeats once), or just drop it if idle.
    const fail = (why: string): void => {
      if (this.live !== live) return; // a worker we already replaced
      if (live.onDeath) live.onDeath(why);
      else this.stopWorker(live);
    };
    worker.addEventListener('error', (ev: Event) => {
      ev.preventDefault();
      const msg = (ev as ErrorEvent).message;
      fail(msg ? `failed (${msg})` : 'failed to start');
    });
    worker.addEventListener('messageerror', () => fail('sent a result that could not be received'));
    worker.addEventListener('message', () => {
      live.heardAtMs = this.sup.nowMs();
      live.heard = true;
    });
    this.live = live;
    return live;
  }

  private stopWorker(live: Live): void {
    live.worker.terminate();
    if (this.live === live) this.live = null;
  }
}
