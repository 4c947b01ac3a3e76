/**
 * The scenario's links, built in the order results and the trace number them: path links in
 * order, then each flow's access link (added as its flow is built); each contributes its forward
 * then its reverse direction. ACKs return over the reverse directions, through the link's Ack
 * Regulator if it has one.
 */
import type { LinkDirSpec, LinkSpec, QueueSpec } from '../../scenario/schema.ts';
import type { Rng } from '../core/rng.ts';
import { msToNs, type Simulator } from '../core/simulator.ts';
import type { ChannelState, TraceSink } from '../core/trace.ts';
import type { AckRegulator } from '../net/ack-regulator.ts';
import type { DropLedger } from '../net/drop-ledger.ts';
import { Link, UniformRate } from '../net/link.ts';
import type { ComposedLoss } from '../net/loss.ts';
import type { Hop } from '../net/packet.ts';
import { DropTailQueue, type QueueDisc } from '../net/queue.ts';
import type { EngineModules } from '../modules.ts';

/** What every builder shares. */
export interface BuildContext {
  sim: Simulator;
  rng: Rng;
  trace: TraceSink;
  ledger: DropLedger;
  /** Where the optional modules come from (../modules.ts). */
  modules: EngineModules;
}

/** A link direction's channel state as last traced, kept across timed changes of its error models. */
export interface ChannelTrace {
  traced: ChannelState | null;
}

/** One link direction as timed changes see it. */
export interface DirRuntime {
  link: Link;
  linkId: string;
  errors: ComposedLoss | null;
  channel: ChannelTrace;
}

/** Both directions of a link, and the hops an ACK takes off its reverse direction. */
export interface Duplex {
  fwd: Link;
  rev: Link;
  ackHops: Hop[];
}

/** The links built so far, and what results and timed changes need to find them. */
export interface Topology {
  links: Link[];
  path: Duplex[];
  /** The link directions by their place in the scenario (`path.0.forward`, `flows.1.access.reverse`). */
  dirs: Map<string, DirRuntime>;
  ackRegulators: Map<Link, AckRegulator>;
}

/** An empty topology: `dirs` exists before any link, for timed changes scheduled first (see changes.ts). */
export function emptyTopology(): Topology {
  return { links: [], path: [], dirs: new Map(), ackRegulators: new Map() };
}

/** Build the shared path's links. */
export function buildPath(path: readonly LinkSpec[], topo: Topology, ctx: BuildContext): void {
  path.forEach((l, i) => topo.path.push(buildDuplex(l, `path.${i}`, topo, ctx)));
}

/** `at`: the link's place in the scenario (`path.0`, `flows.1.access`), as timed changes name it. */
export function buildDuplex(l: LinkSpec, at: string, topo: Topology, ctx: BuildContext): Duplex {
  const fwd = buildDir(`${l.id}/fwd`, l.forward, `${at}.forward`, topo, ctx);
  const rev = buildDir(`${l.id}/rev`, l.reverse, `${at}.reverse`, topo, ctx);
  return { fwd, rev, ackHops: [rev, ...ackRegulatorHop(l, fwd, topo, ctx)] };
}

function buildDir(id: string, spec: LinkDirSpec, at: string, topo: Topology, ctx: BuildContext): Link {
  const { sim, rng, trace } = ctx;
  const index = topo.links.length;
  const channel: ChannelTrace = { traced: null };
  const errors = spec.errors.length === 0 ? null : ctx.modules.get('errors').errorModel(spec.errors, id, index, ctx, channel);
  const link = new Link({
    id,
    index,
    rateBps: spec.rateBps,
    delayNs: msToNs(spec.delayMs),
    queue: queueDisc(spec.queue, spec.rateBps, id, rng, ctx.modules),
    errors,
    sim,
    trace,
    variableRate:
      spec.rateSdBps > 0 ? new UniformRate(spec.rateBps, spec.rateSdBps, spec.rateSlotMs === null ? null : msToNs(spec.rateSlotMs), rng.stream(`${id}:rate`)) : null,
    extraDelayMeanNs: msToNs(spec.extraDelayMeanMs),
    delayRng: spec.extraDelayMeanMs > 0 ? rng.stream(`${id}:delay`) : null,
    ledger: ctx.ledger,
  });
  topo.links.push(link);
  topo.dirs.set(at, { link, linkId: id, errors, channel });
  return link;
}

export function traceChannel(channel: ChannelTrace, state: ChannelState, linkIndex: number, ctx: BuildContext): void {
  if (state !== channel.traced) ctx.trace.channel(ctx.sim.now(), linkIndex, state);
  channel.traced = state;
}

/** Transmission time of a typical 1000-byte packet: RED's idle-decay time unit. */
const typicalTxNs = (rateBps: number): number => (1000 * 8 * 1e9) / rateBps;

function queueDisc(q: QueueSpec, rateBps: number, linkId: string, rng: Rng, modules: EngineModules): QueueDisc {
  switch (q.kind) {
    case 'droptail':
      return new DropTailQueue(q.limitPackets, q.limitBytes);
    case 'red':
      return new (modules.get('red').RedQueue)(q, typicalTxNs(rateBps), rng.stream(`${linkId}:red`));
    case 'cw':
      return new (modules.get('red').CwQueue)(q.limitPackets, q.thresholdPackets, q.weight, typicalTxNs(rateBps));
    default:
      return modules.get('aqm').aqmQueueDisc(q, linkId, rng);
  }
}

/**
 * The link's Ack Regulator, if it has one: it sits where the ACKs come off the link's reverse
 * direction — the node that also holds the forward buffer (the 3G paper's RNC) — and watches
 * that buffer.
 */
function ackRegulatorHop(l: LinkSpec, fwd: Link, topo: Topology, ctx: BuildContext): Hop[] {
  const a = l.ackRegulator;
  if (a === null) return [];
  const bufferPackets = a.bufferPackets ?? fwd.queue.limitPackets;
  const { AckRegulator } = ctx.modules.get('ack-regulator');
  const reg = new AckRegulator(
    { mode: a.mode, bufferPackets, reservePackets: a.reservePackets, maxHeldAcks: a.maxHeldAcks ?? bufferPackets },
    fwd.index,
    fwd,
    ctx.sim,
    ctx.trace,
  );
  fwd.watcher = reg;
  topo.ackRegulators.set(fwd, reg);
  return [reg];
}
