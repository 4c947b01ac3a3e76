/**
 * The sender's view: what one TCP sender could know, and nothing else. A real sender sees its
 * own sends, the ACKs that come back, its RTT samples and its own estimates and state; it does
 * not see the queues, why a packet was lost (or that it was), the channel, the bandwidth
 * really available, or any other flow. The stage shows a run through this filter when
 * `view.senderView` is on; turning it off shows the truth next to what the sender believed.
 */
import { TRACE_TABLES, type TableName, type TraceData } from '../../engine/core/trace.ts';
import type { RunSet, VariantRun } from './runSet.ts';

/** Panels about the network rather than the sender (the catalogue says which): not shown in the sender's view. */
export { TRUTH_PANELS } from '../../catalogue/panels.ts';

/** Tables of things only the network knows: emptied. */
const NETWORK_TABLES: readonly TableName[] = ['drop', 'queue', 'channel', 'mark', 'avail', 'ackreg', 'verdict', 'aqm'];
/** Tables keyed by flow: only the first flow (the sender whose view it is) is kept. */
const FLOW_TABLES: readonly TableName[] = ['cwnd', 'send', 'ack', 'event', 'castate', 'bucket', 'playback', 'estimate', 'wave', 'probe', 'inflation', 'ccstate'];

function emptyTable(name: TableName): Record<string, Float64Array> {
  return Object.fromEntries(TRACE_TABLES[name].map((c) => [c, new Float64Array(0)]));
}

function firstFlowOnly(table: Record<string, Float64Array>): Record<string, Float64Array> {
  const keep: number[] = [];
  table.flow.forEach((f, i) => {
    if (f === 0) keep.push(i);
  });
  if (keep.length === table.flow.length) return table;
  return Object.fromEntries(Object.entries(table).map(([c, col]) => [c, Float64Array.from(keep, (i) => col[i])]));
}

export function senderTrace(trace: TraceData): TraceData {
  const out = { ...trace } as Record<TableName, Record<string, Float64Array>>;
  for (const t of NETWORK_TABLES) out[t] = emptyTable(t);
  for (const t of FLOW_TABLES) out[t] = firstFlowOnly(trace[t] as Record<string, Float64Array>);
  return out as TraceData;
}

function senderRun(run: VariantRun): VariantRun {
  const result = { ...run.result, trace: senderTrace(run.result.trace), flows: run.result.flows.slice(0, 1) };
  return { ...run, scenario: { ...run.scenario, flows: run.scenario.flows.slice(0, 1) }, result };
}

export function senderView(set: RunSet): RunSet {
  return { ...set, senderView: true, runs: set.runs.map(senderRun) };
}
