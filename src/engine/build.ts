/**
 * Scenario → Simulation. Topology: each flow's sender sits behind its own access link to the
 * first router; the shared `path` hops lead from there to the receivers (a dumbbell when there
 * are several flows). ACKs return over the reverse directions of the same links.
 * Link order (results and trace): path links in order, then each flow's access link; each
 * contributes its forward then its reverse direction.
 */
import type { LinkDirSpec, LinkSpec, QueueSpec, Scenario } from '../scenarios/schema.ts';
import { Rng } from './core/rng.ts';
import { msToNs, nsToS, sToNs, Simulator, type Handler } from './core/simulator.ts';
import { DROP_CAUSES, type ChannelState, type TraceSink } from './core/trace.ts';
import { Link, UniformRate } from './net/link.ts';
import { BernoulliLoss, BlackoutLoss, ComposedLoss, GilbertElliottLoss, type ErrorModel } from './net/loss.ts';
import { CwQueue, DropTailQueue, RedQueue, type QueueDisc } from './net/queue.ts';
import { getVariant } from './tcp/cc/registry.ts';
import { Receiver } from './tcp/receiver.ts';
import { Sender } from './tcp/sender.ts';
import type { FlowResult, LinkResult, RunResult } from './results.ts';

export interface FlowRuntime {
  sender: Sender;
  receiver: Receiver;
  startNs: number;
  totalBytes: number;
  /** Bytes handed to the receiving application, counted chunk by chunk. */
  appBytes: number;
}

export class Simulation {
  constructor(
    readonly scenario: Scenario,
    readonly seed: number,
    readonly sim: Simulator,
    readonly links: Link[],
    readonly flows: FlowRuntime[],
    private readonly durationNs: number,
  ) {}

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
      return {
        id: spec.id,
        variant: spec.variant,
        goodputBps: connectionNs > 0 ? (delivered * 8) / nsToS(connectionNs) : 0,
        completionTimeS: done ? nsToS(f.receiver.completedAtNs - f.startNs) : null,
        bytesDelivered: delivered,
        segmentsSent: f.sender.segmentsSent,
        retransmissions: f.sender.retransmissions,
        timeouts: f.sender.timeouts,
        fastRetransmits: f.sender.fastRetransmits,
        overheadPct: delivered > 0 ? (100 * (wireBytes - delivered)) / delivered : 0,
        mssBytes: spec.tcp.mssBytes,
      };
    });
    const links: LinkResult[] = this.links.map((l) => ({
      id: l.id,
      drops: Object.fromEntries(DROP_CAUSES.map((c) => [c, l.drops.get(c) ?? 0])),
      meanQueuePackets: l.meanQueuePackets(endNs),
      maxQueuePackets: l.maxQueuePackets,
      packetsSent: l.transmitted,
      rateBps: l.rateBps,
      limitPackets: l.queue.limitPackets,
    }));
    return { flows, links, sim: { events: this.sim.eventCount, simTimeS: nsToS(endNs), seed: this.seed } };
  }
}

/** Stream name of the i-th error model's per-packet draws: the first keeps the foundation's name. */
const lossStream = (linkId: string, i: number): string => (i === 0 ? `${linkId}:loss` : `${linkId}:loss.${i}`);

/**
 * The direction's composed error model, or null for a clean link. State-based models report
 * their changes so the link's channel state (the worst of its models) is traced when it changes.
 */
