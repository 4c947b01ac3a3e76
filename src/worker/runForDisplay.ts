/**
 * The worker's whole job, kept free of worker APIs so it runs in Node tests: apply the caps,
 * run the engine unchanged, fingerprint the full trace (or, with `deferHash`, copy it aside to
 * fingerprint after posting), then decimate it for display.
 *
 * The run can be driven in slices (`startRun(…).step(events)`), so the worker can return to its
 * message loop between slices and notice a newer request (cooperative, latest-wins
 * cancellation: the worker stays warm instead of being terminated). Driving the engine's own
 * `Simulation.run(maxEvents)` in slices executes exactly the events one call would, so the
 * result and its fingerprint equal `runScenario`'s (tests/ui/runForDisplay.test.ts checks it).
 */
import { ColumnarSink, TRACE_TABLES, traceHash, type TableName, type TraceData } from '../engine/core/trace.ts';
import { buildSimulation, type Simulation } from '../engine/build.ts';
import type { Scenario } from '../scenarios/schema.ts';
import { applyCaps, DEFAULT_CAPS, eventCapNote, traceCapNote, type Caps, type CapPlan } from './caps.ts';
import { decimateTrace, DISPLAY_ROWS_MAX } from './decimate.ts';
import { deferTraceHash, traceValues } from './deferredHash.ts';
import { scenarioId } from './scenarioId.ts';
import type { RunOutput, RunPhasesMs, WorkerRunOptions } from './protocol.ts';

export interface DisplayRun {
  /** Executes at most `maxEvents` more engine events; true once the run has ended (scenario end or a cap). */
  step(maxEvents: number): boolean;
  /** Engine events executed so far. */
  readonly events: number;
  /** The finished run, fingerprinted and decimated. Call once, after `step` returned true. */
  finish(): RunOutput;
}

const ALL_TABLES = Object.keys(TRACE_TABLES) as TableName[];

/**
 * Traces up to this many values (32 MB) have their fingerprint deferred (copied aside, see
 * deferredHash.ts); larger ones are hashed inline, so the worker never keeps a huge copy.
 */
export const DEFER_HASH_MAX_VALUES = 4_000_000;

const NO_ROWS = new Float64Array(0);

/**
 * The trace as posted: the requested tables (all by default), the others with empty columns.
 * Zero-length views share one empty buffer, which is never transferred (see transfer.ts).
 */
export function keepTables(trace: TraceData, tables: readonly TableName[] | undefined): TraceData {
  if (!tables) return trace;
  const out = {} as Record<TableName, Record<string, Float64Array>>;
  for (const name of ALL_TABLES) {
    if (tables.includes(name)) out[name] = trace[name] as Record<string, Float64Array>;
    else out[name] = Object.fromEntries(TRACE_TABLES[name].map((c) => [c, NO_ROWS]));
  }
  return out as TraceData;
}

/** Rows per table in the full trace, whether or not the table is posted. */
function rowCounts(trace: TraceData): Record<TableName, number> {
  return Object.fromEntries(ALL_TABLES.map((name) => [name, trace[name].tNs.length])) as Record<TableName, number>;
}

export function startRun(scenario: Scenario, opts: WorkerRunOptions, clockMs: () => number = () => 0): DisplayRun {
  const caps: Caps = { ...DEFAULT_CAPS, ...opts.caps };
  const t0 = clockMs();
  const plan: CapPlan = applyCaps(scenario, caps);
  const seed = opts.seed ?? plan.scenario.seed;
  // Every table is recorded: the fingerprint covers the whole trace (it must equal Node's).
  const sink = new ColumnarSink(ALL_TABLES);
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
    finish() {
      let t = clockMs();
      const result = sim.results();
      const full = sink.finish();
      phases.finish = clockMs() - t;
      t = clockMs();
      // decimation only reads `full`, so the fingerprint may be taken before or after it
      let hash = '';
      let hashTicket = 0;
      if (opts.deferHash && traceValues(full) <= DEFER_HASH_MAX_VALUES) hashTicket = deferTraceHash(full);
      else hash = traceHash(full);
      phases.hash = clockMs() - t;
      t = clockMs();
      // a stopped run covers only the time it reached: drawn (and decimated) up to there
      const endS = stopped ? result.sim.simTimeS : plan.scenario.durationS;
      const { trace, decimated } = decimateTrace(keepTables(full, opts.tables), endS * 1e9, opts.displayRowsMax ?? DISPLAY_ROWS_MAX);
      phases.decimate = clockMs() - t;
      const capNote = stopped === 'events' ? eventCapNote(caps, endS) : stopped === 'trace' ? traceCapNote(caps, endS) : plan.note;
      const stoppedEarly = stopped !== null;
      return { ...result, trace, scenarioId: scenarioId(scenario), rows: rowCounts(full), stoppedEarly, endS, traceHash: hash, hashTicket, decimated, capNote, engineMs: phases.build + phases.run + phases.finish, phasesMs: phases, sentAtEpochMs: 0 };
    },
  };
}

/** The whole run in one go (Node tests, and anything that need not stay interruptible). */
export function runForDisplay(scenario: Scenario, opts: WorkerRunOptions, clockMs: () => number = () => 0): RunOutput {
  const run = startRun(scenario, opts, clockMs);
  while (!run.step(Number.POSITIVE_INFINITY));
  return run.finish();
}
