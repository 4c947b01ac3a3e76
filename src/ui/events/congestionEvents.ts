/**
 * Congestion events: what a lecturer steps through, one per thing the sender noticed or did, read
 * from the trace tables only (no DOM, no engine internals; Node-testable).
 *
 * Sources: the sender's CA-state machine (`castate`, traced by the framework for every variant),
 * its events (`event`: fast retransmit, timeout), the drops with their ground-truth cause
 * (`drop`), the ACKs (`ack`, for the duplicate-ACK signal), cwnd/ssthresh (`cwnd`, for the
 * reaction), verdicts of loss-classifying variants (`verdict`), and the variants' own phases:
 * TCP-Probing's probe cycles (`probe`), TCP-Real's wave decisions (`wave`) and BBR's mode changes
 * (its `estimate` rows, read by ./bbrModes.ts).
 *
 * Kinds, per flow:
 * - `loss` — a burst of data drops: every drop of the flow that happened before the same
 *   reaction (the first entry into recovery or loss at or after the drop) is ONE event, at the
 *   first drop's time. Drops no reaction followed (the run ended first) form one last burst.
 *   ACK drops are not data losses and start no loss event.
 * - `fast-retransmit` — the state entered recovery (or Tahoe's loss) with a fast retransmit.
 * - `timeout` — the retransmission timer expired (the state entered loss).
 * - `recovery-end` — back to open from recovery, loss or cwr.
 * - `cwr` — the window was cut for an ECN echo.
 * - `probe-cycle` / `probe-decision` — TCP-Probing suspended data to probe the path / decided.
 * - `wave` — TCP-Real's receiver decided to shrink the next wave (decrease) or timed one out;
 *   increases and holds are its steady state, not events.
 * - `bbr-mode` — BBR moved to another mode (STARTUP, DRAIN, PROBE_BW, PROBE_RTT); its start in
 *   STARTUP is not an event.
 *
 * API (used by the stage, the event list and lessons):
 * - `congestionEvents(run)` → every event of every flow, in time order (ties: flow, then kind order).
 * - `caTransitions(trace, flow)` → the flow's state table rows.
 * - `caSpans(trace, flow, endS, states)` → intervals the flow spent in the given CA states
 *   (the cwnd chart's recovery shading).
 * - `eventsAt(events, tS)` → the events exactly at a time (the caption shown at a stop).
 * Captions are built by ./captions.ts from these records; every number in them is in a record.
 */
import { DROP_CAUSES, FLOW_EVENTS, truthOfCause, VERDICTS, type CaState, type DropCause, type LossTruth, type TraceData, type Verdict } from '../../engine/core/trace.ts';
import { PROBE_EVENTS, type ProbeEvent } from '../../engine/tables/probe.ts';
import { WAVE_DECISIONS, type WaveDecision } from '../../engine/tables/wave.ts';
import { bbrModeChanges, type BbrModeChange } from './bbrModes.ts';
// every flow's rows of a table found in one pass, kept per column (shared with the charts)
import { rowsWhere } from '../charts/series.ts';
import { caTransitions } from './caSpans.ts';

export { caSpans, caTransitions, type CaTransition, type StateSpan } from './caSpans.ts';

export const CONGESTION_EVENT_KINDS = ['loss', 'fast-retransmit', 'timeout', 'recovery-end', 'cwr', 'probe-cycle', 'probe-decision', 'wave', 'bbr-mode'] as const;
export type CongestionEventKind = (typeof CONGESTION_EVENT_KINDS)[number];

/** What the model needs to know about a run besides its trace. */
export interface RunFacts {
  trace: TraceData;
  flows: readonly { variant: string; mssBytes: number; estimates?: readonly { key: string }[] }[];
  /** Link ids as the results name them (`bottleneck/fwd`). */
  links: readonly { id: string }[];
  /** The trace was thinned for display (a long run): drop and ACK counts are then lower bounds. */
  decimated?: boolean;
}

