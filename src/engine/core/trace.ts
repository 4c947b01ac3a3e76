/**
 * Trace sink: the engine emits typed records; storage is columnar (one growable Float64Array
 * per column) so the worker can post columns as transferables and panels can render straight
 * from them. Times in the trace are integer nanoseconds stored in Float64 (exact below 2^53 ns,
 * about 104 days).
 */

/**
 * Ground-truth reasons a packet never arrived:
 * - `queue-overflow`: a full drop-tail (or RED hard-limit) buffer — congestion;
 * - `red-early`: RED's probabilistic early drop (ECN off) — congestion;
 * - `channel-error`: corrupted on a link by a random error model (Bernoulli, Gilbert–Elliott);
 * - `handoff`: lost while the channel was OFF (handoff or blackout window);
 * - `reverse-path`: an ACK lost on its way back, whatever the mechanism — the data flow's view.
 */
export const DROP_CAUSES = ['queue-overflow', 'red-early', 'channel-error', 'handoff', 'reverse-path'] as const;
export type DropCause = (typeof DROP_CAUSES)[number];
export const dropCauseCode = (c: DropCause): number => DROP_CAUSES.indexOf(c);

/** Sender events worth a marker on the cwnd plot. */
export const FLOW_EVENTS = ['fast-retransmit', 'timeout', 'recovery-exit'] as const;
export type FlowEventKind = (typeof FLOW_EVENTS)[number];

/**
 * The sender's congestion-avoidance state (Linux's tcp_ca_state, the playback's recovery spans):
 * open — nothing amiss; disorder — duplicate ACKs or SACKs seen, no loss declared yet;
 * recovery — fast recovery after a loss event; loss — after a retransmission timeout (or Tahoe's
 * fast retransmit), until everything outstanding then is acknowledged; cwr — the window was cut
 * for an ECN echo, until the data outstanding then is acknowledged.
 */
export const CA_STATES = ['open', 'disorder', 'recovery', 'loss', 'cwr'] as const;
export type CaState = (typeof CA_STATES)[number];

/** Channel states of a link's error model; the trace stores the index. */
export const CHANNEL_STATES = ['good', 'bad', 'off'] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];

/** A loss-differentiating variant's verdict on a loss event. */
export const VERDICTS = ['congestion', 'wireless'] as const;
export type Verdict = (typeof VERDICTS)[number];
/**
 * What really happened to the segment a loss event is about: dropped by a queue (congestion),
 * lost on a wireless hop (channel error or handoff), or not dropped at all (the event was
 * spurious: reordering, delay, or lost ACKs).
 */
export const LOSS_TRUTHS = ['congestion', 'wireless', 'none'] as const;
export type LossTruth = (typeof LOSS_TRUTHS)[number];
export function truthOfCause(cause: DropCause | null): LossTruth {
  if (cause === 'queue-overflow' || cause === 'red-early') return 'congestion';
  if (cause === 'channel-error' || cause === 'handoff') return 'wireless';
  return 'none';
}

/** TCP-Real's receiver decision at the end of (or on the timeout of) a wave. */
export const WAVE_DECISIONS = ['increase', 'decrease', 'hold', 'timeout'] as const;
export type WaveDecision = (typeof WAVE_DECISIONS)[number];

/** TCP-Probing's probe-cycle events, one trace row each. */
export const PROBE_EVENTS = [
  'cycle-start',
  'probe1-sent',
  'pr1-ack',
  'probe2-sent',
  'pr2-ack',
  'probe-timeout',
  'immediate-recovery',
  'gentle-recovery',
  'reno-recovery',
  'slow-start',
] as const;
export type ProbeEvent = (typeof PROBE_EVENTS)[number];

/** One TCP-Real wave as the receiver measured and decided it. */
export interface WaveRecord {
  /** Wave number (0, 1, …) and its level i (the wave is 2·i segments). */
  wave: number;
  level: number;
  /** Arrival of the wave's first and last segment at the receiver (ns); tl = -1 if the wave timed out. */
  tfNs: number;
  tlNs: number;
  /** Receiving rate from the expected wave size, bits/s (0 on a timeout). */
  rateBps: number;
  /** This wave's rate over the previous wave's (0 for the first, or after a timeout: no previous rate). */
  ratio: number;
  decision: WaveDecision;
  nextLevel: number;
  thresholdLevel: number;
}

