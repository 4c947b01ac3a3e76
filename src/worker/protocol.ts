/** What the simulation worker offers the main thread. Types only: both sides import this. */
import type { RunOptions, runScenario } from '../engine/run.ts';
import type { Scenario } from '../scenarios/schema.ts';

/**
 * A finished run as `runScenario` returns it (trace columns arrive transferred, not copied),
 * plus the trace's fingerprint: the same scenario and seed give the same one anywhere.
 */
export type RunOutput = ReturnType<typeof runScenario> & { traceHash: string };

export interface SimApi {
  /** Runs the scenario to completion; throws whatever the engine throws. */
  run(scenario: Scenario, opts: RunOptions): RunOutput;
}
