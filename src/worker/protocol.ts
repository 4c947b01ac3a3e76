/** What the simulation worker offers the main thread. Types only: both sides import this. */
import type { TableName } from '../engine/core/trace.ts';
import type { PacketWindow } from '../engine/net/hop-log.ts';
import type { runScenario } from '../engine/run.ts';
import type { Scenario } from '../scenario/schema.ts';
import type { Caps } from './caps.ts';
import type { PacketWindowRequest } from './packetWindow.ts';

export interface WorkerRunOptions {
  /** Overrides `scenario.seed`. */
  seed?: number;
  /** Interactive limits; missing fields take DEFAULT_CAPS. */
  caps?: Partial<Caps>;
  /**
   * The trace tables to post (what the visible panels draw); the others arrive with empty
   * columns. Every table is still recorded and fingerprinted, so `traceHash` is the full trace's
   * whatever is asked for. Absent: every table.
   */
  tables?: readonly TableName[];
  /** Tables longer than this are decimated for display (see decimate.ts); Infinity keeps all. */
  displayRowsMax?: number;
  /**
   * Names this run within a batch of runs (SimPool). A run asked for under the key of the run
   * the worker is already doing ahead (`next`) is that run, taken over where it has got to.
   */
  jobKey?: string;
  /**
   * The batch (SimPool.runAll) this run belongs to: the runs drawn together. A finished run's
   * rows wait in the worker for its fingerprint to be asked for, within a memory budget; past
   * it, those of the same batch are fingerprinted before they are let go (deferredHash.ts).
   */
  batch?: number;
  /**
   * The run this worker will most likely be asked for next: it starts it as soon as this one is
   * posted, instead of idling until the main thread (busy drawing) hands it over. Any other
   * request, or a cancel, drops it.
   */
  next?: { scenario: Scenario; opts: WorkerRunOptions };
  /**
   * Post the result before its fingerprint: `traceHash` is then '' and `hashTicket` says where to
   * collect it (SimApi.traceHash). Runs too large to keep waiting (DEFER_HASH_MAX_VALUES) are fingerprinted inline anyway.
   */
  deferHash?: boolean;
}

/**
 * A finished run as `runScenario` returns it (trace columns arrive transferred, not copied),
 * plus what the UI must know about how it was produced.
 */
export type RunOutput = ReturnType<typeof runScenario> & {
  /**
   * Fingerprint of the full trace (before decimation): same scenario and seed, same value anywhere.
   * '' while it is still being computed after the result was posted (see `hashTicket`).
   */
  traceHash: string;
  /** Non-zero when `traceHash` follows later: pass it to `SimApi.traceHash`. 0 when `traceHash` is set. */
  hashTicket: number;
  /** `scenarioId` of the scenario this run is of (as the worker received it, caps not applied). */
  scenarioId: string;
  /** Rows of every table in the full trace, posted or not (a panel is offered when its table has rows). */
  rows: Record<TableName, number>;
  /** The trace was reduced to per-bucket extremes for display; metrics are exact either way. */
  decimated: boolean;
  /** Why the run is shorter than asked (duration, event or trace cap), in words; null if it is complete. */
  capNote: string | null;
  /**
   * The simulated time the run covers and is drawn over: the (capped) duration, or the time a
   * cap stopped it at. Shorter than the scenario's durationS exactly when capNote is set.
   */
  endS: number;
  /**
   * Set by the main thread when this result only arrived after its worker had died and been
   * replaced (see client.ts): what happened, in words, for the status line.
   */
  recovery?: string;
  /** Wall time the engine took inside the worker (build + run + finish), for the status line. */
  engineMs: number;
  /** Where the worker's time went, for bench/ui.ts; all zero where no clock was given. */
  phasesMs: RunPhasesMs;
  /** When the worker handed the result to postMessage, as `performance.timeOrigin + performance.now()` (0 without a clock): lets the main thread measure the hand-over. */
  sentAtEpochMs: number;
};

export interface RunPhasesMs {
  /** Scenario → simulation objects. */
  build: number;
  /** Executing events (sum over slices). */
  run: number;
  /** Results (metrics). */
  finish: number;
  /** Fingerprint of the full trace; ≈ 0 when deferred (the sink's rows are kept for it). */
  hash: number;
  /** The asked-for tables' columns made from the sink's rows, decimated for display. */
  decimate: number;
  /** Waiting in the worker's message loop between slices (sum over yields). */
  yield: number;
  /** The worker's wall time from receiving the request to its result being ready (everything above, plus gaps). */
  wall: number;
  /** Slices the run was executed in (the worker yields to its message loop between them). */
  slices: number;
}

/** How often a running worker posts a Heartbeat, at most. */
export const HEARTBEAT_EVERY_MS = 250;

/** Posted by a worker while a run progresses (outside Comlink: it has no id, so Comlink ignores it). */
export interface Heartbeat {
  /** Engine events executed so far in the current run. */
  tcpLabHeartbeat: number;
}

export interface SimApi {
  /** Answers at once: used to load the worker's module ahead of the first run. */
  ping(): boolean;
  /**
   * Runs the scenario to completion (or a cap); throws whatever the engine throws, or a CapError.
   * Latest wins: a newer run() on the same worker makes this one reject with a SupersededError
   * message at its next yield, so the worker is free again within a few milliseconds.
   */
  run(scenario: Scenario, opts: WorkerRunOptions): RunOutput | Promise<RunOutput>;
  /**
   * The fingerprint of a run posted with `hashTicket` set, computed when asked: the client asks
   * only while its worker is idle, so hashing never delays a run. Each ticket can be asked for
   * once; a ticket whose trace was let go (deferredHash.ts) rejects.
   */
  traceHash(ticket: number): string | Promise<string>;
  /** Makes the run in flight (if any) stop at its next yield and reject as superseded. */
  cancel(): void;
  /**
   * Runs `scenario` briefly, once per variant listed, so the engine's code is compiled before the
   * first real run; superseded by any run() at once. Resolves with how many it completed.
   */
  warmUp(scenario: Scenario, variants: readonly string[]): number | Promise<number>;
  /**
   * Where every packet is between two times, for the path picture (packetWindow.ts), from this
   * worker's session for that run. Computed in slices: a run or a cancel arriving meanwhile makes
   * it reject (the run goes first), as does a newer window of the same run.
   */
  packetWindow(req: PacketWindowRequest): PacketWindow | Promise<PacketWindow>;
}