/** One row of a probe cycle; RTTs are -1 where they do not apply. */
export interface ProbeRecord {
  event: ProbeEvent;
  /** Probe exchange id (a lost probe restarts the exchange with a new id). */
  id: number;
  rttNs: number;
  acprttNs: number;
  bestNs: number;
  worstNs: number;
  /** cwnd after the decision (bytes); -1 for other events. */
  cwndBytes: number;
}

/** The Ack Regulator's state after a change at its link. */
export interface AckRegRecord {
  heldAcks: number;
  /** Data packets queued at the downlink buffer. */
  queuedPackets: number;
  /** Data packets that already-released ACKs are still expected to bring. */
  expectedPackets: number;
  /** ACKs released by this change. */
  released: number;
}

export interface TraceSink {
  /** True if records of this table are kept (lets producers skip building costly records). */
  wants(table: TableName): boolean;
  /** After any change of cwnd or ssthresh (and once at start). */
  cwnd(tNs: number, flow: number, cwndBytes: number, ssthreshBytes: number): void;
  /** After every enqueue or dequeue at a link's queue: waiting packets and bytes. */
  queue(tNs: number, link: number, packets: number, bytes: number): void;
  /** A packet lost, with its ground-truth cause. `seq` is the data byte or ACK number. */
  drop(tNs: number, link: number, flow: number, seq: number, isAck: boolean, cause: DropCause): void;
  /** A data segment handed to the sender's first link. */
  send(tNs: number, flow: number, seq: number, lenBytes: number, retransmit: boolean): void;
  /** An ACK arriving at the sender. */
  ack(tNs: number, flow: number, ackNo: number): void;
  /** A sender event (fast retransmit, timeout, end of recovery). */
  event(tNs: number, flow: number, kind: FlowEventKind): void;
  /** The sender's CA state changed (`from` → `to`); sndUna at the change locates it in the sequence space. */
  castate(tNs: number, flow: number, from: CaState, to: CaState, sndUna: number): void;
  /** A link's channel entered `state` (once at t = 0 for every link with a state-based error model). */
  channel(tNs: number, link: number, state: ChannelState): void;
  /** A queue marked a forwarded packet (RED ECN or congestion warning). */
  mark(tNs: number, link: number, flow: number, seq: number): void;
  /** A sender's token bucket after a change: whole tokens available (lazily computed). */
  bucket(tNs: number, flow: number, tokens: number): void;
  /** A playback read at the receiver: whether it found enough data, and bytes still buffered. */
  playback(tNs: number, flow: number, ok: boolean, bufferedBytes: number): void;
  /** A variant's numeric estimate changed: `key` indexes the flow's `estimates` (e.g. Westwood's BWE). */
  estimate(tNs: number, flow: number, key: number, value: number): void;
  /** A loss event classified by the variant, next to the ground truth of the segment at sndUna. */
  verdict(tNs: number, flow: number, seq: number, verdict: Verdict, truth: LossTruth): void;
  /** Available bandwidth at the bottleneck over the bin ending at tNs: its rate minus cross traffic it carried. */
  avail(tNs: number, link: number, bps: number): void;
  /** A TCP-Real wave decided by the receiver. */
  wave(tNs: number, flow: number, w: WaveRecord): void;
  /** A TCP-Probing probe-cycle event at the sender. */
  probe(tNs: number, flow: number, r: ProbeRecord): void;
  /** The Ack Regulator at a link after a change. */
  ackreg(tNs: number, link: number, r: AckRegRecord): void;
  /** A timed change took effect: `index` is its place in the scenario's `changes`, `link` the link direction it set. */
  change(tNs: number, index: number, link: number): void;
}

/** Discards everything: for benchmarks and metric-only runs. */
export const nullSink: TraceSink = {
  wants: () => false,
  cwnd() {},
  queue() {},
  drop() {},
  send() {},
  ack() {},
  event() {},
  castate() {},
  channel() {},
  mark() {},
  bucket() {},
  playback() {},
  estimate() {},
  verdict() {},
  avail() {},
  wave() {},
  probe() {},
  ackreg() {},
  change() {},
};

/**
 * One table's columns, grown together: a row costs one capacity check and a store per column.
 * (A generic `row(table, ...values)` cost a third of a traced run's time: the rest array and the
 * table lookup by name on every record.)
 */