/** cwnd and ssthresh of a flow at an instant (bytes; ssthresh may be Infinity before the first loss). */
export interface Window {
  /** The window as the chart plots it: cwnd less any fast-recovery inflation (CwndSeries). */
  cwndBytes: number;
  ssthreshBytes: number;
}

/** A dropped data segment. */
export interface DropFact {
  tNs: number;
  seq: number;
  link: number;
  cause: DropCause;
}

interface Base {
  kind: CongestionEventKind;
  flow: number;
  /** When it happened (ns, as traced) and the same in seconds. */
  tNs: number;
  tS: number;
}

export interface LossEvent extends Base {
  kind: 'loss';
  drops: number;
  first: DropFact;
  lastNs: number;
  byCause: Partial<Record<DropCause, number>>;
  /** Link indices the burst's drops happened at, in order of first drop. */
  links: number[];
  /** The reaction that followed (fast retransmit or timeout), or null if the run ended first. */
  reactionNs: number | null;
  reactionKind: 'fast-retransmit' | 'timeout' | null;
}

export interface ReactionEvent extends Base {
  kind: 'fast-retransmit' | 'timeout';
  from: CaState;
  to: CaState;
  /** First unacknowledged byte: the segment the sender retransmits. */
  sndUna: number;
  before: Window;
  after: Window;
  /** The latest drop of the segment at sndUna before this, or null: it was never dropped. */
  cause: DropFact | null;
  truth: LossTruth;
  /** A loss-classifying variant's verdict at this event; null for variants that do not classify. */
  verdict: Verdict | null;
  /** Fast retransmit: duplicate ACKs counted since the first one (0 if the trace lacks them or was thinned). */
  dupAcks: number;
  firstDupAckNs: number | null;
  /** Timeout: when sndUna was last advanced by an ACK (null: nothing was ever acknowledged). */
  lastAdvanceNs: number | null;
}

export interface RecoveryEndEvent extends Base {
  kind: 'recovery-end';
  from: CaState;
  sndUna: number;
  /** When the state left open (the start of the episode this ends). */
  startNs: number;
  after: Window;
}

export interface CwrEvent extends Base {
  kind: 'cwr';
  sndUna: number;
  before: Window;
  after: Window;
}

export interface ProbeCycleEvent extends Base {
  kind: 'probe-cycle';
  /** Probe exchange id. */
  id: number;
  sndUna: number;
}

export interface ProbeDecisionEvent extends Base {
  kind: 'probe-decision';
  decision: ProbeEvent;
  id: number;
  /** When the cycle started (ns). */
  startNs: number;
  /** The completed exchange's probe RTTs and the averages the decision used (ns; -1 unknown). */
  rtt1Ns: number;
  rtt2Ns: number;
  acprttNs: number;
  bestNs: number;
  worstNs: number;
  before: Window;
  cwndBytes: number;
}

export interface WaveEvent extends Base {
  kind: 'wave';
  decision: Extract<WaveDecision, 'decrease' | 'timeout'>;
  wave: number;
  level: number;
  ratio: number;
  rateBps: number;
  nextLevel: number;
  thresholdLevel: number;
}

export interface BbrModeEvent extends Base {
  kind: 'bbr-mode';
  change: BbrModeChange;
}

export type CongestionEvent = LossEvent | ReactionEvent | RecoveryEndEvent | CwrEvent | ProbeCycleEvent | ProbeDecisionEvent | WaveEvent | BbrModeEvent;

const NS_PER_S = 1e9;
const FR = FLOW_EVENTS.indexOf('fast-retransmit');
const TIMEOUT = FLOW_EVENTS.indexOf('timeout');
const KIND_ORDER = new Map(CONGESTION_EVENT_KINDS.map((k, i) => [k, i]));

