/**
 * Facts about a finished run that a lesson may state: "Reno times out here", "ssthresh became
 * 12 segments", "the queue never fills". A lesson names the facts it uses (its `values`), fills
 * its explanations from them and makes claims about them; the lesson test evaluates the same
 * facts on the same runs and fails when a claim stops being true. Pure functions of the run's
 * results and trace, so the browser (on the worker's output) and Node (on runScenario's) agree.
 *
 * Lesson runs stay far below the worker's display decimation (the test checks it), so the trace
 * the browser reads is the trace the test checked.
 */
import { DROP_CAUSES, FLOW_EVENTS, truthOfCause, type TraceData } from '../../engine/core/trace.ts';
import { PROBE_EVENTS } from '../../engine/tables/probe.ts';
import { WAVE_DECISIONS } from '../../engine/tables/wave.ts';
import type { FlowResult, LinkResult, RunSummary } from '../../engine/results.ts';
import { bottleneckOf } from '../../engine/bottleneck.ts';
import { mathisThroughputBps } from '../../engine/models/mathis.ts';
import type { Scenario } from '../../scenario/schema.ts';
import { windowIndexAt, windowIndexBefore, windowSeries } from './window.ts';

/** One run of a lesson step: the scenario as run (the compared variant substituted) and its output. */
export interface LessonRun {
  /** The compared variant, or null for the scenario as written. */
  variant: string | null;
  scenario: Scenario;
  result: { flows: FlowResult[]; links: LinkResult[]; summary: RunSummary; trace: TraceData };
  /** Simulated time the run covers. */
  endS: number;
}

/** Arguments a fact may take; which ones it reads is in FACTS[name].args. */
export interface FactArgs {
  /** The compared variant whose run is meant; omitted = the first run. */
  run?: string;
  /** Flow index (default 0). */
  flow?: number;
  /** Time window [fromS, toS]; omitted ends = the run's start and end. */
  fromS?: number;
  toS?: number;
  /** A point in time. */
  atS?: number;
  /** Link result id, e.g. `bottleneck/fwd`; omitted = the bottleneck's forward direction. */
  link?: string;
  /** Drop causes counted: congestion (queue), wireless (channel, handoff) or any. */
  cause?: 'congestion' | 'wireless' | 'any';
  /** Sender event kind. */
  kind?: 'fast-retransmit' | 'timeout' | 'any';
  /** TCP-Real wave decision or TCP-Probing probe event counted. */
  decision?: (typeof WAVE_DECISIONS)[number];
  probeEvent?: (typeof PROBE_EVENTS)[number];
  /** Estimate name as the variant traces it (e.g. `BWE`). */
  key?: string;
  /** `best`: the fact compared across runs, and whether the smallest or largest wins. */
  of?: string;
  pick?: 'min' | 'max';
  /** Seconds after an event within which a minimum is looked for. */
  withinS?: number;
  /** Drops closer together than this form one burst (default: one mean RTT). */
  gapS?: number;
  /** Drops in a burst counted as a multi-drop burst. */
  minSize?: number;
  /** `previous`: measured on the previous step's runs (for "fewer than before"). */
  step?: 'previous';
}

export type FactValue = number | string;
export type FactUnit = 'count' | 's' | 'ms' | 'segments' | 'packets' | 'Mbps' | '%' | 'ratio' | 'name';

export class FactError extends Error {
  override name = 'FactError';
}

interface FactDef {
  /** What it measures, for the lesson format's documentation and error messages. */
  doc: string;
  unit: FactUnit;
  args: readonly (keyof FactArgs)[];
  eval: (runs: readonly LessonRun[], a: FactArgs) => FactValue;
}

const NS = 1e9;
const CODE = {
  fastRetransmit: FLOW_EVENTS.indexOf('fast-retransmit'),
  timeout: FLOW_EVENTS.indexOf('timeout'),
};

