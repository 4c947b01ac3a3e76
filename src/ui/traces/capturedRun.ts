/**
 * A captured connection as a run of the app's run set: the reconstruction's trace columns (the
 * simulator's own tables) with the result fields the panels, captions and read-outs read, named
 * "captured — FILE" wherever a run is named. Beside it, the runs the app simulates (on the fitted
 * scenario, once "Simulate this path" loaded it), named "simulated — VARIANT". Pure: no React, no
 * worker; tests/traces/captured-run.test.ts drives it.
 */
import { TABLE_NAMES, type TableName, type TraceData } from '../../engine/core/trace.ts';
import type { EstimateInfo } from '../../engine/tcp/cc/types.ts';
import type { FlowResult } from '../../engine/results.ts';
import type { Scenario } from '../../scenario/schema.ts';
import type { ConnectionSummary } from '../../traces/reconstruct.ts';
import type { RunOutput } from '../../worker/protocol.ts';
import { INK } from '../../catalogue/palette.ts';
import { variantLabel } from '../../catalogue/format.ts';
import type { RunSet, VariantRun } from '../state/runSet.ts';
import type { KernelSeries, SimulatedMeasure } from './protocol.ts';

import { CAPTURED_KEY, isCaptured } from './capturedKey.ts';

export { CAPTURED_KEY, isCaptured };

export const capturedLabel = (fileName: string): string => `captured — ${fileName}`;

/**
 * The `estimate` keys of a captured run: the reconstruction's (RTT samples, receive window,
 * goodput per 500 ms; same order as CAPTURE_ESTIMATES in src/traces/reconstruct.ts) and, for
 * the examples, the kernel's own cwnd from its tcp_info samples.
 */
export const CAPTURED_ESTIMATES: EstimateInfo[] = [
  { key: 'rttMs', label: 'RTT samples', unit: 'ms' },
  { key: 'rwndSegments', label: 'receive window', unit: 'segments' },
  { key: 'goodputBps', label: 'goodput (500 ms bins)', unit: 'bit/s' },
  { key: 'kernelCwnd', label: 'kernel cwnd (tcp_info, every 10 ms)', unit: 'segments' },
];
const KERNEL_KEY = 3;

/** The measured series added to a simulated run beside a capture (the reconstruction's RTT and goodput keys). */
const MEASURED: Record<number, EstimateInfo> = {
  0: { key: 'measuredRttMs', label: 'RTT samples (from its packets)', unit: 'ms' },
  2: { key: 'measuredGoodputBps', label: 'goodput (500 ms bins)', unit: 'bit/s' },
};

type EstimateRows = Pick<TraceData['estimate'], 'tNs' | 'flow' | 'key' | 'value'>;

/** Two sets of estimate rows as one, in time order (the first's rows first on a tie). */
function mergeRows(a: EstimateRows, b: EstimateRows): TraceData['estimate'] {
  const n = a.tNs.length + b.tNs.length;
  const out = { tNs: new Float64Array(n), flow: new Float64Array(n), key: new Float64Array(n), value: new Float64Array(n) };
  let i = 0;
  let j = 0;
  for (let k = 0; k < n; k++) {
    const fromA = j >= b.tNs.length || (i < a.tNs.length && a.tNs[i] <= b.tNs[j]);
    const src = fromA ? a : b;
    const r = fromA ? i++ : j++;
    out.tNs[k] = src.tNs[r];
    out.flow[k] = src.flow[r];
    out.key[k] = src.key[r];
    out.value[k] = src.value[r];
  }
  return out;
}

/**
 * A copy of a reconstruction's trace (the worker keeps the original and transfers the copy), with
 * the kernel's cwnd samples (segments, aligned to the trace's t = 0) as estimate rows when given.
 */
export function withKernelCwnd(trace: TraceData, kernel: KernelSeries | null, mssBytes: number): TraceData {
  const copy = Object.fromEntries(TABLE_NAMES.map((t) => [t, Object.fromEntries(Object.entries(trace[t]).map(([c, col]) => [c, Float64Array.from(col as Float64Array)]))])) as TraceData;
  if (!kernel || kernel.t.length === 0 || !(mssBytes > 0)) return copy;
  const keep = Array.from(kernel.t, (t, i) => (t >= 0 ? i : -1)).filter((i) => i >= 0);
  const rows: EstimateRows = {
    tNs: Float64Array.from(keep, (i) => Math.round(kernel.t[i] * 1e9)),
    flow: new Float64Array(keep.length),
    key: new Float64Array(keep.length).fill(KERNEL_KEY),
    value: Float64Array.from(keep, (i) => kernel.cwnd[i]),
  };
  copy.estimate = mergeRows(copy.estimate, rows);
  return copy;
}

const lastTime = (trace: TraceData): number => {
  let m = 0;
  for (const t of TABLE_NAMES) {
    const col = trace[t].tNs;
    if (col.length > 0) m = Math.max(m, col[col.length - 1]);
  }
  return m / 1e9;
};

/**
 * The captured connection as a run. `frame` is a scenario for what the panels read of a run's
 * scenario (the flow's MSS, a duration): the fitted one; its path is not the capture's and the
 * panels about the path do not draw a capture (capturePanels.ts).
 */