class TableBuilder {
  cols: Float64Array[];
  length = 0;
  constructor(width: number) {
    this.cols = Array.from({ length: width }, () => new Float64Array(1024));
  }
  /** Index of a new row, every column grown (doubled) first if full. */
  next(): number {
    if (this.length === this.cols[0].length) {
      this.cols = this.cols.map((c) => {
        const grown = new Float64Array(c.length * 2);
        grown.set(c);
        return grown;
      });
    }
    return this.length++;
  }
  /** Appends a row: one value per column in TRACE_TABLES order (each caller passes exactly its table's width). */
  add(v0: number, v1: number, v2: number, v3 = 0, v4 = 0, v5 = 0, v6 = 0, v7 = 0, v8 = 0, v9 = 0, v10 = 0): void {
    const i = this.next();
    const c = this.cols;
    const w = c.length;
    c[0][i] = v0;
    c[1][i] = v1;
    c[2][i] = v2;
    if (w > 3) c[3][i] = v3;
    if (w > 4) c[4][i] = v4;
    if (w > 5) c[5][i] = v5;
    if (w > 6) c[6][i] = v6;
    if (w > 7) c[7][i] = v7;
    if (w > 8) c[8][i] = v8;
    if (w > 9) c[9][i] = v9;
    if (w > 10) c[10][i] = v10;
  }
  /**
   * The columns trimmed to their rows: views, not copies (copying a 100 s, 10 Mb/s trace took
   * ~8 ms of every run). Each view has a buffer of its own, so it can still be transferred;
   * the buffer's unused tail (less than half) goes with it.
   */
  finish(): Float64Array[] {
    return this.cols.map((c) => c.subarray(0, this.length));
  }
}

/** Column names of every table; all columns of a table have the same length. */
export const TRACE_TABLES = {
  cwnd: ['tNs', 'flow', 'cwndBytes', 'ssthreshBytes'],
  queue: ['tNs', 'link', 'packets', 'bytes'],
  drop: ['tNs', 'link', 'flow', 'seq', 'isAck', 'cause'],
  send: ['tNs', 'flow', 'seq', 'lenBytes', 'retransmit'],
  ack: ['tNs', 'flow', 'ackNo'],
  event: ['tNs', 'flow', 'kind'],
  castate: ['tNs', 'flow', 'from', 'to', 'sndUna'],
  channel: ['tNs', 'link', 'state'],
  mark: ['tNs', 'link', 'flow', 'seq'],
  bucket: ['tNs', 'flow', 'tokens'],
  playback: ['tNs', 'flow', 'ok', 'bufferedBytes'],
  estimate: ['tNs', 'flow', 'key', 'value'],
  verdict: ['tNs', 'flow', 'seq', 'verdict', 'truth'],
  avail: ['tNs', 'link', 'bps'],
  wave: ['tNs', 'flow', 'wave', 'level', 'tfNs', 'tlNs', 'rateBps', 'ratio', 'decision', 'nextLevel', 'thresholdLevel'],
  probe: ['tNs', 'flow', 'event', 'id', 'rttNs', 'acprttNs', 'bestNs', 'worstNs', 'cwndBytes'],
  ackreg: ['tNs', 'link', 'heldAcks', 'queuedPackets', 'expectedPackets', 'released'],
  change: ['tNs', 'index', 'link'],
} as const;

export type TableName = keyof typeof TRACE_TABLES;
export type TraceTable<T extends TableName> = Record<(typeof TRACE_TABLES)[T][number], Float64Array>;
export type TraceData = { [T in TableName]: TraceTable<T> };

type Builders = { [T in TableName]: TableBuilder | null };

