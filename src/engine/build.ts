/**
 * Scenario → Simulation. Topology: each flow's sender sits behind its own access link to the
 * first router; the shared `path` hops lead from there to the receivers (a dumbbell when there
 * are several flows). ACKs return over the reverse directions of the same links.
 * Link order (results and trace): path links in order, then each flow's access link; each
 * contributes its forward then its reverse direction.
 */
import type { CrossTrafficSpec, ErrorModelSpec, LinkDirSpec, LinkSpec, QueueSpec, Scenario, TcpSpec } from '../scenarios/schema.ts';
import { parseChangePath, type ChangeTarget } from '../scenarios/changes.ts';
import { Playback } from './app/playback.ts';
import { TokenBucket } from './app/token-bucket.ts';
import { tokensPerRtt, type TokensPerRtt } from './app/tokens-per-rtt.ts';
import { classification, congestionLossPct, goodputBps, jainIndex, linkEfficiency, overheadPct, successPct } from './metrics.ts';
import { DropLedger } from './net/drop-ledger.ts';
import { CROSS_TRAFFIC_FLOW, type Endpoint, type Hop } from './net/packet.ts';
import { AckRegulator, introduceFlow } from './net/ack-regulator.ts';
import { CbrSource } from './traffic/cbr.ts';
import { FtpSessionGenerator } from './traffic/ftp-sessions.ts';
import { ParetoOnOffSource } from './traffic/pareto-onoff.ts';
import { TrafficSink } from './traffic/sink.ts';
import { Rng } from './core/rng.ts';
import { msToNs, nsToS, sToNs, Simulator, type Handler } from './core/simulator.ts';
import { DROP_CAUSES, nullSink, type ChannelState, type TraceSink } from './core/trace.ts';
import { Link, UniformRate } from './net/link.ts';
import { BernoulliLoss, BlackoutLoss, ComposedLoss, GilbertElliottLoss, type ErrorModel, type PerKey } from './net/loss.ts';
import { CwQueue, DropTailQueue, RedQueue, type QueueDisc } from './net/queue.ts';
import { getVariant } from './tcp/cc/registry.ts';
import { createRecovery, recoveryNeedsSack, resolveRecovery } from './tcp/recovery/index.ts';
import { Receiver } from './tcp/receiver.ts';
import type { SendGate } from './tcp/egress.ts';
import { Sender } from './tcp/sender.ts';
import { VerdictScore } from './metrics-verdicts.ts';
import type { FlowResult, LinkResult, RunResult } from './results.ts';

export interface FlowRuntime {
  sender: Sender;
  receiver: Receiver;
  /** The variant's loss verdicts scored against the truth; null if it gives none. */
  verdicts: VerdictScore | null;
  startNs: number;
  totalBytes: number;
  /** Bytes handed to the receiving application, counted chunk by chunk. */
  appBytes: number;
  bucket: TokenBucket | null;
  /** When the sender took each token (for tokens per RTT). */
  tokenTakesNs: number[];
  playback: Playback | null;
}

/** One cross-traffic entry at run time: what it sent and what reached its far end. */
export interface CrossRuntime {
  id: string;
  kind: CrossTrafficSpec['kind'];
  sentPackets(): number;
  deliveredPackets(): number;
  deliveredBytes(): number;
  /** FTP only: sessions opened so far. */
  sessions(): number | null;
}

export class Simulation {
  /** Queue limits as built: results report these (a timed change may move a limit later). */
  private readonly builtLimits: number[];

  constructor(
    readonly scenario: Scenario,
    readonly seed: number,
    readonly sim: Simulator,
    readonly links: Link[],
    readonly flows: FlowRuntime[],
    readonly cross: CrossRuntime[],
    private readonly durationNs: number,
    /** The slowest forward path link (available-bandwidth truth), null without a path. */
    readonly bottleneck: Link | null,
  ) {
    this.builtLimits = links.map((l) => l.queue.limitPackets);
  }

  /** Run to the scenario's end, at most `maxEvents` events; false if the cap stopped it. */
  run(maxEvents = Number.POSITIVE_INFINITY): boolean {
    return this.sim.runUntil(this.durationNs, maxEvents);
  }

