/**
 * The trace CSV of a run shown in the app: the CLI's `--trace` format (src/engine/trace-csv.ts),
 * so files from the browser and the command line read the same way.
 */
import { traceCsv } from '../../engine/trace-csv.ts';
import type { Scenario } from '../../scenario/schema.ts';
import type { RunOutput } from '../../worker/protocol.ts';
import { safeFilename } from './download.ts';

export interface TraceExport {
  filename: string;
  csv: string;
  /** Set when the rows are not the full trace (the worker thinned it for display). */
  warning: string | null;
}

export function traceExport(scenario: Scenario, run: Pick<RunOutput, 'links' | 'trace' | 'decimated'>): TraceExport {
  return {
    filename: `${safeFilename(scenario.name, 'trace')}-seed${scenario.seed}-trace.csv`,
    csv: traceCsv(scenario, run),
    warning: run.decimated
      ? 'This run was thinned for display, so the CSV holds per-interval extremes, not every event. For the full trace, export the scenario and run `npm run sim -- scenario.json --trace trace.csv`.'
      : null,
  };
}