export function capturedRun(
  fileName: string,
  summary: ConnectionSummary,
  trace: TraceData,
  frame: Scenario,
  /** A trace reduced for display (decimate.ts): every table's rows before, and that it was reduced. */
  display: { rows: Record<TableName, number>; decimated: boolean } | null = null,
): VariantRun {
  const label = capturedLabel(fileName);
  const endS = Math.max(lastTime(trace), 1e-3);
  const rows = display?.rows ?? (Object.fromEntries(TABLE_NAMES.map((t) => [t, trace[t].tNs.length])) as Record<TableName, number>);
  const e = trace.estimate;
  let rttSum = 0;
  let rttN = 0;
  for (let i = 0; i < e.key.length; i++)
    if (e.key[i] === 0) {
      rttSum += e.value[i];
      rttN++;
    }
  const mss = summary.mssBytes || frame.flows[0].tcp.mssBytes;
  // the flow keeps the fitted scenario's id, so panels naming "the flow" name the same one for both runs
  const flowId = frame.flows[0].id;
  const flow: FlowResult = {
    id: flowId,
    // captions name the actor by its variant: a capture's actor is the captured sender
    variant: label,
    goodputBps: summary.goodputBps,
    completionTimeS: null,
    bytesDelivered: summary.bytesAcked,
    segmentsSent: summary.dataPackets,
    retransmissions: summary.retransmissions,
    timeouts: summary.timeouts,
    fastRetransmits: summary.fastRecoveries,
    overheadPct: Number.NaN,
    appSuccessPct: null,
    tokensPerRtt: null,
    tokensPermittedPerRtt: null,
    ecnReductions: 0,
    mssBytes: mss,
    meanRttMs: rttN > 0 ? rttSum / rttN : null,
    probesSent: 0,
    estimates: CAPTURED_ESTIMATES,
    classification: null,
  };
  const scenario: Scenario = { ...frame, name: label, durationS: endS, flows: [{ ...frame.flows[0], tcp: { ...frame.flows[0].tcp, mssBytes: mss } }] };
  const result: RunOutput = {
    flows: [flow],
    links: [],
    summary: { totalGoodputBps: summary.goodputBps, jainIndex: null, wirelessCapacityBps: null, linkEfficiency: null, bottleneck: null, meanAvailableBps: null },
    cross: [],
    sim: { events: summary.packets, simTimeS: endS, seed: 0 },
    trace,
    stoppedEarly: false,
    traceHash: '',
    hashTicket: 0,
    scenarioId: CAPTURED_KEY,
    rows,
    decimated: display?.decimated ?? false,
    capNote: null,
    endS,
    engineMs: 0,
    phasesMs: { build: 0, run: 0, finish: 0, hash: 0, decimate: 0, yield: 0, wall: 0, slices: 0 },
    sentAtEpochMs: 0,
  };
  return { key: CAPTURED_KEY, variant: null, scenario, label, colour: INK, dash: null, result };
}

/** "simulated — CUBIC" (and the flow when a run has several). */
function simulatedLabel(run: Pick<VariantRun, 'scenario'>): string {
  const variants = [...new Set(run.scenario.flows.map((f) => f.variant))];
  return `simulated — ${variants.map(variantLabel).join(', ')}`;
}

/** A simulated run's result with its measured RTT and goodput rows added, made once per result (panels cache by result). */
const measured = new WeakMap<RunOutput, { measure: SimulatedMeasure; result: RunOutput }>();
function withMeasure(result: RunOutput, measure: SimulatedMeasure | undefined): RunOutput {
  if (!measure || result.flows.length === 0) return result;
  const hit = measured.get(result);
  if (hit && hit.measure === measure) return hit.result;
  const own = result.flows[0].estimates;
  const extra = [...new Set(Array.from(measure.estimate.key))].filter((k) => MEASURED[k]);
  const index = new Map(extra.map((k, i) => [k, own.length + i]));
  const keep = Array.from(measure.estimate.key, (k, i) => (index.has(k) ? i : -1)).filter((i) => i >= 0);
  const rows: EstimateRows = {
    tNs: Float64Array.from(keep, (i) => measure.estimate.tNs[i]),
    flow: new Float64Array(keep.length),
    key: Float64Array.from(keep, (i) => index.get(measure.estimate.key[i]) as number),
    value: Float64Array.from(keep, (i) => measure.estimate.value[i]),
  };
  const trace = { ...result.trace, estimate: mergeRows(result.trace.estimate, rows) };
  const flows = result.flows.map((f, i) => (i === 0 ? { ...f, estimates: [...own, ...extra.map((k) => MEASURED[k])] } : f));
  const out: RunOutput = { ...result, trace, flows, rows: { ...result.rows, estimate: trace.estimate.tNs.length } };
  measured.set(result, { measure, result: out });
  return out;
}

/**
 * The run set the app draws with a capture: the captured run alone until the simulated runs are
 * `beside` it, then the captured run first and every simulated run after it, each named as what
 * it is, on one time axis (the longer run's). Without a capture, the set as it is.
 */
export function withCapture(set: RunSet | null, captured: VariantRun | null, beside: boolean, measures: ReadonlyMap<string, SimulatedMeasure> = new Map()): RunSet | null {
  if (!captured) return set;
  if (!beside || !set) return { runs: [captured], updating: [], order: [captured.key], compare: true, endS: captured.result.endS, partial: false, wallMs: 0 };
  const runs = set.runs.map((r) => ({ ...r, label: simulatedLabel(r), result: withMeasure(r.result, measures.get(r.key)) }));
  const first = set.runs[0];
  const updating = set.updating.map((u) => ({ ...u, label: first ? simulatedLabel({ scenario: { ...first.scenario, flows: first.scenario.flows.map((f) => ({ ...f, variant: u.key.replace(/^v-/, '') })) } }) : u.label }));
  return {
    ...set,
    runs: [captured, ...runs],
    updating,
    order: [captured.key, ...set.order],
    compare: true,
    endS: Math.max(set.endS, captured.result.endS),
  };
}
