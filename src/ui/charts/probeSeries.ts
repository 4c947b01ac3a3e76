/**
 * TCP-Probing's probe cycles from the `probe` table (one row per event, see ProbeRecord in
 * engine/core/trace.ts), in seconds and milliseconds: what the probe panel draws, and the
 * data-suspension spans the cwnd panel shades. A cycle runs from `cycle-start` to its decision
 * (immediate / gentle / Reno recovery, or slow start); data is suspended all that time. A lost
 * probe shows up as a `probe-timeout` and the exchange restarts with a new id, in the same cycle.
 */
import { type TraceData } from '../../engine/core/trace.ts';
import { PROBE_EVENTS, type ProbeEvent } from '../../engine/tables/probe.ts';
import { lastAtOrBefore } from './pick.ts';
import { rowsWhere, type Span, type StepSeries } from './series.ts';

const NS_PER_S = 1e9;
const NS_PER_MS = 1e6;

export const PROBE_DECISIONS = ['immediate-recovery', 'gentle-recovery', 'reno-recovery', 'slow-start'] as const satisfies readonly ProbeEvent[];
export type ProbeDecision = (typeof PROBE_DECISIONS)[number];

/** Short names for labels and readouts. */
export const DECISION_LABEL: Record<ProbeDecision, string> = {
  'immediate-recovery': 'immediate',
  'gentle-recovery': 'gentle',
  'reno-recovery': 'Reno',
  'slow-start': 'slow start',
};

/** One probe and its reply: PROBE1/PR1_ACK (kind 1) or PROBE2/PR2_ACK (kind 2). */
export interface ProbeExchange {
  kind: 1 | 2;
  id: number;
  sentS: number;
  /** When the reply reached the sender; null if it never did. */
  ackS: number | null;
  /** The RTT sample the reply gave, ms; null without a reply. */
  rttMs: number | null;
  /** When the probe timer gave up on it; null if it was answered (or the run ended first). */
  timeoutS: number | null;
}

export interface ProbeCycle {
  startS: number;
  /** The decision's time, or the end of the run for a cycle still open then. */
  endS: number;
  exchanges: ProbeExchange[];
  decision: ProbeDecision | null;
  /** Id of the exchange whose two samples the decision used; null without a decision. */
  decisionId: number | null;
  /** At the decision (ms), null where the trace gives none. */
  acprttMs: number | null;
  bestMs: number | null;
  worstMs: number | null;
  /** cwnd after the decision, segments; null without a decision. */
  cwndSeg: number | null;
}

const isDecision = (e: ProbeEvent): e is ProbeDecision => (PROBE_DECISIONS as readonly string[]).includes(e);
const msOrNull = (ns: number): number | null => (ns >= 0 ? ns / NS_PER_MS : null);