export function pickRun(runs: readonly LessonRun[], name: string | undefined): LessonRun {
  if (runs.length === 0) throw new FactError('the step has no runs');
  if (name === undefined) return runs[0];
  const r = runs.find((x) => (x.variant ?? x.scenario.flows[0]?.variant) === name);
  if (!r) throw new FactError(`run "${name}" is not among the step's runs (${runs.map((x) => x.variant ?? x.scenario.flows[0]?.variant).join(', ')})`);
  return r;
}

const windowOf = (r: LessonRun, a: FactArgs): [number, number] => [(a.fromS ?? 0) * NS, (a.toS ?? r.endS) * NS];
const inWindow = (tNs: number, w: [number, number]): boolean => tNs >= w[0] && tNs <= w[1];
const flowOf = (a: FactArgs): number => a.flow ?? 0;
const mssOf = (r: LessonRun, a: FactArgs): number => r.scenario.flows[flowOf(a)]?.tcp.mssBytes ?? 1000;

function eventKindMatches(code: number, kind: FactArgs['kind']): boolean {
  if (kind === 'fast-retransmit') return code === CODE.fastRetransmit;
  if (kind === 'timeout') return code === CODE.timeout;
  return code === CODE.fastRetransmit || code === CODE.timeout;
}

/** Times (ns) of the flow's sender events of `kind` in the window. */
function eventTimesNs(r: LessonRun, a: FactArgs, kind: FactArgs['kind']): number[] {
  const e = r.result.trace.event;
  const w = windowOf(r, a);
  const out: number[] = [];
  for (let i = 0; i < e.tNs.length; i++) if (e.flow[i] === flowOf(a) && eventKindMatches(e.kind[i], kind) && inWindow(e.tNs[i], w)) out.push(e.tNs[i]);
  return out;
}

/**
 * "cwnd" in a lesson is the window the chart draws: cwnd less fast-recovery inflation
 * (window.ts). Its value at tNs, after every change at that instant; null before the first.
 */
function windowAt(r: LessonRun, flow: number, tNs: number): { windowBytes: number; ssthreshBytes: number } | null {
  const w = windowSeries(r.result.trace, flow);
  const i = windowIndexAt(w, tNs);
  return i < 0 ? null : { windowBytes: w.windowBytes[i], ssthreshBytes: w.ssthreshBytes[i] };
}

/** The window strictly before tNs: the state an event at tNs changed. */
function windowBefore(r: LessonRun, flow: number, tNs: number): number | null {
  const w = windowSeries(r.result.trace, flow);
  const i = windowIndexBefore(w, tNs);
  return i < 0 ? null : w.windowBytes[i];
}

function cwndExtreme(r: LessonRun, a: FactArgs, pick: 'min' | 'max'): number {
  const w = windowSeries(r.result.trace, flowOf(a));
  const span = windowOf(r, a);
  // the value holding when the window opens counts too
  const first = windowIndexAt(w, span[0]);
  let best = first >= 0 ? w.windowBytes[first] : pick === 'min' ? Infinity : -Infinity;
  for (let i = Math.max(0, first); i < w.tNs.length && w.tNs[i] <= span[1]; i++) {
    if (!inWindow(w.tNs[i], span)) continue;
    best = pick === 'min' ? Math.min(best, w.windowBytes[i]) : Math.max(best, w.windowBytes[i]);
  }
  if (!Number.isFinite(best)) throw new FactError('no cwnd samples in the window');
  return best / mssOf(r, a);
}

function firstEventNs(r: LessonRun, a: FactArgs): number {
  const t = eventTimesNs(r, a, a.kind ?? 'any');
  if (t.length === 0) throw new FactError(`no ${a.kind ?? 'loss'} event in the window`);
  return t[0];
}

function linkIndex(r: LessonRun, a: FactArgs): number {
  const id = a.link ?? bottleneckOf(r.scenario.path)?.id ?? '';
  const i = r.result.links.findIndex((l) => l.id === id);
  if (i < 0) throw new FactError(`link "${id}" is not in the run (${r.result.links.map((l) => l.id).join(', ')})`);
  return i;
}