function errorModel(spec: LinkDirSpec, linkId: string, linkIndex: number, rng: Rng, sim: Simulator, trace: TraceSink): ErrorModel | null {
  if (spec.errors.length === 0) return null;
  let composed: ComposedLoss | null = null;
  let traced: ChannelState | null = null;
  const onChange = (): void => {
    if (composed === null) return;
    const state = composed.state;
    if (state !== traced) trace.channel(sim.now(), linkIndex, state);
    traced = state;
  };
  const models = spec.errors.map((e, i): ErrorModel => {
    const packets = rng.stream(lossStream(linkId, i));
    switch (e.kind) {
      case 'bernoulli':
        return new BernoulliLoss(e.per, packets);
      case 'gilbert-elliott':
        return new GilbertElliottLoss(
          { meanGoodNs: sToNs(e.meanGoodS), meanBadNs: sToNs(e.meanBadS), perGood: e.perGood, perBad: e.perBad, badState: e.badState, startState: e.startState },
          rng.stream(`${lossStream(linkId, i)}:state`),
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

/** Transmission time of a typical 1000-byte packet: RED's idle-decay time unit. */
const typicalTxNs = (rateBps: number): number => (1000 * 8 * 1e9) / rateBps;

function queueDisc(q: QueueSpec, rateBps: number, linkId: string, rng: Rng): QueueDisc {
  switch (q.kind) {
    case 'droptail':
      return new DropTailQueue(q.limitPackets, q.limitBytes);
    case 'red':
      return new RedQueue(q, typicalTxNs(rateBps), rng.stream(`${linkId}:red`));
    case 'cw':
      return new CwQueue(q.limitPackets, q.thresholdPackets ?? q.limitPackets / 3, q.weight, typicalTxNs(rateBps));
  }
}

export function buildSimulation(s: Scenario, seed: number, trace: TraceSink): Simulation {
  const sim = new Simulator();
  const rng = new Rng(seed);
  const links: Link[] = [];
  const makeDir = (id: string, spec: LinkDirSpec): Link => {
    const index = links.length;
    const link = new Link(
      id,
      index,
      spec.rateBps,
      msToNs(spec.delayMs),
      queueDisc(spec.queue, spec.rateBps, id, rng),
      errorModel(spec, id, index, rng, sim, trace),
      sim,
      trace,
      spec.rateSdBps > 0 ? new UniformRate(spec.rateBps, spec.rateSdBps, spec.rateSlotMs === null ? null : msToNs(spec.rateSlotMs), rng.stream(`${id}:rate`)) : null,
      msToNs(spec.extraDelayMeanMs),
      spec.extraDelayMeanMs > 0 ? rng.stream(`${id}:delay`) : null,
    );
    links.push(link);
    return link;
  };
  const makeDuplex = (l: LinkSpec): { fwd: Link; rev: Link } => ({
    fwd: makeDir(`${l.id}/fwd`, l.forward),
    rev: makeDir(`${l.id}/rev`, l.reverse),
  });

  const path = s.path.map(makeDuplex);
  const flows: FlowRuntime[] = s.flows.map((spec, i) => {
    const access = makeDuplex(spec.access);
    const plugin = getVariant(spec.variant);
    const tcp = spec.tcp;
    const totalBytes = spec.bytes ?? Number.POSITIVE_INFINITY;
    const sackOn = tcp.sack || plugin.needsSack;
    const dataRoute = [access.fwd, ...path.map((p) => p.fwd)];
    const ackRoute = [...path.map((p) => p.rev).reverse(), access.rev];
    const runtime = { startNs: sToNs(spec.startS), totalBytes, appBytes: 0 } as FlowRuntime;
    // The sender and receiver refer to each other as route endpoints; the receiver is made
    // first and given a forwarding endpoint that reaches the sender once it exists.
    const toSender = { receive: (p: Parameters<Sender['receive']>[0]) => runtime.sender.receive(p) };
    runtime.receiver = new Receiver(
      { flow: i, delayedAck: tcp.delayedAck, delayedAckNs: msToNs(tcp.delayedAckMs), sack: sackOn, timestamps: tcp.timestamps, mssBytes: tcp.mssBytes },
      sim,
      ackRoute,
      toSender,
      totalBytes,
      (start, end) => {
        if (start !== runtime.appBytes) throw new Error(`flow ${spec.id}: application got bytes from ${start}, expected ${runtime.appBytes}`);
        runtime.appBytes = end;
      },
    );
    runtime.sender = new Sender(
      {
        flow: i,
        mssBytes: tcp.mssBytes,
        initialCwndSegments: tcp.initialCwndSegments,
        rwndBytes: tcp.rwndSegments * tcp.mssBytes,
        timestamps: tcp.timestamps,
        dupAckThreshold: tcp.dupAckThreshold,
        totalBytes,
        minRtoNs: msToNs(tcp.minRtoMs),
        maxRtoNs: msToNs(tcp.maxRtoMs),
        initialRtoNs: msToNs(tcp.initialRtoMs),
        granularityNs: msToNs(tcp.clockGranularityMs),
        ecn: tcp.ecn,
      },
      plugin.create(),
      sackOn,
      sim,
      trace,
      dataRoute,
      runtime.receiver,
    );
    const start: Handler<null> = { fire: () => runtime.sender.start() };
    sim.scheduleAt(runtime.startNs, start, null);
    return runtime;
  });
  return new Simulation(s, seed, sim, links, flows, sToNs(s.durationS));
}
