/**
 * The worker's whole job, kept free of worker APIs so it runs in Node tests: apply the caps,
 * run the engine unchanged, fingerprint the full trace, then decimate it for display.
 */
import { traceHash } from '../engine/core/trace.ts';
import { runScenario } from '../engine/run.ts';
import type { Scenario } from '../scenarios/schema.ts';
import { applyCaps, DEFAULT_CAPS, eventCapNote, type Caps } from './caps.ts';
import { decimateTrace, DISPLAY_ROWS_MAX } from './decimate.ts';
import type { RunOutput, WorkerRunOptions } from './protocol.ts';

export function runForDisplay(scenario: Scenario, opts: WorkerRunOptions, clockMs: () => number = () => 0): RunOutput {
  const caps: Caps = { ...DEFAULT_CAPS, ...opts.caps };
  const plan = applyCaps(scenario, caps);
  const started = clockMs();
  const run = runScenario(plan.scenario, { seed: opts.seed, maxEvents: caps.maxEvents });
  const engineMs = clockMs() - started;
  const hash = traceHash(run.trace);
  const endNs = plan.scenario.durationS * 1e9;
  const { trace, decimated } = decimateTrace(run.trace, endNs, opts.displayRowsMax ?? DISPLAY_ROWS_MAX);
  const capNote = run.stoppedEarly ? eventCapNote(caps, run.sim.simTimeS) : plan.note;
  return { ...run, trace, traceHash: hash, decimated, capNote, engineMs };
}
