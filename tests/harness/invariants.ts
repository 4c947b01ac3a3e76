/**
 * Invariants every run must satisfy, checked on scenario and property tests:
 * bytes reach the application exactly once and in order, packets are conserved at every link,
 * cwnd never drops below one segment, nothing is NaN or infinite, trace time never goes back.
 */
import '../../src/engine/all.ts';
import { buildSimulation, type Simulation } from '../../src/engine/build.ts';
import { ColumnarSink, TRACE_TABLES, traceHash, type TableName, type TraceData } from '../../src/engine/core/trace.ts';
import type { RunResult } from '../../src/engine/results.ts';
import type { Scenario } from '../../src/scenario/schema.ts';

export interface CheckedRun {
  sim: Simulation;
  result: Omit<RunResult, 'trace'>;
  trace: TraceData;
  hash: string;
}

/** Run a scenario with the full trace and return everything the invariants need. */
export function checkedRun(s: Scenario, seed = s.seed): CheckedRun {
  const sink = new ColumnarSink();
  const sim = buildSimulation(s, seed, sink);
  sim.run();
  const trace = sink.finish();
  return { sim, result: sim.results(), trace, hash: traceHash(trace) };
}

/** Every violated invariant, as readable lines (empty when all hold). */
export function violations(run: CheckedRun): string[] {
  const out: string[] = [];
  const { sim, result, trace } = run;

  sim.flows.forEach((f, i) => {
    const id = sim.scenario.flows[i].id;
    // The receiver hands chunks to the application and build.ts throws on a gap or overlap,
    // so here it is enough that the application saw exactly the receiver's in-order prefix.
    if (f.appBytes !== f.receiver.rcvNxt) out.push(`${id}: application got ${f.appBytes} B, receiver's in-order prefix is ${f.receiver.rcvNxt} B`);
    if (f.receiver.rcvNxt > f.totalBytes) out.push(`${id}: delivered ${f.receiver.rcvNxt} B of a ${f.totalBytes} B transfer`);
    if (f.receiver.rcvNxt > f.sender.sndMax) out.push(`${id}: delivered ${f.receiver.rcvNxt} B but only ${f.sender.sndMax} B were ever sent`);
    if (f.sender.sndUna > f.receiver.rcvNxt) out.push(`${id}: sender saw ${f.sender.sndUna} B acknowledged, receiver holds ${f.receiver.rcvNxt} B`);
  });

  for (const l of sim.links) {
    const accounted = l.dropped + l.queue.packets + l.inService + l.propagating + l.delivered;
    if (accounted !== l.arrived) out.push(`${l.id}: ${l.arrived} packets arrived but ${accounted} are accounted for`);
    // Every drop has exactly one ground-truth cause: the per-cause counts add up to the traced drops.
    const traced = trace.drop.link.filter((k) => k === l.index).length;
    const byCause = Object.values(result.links[l.index].drops).reduce((a, b) => a + b, 0);
    if (byCause !== traced || byCause !== l.dropped) out.push(`${l.id}: drops by cause sum to ${byCause}, trace has ${traced}, link counted ${l.dropped}`);
  }

  const { cwnd } = trace;
  for (let i = 0; i < cwnd.tNs.length; i++) {
    const mss = sim.scenario.flows[cwnd.flow[i]].tcp.mssBytes;
    if (cwnd.cwndBytes[i] < mss) {
      out.push(`flow ${cwnd.flow[i]}: cwnd ${cwnd.cwndBytes[i]} B < 1 MSS at t=${cwnd.tNs[i]} ns`);
      break;
    }
  }

  for (const name of Object.keys(TRACE_TABLES) as TableName[]) {
    const table = trace[name] as Record<string, Float64Array>;
    for (const col of TRACE_TABLES[name]) {
      if (table[col].some((v) => !Number.isFinite(v))) out.push(`trace ${name}.${col} holds NaN or Infinity`);
    }
    const t = table.tNs;
    for (let i = 1; i < t.length; i++) {
      if (t[i] < t[i - 1]) {
        out.push(`trace ${name}: time goes back at row ${i}`);
        break;
      }
    }
  }

  const walk = (v: unknown, path: string): void => {
    if (typeof v === 'number' && !Number.isFinite(v)) out.push(`result ${path} = ${v}`);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
  };
  walk(result, 'result');
  return out;
}