/** One flow's probe cycles in time order. */
export function probeCycles(trace: TraceData, flow: number, mssBytes: number, endS: number): ProbeCycle[] {
  const p = trace.probe;
  const out: ProbeCycle[] = [];
  let open: ProbeCycle | null = null;
  const start = (tS: number): ProbeCycle => {
    const c: ProbeCycle = { startS: tS, endS, exchanges: [], decision: null, decisionId: null, acprttMs: null, bestMs: null, worstMs: null, cwndSeg: null };
    out.push(c);
    return c;
  };
  for (const r of rowsWhere(p.flow, flow)) {
    const tS = p.tNs[r] / NS_PER_S;
    const event = PROBE_EVENTS[p.event[r]];
    const id = p.id[r];
    if (event === 'cycle-start') {
      open = start(tS);
      continue;
    }
    // rows outside a cycle (a trace cut by decimation) still open one, rather than vanish
    const c: ProbeCycle = open ?? (open = start(tS));
    if (event === 'probe1-sent' || event === 'probe2-sent') {
      c.exchanges.push({ kind: event === 'probe1-sent' ? 1 : 2, id, sentS: tS, ackS: null, rttMs: null, timeoutS: null });
    } else if (event === 'pr1-ack' || event === 'pr2-ack') {
      const kind = event === 'pr1-ack' ? 1 : 2;
      const x = findLast(c.exchanges, (e) => e.kind === kind && e.id === id && e.ackS === null && e.timeoutS === null);
      if (x) {
        x.ackS = tS;
        x.rttMs = msOrNull(p.rttNs[r]) ?? (tS - x.sentS) * 1000;
      }
    } else if (event === 'probe-timeout') {
      const x = findLast(c.exchanges, (e) => e.id === id && e.ackS === null && e.timeoutS === null) ?? findLast(c.exchanges, (e) => e.ackS === null && e.timeoutS === null);
      if (x) x.timeoutS = tS;
      else c.exchanges.push({ kind: 1, id, sentS: tS, ackS: null, rttMs: null, timeoutS: tS });
    } else if (isDecision(event)) {
      c.decision = event;
      c.decisionId = id;
      c.endS = tS;
      c.acprttMs = msOrNull(p.acprttNs[r]);
      c.bestMs = msOrNull(p.bestNs[r]);
      c.worstMs = msOrNull(p.worstNs[r]);
      c.cwndSeg = p.cwndBytes[r] >= 0 ? p.cwndBytes[r] / mssBytes : null;
      open = null;
    }
  }
  return out;
}

function findLast<T>(items: readonly T[], ok: (x: T) => boolean): T | undefined {
  for (let i = items.length - 1; i >= 0; i--) if (ok(items[i])) return items[i];
  return undefined;
}

/** When data was suspended: each cycle from its start to its decision (or the run's end). */
export function suspensionSpans(cycles: readonly ProbeCycle[]): Span[] {
  return cycles.filter((c) => c.endS > c.startS).map((c) => ({ t0S: c.startS, t1S: c.endS, state: 1 }));
}

/** The cycle in progress at tS, else the last one before it, else null. */
export function cycleAt(cycles: readonly ProbeCycle[], tS: number): ProbeCycle | null {
  const i = lastAtOrBefore(cycles, (c) => c.startS, tS);
  return i >= 0 ? cycles[i] : null;
}

/**
 * Every answered probe's RTT sample (ms), at the time its reply arrived; `used` marks the two
 * samples a decision folded in (a sample of an exchange abandoned after a lost probe is not).
 */
export function rttSamples(cycles: readonly ProbeCycle[]): { tS: Float64Array; rttMs: Float64Array; used: Uint8Array } {
  const t: number[] = [];
  const v: number[] = [];
  const u: number[] = [];
  for (const c of cycles) {
    for (const x of c.exchanges) {
      if (x.ackS === null || x.rttMs === null) continue;
      t.push(x.ackS);
      v.push(x.rttMs);
      u.push(c.decision !== null && x.id === c.decisionId ? 1 : 0);
    }
  }
  return { tS: Float64Array.from(t), rttMs: Float64Array.from(v), used: Uint8Array.from(u) };
}

/** A decision-time quantity (acprtt, best or worst probe RTT) as a step series, ms. */
export function decisionSteps(cycles: readonly ProbeCycle[], field: 'acprttMs' | 'bestMs' | 'worstMs'): StepSeries {
  const t: number[] = [];
  const v: number[] = [];
  for (const c of cycles) {
    const x = c[field];
    if (c.decision === null || x === null) continue;
    t.push(c.endS);
    v.push(x);
  }
  return { tS: Float64Array.from(t), values: Float64Array.from(v) };
}

/** How many cycles ended in each decision, and how many probes timed out. */
export function probeCounts(cycles: readonly ProbeCycle[]): Record<ProbeDecision, number> & { timeouts: number; open: number } {
  const out = { ...(Object.fromEntries(PROBE_DECISIONS.map((d) => [d, 0])) as Record<ProbeDecision, number>), timeouts: 0, open: 0 };
  for (const c of cycles) {
    if (c.decision) out[c.decision]++;
    else out.open++;
    for (const x of c.exchanges) if (x.timeoutS !== null) out.timeouts++;
  }
  return out;
}
