/**
 * Unit-test harnesses that step virtual time around one TCP endpoint.
 *
 * `tcpHarness` builds a real `Sender` (real `Simulator`, variant from the registry) whose data
 * route is empty, so every segment it emits lands at once in a capture endpoint; the test plays
 * the receiver by handing ACKs to `ack()` / `dupAck()` and moves the clock with `advance()`.
 *
 * `receiverHarness` does the opposite: a real `Receiver` with an empty ACK route; the test plays
 * the sender with `data()` and reads the ACKs it produced from `acks`.
 */
import { Simulator, msToNs } from '../../src/engine/core/simulator.ts';
import { ColumnarSink, nullSink, type CaState, type FlowEventKind, type LossTruth, type TraceSink, type Verdict } from '../../src/engine/core/trace.ts';
import type { RowWriter } from '../../src/engine/core/rows.ts';
import { PROBE_EVENTS, type ProbeRecord } from '../../src/engine/tables/probe.ts';
import { WAVE_DECISIONS, type WaveRecord } from '../../src/engine/tables/wave.ts';
import type { HystartMode, ReceiverAgent } from '../../src/engine/tcp/cc/types.ts';
import { DropLedger } from '../../src/engine/net/drop-ledger.ts';
import { VerdictScore } from '../../src/engine/metrics-verdicts.ts';
import { HEADER_BYTES, Packet, sackOptionBytes, TIMESTAMP_OPTION_BYTES, type Endpoint } from '../../src/engine/net/packet.ts';
import { getVariant } from '../../src/engine/tcp/cc/registry.ts';
import { Receiver } from '../../src/engine/tcp/receiver.ts';
import { Sender } from '../../src/engine/tcp/sender.ts';
import { createRecovery, recoveryNeedsSack, resolveRecovery, type RecoveryChoice } from '../../src/engine/tcp/recovery/index.ts';

/** A data segment as the sender put it on the wire. */
export interface SentSegment {
  seq: number;
  len: number;
  retransmit: boolean;
  tNs: number;
  /** TSval carried (-1 without timestamps). */
  tsValNs: number;
  /** The variant's segment tag (-1 if none). */
  tag: number;
}

/** A header-only probe the sender emitted (TCP-Probing). */
export interface SentProbe {
  kind: number;
  id: number;
  tNs: number;
}

export interface TcpHarnessOptions {
  variant: string;
  mss?: number;
  initialCwndSegments?: number;
  /** Overrides RFC 5681's "arbitrarily high" initial ssthresh (the receiver window). */
  initialSsthreshSegments?: number;
  rwndSegments?: number;
  /** Segments the application has to send; Infinity (default) for a bulk transfer. */
  totalSegments?: number;
  timestamps?: boolean;
  /** Default: what the variant (or the recovery) needs. */
  sack?: boolean;
  /** tcp.recovery; default "auto". */
  recovery?: RecoveryChoice;
  /** RFC 3042 limited transmit; default off. */
  limitedTransmit?: boolean;
  /** RFC 3465 byte counting; default off (per-ACK growth). */
  byteCounting?: boolean;
  /** CUBIC's slow-start exit; default HyStart++. */
  hystart?: HystartMode;
  /** Linux's arithmetic: Reno halving from ⌊cwnd/2⌋ and the RTO's minimum on its variance term. */
  linuxArithmetic?: boolean;
  dupAckThreshold?: number;
  minRtoMs?: number;
  maxRtoMs?: number;
  initialRtoMs?: number;
  granularityMs?: number;
}

export interface AckOptions {
  /** SACK blocks [start0, end0, start1, end1, …], most recent first. */
  sack?: number[];
  tsEcrNs?: number;
  /** Echo of a congestion mark. */
  ece?: boolean;
  /** Receiver's arrival time of the triggering segment (New Jersey). */
  rcvTsNs?: number;
  /** Receiver agent's option value (TCP-Real's wave level). */
  option?: number;
}

