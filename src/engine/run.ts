/**
 * Scenario → finished run: the one entry point for the CLI, tests and benchmarks. Importing it
 * registers every optional module (./all.ts): Node builds anything without preparing.
 */
import './all.ts';
import type { Scenario } from '../scenario/schema.ts';
import { ColumnarSink, nullSink, TRACE_TABLES, type TableName, type TraceSink } from './core/trace.ts';
import { buildSimulation } from './build.ts';
import type { RunResult } from './results.ts';

export interface RunOptions {
  /** Overrides `scenario.seed`. */
  seed?: number;
  /** Which trace tables to record: true = all (default), false = none (metrics only). */
  trace?: boolean | readonly TableName[];
  /** Stop after this many events (a safety cap for interactive use); the result says so. */
  maxEvents?: number;
}

export function runScenario(scenario: Scenario, opts: RunOptions = {}): RunResult & { stoppedEarly: boolean } {
  const seed = opts.seed ?? scenario.seed;
  const tables: readonly TableName[] =
    opts.trace === false ? [] : opts.trace === true || opts.trace === undefined ? (Object.keys(TRACE_TABLES) as TableName[]) : opts.trace;
  const sink = tables.length > 0 ? new ColumnarSink(tables) : null;
  const sim = buildSimulation(scenario, seed, sink ?? (nullSink as TraceSink));
  const stoppedEarly = !sim.run(opts.maxEvents ?? Number.POSITIVE_INFINITY);
  const result = sim.results();
  return {
    ...result,
    trace: sink ? sink.finish() : new ColumnarSink([]).finish(),
    stoppedEarly,
  };
}
