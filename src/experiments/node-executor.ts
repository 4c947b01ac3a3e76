/**
 * The executor for Node (CLI, tests, benchmarks): the engine in-process, one run at a time, with
 * exactly the CLI's call (`runScenario` on the validated scenario). With `hash`, the full trace
 * is recorded and fingerprinted as the app's worker does, so a point can be checked against the
 * main view's run; without it, no trace is recorded (several times faster).
 */
import { traceHash } from '../engine/core/trace.ts';
import { runScenario } from '../engine/run.ts';
import type { Executor, RunOutcome } from './runner.ts';
import type { RunJob } from './spec.ts';

export function nodeExecutor(opts: { hash?: boolean } = {}): Executor {
  return {
    lanes: 1,
    async run(job: RunJob): Promise<RunOutcome> {
      // one macrotask per run, so a cancel (or a progress line) gets its turn between runs
      await new Promise((r) => setImmediate(r));
      return runOutcome(job, opts.hash ?? false);
    },
    cancel() {},
  };
}

export function runOutcome(job: RunJob, hash: boolean): RunOutcome {
  const t0 = performance.now();
  const r = runScenario(job.scenario, { trace: hash });
  const engineMs = performance.now() - t0;
  return {
    key: job.key,
    result: { flows: r.flows, links: r.links, summary: r.summary },
    traceHash: hash ? traceHash(r.trace) : null,
    events: r.sim.events,
    engineMs,
    note: r.stoppedEarly ? 'stopped early' : null,
  };
}