  results(): Omit<RunResult, 'trace'> {
    const endNs = this.sim.now();
    const flows: FlowResult[] = this.flows.map((f, i) => {
      const spec = this.scenario.flows[i];
      const done = f.receiver.completedAtNs >= 0 && Number.isFinite(f.totalBytes);
      const connectionNs = (done ? f.receiver.completedAtNs : endNs) - f.startNs;
      const delivered = f.receiver.rcvNxt;
      const wireBytes = f.sender.dataBytesSent + f.receiver.ackBytesSent;
      let tokens: TokensPerRtt | null = null;
      if (f.bucket !== null && spec.tokenBucket !== null && f.sender.srttNs > 0) {
        tokens = tokensPerRtt({
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
        estimateKeys: [...f.sender.estimateNames],
        classification: f.verdicts === null ? null : classification(f.verdicts.counts),
      };
    });
    const links: LinkResult[] = this.links.map((l, i) => ({
      id: l.id,
      drops: Object.fromEntries(DROP_CAUSES.map((c) => [c, l.drops.get(c) ?? 0])),
      marks: l.marks,
      arrivedPackets: l.arrived,
      congestionLossPct: congestionLossPct((l.drops.get('queue-overflow') ?? 0) + (l.drops.get('red-early') ?? 0), l.arrived),
      meanQueuePackets: l.meanQueuePackets(endNs),
      queueSdPackets: l.queueSdPackets(endNs),
      maxQueuePackets: l.maxQueuePackets,
      packetsSent: l.transmitted,
      utilization: l.utilization(endNs),
      rateBps: l.meanRateBps(endNs),
      limitPackets: this.builtLimits[i],
      ackRegulator: l.watcher instanceof AckRegulator ? l.watcher.stats() : null,
    }));
    const totalGoodput = flows.reduce((a, f) => a + f.goodputBps, 0);
    const wireless = this.wirelessCapacityBps(endNs);
    const bn = this.bottleneck;
    const summary = {
      totalGoodputBps: totalGoodput,
      jainIndex: jainIndex(flows.map((f) => f.goodputBps)),
      wirelessCapacityBps: wireless,
      linkEfficiency: wireless === null ? null : linkEfficiency(totalGoodput, wireless),
      bottleneck: bn === null ? null : bn.id,
      meanAvailableBps: bn === null || endNs <= 0 ? null : Math.max(0, bn.meanRateBps(endNs) - (bn.crossBytesTransmitted * 8 * 1e9) / endNs),
    };
    const cross = this.cross.map((c) => ({
      id: c.id,
      kind: c.kind,
      sentPackets: c.sentPackets(),
      deliveredPackets: c.deliveredPackets(),
      deliveredBps: goodputBps(c.deliveredBytes(), endNs),
      sessions: c.sessions(),
    }));
    return { flows, links, summary, cross, sim: { events: this.sim.eventCount, simTimeS: nsToS(endNs), seed: this.seed } };
  }

  /**
   * The capacity link efficiency is measured against: the slowest forward `path` link that is
   * wireless (has error models or a variable rate); null if the path has none. Its rate is the
   * time-weighted mean, should timed changes move it.
   */
  private wirelessCapacityBps(endNs: number): number | null {
    let best: number | null = null;
    this.scenario.path.forEach((l, i) => {
      const f = l.forward;
      if (f.errors.length === 0 && f.rateSdBps === 0 && f.extraDelayMeanMs === 0) return;
      // path links come first in `links`, forward then reverse
      const rate = this.links[2 * i].meanRateBps(endNs);
      if (best === null || rate < best) best = rate;
    });
    return best;
  }
}

/**
 * Stream name of the i-th error model's per-packet draws: the first keeps the foundation's name.
 * Models a timed change puts in (`change` = its index) draw from streams of their own, so they
 * neither replay nor disturb the draws of the models they replace.
 */
const lossStream = (linkId: string, i: number, change: number | null): string =>
  `${i === 0 ? `${linkId}:loss` : `${linkId}:loss.${i}`}${change === null ? '' : `@change${change}`}`;

/** A link direction's channel state as last traced, kept across timed changes of its error models. */
interface ChannelTrace {
  traced: ChannelState | null;
}

/**
 * The direction's composed error model, or null for a clean link. State-based models report
 * their changes so the link's channel state (the worst of its models) is traced when it changes.
 */
function errorModel(
  errors: readonly ErrorModelSpec[],
  linkId: string,
  linkIndex: number,
  rng: Rng,
  sim: Simulator,
  trace: TraceSink,
  channel: ChannelTrace,
  change: number | null = null,
): ComposedLoss | null {
  if (errors.length === 0) return null;
  let composed: ComposedLoss | null = null;
  const onChange = (): void => {
    if (composed !== null) traceChannel(channel, composed.state, linkIndex, sim, trace);
  };
  const models = errors.map((e, i): ErrorModel => {
    const packets = rng.stream(lossStream(linkId, i, change));
    switch (e.kind) {
      case 'bernoulli':
        return new BernoulliLoss(e.per, packets);
      case 'gilbert-elliott':
        return new GilbertElliottLoss(
          { meanGoodNs: sToNs(e.meanGoodS), meanBadNs: sToNs(e.meanBadS), perGood: e.perGood, perBad: e.perBad, badState: e.badState, startState: e.startState },
          rng.stream(`${lossStream(linkId, i, change)}:state`),
          packets,
          sim,
          onChange,
        );
      case 'blackout':
        return new BlackoutLoss(sToNs(e.atS), sToNs(e.durationS), e.per, packets, sim, onChange);
    }
  });
  composed = new ComposedLoss(models);
  if (composed.hasState) onChange();
  return composed;
}

function traceChannel(channel: ChannelTrace, state: ChannelState, linkIndex: number, sim: Simulator, trace: TraceSink): void {
  if (state !== channel.traced) trace.channel(sim.now(), linkIndex, state);
  channel.traced = state;
}

/** One link direction as timed changes see it. */
interface DirRuntime {
  link: Link;
  linkId: string;
  errors: ComposedLoss | null;
  channel: ChannelTrace;
}

/**
 * Schedules the scenario's timed changes (src/scenarios/changes.ts). Called first, before
 * anything else is scheduled: a change then acts before every other event at its time, and the
 * other events keep their relative order, so the run up to the first change is the run without
 * changes, event for event and draw for draw. `dirs` is filled in as the links are built.
 */
function scheduleChanges(s: Scenario, dirs: Map<string, DirRuntime>, rng: Rng, sim: Simulator, trace: TraceSink): void {
  s.changes.forEach((c, index) => {
    const target = parseChangePath(c.path);
    if (target === null) throw new Error(`changes.${index}.path: "${c.path}" is not a field a run can change (parseScenario reports why)`);
    const key = target.dirSegments.join('.');
    const apply: Handler<null> = {
      fire: () => {
        const dir = dirs.get(key);
        if (dir === undefined) throw new Error(`changes.${index}.path: "${c.path}" names a link that does not exist`);
        applyChange(dir, target, c.value, index, rng, sim, trace);
        trace.change(sim.now(), index, dir.link.index);
      },
    };
    sim.scheduleAt(sToNs(c.atS), apply, null);
  });
}

function applyChange(dir: DirRuntime, target: ChangeTarget, value: unknown, index: number, rng: Rng, sim: Simulator, trace: TraceSink): void {
  const num = (): number => {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`changes.${index}.value: ${String(value)} is not a number`);
    return value;
  };
  switch (target.field) {
    case 'rateBps':
      return dir.link.setRate(num());
    case 'delayMs':
      return dir.link.setDelay(msToNs(num()));
    case 'limitPackets':
      return dir.link.queue.setLimit(num());
    case 'per':
    case 'perGood':
    case 'perBad':
      if (dir.errors === null) throw new Error(`changes.${index}.path: the link has no error model ${target.model}`);
      return dir.errors.setPer(target.field as PerKey, num(), target.model ?? 0);
    case 'errors': {
      if (!Array.isArray(value)) throw new Error(`changes.${index}.value: not a list of error models`);
      dir.errors?.retire();
      dir.errors = errorModel(value as ErrorModelSpec[], dir.linkId, dir.link.index, rng, sim, trace, dir.channel, index);
      dir.link.setErrors(dir.errors);
      // a clean link, or one without a channel state, is in the good state from now on
      if (dir.errors === null || !dir.errors.hasState) {
        if (dir.channel.traced !== null) traceChannel(dir.channel, 'good', dir.link.index, sim, trace);
      }
      return;
    }
  }
}

/** Transmission time of a typical 1000-byte packet: RED's idle-decay time unit. */
const typicalTxNs = (rateBps: number): number => (1000 * 8 * 1e9) / rateBps;

function queueDisc(q: QueueSpec, rateBps: number, linkId: string, rng: Rng): QueueDisc {
  switch (q.kind) {
    case 'droptail':
      return new DropTailQueue(q.limitPackets, q.limitBytes);
    case 'red':
      return new RedQueue(q, typicalTxNs(rateBps), rng.stream(`${linkId}:red`));
    case 'cw':
      return new CwQueue(q.limitPackets, q.thresholdPackets, q.weight, typicalTxNs(rateBps));
  }
}

export function buildSimulation(s: Scenario, seed: number, trace: TraceSink): Simulation {
  const sim = new Simulator();
  const rng = new Rng(seed);
  const ledger = new DropLedger();
  const links: Link[] = [];
  const dirs = new Map<string, DirRuntime>();
  scheduleChanges(s, dirs, rng, sim, trace);
  const makeDir = (id: string, spec: LinkDirSpec, at: string): Link => {
    const index = links.length;
    const channel: ChannelTrace = { traced: null };
    const errors = errorModel(spec.errors, id, index, rng, sim, trace, channel);
    const link = new Link({
      id,
      index,
      rateBps: spec.rateBps,
      delayNs: msToNs(spec.delayMs),
      queue: queueDisc(spec.queue, spec.rateBps, id, rng),
      errors,
      sim,
      trace,
      variableRate:
        spec.rateSdBps > 0 ? new UniformRate(spec.rateBps, spec.rateSdBps, spec.rateSlotMs === null ? null : msToNs(spec.rateSlotMs), rng.stream(`${id}:rate`)) : null,
      extraDelayMeanNs: msToNs(spec.extraDelayMeanMs),
      delayRng: spec.extraDelayMeanMs > 0 ? rng.stream(`${id}:delay`) : null,
      ledger,
    });
    links.push(link);
    dirs.set(at, { link, linkId: id, errors, channel });
    return link;
  };
  /** `at`: the link's place in the scenario (`path.0`, `flows.1.access`), as timed changes name it. */
  const makeDuplex = (l: LinkSpec, at: string): { fwd: Link; rev: Link; ackHops: Hop[] } => {
    const fwd = makeDir(`${l.id}/fwd`, l.forward, `${at}.forward`);
    const rev = makeDir(`${l.id}/rev`, l.reverse, `${at}.reverse`);
    return { fwd, rev, ackHops: [rev, ...ackRegulatorHop(l, fwd, sim, trace)] };
  };

  const path = s.path.map((l, i) => makeDuplex(l, `path.${i}`));
  const flows: FlowRuntime[] = s.flows.map((spec, i) => {
    const access = makeDuplex(spec.access, `flows.${i}.access`);
    const totalBytes = spec.bytes ?? Number.POSITIVE_INFINITY;
    const startNs = sToNs(spec.startS);
    let playback: Playback | null = null;
    if (spec.playback !== null) {
      playback = new Playback(
        sim,
        { readBytes: spec.playback.readBytes, periodNs: msToNs(spec.playback.periodMs), startNs: startNs + msToNs(spec.playback.startDelayMs), totalBytes },
        trace,
        i,
      );
      playback.start();
    }
    const tokenTakesNs: number[] = [];
    let bucket: TokenBucket | null = null;
    let gate: SendGate | null = null;
    if (spec.tokenBucket !== null) {
      const tb = spec.tokenBucket;
      const b = new TokenBucket({ tokensPerInterval: tb.tokensPerInterval, intervalNs: msToNs(tb.intervalMs), depthTokens: tb.depthTokens, startNs });
      bucket = b;
      gate = {
        tryTake: (t) => {
          if (!b.tryTake(t)) return false;
          tokenTakesNs.push(t);
          return true;
        },
        nsUntil: (t) => b.nsUntil(t),
        available: (t) => b.available(t),
      };
    }
    // The application's reads, checked for gaps and overlaps; the pair is made after, so the
    // runtime gets its sender and receiver by Object.assign.
    const app = { startNs, totalBytes, appBytes: 0, bucket, tokenTakesNs, playback };
    const pair = tcpPair({
      sim,
      trace,
      flow: i,
      variant: spec.variant,
      tcp: spec.tcp,
      totalBytes,
      dataRoute: [access.fwd, ...path.map((p) => p.fwd)],
      ackRoute: [...[...path].reverse().flatMap((p) => p.ackHops), ...access.ackHops],
      gate,
      ledger,
      deliver: (start, end) => {
        if (start !== app.appBytes) throw new Error(`flow ${spec.id}: application got bytes from ${start}, expected ${app.appBytes}`);
        app.appBytes = end;
        playback?.onDeliver(end - start);
      },
    });
    const runtime: FlowRuntime = Object.assign(app, pair);
    const start: Handler<null> = { fire: () => runtime.sender.start() };
    sim.scheduleAt(startNs, start, null);
    return runtime;
  });
  const cross = s.cross.map((c) => buildCross(c, path, sim, rng));
  let bottleneck: Link | null = null;
  for (const p of path) if (bottleneck === null || p.fwd.rateBps < bottleneck.rateBps) bottleneck = p.fwd;
  if (bottleneck !== null && trace.wants('avail')) traceAvailable(bottleneck, sim, trace);
  return new Simulation(s, seed, sim, links, flows, cross, sToNs(s.durationS), bottleneck);
}

/**
 * The link's Ack Regulator, if it has one: it sits where the ACKs come off the link's reverse
 * direction — the node that also holds the forward buffer (the 3G paper's RNC) — and watches
 * that buffer.
 */
function ackRegulatorHop(l: LinkSpec, fwd: Link, sim: Simulator, trace: TraceSink): Hop[] {
  const a = l.ackRegulator;
  if (a === null) return [];
  const bufferPackets = a.bufferPackets ?? fwd.queue.limitPackets;
  const reg = new AckRegulator(
    { mode: a.mode, bufferPackets, reservePackets: a.reservePackets, maxHeldAcks: a.maxHeldAcks ?? bufferPackets },
    fwd.index,
    fwd,
    sim,
    trace,
  );
  fwd.watcher = reg;
  return [reg];
}

/** Bin width of the available-bandwidth truth: short enough to follow Pareto bursts and CBR steps. */
export const AVAIL_BIN_NS = msToNs(100);

/**
 * Available-bandwidth truth: at the end of every bin, the bottleneck's mean rate minus the cross
 * traffic it transmitted during the bin (what was left for the scenario's flows).
 */
function traceAvailable(link: Link, sim: Simulator, trace: TraceSink): void {
  let lastCross = 0;
  const bin: Handler<null> = {
    fire: () => {
      const crossBps = ((link.crossBytesTransmitted - lastCross) * 8 * 1e9) / AVAIL_BIN_NS;
      lastCross = link.crossBytesTransmitted;
      trace.avail(sim.now(), link.index, Math.max(0, link.rateBps - crossBps));
      sim.schedule(AVAIL_BIN_NS, bin, null);
    },
  };
  sim.schedule(AVAIL_BIN_NS, bin, null);
}

interface TcpPairSpec {
  sim: Simulator;
  trace: TraceSink;
  flow: number;
  variant: string;
  tcp: TcpSpec;
  totalBytes: number;
  dataRoute: Link[];
  ackRoute: Hop[];
  gate: SendGate | null;
  ledger: DropLedger | null;
  deliver: (start: number, end: number) => void;
}

/** A sender and its receiver wired to each other over the given routes. */
function tcpPair(p: TcpPairSpec): { sender: Sender; receiver: Receiver; verdicts: VerdictScore | null } {
  const plugin = getVariant(p.variant);
  const tcp = p.tcp;
  const recovery = resolveRecovery(tcp.recovery, plugin, tcp.sack || plugin.needsSack);
  const sackOn = tcp.sack || plugin.needsSack || recoveryNeedsSack(recovery);
  // The receiver is made first and given a forwarding endpoint that reaches the sender once it exists.
  let sender: Sender | null = null;
  const toSender: Endpoint = { receive: (pkt) => sender?.receive(pkt) };
  const receiver = new Receiver(
    { flow: p.flow, delayedAck: tcp.delayedAck, delayedAckNs: msToNs(tcp.delayedAckMs), sack: sackOn, timestamps: tcp.timestamps, mssBytes: tcp.mssBytes },
    p.sim,
    p.ackRoute,
    toSender,
    p.totalBytes,
    p.deliver,
    plugin.createReceiverAgent ? plugin.createReceiverAgent() : null,
    p.trace,
  );
  introduceFlow(p.flow, tcp.mssBytes, p.dataRoute, p.ackRoute);
  const cc = plugin.create();
  // Scored only where there is a ground truth to score against (not for cross-traffic sessions).
  const verdicts = cc.classify && p.ledger !== null ? new VerdictScore(p.ledger, p.flow, tcp.mssBytes) : null;
  sender = new Sender({
    params: {
      flow: p.flow,
      mssBytes: tcp.mssBytes,
      initialCwndSegments: tcp.initialCwndSegments,
      rwndBytes: tcp.rwndSegments * tcp.mssBytes,
      timestamps: tcp.timestamps,
      dupAckThreshold: tcp.dupAckThreshold,
      totalBytes: p.totalBytes,
      minRtoNs: msToNs(tcp.minRtoMs),
      maxRtoNs: msToNs(tcp.maxRtoMs),
      initialRtoNs: msToNs(tcp.initialRtoMs),
      granularityNs: msToNs(tcp.clockGranularityMs),
      ecn: tcp.ecn,
      dataOptionBytes: plugin.dataOptionBytes ?? 0,
      limitedTransmit: tcp.limitedTransmit,
    },
    cc,
    recovery: createRecovery(recovery),
    sack: sackOn,
    sim: p.sim,
    trace: p.trace,
    dataRoute: p.dataRoute,
    receiver,
    gate: p.gate,
    ledger: p.ledger,
    verdicts,
  });
  return { sender, receiver, verdicts };
}

/**
 * Cross traffic over path links fromLink…toLink: forward with the data, or reverse against it
 * (on the ACK path). Its packets carry CROSS_TRAFFIC_FLOW; each entry has its own random streams.
 */
function buildCross(c: CrossTrafficSpec, path: { fwd: Link; rev: Link }[], sim: Simulator, rng: Rng): CrossRuntime {
  const to = c.toLink ?? path.length - 1;
  const span = path.slice(c.fromLink, to + 1);
  const route = c.direction === 'forward' ? span.map((l) => l.fwd) : span.map((l) => l.rev).reverse();
  const backRoute = c.direction === 'forward' ? span.map((l) => l.rev).reverse() : span.map((l) => l.fwd);
  const startNs = sToNs(c.startS);
  const sink = new TrafficSink(sim);
  const base = { id: c.id, kind: c.kind, deliveredPackets: () => sink.receivedPackets, deliveredBytes: () => sink.receivedBytes, sessions: () => null };
  switch (c.kind) {
    case 'cbr': {
      // Schedule times count from the entry's startS.
      const cbr = new CbrSource(sim, {
        packetBytes: c.packetBytes,
        schedule: c.schedule.map((step) => ({ atNs: sToNs(c.startS + step.atS), rateBps: step.rateBps })),
        route,
        sink,
      });
      cbr.start();
      return { ...base, sentPackets: () => cbr.sentPackets };
    }
    case 'pareto-onoff': {
      const sources = Array.from({ length: c.sources }, (_, k) => {
        const src = new ParetoOnOffSource(
          sim,
          { packetBytes: c.packetBytes, rateBps: c.rateBps, shape: c.shape, meanOnNs: msToNs(c.meanOnMs), meanOffNs: msToNs(c.meanOffMs), route, sink, startNs },
          rng.stream(`cross:${c.id}:${k}`),
        );
        src.start();
        return src;
      });
      return { ...base, sentPackets: () => sources.reduce((a, src) => a + src.sentPackets, 0) };
    }
    case 'ftp': {
      // Each session is a bulk TCP connection of our own, untraced per flow (its packets still
      // show in the link tables), stopped when the session's time is up.
      const senders: Sender[] = [];
      let delivered = 0;
      let deliveredSegments = 0;
      const generators = Array.from({ length: c.generators }, (_, g) => {
        const gen = new FtpSessionGenerator(sim, { meanGapNs: sToNs(c.meanGapS), meanDurationNs: sToNs(c.meanDurationS), startNs }, rng.stream(`cross:${c.id}:${g}`), () => {
          const pair = tcpPair({
            sim,
            trace: nullSink,
            flow: CROSS_TRAFFIC_FLOW,
            variant: c.variant,
            tcp: c.tcp,
            totalBytes: Number.POSITIVE_INFINITY,
            dataRoute: route,
            ackRoute: backRoute,
            gate: null,
            ledger: null,
            deliver: (start, end) => {
              delivered += end - start;
              // Segments completed in order (the application reads byte ranges, not packets).
              deliveredSegments += Math.floor(end / c.tcp.mssBytes) - Math.floor(start / c.tcp.mssBytes);
            },
          });
          senders.push(pair.sender);
          pair.sender.start();
          return { close: () => pair.sender.stop() };
        });
        gen.start();
        return gen;
      });
      return {
        ...base,
        sentPackets: () => senders.reduce((a, snd) => a + snd.segmentsSent, 0),
        deliveredPackets: () => deliveredSegments,
        deliveredBytes: () => delivered,
        sessions: () => generators.reduce((a, gen) => a + gen.sessionsStarted, 0),
      };
    }
  }
}
