/**
 * The scenario's flows: each a sender behind its own access link and a receiver at the far end
 * of the path, with the flow's token bucket in front of the sender and its playback application
 * behind the receiver. Also the sender–receiver pair itself, which FTP cross traffic reuses.
 */
import type { FlowSpec, TcpSpec } from '../../scenario/schema.ts';
import type { Playback } from '../app/playback.ts';
import type { TokenBucket } from '../app/token-bucket.ts';
import { msToNs, sToNs, type Handler, type Simulator } from '../core/simulator.ts';
import type { TraceSink } from '../core/trace.ts';
import { VerdictScore } from '../metrics-verdicts.ts';
import type { DropLedger } from '../net/drop-ledger.ts';
import type { Endpoint, Hop } from '../net/packet.ts';
import type { EngineModules } from '../modules.ts';
import type { SendGate } from '../tcp/egress.ts';
import { Receiver } from '../tcp/receiver.ts';
import { createRecovery, recoveryNeedsSack, resolveRecovery } from '../tcp/recovery/index.ts';
import { Sender } from '../tcp/sender.ts';
import { buildDuplex, type BuildContext, type Topology } from './topology.ts';

/** One flow at run time: what its results are read from. */
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

/** Flow `i`: its access link (added to the topology), its endpoints, and its start scheduled. */
export function buildFlow(spec: FlowSpec, i: number, topo: Topology, ctx: BuildContext): FlowRuntime {
  const { sim, trace } = ctx;
  const access = buildDuplex(spec.access, `flows.${i}.access`, topo, ctx);
  const totalBytes = spec.bytes ?? Number.POSITIVE_INFINITY;
  const startNs = sToNs(spec.startS);
  let playback: Playback | null = null;
  if (spec.playback !== null) {
    const { Playback } = ctx.modules.get('playback');
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
    const { TokenBucket } = ctx.modules.get('token-bucket');
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
  const path = topo.path;
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
    ledger: ctx.ledger,
    modules: ctx.modules,
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
}

export interface TcpPairSpec {
  sim: Simulator;
  trace: TraceSink;
  flow: number;
  variant: string;
  tcp: TcpSpec;
  totalBytes: number;
  dataRoute: Hop[];
  ackRoute: Hop[];
  gate: SendGate | null;
  /** Ground truth of drops; null where nobody reads verdicts (cross traffic). */
  ledger: DropLedger | null;
  modules: EngineModules;
  deliver: (start: number, end: number) => void;
}

/** A sender and its receiver wired to each other over the given routes. */
export function tcpPair(p: TcpPairSpec): { sender: Sender; receiver: Receiver; verdicts: VerdictScore | null } {
  const plugin = p.modules.variant(p.variant);
  const tcp = p.tcp;
  const recovery = resolveRecovery(tcp.recovery, plugin, tcp.sack || plugin.needsSack);
  const sackOn = tcp.sack || plugin.needsSack || recoveryNeedsSack(recovery);
  const cc = plugin.create();
  // The receiver is made first and given a forwarding endpoint that reaches the sender once it exists.
  let sender: Sender | null = null;
  const toSender: Endpoint = { receive: (pkt) => sender?.receive(pkt) };
  const receiver = new Receiver({
    params: { flow: p.flow, delayedAck: tcp.delayedAck, delayedAckNs: msToNs(tcp.delayedAckMs), sack: sackOn, timestamps: tcp.timestamps, mssBytes: tcp.mssBytes, accurateEcn: cc.ecn !== undefined },
    sim: p.sim,
    ackRoute: p.ackRoute,
    sender: toSender,
    targetBytes: p.totalBytes,
    deliver: p.deliver,
    agent: plugin.createReceiverAgent ? plugin.createReceiverAgent() : null,
    trace: p.trace,
  });
  // Only a route through an Ack Regulator needs this, and one can only have been built with its
  // module loaded: skipping it when the module is absent changes nothing.
  if (p.modules.has('ack-regulator')) p.modules.get('ack-regulator').introduceFlow(p.flow, tcp.mssBytes, p.dataRoute, p.ackRoute);
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
      byteCounting: tcp.byteCounting === 'on' || (tcp.byteCounting === 'auto' && tcp.profile === 'linux'),
      // The kernel's own arithmetic comes with the profile (not separate settings): docs/validation.md.
      ssthreshFromCwnd: tcp.profile === 'linux',
      minRtoOnVariance: tcp.profile === 'linux',
      hystart: tcp.hystart === 'auto' ? (tcp.profile === 'linux' ? 'linux' : 'hystart++') : tcp.hystart,
    },
    cc,
    recovery: createRecovery(recovery, p.modules),
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
