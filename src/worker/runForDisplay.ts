/**
 * The worker's whole job, kept free of worker APIs so it runs in Node tests: apply the caps,
 * run the engine unchanged, fingerprint the full trace (or, with `deferHash`, keep its rows to
 * fingerprint after posting), then make the asked-for tables' columns and decimate them for display.
 *
 * The run can be driven in slices (`startRun(…).step(events)`), so the worker can return to its
 * message loop between slices and notice a newer request (cooperative, latest-wins
 * cancellation: the worker stays warm instead of being terminated). Driving the engine's own
 * `Simulation.run(maxEvents)` in slices executes exactly the events one call would, so the
 * result and its fingerprint equal `runScenario`'s (tests/ui/runForDisplay.test.ts checks it).
 */
import { ColumnarSink, TABLE_NAMES, type RowBufferPool } from '../engine/core/trace.ts';
import { buildSimulation, type Simulation } from '../engine/build.ts';
import type { Scenario } from '../scenario/schema.ts';
import { applyCaps, DEFAULT_CAPS, eventCapNote, traceCapNote, type Caps, type CapPlan } from './caps.ts';
import { decimateTables, DISPLAY_ROWS_MAX } from './decimate.ts';
import { deferTraceHash } from './deferredHash.ts';
import { scenarioId } from './scenarioId.ts';
import type { RunOutput, RunPhasesMs, WorkerRunOptions } from './protocol.ts';

export interface DisplayRun {
  /** Executes at most `maxEvents` more engine events; true once the run has ended (scenario end or a cap). */
  step(maxEvents: number): boolean;
  /** Engine events executed so far. */
  readonly events: number;
  /** The finished run, fingerprinted and decimated. Call once, after `step` returned true. */
  finish(): RunOutput;
  /** Drops a run that will not be finished (superseded): its trace buffers go back to the pool. */
  discard(): void;
}

/**
 * Traces up to this many values (32 MB) have their fingerprint deferred (their rows kept, see
 * deferredHash.ts); larger ones are hashed inline, so the worker never holds on to a huge trace.
 */
export const DEFER_HASH_MAX_VALUES = 4_000_000;

/** `pool`: the worker's recycled trace buffers (none: fresh ones, as in Node tests). */
export function startRun(scenario: Scenario, opts: WorkerRunOptions, clockMs: () => number = () => 0, pool: RowBufferPool | null = null): DisplayRun {
  const caps: Caps = { ...DEFAULT_CAPS, ...opts.caps };
  const t0 = clockMs();
  const plan: CapPlan = applyCaps(scenario, caps);
  const seed = opts.seed ?? plan.scenario.seed;
  // Every table is recorded: the fingerprint covers the whole trace (it must equal Node's).
  const sink = new ColumnarSink(TABLE_NAMES, pool);
  const sim: Simulation = buildSimulation(plan.scenario, seed, sink);
  const phases: RunPhasesMs = { build: clockMs() - t0, run: 0, finish: 0, hash: 0, decimate: 0, yield: 0, wall: 0, slices: 0 };
  let budget = caps.maxEvents;
  let ended = false;
  let stopped: 'events' | 'trace' | null = null;
  return {
    get events() {
      return sim.sim.eventCount;
    },
    step(maxEvents) {
      if (ended) return true;
      const t = clockMs();
      const slice = Math.min(maxEvents, budget);
      const before = sim.sim.eventCount;
      const complete = sim.run(slice);
      budget -= sim.sim.eventCount - before;
      phases.slices++;
      if (complete) ended = true;
      else if (budget <= 0) stopped = 'events';
      // the memory guard: checked per slice, so the trace ends at most one slice past the cap
      else if (sink.storedValues() >= caps.maxTraceValues) stopped = 'trace';
      if (stopped) ended = true;
      phases.run += clockMs() - t;
      return ended;
    },
    discard() {
      sink.release();
    },
    finish() {
      let t = clockMs();
      const result = sim.results();
      const rows = sink.rowCounts();
      // the next run on this worker starts its tables with this one's room (its rows may stay here a while, see deferredHash.ts)
      sink.noteRows();
      phases.finish = clockMs() - t;
      t = clockMs();
      // a stopped run covers only the time it reached: drawn (and decimated) up to there
      const endS = stopped ? result.sim.simTimeS : plan.scenario.durationS;
      // columns only for the tables the panels draw, of the rows they keep
      const { trace, decimated } = decimateTables(sink, opts.tables ?? TABLE_NAMES, endS * 1e9, opts.displayRowsMax ?? DISPLAY_ROWS_MAX);
      phases.decimate = clockMs() - t;
      t = clockMs();
      // the fingerprint reads the sink's rows: now, or kept for when it is asked for
      let hash = '';
      let hashTicket = 0;
      if (opts.deferHash && sink.storedValues() <= DEFER_HASH_MAX_VALUES) hashTicket = deferTraceHash(sink, opts.batch);
      else {
        hash = sink.hash();
        sink.release();
      }
      phases.hash = clockMs() - t;
      const capNote = stopped === 'events' ? eventCapNote(caps, endS) : stopped === 'trace' ? traceCapNote(caps, endS) : plan.note;
      const stoppedEarly = stopped !== null;
      return { ...result, trace, scenarioId: scenarioId(scenario), rows, stoppedEarly, endS, traceHash: hash, hashTicket, decimated, capNote, engineMs: phases.build + phases.run + phases.finish, phasesMs: phases, sentAtEpochMs: 0 };
    },
  };
}

/** The whole run in one go (Node tests, and anything that need not stay interruptible). */
export function runForDisplay(scenario: Scenario, opts: WorkerRunOptions, clockMs: () => number = () => 0): RunOutput {
  const run = startRun(scenario, opts, clockMs);
  while (!run.step(Number.POSITIVE_INFINITY));
  return run.finish();
}
