/**
 * What the trace worker hands the page of a reconstructed connection: a copy of its columns (the
 * worker keeps the original for the difference summary) with the kernel's cwnd samples, reduced
 * for display as a long simulated run is (decimate.ts: per-bucket extremes, every peak and single
 * retransmission kept), with every table's full row count so captions hedge where rows were thinned.
 */
import { TABLE_NAMES, type TableName, type TraceData } from '../../engine/core/trace.ts';
import { decimateTrace, DISPLAY_ROWS_MAX } from '../../worker/decimate.ts';
import { withKernelCwnd } from './capturedRun.ts';
import type { KernelSeries } from './protocol.ts';

export function displayTrace(trace: TraceData, kernel: KernelSeries | null, mssBytes: number, maxRows = DISPLAY_ROWS_MAX): { trace: TraceData; rows: Record<TableName, number>; decimated: boolean } {
  const full = withKernelCwnd(trace, kernel, mssBytes);
  const rows = Object.fromEntries(TABLE_NAMES.map((t) => [t, full[t].tNs.length])) as Record<TableName, number>;
  let endNs = 0;
  for (const t of TABLE_NAMES) endNs = Math.max(endNs, full[t].tNs.at(-1) ?? 0);
  const shown = decimateTrace(full, endNs, maxRows);
  return { trace: shown.trace, rows, decimated: shown.decimated };
}