export function tcpHarness(o: TcpHarnessOptions) {
  const mss = o.mss ?? 1000;
  const sim = new Simulator();
  const plugin = getVariant(o.variant);
  const sent: SentSegment[] = [];
  const events: { tNs: number; kind: FlowEventKind }[] = [];
  const states: { tNs: number; from: CaState; to: CaState }[] = [];
  const probes: SentProbe[] = [];
  const verdicts: { tNs: number; seq: number; verdict: Verdict; truth: LossTruth }[] = [];
  const probeRecords: (ProbeRecord & { tNs: number })[] = [];
  const estimates: { tNs: number; key: string; value: number }[] = [];
  /** The window tables as the engine writes them (for the charts' derivation of the plotted window). */
  const windowSink = new ColumnarSink(['cwnd', 'inflation']);
  // the probe table's rows read back as records, in the order the engine writes its columns
  const probeRows: RowWriter = {
    add: (tNs, _flow, event, id = 0, rttNs = 0, acprttNs = 0, bestNs = 0, worstNs = 0, cwndBytes = 0) =>
      probeRecords.push({ event: PROBE_EVENTS[event], id, rttNs, acprttNs, bestNs, worstNs, cwndBytes, tNs }),
  };
  const trace: TraceSink = {
    ...nullSink,
    wants: (t) => t === 'estimate',
    cwnd: (...row) => windowSink.cwnd(...row),
    writer: (t) => (t === 'inflation' ? windowSink.writer('inflation') : t === 'probe' ? probeRows : null),
    event: (tNs, _flow, kind) => events.push({ tNs, kind }),
    castate: (tNs, _flow, from, to) => states.push({ tNs, from, to }),
    verdict: (tNs, _flow, seq, verdict, truth) => verdicts.push({ tNs, seq, verdict, truth }),
    estimate: (tNs, _flow, key, value) => estimates.push({ tNs, key: sender.estimates[key].key, value }),
  };
  const capture: Endpoint = {
    receive: (p) => {
      if (p.probe !== 0) probes.push({ kind: p.probe, id: p.probeId, tNs: sim.now() });
      else sent.push({ seq: p.seq, len: p.lenBytes, retransmit: p.retransmit, tNs: sim.now(), tsValNs: p.tsValNs, tag: p.tag });
    },
  };
  /** Ground truth for loss classification: tests record drops here (flow 0). */
  const ledger = new DropLedger();
  const recovery = resolveRecovery(o.recovery ?? 'auto', plugin, o.sack ?? plugin.needsSack);
  const score = new VerdictScore(ledger, 0, mss);
  const cc = plugin.create();
  const sender = new Sender({
    params: {
      flow: 0,
      mssBytes: mss,
      initialCwndSegments: o.initialCwndSegments ?? 2,
      rwndBytes: (o.rwndSegments ?? 1000) * mss,
      timestamps: o.timestamps ?? false,
      dupAckThreshold: o.dupAckThreshold ?? 3,
      totalBytes: (o.totalSegments ?? Number.POSITIVE_INFINITY) * mss,
      minRtoNs: msToNs(o.minRtoMs ?? 1000),
      maxRtoNs: msToNs(o.maxRtoMs ?? 60_000),
      initialRtoNs: msToNs(o.initialRtoMs ?? 1000),
      granularityNs: msToNs(o.granularityMs ?? 1),
      dataOptionBytes: plugin.dataOptionBytes ?? 0,
      limitedTransmit: o.limitedTransmit ?? false,
      byteCounting: o.byteCounting ?? false,
      hystart: o.hystart ?? 'hystart++',
      ssthreshFromCwnd: o.linuxArithmetic ?? false,
      minRtoOnVariance: o.linuxArithmetic ?? false,
    },
    cc,
    recovery: createRecovery(recovery),
    sack: (o.sack ?? plugin.needsSack) || recoveryNeedsSack(recovery),
    sim,
    trace,
    dataRoute: [],
    receiver: capture,
    ledger,
    verdicts: score,
  });
  if (o.initialSsthreshSegments !== undefined) sender.ssthreshBytes = o.initialSsthreshSegments * mss;
  let seen = 0;

  const h = {
    sim,
    sender,
    /** Every data segment emitted so far, in order. */
    sent,
    /** Sender events (fast-retransmit, timeout, recovery-exit) with their times. */
    events,
    /** CA state transitions, in order. */
    states,
    /** Probe segments emitted (TCP-Probing), verdicts, probe-cycle records and estimate changes traced. */
    probes,
    verdicts,
    /** The verdicts scored against the ledger (the results' confusion matrix). */
    score,
    /** The variant instance the sender drives. */
    cc,
    probeRecords,
    estimates,
    /** Record a ground-truth drop of the segment starting at `seq` (what the links would do). */
    dropped(seq: number, cause: Parameters<DropLedger['record']>[2]): void {
      ledger.record(0, seq, cause);
    },
    start(): void {
      sender.start();
    },
    /** Segments emitted since the previous call (or since the start). */
    newSent(): SentSegment[] {
      const fresh = sent.slice(seen);
      seen = sent.length;
      return fresh;
    },
    /** Deliver an ACK with cumulative ACK number `ackNo` to the sender, now. */
    ack(ackNo: number, opts: AckOptions = {}): void {
      const p = new Packet(0, true, HEADER_BYTES + sackOptionBytes(opts.sack ? opts.sack.length / 2 : 0), [], sender);
      p.ackNo = ackNo;
      p.sack = opts.sack ?? null;
      if (opts.tsEcrNs !== undefined) p.tsEcrNs = opts.tsEcrNs;
      if (opts.ece !== undefined) p.ece = opts.ece;
      if (opts.rcvTsNs !== undefined) p.rcvTsNs = opts.rcvTsNs;
      if (opts.option !== undefined) p.option = opts.option;
      sender.receive(p);
    },
    /** Deliver a probe reply (2 = PR1_ACK, 4 = PR2_ACK) answering probe `id`, now. */
    probeAck(kind: 2 | 4, id: number): void {
      const p = new Packet(0, true, HEADER_BYTES, [], sender);
      p.probe = kind;
      p.probeId = id;
      p.ackNo = sender.sndUna;
      sender.receive(p);
    },
    /** `n` duplicate ACKs (ackNo = sndUna, no options). */
    dupAck(n = 1): void {
      for (let i = 0; i < n; i++) h.ack(sender.sndUna);
    },
    /** Run the simulator forward by `ns` (timers due in that span fire). */
    advance(ns: number): void {
      sim.runUntil(sim.now() + ns);
    },
    get cwndSegments(): number {
      return sender.cwndBytes / mss;
    },
    /** The cwnd and inflation tables traced so far. */
    windowTrace() {
      return windowSink.finish(['cwnd', 'inflation']);
    },
    get ssthreshSegments(): number {
      return sender.ssthreshBytes / mss;
    },
  };
  return h;
}

