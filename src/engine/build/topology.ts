/**
 * The scenario's links, built in the order results and the trace number them: path links in
 * order, then each flow's access link (added as its flow is built); each contributes its forward
 * then its reverse direction. ACKs return over the reverse directions, through the link's Ack
 * Regulator if it has one.
 */
import type { ErrorModelSpec, LinkDirSpec, LinkSpec, QueueSpec } from '../../scenario/schema.ts';
import type { Rng } from '../core/rng.ts';
import { msToNs, type Simulator } from '../core/simulator.ts';
import type { ChannelState, TraceSink } from '../core/trace.ts';
import { AckRegulator } from '../net/ack-regulator.ts';
import type { DropLedger } from '../net/drop-ledger.ts';
import { Link, UniformRate } from '../net/link.ts';
import { ComposedLoss, ERROR_MODEL_FACTORIES, type ErrorModel, type ErrorModelContext } from '../net/loss.ts';
import type { Hop } from '../net/packet.ts';
import { CwQueue, DropTailQueue, RedQueue, type QueueDisc } from '../net/queue.ts';
import { aqmQueueDisc } from './aqm.ts';

/** What every builder shares. */
export interface BuildContext {
  sim: Simulator;
  rng: Rng;
  trace: TraceSink;
  ledger: DropLedger;
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
  const errors = errorModel(spec.errors, id, index, ctx, channel);
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
    ledger: ctx.ledger,
  });
  topo.links.push(link);
  topo.dirs.set(at, { link, linkId: id, errors, channel });
  return link;
}

/**
 * Stream name of the i-th error model's per-packet draws: the first keeps the foundation's name.
 * Models a timed change puts in (`change` = its index) draw from streams of their own, so they
 * neither replay nor disturb the draws of the models they replace.
 */
const lossStream = (linkId: string, i: number, change: number | null): string =>
  `${i === 0 ? `${linkId}:loss` : `${linkId}:loss.${i}`}${change === null ? '' : `@change${change}`}`;

/**
 * The direction's composed error model, or null for a clean link. State-based models report
 * their changes so the link's channel state (the worst of its models) is traced when it changes.
 */
export function errorModel(
  errors: readonly ErrorModelSpec[],
  linkId: string,
  linkIndex: number,
  ctx: BuildContext,
  channel: ChannelTrace,
  change: number | null = null,
): ComposedLoss | null {
  if (errors.length === 0) return null;
  const { rng, sim } = ctx;
  let composed: ComposedLoss | null = null;
  const onChange = (): void => {
    if (composed !== null) traceChannel(channel, composed.state, linkIndex, ctx);
  };
  const models = errors.map((e, i): ErrorModel => {
    const name = lossStream(linkId, i, change);
    const build = ERROR_MODEL_FACTORIES[e.kind] as (spec: ErrorModelSpec, c: ErrorModelContext) => ErrorModel;
    return build(e, { packets: rng.stream(name), stream: (suffix) => rng.stream(`${name}:${suffix}`), sim, onChange });
  });
  composed = new ComposedLoss(models);
  if (composed.hasState) onChange();
  return composed;
}

export function traceChannel(channel: ChannelTrace, state: ChannelState, linkIndex: number, ctx: BuildContext): void {
  if (state !== channel.traced) ctx.trace.channel(ctx.sim.now(), linkIndex, state);
  channel.traced = state;
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
    default:
      return aqmQueueDisc(q, linkId, rng);
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
