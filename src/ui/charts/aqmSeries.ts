/**
 * A delay-based AQM's own state at one link, from the `aqm` trace table (one row per packet it
 * handed to the transmitter: which of its queues, the packet's sojourn, the probability it acts
 * with, CoDel's dropping state and count), with the parameters the scenario gave it. Pure (no
 * DOM): tests/ui check it in Node.
 *
 * Per AQM what the inside view reads:
 * - CoDel: sojourn against target; the dropping state (spans) and its count, which sets the
 *   next drop interval/√count after the last one;
 * - FQ-CoDel: the same per flow queue (the `queue` column is the flow queue's index), each
 *   named by the flows whose packets it carried (the `flow` column), not by its hash index;
 * - PIE: sojourn against target; the drop probability p;
 * - DualPI2: the L4S (queue 1) and Classic (queue 0) sojourns against the L4S step and the
 *   Classic target; the base probability p′ and what the queues act with, p_C = p′² and the
 *   coupled p_CL = min(1, k·p′), and per L4S packet the probability it was really judged with,
 *   p_L = max(p_CL, the L4S queue's own ramp on its sojourn) (the `probL` column).
 */
import type { TraceData } from '../../engine/core/trace.ts';
import type { QueueSpec, Scenario } from '../../scenario/schema.ts';
import { pick, type Span, type StepSeries } from './series.ts';

const NS_PER_S = 1e9;

export type AqmQueueSpec = Extract<QueueSpec, { kind: 'codel' | 'fq-codel' | 'pie' | 'dualpi2' }>;
export type AqmKind = AqmQueueSpec['kind'];

/** One of the AQM's queues: its packets' sojourn times and (CoDel) its dropping state. */
export interface AqmQueueSeries {
  /** The trace's queue number: DualPI2 1 = L4S, 0 = Classic; FQ-CoDel the flow queue's index. */
  queue: number;
  label: string;
  /** Share of the link's packets that left through this queue. */
  share: number;
  tS: Float64Array;
  sojournMs: Float64Array;
  /** CoDel's count after each packet (drops and marks since entering the dropping state). */
  count: StepSeries;
  /** Intervals CoDel spent in its dropping state. */
  dropping: Span[];
}

export interface AqmSeries {
  kind: AqmKind;
  spec: AqmQueueSpec;
  /** Busiest first (DualPI2: L4S then Classic). */
  queues: AqmQueueSeries[];
  /** PIE's drop probability, DualPI2's p′ (0 … 1), over all the link's rows. */
  prob: StepSeries;
  /** DualPI2's p_L (0 … 1) at each packet out of its L4S queue; empty for the other AQMs. */
  probL: StepSeries;
  rows: number;
}

const AQM_KINDS: ReadonlySet<string> = new Set(['codel', 'fq-codel', 'pie', 'dualpi2']);

/** The queue the scenario put at a trace link (`<id>/fwd` or `<id>/rev` of a path element or access link), if it is an AQM. */
export function aqmSpecAt(scenario: Scenario, linkId: string | undefined): AqmQueueSpec | null {
  if (linkId === undefined) return null;
  const slash = linkId.lastIndexOf('/');
  const [id, dir] = [linkId.slice(0, slash), linkId.slice(slash + 1)];
  const link = scenario.path.find((p) => p.id === id) ?? scenario.flows.map((f) => f.access).find((a) => a?.id === id);
  if (!link) return null;
  const q = dir === 'rev' ? (link.reverse?.queue ?? link.forward.queue) : link.forward.queue;
  return AQM_KINDS.has(q.kind) ? (q as AqmQueueSpec) : null;
}

/** Trace links with rows in the aqm table, ascending. */
export function aqmLinks(trace: TraceData): number[] {
  return [...new Set(trace.aqm.link)].sort((a, b) => a - b);
}

