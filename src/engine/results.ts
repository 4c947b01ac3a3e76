/**
 * What a finished run reports (the CLI's JSON, the UI's metrics table and the tests read these),
 * how it is read off the built simulation's records, and the one definition of the bottleneck.
 */
import type { Scenario } from '../scenario/schema.ts';
import type { TokensPerRtt } from './app/tokens-per-rtt.ts';
import { msToNs, nsToS, type Simulator } from './core/simulator.ts';
import { DROP_CAUSES, type TraceData } from './core/trace.ts';
import type { CrossRuntime } from './build/cross.ts';
import type { FlowRuntime } from './build/flows.ts';
import { classification, type Classification, congestionLossPct, goodputBps, jainIndex, linkEfficiency, overheadPct, successPct } from './metrics.ts';
import type { AckRegulator, AckRegulatorStats } from './net/ack-regulator.ts';
import type { Link } from './net/link.ts';
import type { EstimateInfo } from './tcp/cc/types.ts';
import type { EngineModules } from './modules.ts';

export type { Classification } from './metrics.ts';

export interface FlowResult {
  id: string;
  variant: string;
  /** Unique in-order payload delivered to the receiving application, bits per second of connection time. */
  goodputBps: number;
  /** Seconds from the flow's start until its last byte reached the receiver; null if unfinished or unlimited. */
  completionTimeS: number | null;
  bytesDelivered: number;
  /** Data segments put on the wire, retransmissions included. */
  segmentsSent: number;
  retransmissions: number;
  timeouts: number;
  fastRetransmits: number;
  /** 100·(all bytes sent in both directions, headers included − payload delivered) / payload delivered. */
  overheadPct: number;
  /** Playback reads that found enough in-order data, %; null without a playback application. */
  appSuccessPct: number | null;
  /** Mean tokens the sender took per RTT (bins of the final SRTT); null without a token bucket. */
  tokensPerRtt: number | null;
  /** What the bucket permits per RTT: r · RTT / interval. */
  tokensPermittedPerRtt: number | null;
  /** Window reductions for echoed congestion marks (RFC 3168). */
  ecnReductions: number;
  mssBytes: number;
  /** Mean of the sender's RTT samples, ms; null before the first. */
  meanRttMs: number | null;
  /** Header-only probe segments sent (TCP-Probing); counted in overheadPct. */
  probesSent: number;
  /** The variant's traced estimates (name, legend label, unit): the `estimate` table's `key` column indexes this. */
  estimates: EstimateInfo[];
  /** Loss-classification accuracy; null for variants that do not classify losses. */
  classification: Classification | null;
}

export interface LinkResult {
  /** `<link id>/fwd` or `<link id>/rev`. */
  id: string;
  /** Lost packets by ground-truth cause (every cause listed, zeros included). */
  drops: Record<string, number>;
  /** Packets marked here (RED ECN or congestion warning). */
  marks: number;
  arrivedPackets: number;
  /** 100 · congestion drops (queue-overflow + red-early) / packets that arrived. */
  congestionLossPct: number;
  /** Time-average of waiting packets over the run. */
  meanQueuePackets: number;
  /** Time-weighted standard deviation of waiting packets. */
  queueSdPackets: number;
  maxQueuePackets: number;
  /** Packets that finished transmission on this link direction. */
  packetsSent: number;
  /** Fraction of the run the transmitter was busy. */
  utilization: number;
  /** Mean service rate. */
  rateBps: number;
  limitPackets: number;
  /** The Ack Regulator at this (forward) buffer, if the link has one. */
  ackRegulator: AckRegulatorStats | null;
}

export interface RunSummary {
  totalGoodputBps: number;
  /** Jain's fairness index over the flows' goodputs; null if nothing was delivered. */
  jainIndex: number | null;
  /** Rate of the slowest wireless path link (error models or variable rate); null if none. */
  wirelessCapacityBps: number | null;
  /** totalGoodputBps / wirelessCapacityBps. */
  linkEfficiency: number | null;
  /** The bottleneck: the slowest forward path link (first of equals); the `avail` table is about it. */
  bottleneck: string | null;
  /** Its rate minus the cross traffic it carried, averaged over the run: what was left for the flows. */
  meanAvailableBps: number | null;
}

export interface CrossResult {
  id: string;
  kind: string;
  sentPackets: number;
  deliveredPackets: number;
  /** Payload bits per second delivered at the far end, over the whole run. */
  deliveredBps: number;
  /** FTP: sessions opened; null for other kinds. */
  sessions: number | null;
}

export interface RunResult {
  flows: FlowResult[];
  links: LinkResult[];
  summary: RunSummary;
  cross: CrossResult[];
  sim: { events: number; simTimeS: number; seed: number };
  trace: TraceData;
}

/** What a built simulation's results are read from (build.ts makes these). */
export interface RunRecords {
  scenario: Scenario;
  seed: number;
  sim: Simulator;
  links: readonly Link[];
  /** Queue limits as built: results report these (a timed change may move a limit later). */
  builtLimitsPackets: readonly number[];
  ackRegulators: ReadonlyMap<Link, AckRegulator>;
  flows: readonly FlowRuntime[];
  cross: readonly CrossRuntime[];
  /** The path's bottleneck link (bottleneckOf), null without a path. */
  bottleneck: Link | null;
  /** The modules the run was built with. */
  modules: EngineModules;
}