/** Collects records into columns; `finish()` returns trimmed Float64Arrays. */
export class ColumnarSink implements TraceSink {
  /** Tables not asked for are null: no columns written at all (the UI asks for what it draws). */
  private readonly b: Builders;
  constructor(tables: readonly TableName[] = Object.keys(TRACE_TABLES) as TableName[]) {
    const b = {} as Record<TableName, TableBuilder | null>;
    for (const name of Object.keys(TRACE_TABLES) as TableName[]) b[name] = tables.includes(name) ? new TableBuilder(TRACE_TABLES[name].length) : null;
    this.b = b;
  }
  wants(t: TableName): boolean {
    return this.b[t] !== null;
  }
  /** Numbers stored so far over every table (the worker's memory guard reads it between slices). */
  storedValues(): number {
    let n = 0;
    for (const t of Object.values(this.b)) if (t) n += t.length * t.cols.length;
    return n;
  }
  cwnd(tNs: number, flow: number, cwndBytes: number, ssthreshBytes: number): void {
    this.b.cwnd?.add(tNs, flow, cwndBytes, ssthreshBytes);
  }
  queue(tNs: number, link: number, packets: number, bytes: number): void {
    this.b.queue?.add(tNs, link, packets, bytes);
  }
  drop(tNs: number, link: number, flow: number, seq: number, isAck: boolean, cause: DropCause): void {
    this.b.drop?.add(tNs, link, flow, seq, isAck ? 1 : 0, dropCauseCode(cause));
  }
  send(tNs: number, flow: number, seq: number, lenBytes: number, retransmit: boolean): void {
    this.b.send?.add(tNs, flow, seq, lenBytes, retransmit ? 1 : 0);
  }
  ack(tNs: number, flow: number, ackNo: number): void {
    this.b.ack?.add(tNs, flow, ackNo);
  }
  event(tNs: number, flow: number, kind: FlowEventKind): void {
    this.b.event?.add(tNs, flow, FLOW_EVENTS.indexOf(kind));
  }
  castate(tNs: number, flow: number, from: CaState, to: CaState, sndUna: number): void {
    this.b.castate?.add(tNs, flow, CA_STATES.indexOf(from), CA_STATES.indexOf(to), sndUna);
  }
  channel(tNs: number, link: number, state: ChannelState): void {
    this.b.channel?.add(tNs, link, CHANNEL_STATES.indexOf(state));
  }
  mark(tNs: number, link: number, flow: number, seq: number): void {
    this.b.mark?.add(tNs, link, flow, seq);
  }
  bucket(tNs: number, flow: number, tokens: number): void {
    this.b.bucket?.add(tNs, flow, tokens);
  }
  playback(tNs: number, flow: number, ok: boolean, bufferedBytes: number): void {
    this.b.playback?.add(tNs, flow, ok ? 1 : 0, bufferedBytes);
  }
  estimate(tNs: number, flow: number, key: number, value: number): void {
    this.b.estimate?.add(tNs, flow, key, value);
  }
  verdict(tNs: number, flow: number, seq: number, verdict: Verdict, truth: LossTruth): void {
    this.b.verdict?.add(tNs, flow, seq, VERDICTS.indexOf(verdict), LOSS_TRUTHS.indexOf(truth));
  }
  avail(tNs: number, link: number, bps: number): void {
    this.b.avail?.add(tNs, link, bps);
  }
  wave(tNs: number, flow: number, w: WaveRecord): void {
    this.b.wave?.add(tNs, flow, w.wave, w.level, w.tfNs, w.tlNs, w.rateBps, w.ratio, WAVE_DECISIONS.indexOf(w.decision), w.nextLevel, w.thresholdLevel);
  }
  probe(tNs: number, flow: number, r: ProbeRecord): void {
    this.b.probe?.add(tNs, flow, PROBE_EVENTS.indexOf(r.event), r.id, r.rttNs, r.acprttNs, r.bestNs, r.worstNs, r.cwndBytes);
  }
  ackreg(tNs: number, link: number, r: AckRegRecord): void {
    this.b.ackreg?.add(tNs, link, r.heldAcks, r.queuedPackets, r.expectedPackets, r.released);
  }
  change(tNs: number, index: number, link: number): void {
    this.b.change?.add(tNs, index, link);
  }
  finish(): TraceData {
    const out = {} as Record<TableName, Record<string, Float64Array>>;
    for (const name of Object.keys(TRACE_TABLES) as TableName[]) {
      const cols: Record<string, Float64Array> = {};
      const done = this.b[name]?.finish();
      TRACE_TABLES[name].forEach((c, i) => {
        cols[c] = done ? done[i] : new Float64Array(0);
      });
      out[name] = cols;
    }
    return out as TraceData;
  }
}

/** FNV-1a over every column's bytes, in a fixed table/column order: the determinism check. */
export function traceHash(trace: TraceData): string {
  let h = 0x811c9dc5;
  for (const name of Object.keys(TRACE_TABLES) as TableName[]) {
    const table = trace[name] as Record<string, Float64Array>;
    for (const col of TRACE_TABLES[name]) {
      const bytes = new Uint8Array(table[col].buffer, table[col].byteOffset, table[col].byteLength);
      for (let i = 0; i < bytes.length; i++) {
        h ^= bytes[i];
        h = Math.imul(h, 0x01000193);
      }
      h ^= 0xff; // column separator, so moving a value between columns changes the hash
      h = Math.imul(h, 0x01000193);
    }
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