export type TcpHarness = ReturnType<typeof tcpHarness>;

/** An ACK as the receiver emitted it. */
export interface SentAck {
  ackNo: number;
  sack: number[] | null;
  tsEcrNs: number;
  tNs: number;
  /** Arrival time of the triggering segment, the agent's option, probe reply kind (0 = ordinary ACK) and id. */
  rcvTsNs: number;
  option: number;
  probe: number;
  probeId: number;
  /** Echo of a congestion mark. */
  ece: boolean;
}

export interface ReceiverHarnessOptions {
  /** A variant's receiver agent (TCP-Real). */
  agent?: ReceiverAgent;
  mss?: number;
  delayedAck?: boolean;
  delayedAckMs?: number;
  sack?: boolean;
  timestamps?: boolean;
  /** RFC 8257 §3.2 per-ACK mark feedback (DCTCP, Prague). */
  accurateEcn?: boolean;
}

export function receiverHarness(o: ReceiverHarnessOptions = {}) {
  const mss = o.mss ?? 1000;
  const sim = new Simulator();
  const acks: SentAck[] = [];
  const capture: Endpoint = {
    receive: (p) =>
      acks.push({ ackNo: p.ackNo, sack: p.sack, tsEcrNs: p.tsEcrNs, tNs: sim.now(), rcvTsNs: p.rcvTsNs, option: p.option, probe: p.probe, probeId: p.probeId, ece: p.ece }),
  };
  const waves: (WaveRecord & { tNs: number })[] = [];
  // the wave table's rows read back as records, in the order the engine writes its columns
  const waveRows: RowWriter = {
    add: (tNs, _flow, wave, level = 0, tfNs = 0, tlNs = 0, rateBps = 0, ratio = 0, decision = 0, nextLevel = 0, thresholdLevel = 0) =>
      waves.push({ wave, level, tfNs, tlNs, rateBps, ratio, decision: WAVE_DECISIONS[decision], nextLevel, thresholdLevel, tNs }),
  };
  const trace: TraceSink = { ...nullSink, writer: (t) => (t === 'wave' ? waveRows : null) };
  const receiver = new Receiver({
    params: {
      flow: 0,
      delayedAck: o.delayedAck ?? true,
      delayedAckNs: msToNs(o.delayedAckMs ?? 200),
      sack: o.sack ?? false,
      timestamps: o.timestamps ?? false,
      mssBytes: mss,
      accurateEcn: o.accurateEcn ?? false,
    },
    sim,
    ackRoute: [],
    sender: capture,
    targetBytes: Number.POSITIVE_INFINITY,
    deliver: () => {},
    agent: o.agent ?? null,
    trace,
  });
  const h = {
    sim,
    receiver,
    acks,
    /** Wave decisions the agent traced. */
    waves,
    /** Deliver data segment number `index` (bytes [index·mss, (index+1)·mss)) now. */
    segment(index: number, opts: { tsValNs?: number; tag?: number; retransmit?: boolean; ce?: boolean } = {}): void {
      const p = new Packet(0, false, HEADER_BYTES + (o.timestamps ? TIMESTAMP_OPTION_BYTES : 0) + mss, [], receiver);
      p.seq = index * mss;
      p.lenBytes = mss;
      if (opts.tsValNs !== undefined) p.tsValNs = opts.tsValNs;
      if (opts.tag !== undefined) p.tag = opts.tag;
      if (opts.retransmit !== undefined) p.retransmit = opts.retransmit;
      if (opts.ce !== undefined) p.ce = opts.ce;
      receiver.receive(p);
    },
    /** Deliver a probe (1 = PROBE1, 3 = PROBE2) with this id now. */
    probe(kind: 1 | 3, id: number): void {
      const p = new Packet(0, false, HEADER_BYTES, [], receiver);
      p.probe = kind;
      p.probeId = id;
      receiver.receive(p);
    },
    advance(ns: number): void {
      sim.runUntil(sim.now() + ns);
    },
  };
  return h;
}