/**
 * A queue's name. FQ-CoDel's flow queues are named by the flows they carried, busiest first
 * ("CUBIC bulk", or "CUBIC bulk + Reno upload" when two flows hashed to one queue); the hash
 * index means nothing to a reader, so it is used only when no flow name is known.
 */
function queueLabel(kind: AqmKind, queue: number, flows: readonly number[], flowName: ((flow: number) => string) | undefined): string {
  if (kind === 'dualpi2') return queue === 1 ? 'L4S queue' : 'Classic queue';
  if (kind === 'fq-codel') return flowName && flows.length > 0 ? flows.map(flowName).join(' + ') : `flow queue ${queue}`;
  return 'queue';
}

/** The flows whose packets left through `rows`, busiest first (ties by flow number). */
function flowsOf(flowCol: Float64Array, rows: readonly number[]): number[] {
  const n = new Map<number, number>();
  for (const r of rows) n.set(flowCol[r], (n.get(flowCol[r]) ?? 0) + 1);
  return [...n.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0]).map(([f]) => f);
}

/** `flowName`: a reader's name for a flow of the run (−1: cross traffic), for FQ-CoDel's queue labels. */
export function aqmSeries(trace: TraceData, link: number, spec: AqmQueueSpec, flowName?: (flow: number) => string): AqmSeries {
  const a = trace.aqm;
  const all: number[] = [];
  const byQueue = new Map<number, number[]>();
  for (let i = 0; i < a.tNs.length; i++) {
    if (a.link[i] !== link) continue;
    all.push(i);
    const q = a.queue[i];
    let rows = byQueue.get(q);
    if (rows === undefined) byQueue.set(q, (rows = []));
    rows.push(i);
  }
  const queues: AqmQueueSeries[] = [...byQueue.entries()].map(([queue, list]) => {
    const rows = Int32Array.from(list);
    const tS = pick(a.tNs, rows, NS_PER_S);
    const dropping: Span[] = [];
    let open: Span | null = null;
    for (let k = 0; k < rows.length; k++) {
      const on = a.dropping[rows[k]] === 1;
      if (on && open === null) dropping.push((open = { t0S: tS[k], t1S: tS[k], state: 1 }));
      else if (!on && open !== null) {
        open.t1S = tS[k];
        open = null;
      }
    }
    if (open !== null) open.t1S = tS[tS.length - 1];
    return {
      queue,
      label: queueLabel(spec.kind, queue, spec.kind === 'fq-codel' ? flowsOf(a.flow, list) : [], flowName),
      share: all.length > 0 ? list.length / all.length : 0,
      tS,
      sojournMs: pick(a.sojournNs, rows, 1e6),
      count: { tS, values: pick(a.count, rows) },
      dropping,
    };
  });
  if (spec.kind === 'dualpi2') queues.sort((x, y) => y.queue - x.queue);
  else queues.sort((x, y) => y.share - x.share || x.queue - y.queue);
  const rows = Int32Array.from(all);
  const lRows = Int32Array.from(spec.kind === 'dualpi2' ? (byQueue.get(1) ?? []) : []);
  return {
    kind: spec.kind,
    spec,
    queues,
    prob: { tS: pick(a.tNs, rows, NS_PER_S), values: pick(a.prob, rows) },
    probL: { tS: pick(a.tNs, lRows, NS_PER_S), values: pick(a.probL, lRows) },
    rows: all.length,
  };
}

/** DualPI2's Classic probability p_C = p′². */
export const classicProb = (pPrime: number): number => pPrime * pPrime;
/** DualPI2's coupled L4S probability p_CL = min(1, k·p′). */
export const coupledLProb = (pPrime: number, k: number): number => Math.min(1, k * pPrime);

/** The q-quantile (0 … 1) of a sample, by the nearest-rank rule; NaN when empty. */
export function quantile(values: Float64Array, q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** The delay the AQM aims at, ms: CoDel's and PIE's target; DualPI2's Classic target. */
export const targetMs = (spec: AqmQueueSpec): number => spec.targetMs;