/** Index into `rows` of the last row with time ≤ tNs, or -1. */
function lastRowAtOrBefore(tNsCol: Float64Array, rows: Int32Array, tNs: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tNsCol[rows[mid]] <= tNs) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** The index in `rows` of the last row of `col` before tNs (strictly) or at or before it; −1 if none. */
function lastRow(col: Float64Array, rows: Int32Array, tNs: number, strictlyBefore: boolean): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const t = col[rows[mid]];
    if (strictlyBefore ? t < tNs : t <= tNs) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** The window (cwnd less fast-recovery inflation) and ssthresh in force just before tNs (strictly) and just after everything at tNs. */
function windowAt(trace: TraceData, rows: Int32Array, infRows: Int32Array, tNs: number, strictlyBefore: boolean): Window {
  const c = trace.cwnd;
  const r = rows[lastRow(c.tNs, rows, tNs, strictlyBefore)];
  if (r === undefined) return { cwndBytes: Number.NaN, ssthreshBytes: Number.NaN };
  const inf = trace.inflation;
  const k = inf && infRows.length > 0 ? infRows[lastRow(inf.tNs, infRows, tNs, strictlyBefore)] : undefined;
  const inflation = inf && k !== undefined ? inf.bytes[k] : 0;
  return { cwndBytes: c.cwndBytes[r] - inflation, ssthreshBytes: c.ssthreshBytes[r] };
}

/** Computed once per trace: the stage, the event list and several panels' notices read the same run. */
const cache = new WeakMap<TraceData, CongestionEvent[]>();

/** Events of one run, every flow, in time order. */
export function congestionEvents(run: RunFacts): CongestionEvent[] {
  const known = cache.get(run.trace);
  if (known) return known;
  const out: CongestionEvent[] = [];
  for (let flow = 0; flow < run.flows.length; flow++) {
    out.push(...flowEvents(run.trace, flow, run.decimated ?? false));
    out.push(...bbrEvents(run.trace, flow, run.flows[flow].estimates ?? []));
  }
  out.sort((a, b) => a.tNs - b.tNs || a.flow - b.flow || KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)!);
  cache.set(run.trace, out);
  return out;
}

