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
  /** Wall time the engine took inside the worker, for the status line. */
  engineMs: number;
};

export interface SimApi {
  /** Answers at once: used to load the worker's module ahead of the first run. */
  ping(): boolean;
  /** Runs the scenario to completion (or a cap); throws whatever the engine throws, or a CapError. */
  run(scenario: Scenario, opts: WorkerRunOptions): RunOutput;
}
