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

/** Channel states of a link's error model; the trace stores the index. */
export const CHANNEL_STATES = ['good', 'bad', 'off'] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];

export interface TraceSink {
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
  /** A link's channel entered `state` (once at t = 0 for every link with a state-based error model). */
  channel(tNs: number, link: number, state: ChannelState): void;
  /** A queue marked a forwarded packet (RED ECN or congestion warning). */
  mark(tNs: number, link: number, flow: number, seq: number): void;
  /** A sender's token bucket after a change: whole tokens available (lazily computed). */
  bucket(tNs: number, flow: number, tokens: number): void;
  /** A playback read at the receiver: whether it found enough data, and bytes still buffered. */
  playback(tNs: number, flow: number, ok: boolean, bufferedBytes: number): void;
}

/** Discards everything: for benchmarks and metric-only runs. */
export const nullSink: TraceSink = {
  cwnd() {},
  queue() {},
  drop() {},
  send() {},
  ack() {},
  event() {},
  channel() {},
  mark() {},
  bucket() {},
  playback() {},
};

class Column {
  data = new Float64Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = v;
  }
  /** A trimmed copy, safe to transfer. */
  finish(): Float64Array {
    return this.data.slice(0, this.length);
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
  channel: ['tNs', 'link', 'state'],
  mark: ['tNs', 'link', 'flow', 'seq'],
  bucket: ['tNs', 'flow', 'tokens'],
  playback: ['tNs', 'flow', 'ok', 'bufferedBytes'],
} as const;

export type TableName = keyof typeof TRACE_TABLES;
export type TraceTable<T extends TableName> = Record<(typeof TRACE_TABLES)[T][number], Float64Array>;
export type TraceData = { [T in TableName]: TraceTable<T> };

type Builders = { [T in TableName]: Column[] };

/** Collects records into columns; `finish()` returns trimmed Float64Arrays. */
export class ColumnarSink implements TraceSink {
  private readonly b: Builders;
  /** Tables not asked for get no columns written at all (the UI asks for what it draws). */
  private readonly on: Record<TableName, boolean>;
  constructor(private readonly tables: readonly TableName[] = Object.keys(TRACE_TABLES) as TableName[]) {
    const b = {} as Builders;
    const on = {} as Record<TableName, boolean>;
    for (const name of Object.keys(TRACE_TABLES) as TableName[]) {
      b[name] = TRACE_TABLES[name].map(() => new Column());
      on[name] = tables.includes(name);
    }
    this.b = b;
    this.on = on;
  }
  private row(t: TableName, ...values: number[]): void {
    if (!this.on[t]) return;
    const cols = this.b[t];
    for (let i = 0; i < cols.length; i++) cols[i].push(values[i]);
  }
  cwnd(tNs: number, flow: number, cwndBytes: number, ssthreshBytes: number): void {
    this.row('cwnd', tNs, flow, cwndBytes, ssthreshBytes);
  }
  queue(tNs: number, link: number, packets: number, bytes: number): void {
    this.row('queue', tNs, link, packets, bytes);
  }
  drop(tNs: number, link: number, flow: number, seq: number, isAck: boolean, cause: DropCause): void {
    this.row('drop', tNs, link, flow, seq, isAck ? 1 : 0, dropCauseCode(cause));
  }
  send(tNs: number, flow: number, seq: number, lenBytes: number, retransmit: boolean): void {
    this.row('send', tNs, flow, seq, lenBytes, retransmit ? 1 : 0);
  }
  ack(tNs: number, flow: number, ackNo: number): void {
    this.row('ack', tNs, flow, ackNo);
  }
  event(tNs: number, flow: number, kind: FlowEventKind): void {
    this.row('event', tNs, flow, FLOW_EVENTS.indexOf(kind));
  }
  channel(tNs: number, link: number, state: ChannelState): void {
    this.row('channel', tNs, link, CHANNEL_STATES.indexOf(state));
  }
  mark(tNs: number, link: number, flow: number, seq: number): void {
    this.row('mark', tNs, link, flow, seq);
  }
  bucket(tNs: number, flow: number, tokens: number): void {
    this.row('bucket', tNs, flow, tokens);
  }
  playback(tNs: number, flow: number, ok: boolean, bufferedBytes: number): void {
    this.row('playback', tNs, flow, ok ? 1 : 0, bufferedBytes);
  }
  finish(): TraceData {
    const out = {} as Record<TableName, Record<string, Float64Array>>;
    for (const name of Object.keys(TRACE_TABLES) as TableName[]) {
      const cols: Record<string, Float64Array> = {};
      TRACE_TABLES[name].forEach((c, i) => {
        cols[c] = this.tables.includes(name) ? this.b[name][i].finish() : new Float64Array(0);
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