function flowEvents(trace: TraceData, flow: number, decimated: boolean): CongestionEvent[] {
  const out: CongestionEvent[] = [];
  const cwndRows = rowsWhere(trace.cwnd.flow, flow);
  const infRows = trace.inflation ? rowsWhere(trace.inflation.flow, flow) : new Int32Array(0);
  const before = (tNs: number): Window => windowAt(trace, cwndRows, infRows, tNs, true);
  const after = (tNs: number): Window => windowAt(trace, cwndRows, infRows, tNs, false);
  const base = <K extends CongestionEventKind>(kind: K, tNs: number) => ({ kind, flow, tNs, tS: tNs / NS_PER_S });

  // Sender events by time: which castate entries are fast retransmits and which are timeouts.
  const frAt = new Set<number>();
  const timeoutAt = new Set<number>();
  const e = trace.event;
  for (const i of rowsWhere(e.flow, flow)) (e.kind[i] === FR ? frAt : e.kind[i] === TIMEOUT ? timeoutAt : null)?.add(e.tNs[i]);

  // Data drops of this flow, and per segment the times it was dropped (a lookup for causes).
  const d = trace.drop;
  const drops: DropFact[] = [];
  for (const i of rowsWhere(d.flow, flow)) if (d.isAck[i] === 0) drops.push({ tNs: d.tNs[i], seq: d.seq[i], link: d.link[i], cause: DROP_CAUSES[d.cause[i]] });
  const dropsBySeq = new Map<number, DropFact[]>();
  for (const x of drops) {
    const list = dropsBySeq.get(x.seq);
    if (list) list.push(x);
    else dropsBySeq.set(x.seq, [x]);
  }
  const latestDrop = (seq: number, tNs: number): DropFact | null => {
    const list = dropsBySeq.get(seq);
    if (!list) return null;
    let best: DropFact | null = null;
    for (const x of list) if (x.tNs <= tNs) best = x;
    return best;
  };

  const a = trace.ack;
  const ackRows = rowsWhere(a.flow, flow);
  const v = trace.verdict;
  const verdictRows = rowsWhere(v.flow, flow);
  const verdictAt = (tNs: number): Verdict | null => {
    for (const i of verdictRows) if (v.tNs[i] === tNs) return VERDICTS[v.verdict[i]];
    return null;
  };

  const transitions = caTransitions(trace, flow);
  /** sndUna as the latest state change at or before tNs recorded it (a probe cycle starts at one). */
  const sndUnaAt = (tNs: number): number => {
    let una = 0;
    for (const tr of transitions) {
      if (tr.tNs > tNs) break;
      una = tr.sndUna;
    }
    return una;
  };
  const reactions: ReactionEvent[] = [];
  let leftOpenNs: number | null = null;
  let disorderNs: number | null = null;
  for (const tr of transitions) {
    if (tr.from === 'open') leftOpenNs = tr.tNs;
    if (tr.to === 'disorder') disorderNs = tr.tNs;
    const isFr = frAt.has(tr.tNs) && (tr.to === 'recovery' || tr.to === 'loss');
    const isTimeout = timeoutAt.has(tr.tNs) && tr.to === 'loss';
    if (isFr || isTimeout) {
      const cause = latestDrop(tr.sndUna, tr.tNs);
      // ACK numbers only grow, so the ACKs for sndUna are the run of rows just before now: the
      // first of them advanced sndUna there, the ones since the state left open are duplicates.
      let dupAcks = 0;
      let firstDupAckNs: number | null = null;
      let lastAdvanceNs: number | null = null;
      for (let k = lastRowAtOrBefore(a.tNs, ackRows, tr.tNs); k >= 0 && a.ackNo[ackRows[k]] === tr.sndUna; k--) {
        const t = a.tNs[ackRows[k]];
        lastAdvanceNs = t;
        if (isFr && !decimated && disorderNs !== null && t >= disorderNs) {
          dupAcks++;
          firstDupAckNs = t;
        }
      }
      const r: ReactionEvent = {
        ...base(isTimeout ? 'timeout' : 'fast-retransmit', tr.tNs),
        from: tr.from,
        to: tr.to,
        sndUna: tr.sndUna,
        before: before(tr.tNs),
        after: after(tr.tNs),
        cause,
        truth: truthOfCause(cause?.cause ?? null),
        verdict: verdictAt(tr.tNs),
        dupAcks,
        firstDupAckNs,
        lastAdvanceNs,
      };
      reactions.push(r);
      out.push(r);
    } else if (tr.to === 'cwr') {
      out.push({ ...base('cwr', tr.tNs), sndUna: tr.sndUna, before: before(tr.tNs), after: after(tr.tNs) });
    } else if (tr.to === 'open' && tr.from !== 'disorder') {
      out.push({ ...base('recovery-end', tr.tNs), from: tr.from, sndUna: tr.sndUna, startNs: leftOpenNs ?? tr.tNs, after: after(tr.tNs) });
    }
    if (tr.to === 'open') disorderNs = null;
  }

  out.push(...lossBursts(flow, drops, reactions));
  out.push(...probeEvents(trace, flow, before, sndUnaAt));
  out.push(...waveEvents(trace, flow));
  return out;
}

