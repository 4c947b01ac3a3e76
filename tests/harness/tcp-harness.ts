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
import { nullSink, type FlowEventKind, type TraceSink } from '../../src/engine/core/trace.ts';
import { HEADER_BYTES, Packet, sackOptionBytes, TIMESTAMP_OPTION_BYTES, type Endpoint } from '../../src/engine/net/packet.ts';
import { getVariant } from '../../src/engine/tcp/cc/registry.ts';
import { Receiver } from '../../src/engine/tcp/receiver.ts';
import { Sender } from '../../src/engine/tcp/sender.ts';

/** A data segment as the sender put it on the wire. */
export interface SentSegment {
  seq: number;
  len: number;
  retransmit: boolean;
  tNs: number;
  /** TSval carried (-1 without timestamps). */
  tsValNs: number;
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
  /** Default: what the variant needs. */
  sack?: boolean;
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
}

export function tcpHarness(o: TcpHarnessOptions) {
  const mss = o.mss ?? 1000;
  const sim = new Simulator();
  const plugin = getVariant(o.variant);
  const sent: SentSegment[] = [];
  const events: { tNs: number; kind: FlowEventKind }[] = [];
  const trace: TraceSink = { ...nullSink, event: (tNs, _flow, kind) => events.push({ tNs, kind }) };
  const capture: Endpoint = {
    receive: (p) => sent.push({ seq: p.seq, len: p.lenBytes, retransmit: p.retransmit, tNs: sim.now(), tsValNs: p.tsValNs }),
  };
  const sender = new Sender(
    {
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
    },
    plugin.create(),
    o.sack ?? plugin.needsSack,
    sim,
    trace,
    [],
    capture,
  );
  if (o.initialSsthreshSegments !== undefined) sender.ssthreshBytes = o.initialSsthreshSegments * mss;
  let seen = 0;

  const h = {
    sim,
    sender,
    /** Every data segment emitted so far, in order. */
    sent,
    /** Sender events (fast-retransmit, timeout, recovery-exit) with their times. */
    events,
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
}

export interface ReceiverHarnessOptions {
  mss?: number;
  delayedAck?: boolean;
  delayedAckMs?: number;
  sack?: boolean;
  timestamps?: boolean;
}

export function receiverHarness(o: ReceiverHarnessOptions = {}) {
  const mss = o.mss ?? 1000;
  const sim = new Simulator();
  const acks: SentAck[] = [];
  const capture: Endpoint = {
    receive: (p) => acks.push({ ackNo: p.ackNo, sack: p.sack, tsEcrNs: p.tsEcrNs, tNs: sim.now() }),
  };
  const receiver = new Receiver(
    {
      flow: 0,
      delayedAck: o.delayedAck ?? true,
      delayedAckNs: msToNs(o.delayedAckMs ?? 200),
      sack: o.sack ?? false,
      timestamps: o.timestamps ?? false,
      mssBytes: mss,
    },
    sim,
    [],
    capture,
    Number.POSITIVE_INFINITY,
    () => {},
  );
  const h = {
    sim,
    receiver,
    acks,
    /** Deliver data segment number `index` (bytes [index·mss, (index+1)·mss)) now. */
    segment(index: number, opts: { tsValNs?: number } = {}): void {
      const p = new Packet(0, false, HEADER_BYTES + (o.timestamps ? TIMESTAMP_OPTION_BYTES : 0) + mss, [], receiver);
      p.seq = index * mss;
      p.lenBytes = mss;
      if (opts.tsValNs !== undefined) p.tsValNs = opts.tsValNs;
      receiver.receive(p);
    },
    advance(ns: number): void {
      sim.runUntil(sim.now() + ns);
    },
  };
  return h;
}
