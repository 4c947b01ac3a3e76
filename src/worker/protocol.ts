/** What the simulation worker offers the main thread. Types only: both sides import this. */
import type { runScenario } from '../engine/run.ts';
import type { Scenario } from '../scenarios/schema.ts';
import type { Caps } from './caps.ts';

export interface WorkerRunOptions {
  /** Overrides `scenario.seed`. */
  seed?: number;
  /** Interactive limits; missing fields take DEFAULT_CAPS. */
  caps?: Partial<Caps>;
  /** Tables longer than this are decimated for display (see decimate.ts); Infinity keeps all. */
  displayRowsMax?: number;
}

/**
 * A finished run as `runScenario` returns it (trace columns arrive transferred, not copied),
 * plus what the UI must know about how it was produced.
 */
export type RunOutput = ReturnType<typeof runScenario> & {
  /** Fingerprint of the full trace (before decimation): same scenario and seed, same value anywhere. */
  traceHash: string;
  /** The trace was reduced to per-bucket extremes for display; metrics are exact either way. */
  decimated: boolean;
  /** Why the run is shorter than asked (duration or event cap), in words; null if it is complete. */
  capNote: string | null;
  /** Wall time the engine took inside the worker (build + run + finish), for the status line. */
  engineMs: number;
  /** Where the worker's time went, for bench/ui.ts; all zero where no clock was given. */
  phasesMs: RunPhasesMs;
};

export interface RunPhasesMs {
  /** Scenario → simulation objects. */
  build: number;
  /** Executing events (sum over slices). */
  run: number;
  /** Results and trace columns trimmed. */
  finish: number;
  /** Fingerprint of the full trace. */
  hash: number;
  /** Display decimation. */
  decimate: number;
  /** Slices the run was executed in (the worker yields to its message loop between them). */
  slices: number;
}

export interface SimApi {
  /** Answers at once: used to load the worker's module ahead of the first run. */
  ping(): boolean;
  /**
   * Runs the scenario to completion (or a cap); throws whatever the engine throws, or a CapError.
   * Latest wins: a newer run() on the same worker makes this one reject with a SupersededError
   * message at its next slice boundary, so the worker is free again within one slice.
   */
  run(scenario: Scenario, opts: WorkerRunOptions): RunOutput | Promise<RunOutput>;
  /** Makes the run in flight (if any) stop at its next slice boundary and reject as superseded. */
  cancel(): void;
  /**
   * Runs `scenario` briefly, once per variant listed, so the engine's code is compiled before the
   * first real run; superseded by any run() at once. Resolves with how many it completed.
   */
  warmUp(scenario: Scenario, variants: readonly string[]): number | Promise<number>;
}