/** Groups the flow's drops by the reaction that followed them (see the module comment). */
function lossBursts(flow: number, drops: readonly DropFact[], reactions: readonly ReactionEvent[]): LossEvent[] {
  const out: LossEvent[] = [];
  let r = 0;
  let current: LossEvent | null = null;
  for (const x of drops) {
    while (r < reactions.length && reactions[r].tNs < x.tNs) r++;
    const reaction = reactions[r] ?? null;
    const reactionNs = reaction?.tNs ?? null;
    if (!current || current.reactionNs !== reactionNs) {
      current = {
        kind: 'loss',
        flow,
        tNs: x.tNs,
        tS: x.tNs / NS_PER_S,
        drops: 0,
        first: x,
        lastNs: x.tNs,
        byCause: {},
        links: [],
        reactionNs,
        reactionKind: reaction ? (reaction.kind as 'fast-retransmit' | 'timeout') : null,
      };
      out.push(current);
    }
    current.drops++;
    current.lastNs = x.tNs;
    current.byCause[x.cause] = (current.byCause[x.cause] ?? 0) + 1;
    if (!current.links.includes(x.link)) current.links.push(x.link);
  }
  return out;
}

const PROBE_DECISIONS: ReadonlySet<ProbeEvent> = new Set(['immediate-recovery', 'gentle-recovery', 'reno-recovery', 'slow-start']);

function probeEvents(trace: TraceData, flow: number, before: (tNs: number) => Window, sndUnaAt: (tNs: number) => number): CongestionEvent[] {
  const p = trace.probe;
  const out: CongestionEvent[] = [];
  let startNs: number | null = null;
  const rtts = new Map<number, { r1: number; r2: number }>();
  for (const i of rowsWhere(p.flow, flow)) {
    const ev = PROBE_EVENTS[p.event[i]];
    const tNs = p.tNs[i];
    const id = p.id[i];
    if (ev === 'cycle-start') {
      startNs = tNs;
      out.push({ kind: 'probe-cycle', flow, tNs, tS: tNs / NS_PER_S, id, sndUna: sndUnaAt(tNs) });
    } else if (ev === 'pr1-ack' || ev === 'pr2-ack') {
      const r = rtts.get(id) ?? { r1: -1, r2: -1 };
      if (ev === 'pr1-ack') r.r1 = p.rttNs[i];
      else r.r2 = p.rttNs[i];
      rtts.set(id, r);
    } else if (PROBE_DECISIONS.has(ev)) {
      const r = rtts.get(id) ?? { r1: -1, r2: -1 };
      out.push({
        kind: 'probe-decision',
        flow,
        tNs,
        tS: tNs / NS_PER_S,
        decision: ev,
        id,
        startNs: startNs ?? tNs,
        rtt1Ns: r.r1,
        rtt2Ns: r.r2,
        acprttNs: p.acprttNs[i],
        bestNs: p.bestNs[i],
        worstNs: p.worstNs[i],
        before: before(startNs ?? tNs),
        cwndBytes: p.cwndBytes[i],
      });
      startNs = null;
    }
  }
  return out;
}

function waveEvents(trace: TraceData, flow: number): WaveEvent[] {
  const w = trace.wave;
  const out: WaveEvent[] = [];
  for (const i of rowsWhere(w.flow, flow)) {
    const decision = WAVE_DECISIONS[w.decision[i]];
    if (decision !== 'decrease' && decision !== 'timeout') continue;
    out.push({
      kind: 'wave',
      flow,
      tNs: w.tNs[i],
      tS: w.tNs[i] / NS_PER_S,
      decision,
      wave: w.wave[i],
      level: w.level[i],
      ratio: w.ratio[i],
      rateBps: w.rateBps[i],
      nextLevel: w.nextLevel[i],
      thresholdLevel: w.thresholdLevel[i],
    });
  }
  return out;
}

function bbrEvents(trace: TraceData, flow: number, estimates: readonly { key: string }[]): BbrModeEvent[] {
  return bbrModeChanges(trace, flow, estimates)
    .filter((c) => c.from >= 0)
    .map((change) => ({ kind: 'bbr-mode', flow, tNs: change.tNs, tS: change.tNs / NS_PER_S, change }));
}

/** Events exactly at tS (within a nanosecond): the caption shown when stepping stops there. */
export function eventsAt(events: readonly CongestionEvent[], tS: number): CongestionEvent[] {
  return events.filter((e) => Math.abs(e.tS - tS) < 1e-9);
}