function causeMatches(code: number, cause: FactArgs['cause']): boolean {
  if (cause === undefined || cause === 'any') return true;
  return truthOfCause(DROP_CAUSES[code]) === cause;
}

/** The flow's data drops in the window, times in ns. */
function dataDropsNs(r: LessonRun, a: FactArgs): number[] {
  const d = r.result.trace.drop;
  const w = windowOf(r, a);
  const out: number[] = [];
  for (let i = 0; i < d.tNs.length; i++) {
    if (d.isAck[i] !== 0 || d.flow[i] !== flowOf(a) || !inWindow(d.tNs[i], w) || !causeMatches(d.cause[i], a.cause)) continue;
    out.push(d.tNs[i]);
  }
  return out;
}

function flowResult(r: LessonRun, a: FactArgs): FlowResult {
  const f = r.result.flows[flowOf(a)];
  if (!f) throw new FactError(`flow ${flowOf(a)} is not in the run`);
  return f;
}

/** Round-trip propagation of the flow's path: access link and every path link, both ways. */
function propRttS(r: LessonRun, a: FactArgs): number {
  const f = r.scenario.flows[flowOf(a)];
  if (!f) throw new FactError(`flow ${flowOf(a)} is not in the run`);
  const oneWayMs = f.access.forward.delayMs + r.scenario.path.reduce((s, l) => s + l.forward.delayMs, 0);
  const backMs = f.access.reverse.delayMs + r.scenario.path.reduce((s, l) => s + l.reverse.delayMs, 0);
  return (oneWayMs + backMs) / 1000;
}

/** The path's random packet error rate: the Bernoulli models on forward path links, combined. */
function pathPer(r: LessonRun): number {
  let pass = 1;
  for (const l of r.scenario.path) for (const e of l.forward.errors) if (e.kind === 'bernoulli') pass *= 1 - e.per;
  return 1 - pass;
}