/** The results as of now (the end of the run, or wherever it stopped). */
export function runResults(r: RunRecords): Omit<RunResult, 'trace'> {
  const endNs = r.sim.now();
  const flows = r.flows.map((f, i) => flowResult(r.scenario.flows[i], f, endNs, r.modules));
  const links: LinkResult[] = r.links.map((l, i) => ({
    id: l.id,
    drops: Object.fromEntries(DROP_CAUSES.map((c) => [c, l.drops.get(c) ?? 0])),
    marks: l.marks,
    arrivedPackets: l.arrived,
    congestionLossPct: congestionLossPct((l.drops.get('queue-overflow') ?? 0) + (l.drops.get('red-early') ?? 0) + (l.drops.get('aqm-drop') ?? 0), l.arrived),
    meanQueuePackets: l.meanQueuePackets(endNs),
    queueSdPackets: l.queueSdPackets(endNs),
    maxQueuePackets: l.maxQueuePackets,
    packetsSent: l.transmitted,
    utilization: l.utilization(endNs),
    rateBps: l.meanRateBps(endNs),
    limitPackets: r.builtLimitsPackets[i],
    ackRegulator: r.ackRegulators.get(l)?.stats() ?? null,
  }));
  const totalGoodput = flows.reduce((a, f) => a + f.goodputBps, 0);
  const wireless = wirelessCapacityBps(r.scenario, r.links, endNs);
  const bn = r.bottleneck;
  const summary = {
    totalGoodputBps: totalGoodput,
    jainIndex: jainIndex(flows.map((f) => f.goodputBps)),
    wirelessCapacityBps: wireless,
    linkEfficiency: wireless === null ? null : linkEfficiency(totalGoodput, wireless),
    bottleneck: bn === null ? null : bn.id,
    meanAvailableBps: bn === null || endNs <= 0 ? null : Math.max(0, bn.meanRateBps(endNs) - (bn.crossBytesTransmitted * 8 * 1e9) / endNs),
  };
  const cross = r.cross.map((c) => ({
    id: c.id,
    kind: c.kind,
    sentPackets: c.sentPackets(),
    deliveredPackets: c.deliveredPackets(),
    deliveredBps: goodputBps(c.deliveredBytes(), endNs),
    sessions: c.sessions(),
  }));
  return { flows, links, summary, cross, sim: { events: r.sim.eventCount, simTimeS: nsToS(endNs), seed: r.seed } };
}

function flowResult(spec: Scenario['flows'][number], f: FlowRuntime, endNs: number, modules: EngineModules): FlowResult {
  const done = f.receiver.completedAtNs >= 0 && Number.isFinite(f.totalBytes);
  const connectionNs = (done ? f.receiver.completedAtNs : endNs) - f.startNs;
  const delivered = f.receiver.rcvNxt;
  const wireBytes = f.sender.dataBytesSent + f.receiver.ackBytesSent;
  let tokens: TokensPerRtt | null = null;
  if (f.bucket !== null && spec.tokenBucket !== null && f.sender.srttNs > 0) {
    tokens = modules.get('token-bucket').tokensPerRtt({
      takeTimesNs: f.tokenTakesNs,
      // The flow's smoothed RTT at the end: one bin width to plot against one permitted line.
      rttNs: f.sender.srttNs,
      fromNs: f.startNs,
      toNs: done ? f.receiver.completedAtNs : endNs,
      tokensPerInterval: spec.tokenBucket.tokensPerInterval,
      intervalNs: msToNs(spec.tokenBucket.intervalMs),
    });
  }
  return {
    id: spec.id,
    variant: spec.variant,
    goodputBps: goodputBps(delivered, connectionNs),
    completionTimeS: done ? nsToS(f.receiver.completedAtNs - f.startNs) : null,
    bytesDelivered: delivered,
    segmentsSent: f.sender.segmentsSent,
    retransmissions: f.sender.retransmissions,
    timeouts: f.sender.timeouts,
    fastRetransmits: f.sender.fastRetransmits,
    overheadPct: overheadPct(wireBytes, delivered),
    appSuccessPct: f.playback ? successPct(f.playback.successes, f.playback.reads) : null,
    tokensPerRtt: tokens ? tokens.meanConsumed : null,
    tokensPermittedPerRtt: tokens ? tokens.permittedPerRtt : null,
    ecnReductions: f.sender.ecnReductions,
    mssBytes: spec.tcp.mssBytes,
    meanRttMs: f.sender.rttSamples > 0 ? f.sender.rttSumNs / f.sender.rttSamples / 1e6 : null,
    probesSent: f.sender.probesSent,
    estimates: f.sender.estimates,
    classification: f.verdicts === null ? null : classification(f.verdicts.counts),
  };
}

/**
 * The capacity link efficiency is measured against: the slowest forward `path` link that is
 * wireless (has error models or a variable rate); null if the path has none. Its rate is the
 * time-weighted mean, should timed changes move it.
 */
function wirelessCapacityBps(scenario: Scenario, links: readonly Link[], endNs: number): number | null {
  let best: number | null = null;
  scenario.path.forEach((l, i) => {
    const f = l.forward;
    if (f.errors.length === 0 && f.rateSdBps === 0 && f.extraDelayMeanMs === 0) return;
    // path links come first in `links`, forward then reverse
    const rate = links[2 * i].meanRateBps(endNs);
    if (best === null || rate < best) best = rate;
  });
  return best;
}