export const FACTS: Record<string, FactDef> = {
  timeouts: { doc: 'retransmission timeouts of the flow in the window', unit: 'count', args: ['run', 'flow', 'fromS', 'toS'], eval: (rs, a) => eventTimesNs(pickRun(rs, a.run), a, 'timeout').length },
  fastRetransmits: { doc: 'fast retransmits of the flow in the window', unit: 'count', args: ['run', 'flow', 'fromS', 'toS'], eval: (rs, a) => eventTimesNs(pickRun(rs, a.run), a, 'fast-retransmit').length },
  lossEvents: { doc: 'fast retransmits plus timeouts in the window', unit: 'count', args: ['run', 'flow', 'fromS', 'toS'], eval: (rs, a) => eventTimesNs(pickRun(rs, a.run), a, 'any').length },
  firstEventS: { doc: 'time of the first loss event (of `kind`) in the window', unit: 's', args: ['run', 'flow', 'fromS', 'toS', 'kind'], eval: (rs, a) => firstEventNs(pickRun(rs, a.run), a) / NS },
  timeoutGapRatio: {
    doc: 'the gap between the 2nd and 3rd timeouts in the window over the gap between the 1st and 2nd (exponential backoff: 2)',
    unit: 'ratio',
    args: ['run', 'flow', 'fromS', 'toS'],
    eval: (rs, a) => {
      const t = eventTimesNs(pickRun(rs, a.run), a, 'timeout');
      if (t.length < 3) throw new FactError(`${t.length} timeouts in the window — backoff needs 3`);
      return (t[2] - t[1]) / (t[1] - t[0]);
    },
  },
  firstTimeoutGapS: {
    doc: 'seconds between the 1st and 2nd timeouts in the window',
    unit: 's',
    args: ['run', 'flow', 'fromS', 'toS'],
    eval: (rs, a) => {
      const t = eventTimesNs(pickRun(rs, a.run), a, 'timeout');
      if (t.length < 2) throw new FactError(`${t.length} timeouts in the window — a gap needs 2`);
      return (t[1] - t[0]) / NS;
    },
  },
  cwndAt: {
    doc: 'the window (segments: cwnd without fast-recovery inflation, as the chart draws it) at time atS',
    unit: 'segments',
    args: ['run', 'flow', 'atS'],
    eval: (rs, a) => {
      const r = pickRun(rs, a.run);
      const v = windowAt(r, flowOf(a), (a.atS ?? 0) * NS);
      if (!v) throw new FactError(`no cwnd before ${a.atS} s`);
      return v.windowBytes / mssOf(r, a);
    },
  },
  cwndMax: { doc: 'largest window (segments, without inflation) in the time window', unit: 'segments', args: ['run', 'flow', 'fromS', 'toS'], eval: (rs, a) => cwndExtreme(pickRun(rs, a.run), a, 'max') },
  cwndMin: { doc: 'smallest window (segments, without inflation) in the time window', unit: 'segments', args: ['run', 'flow', 'fromS', 'toS'], eval: (rs, a) => cwndExtreme(pickRun(rs, a.run), a, 'min') },
  cwndBeforeEvent: {
    doc: 'the window (segments, without inflation) just before the first loss event (of `kind`) in the time window',
    unit: 'segments',
    args: ['run', 'flow', 'fromS', 'toS', 'kind'],
    eval: (rs, a) => {
      const r = pickRun(rs, a.run);
      const v = windowBefore(r, flowOf(a), firstEventNs(r, a));
      if (v === null) throw new FactError('no cwnd before the event');
      return v / mssOf(r, a);
    },
  },
  ssthreshAfterEvent: {
    doc: 'ssthresh (segments) set by the first loss event (of `kind`) in the window',
    unit: 'segments',
    args: ['run', 'flow', 'fromS', 'toS', 'kind'],
    eval: (rs, a) => {
      const r = pickRun(rs, a.run);
      const v = windowAt(r, flowOf(a), firstEventNs(r, a));
      if (!v) throw new FactError('no cwnd at the event');
      return v.ssthreshBytes / mssOf(r, a);
    },
  },
  cwndMinAfterEvent: {
    doc: 'smallest window (segments, without inflation) within withinS seconds after the first loss event (of `kind`) in the time window',
    unit: 'segments',
    args: ['run', 'flow', 'fromS', 'toS', 'kind', 'withinS'],
    eval: (rs, a) => {
      const r = pickRun(rs, a.run);
      const t = firstEventNs(r, a) / NS;
      return cwndExtreme(r, { ...a, fromS: t, toS: t + (a.withinS ?? 1) }, 'min');
    },
  },
  drops: { doc: 'data packets of the flow dropped in the window (of `cause`)', unit: 'count', args: ['run', 'flow', 'fromS', 'toS', 'cause'], eval: (rs, a) => dataDropsNs(pickRun(rs, a.run), a).length },
  dropBursts: {
    doc: 'bursts of at least minSize data drops of the flow (drops less than gapS apart, default one mean RTT) in the window',
    unit: 'count',
    args: ['run', 'flow', 'fromS', 'toS', 'cause', 'gapS', 'minSize'],
    eval: (rs, a) => {
      const r = pickRun(rs, a.run);
      const gapNs = (a.gapS ?? (flowResult(r, a).meanRttMs ?? 100) / 1000) * NS;
      const t = dataDropsNs(r, a);
      let bursts = 0;
      let size = 0;
      for (let i = 0; i < t.length; i++) {
        size = i > 0 && t[i] - t[i - 1] < gapNs ? size + 1 : 1;
        if (size === (a.minSize ?? 2)) bursts++;
      }
      return bursts;
    },
  },
  queueMax: {
    doc: 'largest number of packets waiting at the link in the window',
    unit: 'packets',
    args: ['run', 'link', 'fromS', 'toS'],
    eval: (rs, a) => {
      const r = pickRun(rs, a.run);
      const link = linkIndex(r, a);
      const q = r.result.trace.queue;
      const w = windowOf(r, a);
      let max = 0;
      for (let i = 0; i < q.tNs.length; i++) if (q.link[i] === link && inWindow(q.tNs[i], w)) max = Math.max(max, q.packets[i]);
      return max;
    },
  },
  queueLimit: { doc: 'the link buffer’s limit in packets', unit: 'packets', args: ['run', 'link'], eval: (rs, a) => pickRun(rs, a.run).result.links[linkIndex(pickRun(rs, a.run), a)].limitPackets },
  queueMean: { doc: 'time-average of packets waiting at the link over the run', unit: 'packets', args: ['run', 'link'], eval: (rs, a) => pickRun(rs, a.run).result.links[linkIndex(pickRun(rs, a.run), a)].meanQueuePackets },
  queueDelayMs: {
    doc: 'mean queueing delay at the link over the run: mean waiting packets × packet time',
    unit: 'ms',
    args: ['run', 'link', 'flow'],
    eval: (rs, a) => {
      const r = pickRun(rs, a.run);
      const l = r.result.links[linkIndex(r, a)];
      return (l.meanQueuePackets * (mssOf(r, a) + 40) * 8 * 1000) / l.rateBps;
    },
  },
  goodputMbps: { doc: 'the flow’s goodput over its connection time', unit: 'Mbps', args: ['run', 'flow'], eval: (rs, a) => flowResult(pickRun(rs, a.run), a).goodputBps / 1e6 },
  totalGoodputMbps: { doc: 'all flows’ goodput together', unit: 'Mbps', args: ['run'], eval: (rs, a) => pickRun(rs, a.run).result.summary.totalGoodputBps / 1e6 },
  completionS: {
    doc: 'seconds until the flow’s last byte arrived',
    unit: 's',
    args: ['run', 'flow'],
    eval: (rs, a) => {
      const c = flowResult(pickRun(rs, a.run), a).completionTimeS;
      if (c === null) throw new FactError('the flow did not finish');
      return c;
    },
  },
  retransmissions: { doc: 'segments the flow sent again', unit: 'count', args: ['run', 'flow'], eval: (rs, a) => flowResult(pickRun(rs, a.run), a).retransmissions },
  overheadPct: { doc: 'bytes sent beyond the payload delivered, % (the papers’ overhead)', unit: '%', args: ['run', 'flow'], eval: (rs, a) => flowResult(pickRun(rs, a.run), a).overheadPct },
  meanRttMs: {
    doc: 'mean of the flow’s RTT samples',
    unit: 'ms',
    args: ['run', 'flow'],
    eval: (rs, a) => {
      const m = flowResult(pickRun(rs, a.run), a).meanRttMs;
      if (m === null) throw new FactError('no RTT samples');
      return m;
    },
  },
  propRttMs: { doc: 'round-trip propagation delay of the flow’s path (no queueing, no transmission)', unit: 'ms', args: ['run', 'flow'], eval: (rs, a) => propRttS(pickRun(rs, a.run), a) * 1000 },
  jain: {
    doc: 'Jain’s fairness index over the flows’ goodputs (1 = equal shares)',
    unit: 'ratio',
    args: ['run'],
    eval: (rs, a) => {
      const j = pickRun(rs, a.run).result.summary.jainIndex;
      if (j === null) throw new FactError('nothing was delivered');
      return j;
    },
  },
  linkUtilizationPct: { doc: 'fraction of the run the link’s transmitter was busy, %', unit: '%', args: ['run', 'link'], eval: (rs, a) => 100 * pickRun(rs, a.run).result.links[linkIndex(pickRun(rs, a.run), a)].utilization },
  pathPerPct: { doc: 'random packet error rate of the forward path (Bernoulli models), %', unit: '%', args: ['run'], eval: (rs, a) => 100 * pathPer(pickRun(rs, a.run)) },
  mathisMbps: {
    doc: 'Mathis et al. (1997) throughput for the path’s random loss rate and the flow’s mean RTT',
    unit: 'Mbps',
    args: ['run', 'flow'],
    eval: (rs, a) => {
      const r = pickRun(rs, a.run);
      const f = r.scenario.flows[flowOf(a)];
      const rttMs = flowResult(r, a).meanRttMs;
      if (rttMs === null) throw new FactError('no RTT samples');
      const p = pathPer(r);
      if (p <= 0) throw new FactError('the path has no random loss');
      return mathisThroughputBps({ mssBytes: f.tcp.mssBytes, rttS: rttMs / 1000, lossRate: p, ackedPerAck: f.tcp.delayedAck ? 2 : 1 }) / 1e6;
    },
  },
  accuracyPct: {
    doc: 'share of loss events the variant classified correctly (congestion vs wireless), %',
    unit: '%',
    args: ['run', 'flow'],
    eval: (rs, a) => {
      const c = flowResult(pickRun(rs, a.run), a).classification;
      if (!c || c.accuracy === null) throw new FactError('the variant classified no losses');
      return 100 * c.accuracy;
    },
  },
  waves: {
    doc: 'TCP-Real waves the receiver decided in the window (of `decision`)',
    unit: 'count',
    args: ['run', 'flow', 'fromS', 'toS', 'decision'],
    eval: (rs, a) => {
      const r = pickRun(rs, a.run);
      const t = r.result.trace.wave;
      const w = windowOf(r, a);
      const code = a.decision ? WAVE_DECISIONS.indexOf(a.decision) : -1;
      let n = 0;
      for (let i = 0; i < t.tNs.length; i++) if (t.flow[i] === flowOf(a) && inWindow(t.tNs[i], w) && (code < 0 || t.decision[i] === code)) n++;
      return n;
    },
  },
  probeEvents: {
    doc: 'TCP-Probing probe-cycle events of kind probeEvent in the window',
    unit: 'count',
    args: ['run', 'flow', 'fromS', 'toS', 'probeEvent'],
    eval: (rs, a) => {
      const r = pickRun(rs, a.run);
      const t = r.result.trace.probe;
      const w = windowOf(r, a);
      const code = PROBE_EVENTS.indexOf(a.probeEvent ?? 'cycle-start');
      let n = 0;
      for (let i = 0; i < t.tNs.length; i++) if (t.flow[i] === flowOf(a) && inWindow(t.tNs[i], w) && t.event[i] === code) n++;
      return n;
    },
  },
  probesSent: { doc: 'header-only probe segments the flow sent', unit: 'count', args: ['run', 'flow'], eval: (rs, a) => flowResult(pickRun(rs, a.run), a).probesSent },
  estimateMeanMbps: {
    doc: 'mean of the variant’s traced estimate `key` (bits/s) over its samples in the window',
    unit: 'Mbps',
    args: ['run', 'flow', 'fromS', 'toS', 'key'],
    eval: (rs, a) => {
      const r = pickRun(rs, a.run);
      const f = flowResult(r, a);
      const k = f.estimates.findIndex((e) => e.key === a.key);
      if (k < 0) throw new FactError(`the variant traces no estimate "${a.key}" (it has: ${f.estimates.map((e) => e.key).join(', ') || 'none'})`);
      if (f.estimates[k].unit !== 'bit/s') throw new FactError(`estimate "${a.key}" is in ${f.estimates[k].unit}, not bit/s: its mean in Mb/s means nothing`);
      const t = r.result.trace.estimate;
      const w = windowOf(r, a);
      let sum = 0;
      let n = 0;
      for (let i = 0; i < t.tNs.length; i++) {
        if (t.flow[i] !== flowOf(a) || t.key[i] !== k || !inWindow(t.tNs[i], w)) continue;
        sum += t.value[i];
        n++;
      }
      if (n === 0) throw new FactError(`no "${a.key}" samples in the window`);
      return sum / n / 1e6;
    },
  },
  availMeanMbps: {
    doc: 'mean bandwidth left for the flows at the bottleneck (its rate minus cross traffic) over the run',
    unit: 'Mbps',
    args: ['run'],
    eval: (rs, a) => {
      const m = pickRun(rs, a.run).result.summary.meanAvailableBps;
      if (m === null) throw new FactError('no available-bandwidth record');
      return m / 1e6;
    },
  },
  heldAcksMax: {
    doc: 'most ACKs the Ack Regulator held at once',
    unit: 'count',
    args: ['run'],
    eval: (rs, a) => {
      const t = pickRun(rs, a.run).result.trace.ackreg;
      let max = 0;
      for (let i = 0; i < t.heldAcks.length; i++) max = Math.max(max, t.heldAcks[i]);
      return max;
    },
  },
  growthKind: {
    doc: 'how the window (without inflation) grew over the time window, per round trip: "doubling" (×1.5 or more per RTT), "additive" (+0.3 … 3 segments per RTT) or "other"',
    unit: 'name',
    args: ['run', 'flow', 'fromS', 'toS'],
    eval: (rs, a) => {
      const r = pickRun(rs, a.run);
      const from = windowAt(r, flowOf(a), (a.fromS ?? 0) * NS);
      const to = windowAt(r, flowOf(a), (a.toS ?? r.endS) * NS);
      if (!from || !to) throw new FactError('no cwnd in the window');
      const rtts = ((a.toS ?? r.endS) - (a.fromS ?? 0)) / ((flowResult(r, a).meanRttMs ?? propRttS(r, a) * 1000) / 1000);
      const c0 = from.windowBytes;
      const c1 = to.windowBytes;
      const perRttFactor = (c1 / c0) ** (1 / rtts);
      const perRttSegments = (c1 - c0) / mssOf(r, a) / rtts;
      if (perRttFactor >= 1.5) return 'doubling';
      if (perRttSegments >= 0.3 && perRttSegments <= 3) return 'additive';
      return 'other';
    },
  },
  largerFlow: {
    doc: 'the flow id (of the run) with the larger value of fact `of` among all flows, or "equal" when they are within 10 %',
    unit: 'name',
    args: ['run', 'of'],
    eval: (rs, a) => {
      const def = a.of ? FACTS[a.of] : undefined;
      if (!def || def.unit === 'name') throw new FactError(`"${a.of}" is not a numeric fact`);
      const r = pickRun(rs, a.run);
      const v = r.scenario.flows.map((_, flow) => Number(def.eval([r], { flow })));
      const max = Math.max(...v);
      if (Math.min(...v) >= 0.9 * max) return 'equal';
      return r.scenario.flows[v.indexOf(max)].id;
    },
  },
  best: {
    doc: 'the run (variant name) with the smallest (pick: min) or largest (pick: max) value of fact `of`',
    unit: 'name',
    args: ['of', 'pick', 'flow', 'fromS', 'toS', 'cause', 'kind', 'link', 'key'],
    eval: (rs, a) => {
      const def = a.of ? FACTS[a.of] : undefined;
      if (!def || def.unit === 'name') throw new FactError(`"${a.of}" is not a numeric fact`);
      let bestName = '';
      let bestValue = a.pick === 'max' ? -Infinity : Infinity;
      for (const r of rs) {
        const name = r.variant ?? r.scenario.flows[0].variant;
        const v = Number(def.eval([r], { ...a, run: undefined }));
        if (a.pick === 'max' ? v > bestValue : v < bestValue) {
          bestValue = v;
          bestName = name;
        }
      }
      return bestName;
    },
  },
};

export const FACT_NAMES = Object.keys(FACTS);

export interface FactCall extends FactArgs {
  fact: string;
}

export function evalFact(runs: readonly LessonRun[], call: FactCall): FactValue {
  const def = FACTS[call.fact];
  if (!def) throw new FactError(`unknown fact "${call.fact}"`);
  return def.eval(runs, call);
}

export function factUnit(name: string): FactUnit {
  return FACTS[name]?.unit ?? 'count';
}
