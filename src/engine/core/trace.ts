/**
 * Trace sink: the engine emits typed records; the sink stores each table's rows one after
 * another and hands out columns at the end (one Float64Array per column), so the worker can
 * post columns as transferables and panels can render straight from them. Times in the trace
 * are integer nanoseconds stored in Float64 (exact below 2^53 ns, about 104 days).
 */
import type { RowWriter, TableDecl } from './rows.ts';
import { ACKREG_TABLE } from '../tables/ackreg.ts';
import { AQM_TABLE } from '../tables/aqm.ts';
import { CCSTATE_TABLE } from '../tables/ccstate.ts';
import { CHANGE_TABLE } from '../tables/change.ts';
import { INFLATION_TABLE } from '../tables/inflation.ts';
import { CHANNEL_STATES, dropCauseCode, NETWORK_TABLES, type ChannelState, type DropCause } from '../tables/network.ts';
import { PLAYBACK_TABLE } from '../tables/playback.ts';
import { PROBE_TABLE } from '../tables/probe.ts';
import { CA_STATES, FLOW_EVENTS, LOSS_TRUTHS, SENDER_TABLES, VERDICTS, type CaState, type FlowEventKind, type LossTruth, type Verdict } from '../tables/sender.ts';
import { WAVE_TABLE } from '../tables/wave.ts';

// The tables' codes live beside their writers; re-exported here, where most readers look.
export { CHANNEL_STATES, DROP_CAUSES, dropCauseCode, type ChannelState, type DropCause } from '../tables/network.ts';
export { CA_STATES, FLOW_EVENTS, LOSS_TRUTHS, truthOfCause, VERDICTS, type CaState, type FlowEventKind, type LossTruth, type Verdict } from '../tables/sender.ts';

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
  /** A timed change took effect: `index` is its place in the scenario's `changes`, `link` the link direction it set. */
  change(tNs: number, index: number, link: number): void;
  /**
   * Where to append rows of a table declared beside its writer (src/engine/tables/), or null if
   * the table is not kept. Writers ask once, when they are built.
   */
  writer(table: TableName): RowWriter | null;
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
  change() {},
  writer: () => null,
};

/**
 * Recycled row buffers for ColumnarSink. The worker keeps one for its lifetime: in Chromium,
 * allocating (and zeroing) fresh buffers each time a table doubles is a large, erratic share of
 * a traced run (external-memory GCs; docs/performance.md). Buffers handed back are reused by later runs, largest kept up to a budget.
 */
export class RowBufferPool {
  private readonly free: Float64Array[] = [];
  private freeValues = 0;
  /** Per table, the rows its last run recorded (see TableBuilder). */
  private readonly lastRows = new Map<string, number>();
  /** `maxValues`: the most values (8 bytes each) kept waiting for reuse. */
  constructor(private readonly maxValues = 8_000_000) {}
  /** A buffer of at least `values` values, reused if one is free. Its contents are whatever its last user left. */
  take(values: number): Float64Array {
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      const n = this.free[i].length;
      if (n >= values && (best < 0 || n < this.free[best].length)) best = i;
    }
    if (best < 0) return new Float64Array(values);
    const b = this.free[best];
    this.free[best] = this.free[this.free.length - 1];
    this.free.pop();
    this.freeValues -= b.length;
    return b;
  }
  /** Hands a buffer back; past the budget the oldest free buffers are let go. */
  give(b: Float64Array): void {
    if (b.length === 0) return;
    this.free.push(b);
    this.freeValues += b.length;
    while (this.freeValues > this.maxValues) this.freeValues -= (this.free.shift() as Float64Array).length;
  }
  /** Values waiting for reuse (tests). */
  get values(): number {
    return this.freeValues;
  }
  /**
   * Rows a table should start with room for: as many as it would have doubled to last run
   * (FIRST_ROWS times a power of two), so buffers keep the sizes they always had and fit any table.
   */
  startRows(table: string): number {
    const last = this.lastRows.get(table) ?? 0;
    let rows = FIRST_ROWS;
    while (rows < last) rows *= 2;
    return rows;
  }
  /** A table recorded `rows` rows in its run. */
  noteRows(table: string, rows: number): void {
    this.lastRows.set(table, rows);
  }
}

/** Rows a table starts with room for. */
const FIRST_ROWS = 1024;
const NO_VALUES = new Float64Array(0);

/**
 * One table's rows, one after another in one buffer (row-major): a record is a capacity check
 * and `width` stores into a single array. Columns are made only at the end (`column`), and only
 * for the tables asked for. Writers hold their table's builder (TraceSink.writer), so a record
 * has no rest array and no lookup by name (docs/performance.md).
 */
class TableBuilder implements RowWriter {
  rows: Float64Array;
  length = 0;
  /**
   * With a pool, a table starts with the room it needed in the worker's last run, so a run
   * like the one before (the next edit of a slider, a comparison's next variant) never doubles
   * its buffer: each doubling copies every row so far.
   */
  constructor(
    readonly width: number,
    private readonly pool: RowBufferPool | null,
    private readonly name: string,
  ) {
    this.rows = this.alloc((pool ? pool.startRows(name) : FIRST_ROWS) * width);
  }
  private alloc(values: number): Float64Array {
    return this.pool ? this.pool.take(values) : new Float64Array(values);
  }
  private grow(): void {
    const grown = this.alloc(this.rows.length * 2);
    grown.set(this.rows.subarray(0, this.length * this.width));
    this.pool?.give(this.rows);
    this.rows = grown;
  }
  /** Appends a row: one value per column in the table's order (each caller passes exactly its table's width). */
  add(v0: number, v1: number, v2: number, v3 = 0, v4 = 0, v5 = 0, v6 = 0, v7 = 0, v8 = 0, v9 = 0, v10 = 0): void {
    const w = this.width;
    const at = this.length * w;
    if (at + w > this.rows.length) this.grow();
    const r = this.rows;
    r[at] = v0;
    r[at + 1] = v1;
    r[at + 2] = v2;
    if (w > 3) r[at + 3] = v3;
    if (w > 4) r[at + 4] = v4;
    if (w > 5) r[at + 5] = v5;
    if (w > 6) r[at + 6] = v6;
    if (w > 7) r[at + 7] = v7;
    if (w > 8) r[at + 8] = v8;
    if (w > 9) r[at + 9] = v9;
    if (w > 10) r[at + 10] = v10;
    this.length++;
  }
  /** Column `k` as a new array of exactly `length` values (a buffer of its own, so it can be transferred). */
  column(k: number): Float64Array {
    const n = this.length;
    const w = this.width;
    const r = this.rows;
    const out = new Float64Array(n);
    for (let i = 0, j = k; i < n; i++, j += w) out[i] = r[j];
    return out;
  }
  /** Column `k` of the rows at `indices` only (ascending row numbers), as a new array. */
  columnAt(k: number, indices: Int32Array): Float64Array {
    const w = this.width;
    const r = this.rows;
    const out = new Float64Array(indices.length);
    for (let i = 0; i < indices.length; i++) out[i] = r[indices[i] * w + k];
    return out;
  }
  /** The rows recorded, row-major, as 32-bit words (what the fingerprint reads). */
  words(): Int32Array {
    return new Int32Array(this.rows.buffer, this.rows.byteOffset, this.length * this.width * 2);
  }
  /** Tells the pool the rows this table holds, as the room the next run's table starts with. */
  noteRows(): void {
    this.pool?.noteRows(this.name, this.length);
  }
  /** Gives the buffer back to the pool; the table is empty afterwards. */
  release(): void {
    this.pool?.give(this.rows);
    this.rows = NO_VALUES;
    this.length = 0;
  }
}

/** Every table, declared beside its writer in src/engine/tables/. */
const DECLARED = {
  ...SENDER_TABLES,
  ...NETWORK_TABLES,
  playback: PLAYBACK_TABLE,
  change: CHANGE_TABLE,
  wave: WAVE_TABLE,
  probe: PROBE_TABLE,
  ackreg: ACKREG_TABLE,
  aqm: AQM_TABLE,
  inflation: INFLATION_TABLE,
  ccstate: CCSTATE_TABLE,
} as const;

/**
 * Column names of every table, in fingerprint order (a new table goes at the end); all columns
 * of a table have the same length.
 */
export const TRACE_TABLES = {
  cwnd: DECLARED.cwnd.columns,
  queue: DECLARED.queue.columns,
  drop: DECLARED.drop.columns,
  send: DECLARED.send.columns,
  ack: DECLARED.ack.columns,
  event: DECLARED.event.columns,
  castate: DECLARED.castate.columns,
  channel: DECLARED.channel.columns,
  mark: DECLARED.mark.columns,
  bucket: DECLARED.bucket.columns,
  playback: DECLARED.playback.columns,
  estimate: DECLARED.estimate.columns,
  verdict: DECLARED.verdict.columns,
  avail: DECLARED.avail.columns,
  wave: DECLARED.wave.columns,
  probe: DECLARED.probe.columns,
  ackreg: DECLARED.ackreg.columns,
  change: DECLARED.change.columns,
  aqm: DECLARED.aqm.columns,
  inflation: DECLARED.inflation.columns,
  ccstate: DECLARED.ccstate.columns,
} as const;

/** The declared tables left out of the fingerprint while empty (see TableDecl). */
const HASHED_WHEN_PRESENT: ReadonlySet<string> = new Set(
  Object.entries(DECLARED as Record<string, TableDecl>)
    .filter(([, d]) => d.hashedWhenPresent)
    .map(([name]) => name),
);

export type TableName = keyof typeof TRACE_TABLES;
/** Every table, in TRACE_TABLES order. */
export const TABLE_NAMES = Object.keys(TRACE_TABLES) as TableName[];
export type TraceTable<T extends TableName> = Record<(typeof TRACE_TABLES)[T][number], Float64Array>;
export type TraceData = { [T in TableName]: TraceTable<T> };

type Builders = { [T in TableName]: TableBuilder | null };

/**
 * A column read in place: value i is `data[offset + i * stride]`. A finished trace's column is
 * (column, 0, 1); a sink's rows give (rows, column index, table width).
 */
export interface Strided {
  data: Float64Array;
  offset: number;
  stride: number;
}

/** A table with no rows: every column empty. */
export function emptyTable<T extends TableName>(name: T): TraceTable<T> {
  return Object.fromEntries(TRACE_TABLES[name].map((c) => [c, new Float64Array(0)])) as TraceTable<T>;
}

/** Collects records row by row; `finish()` and `table()` return columns (trimmed Float64Arrays). */
export class ColumnarSink implements TraceSink {
  /** Tables not asked for are null: no columns written at all (the UI asks for what it draws). */
  private readonly b: Builders;
  /** `pool`: where row buffers come from and go back to (the worker's, reused across runs); none: fresh ones. */
  constructor(tables: readonly TableName[] = TABLE_NAMES, pool: RowBufferPool | null = null) {
    const b = {} as Record<TableName, TableBuilder | null>;
    for (const name of TABLE_NAMES) b[name] = tables.includes(name) ? new TableBuilder(TRACE_TABLES[name].length, pool, name) : null;
    this.b = b;
  }
  wants(t: TableName): boolean {
    return this.b[t] !== null;
  }
  /** Numbers stored so far over every table (the worker's memory guard reads it between slices). */
  storedValues(): number {
    let n = 0;
    for (const t of Object.values(this.b)) if (t) n += t.length * t.width;
    return n;
  }
  /** Rows recorded in one table (0 if it is not recorded). */
  rows(name: TableName): number {
    return this.b[name]?.length ?? 0;
  }
  /**
   * One column of one table read in place: value i is `data[offset + i * stride]`. Valid until
   * the next record or `release` (empty if the table is not recorded).
   */
  strided(name: TableName, col: string): Strided {
    const b = this.b[name];
    const k = (TRACE_TABLES[name] as readonly string[]).indexOf(col);
    if (k < 0) throw new RangeError(`trace table ${name} has no column ${col}`);
    return b ? { data: b.rows, offset: k, stride: b.width } : { data: NO_VALUES, offset: 0, stride: 1 };
  }
  /** Rows recorded per table (0 for tables not recorded). */
  rowCounts(): Record<TableName, number> {
    return Object.fromEntries(TABLE_NAMES.map((name) => [name, this.rows(name)])) as Record<TableName, number>;
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
  change(tNs: number, index: number, link: number): void {
    this.b.change?.add(tNs, index, link);
  }
  writer(name: TableName): RowWriter | null {
    return this.b[name];
  }
  /**
   * One table's columns, every row or only the rows at `indices` (ascending): new arrays, each
   * with a buffer of its own. A table not recorded has empty columns.
   */
  table<T extends TableName>(name: T, indices?: Int32Array): TraceTable<T> {
    const b = this.b[name];
    const cols: Record<string, Float64Array> = {};
    TRACE_TABLES[name].forEach((c, k) => {
      cols[c] = !b ? new Float64Array(0) : indices ? b.columnAt(k, indices) : b.column(k);
    });
    return cols as TraceTable<T>;
  }
  /**
   * The trace as columns: every recorded table, or only those in `tables` (the others come with
   * empty columns). Each call makes new arrays, each with a buffer of its own (transferable);
   * the sink keeps its rows until `release`.
   */
  finish(tables: readonly TableName[] = TABLE_NAMES): TraceData {
    const out = {} as Record<TableName, Record<string, Float64Array>>;
    for (const name of TABLE_NAMES) out[name] = tables.includes(name) ? this.table(name) : emptyTable(name);
    return out as TraceData;
  }
  /** The fingerprint of everything recorded: equal to `traceHash(this.finish())`, without making the columns. */
  hash(): string {
    const h = new TraceHasher();
    for (const name of TABLE_NAMES) {
      const b = this.b[name];
      if ((b === null || b.length === 0) && HASHED_WHEN_PRESENT.has(name)) continue;
      if (b) h.table(b.words(), b.length);
      else h.table(NO_WORDS, 0);
    }
    return h.digest();
  }
  /**
   * Tells the pool how many rows each table holds, for the next run's tables to start with that
   * room: call it when a run has ended, not when its buffers are released. With deferred
   * fingerprints (the worker's) a release comes only when the fingerprint is asked for or the
   * sink is let go, many runs later or never, and a run dropped part way is no guide; noted
   * then, every run's tables would start small and double to their size again.
   */
  noteRows(): void {
    for (const b of Object.values(this.b)) b?.noteRows();
  }
  /** Hands every row buffer back to the pool: nothing can be read from the sink afterwards. */
  release(): void {
    for (const b of Object.values(this.b)) b?.release();
  }
}

const NO_WORDS = new Int32Array(0);

/** Murmur3's block step: one 32-bit word `w` mixed into state `h` (small enough to be inlined in TraceHasher's loop). */
function murmurBlock(h: number, w: number): number {
  let k = Math.imul(w, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/**
 * MurmurHash3 (x86, 32-bit, seed 0) over the trace as one stream of 32-bit little-endian words:
 * table by table in TRACE_TABLES order, each table's rows in order, each row's columns in order
 * (every Float64 as its low word, then its high word), then the table's row count. Word-wise
 * it is faster than a byte-wise hash (docs/performance.md), and Murmur's mixing spreads every bit of a word over the whole state, which a plain
 * multiply would not. Nothing stores fingerprints: they only compare runs of one version.
 */
export class TraceHasher {
  private h = 0;
  private words = 0;
  /** Mixes one 32-bit word into the state. */
  word(w: number): void {
    this.h = murmurBlock(this.h, w);
    this.words++;
  }
  /** A table's rows (row-major words), then its row count, so values cannot move between tables unnoticed. */
  table(rowWords: Int32Array, rows: number): void {
    let h = this.h;
    for (let i = 0; i < rowWords.length; i++) h = murmurBlock(h, rowWords[i]);
    this.h = h;
    this.words += rowWords.length;
    this.word(rows);
  }
  /** Murmur3's finalisation over the stream length in bytes, as 8 hex digits. */
  digest(): string {
    let h = this.h ^ (this.words * 4);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return (h >>> 0).toString(16).padStart(8, '0');
  }
}

/** The determinism check: same scenario and seed, same fingerprint, on any machine (see TraceHasher). */
export function traceHash(trace: TraceData): string {
  const h = new TraceHasher();
  for (const name of TABLE_NAMES) {
    const table = trace[name] as Record<string, Float64Array>;
    const cols = TRACE_TABLES[name].map((c) => new Int32Array(table[c].buffer, table[c].byteOffset, table[c].length * 2));
    const rows = table.tNs.length;
    if (rows === 0 && HASHED_WHEN_PRESENT.has(name)) continue;
    // the rows interleaved, as the sink stores them: one row's columns, then the next row's
    const words = new Int32Array(rows * cols.length * 2);
    for (let k = 0; k < cols.length; k++) {
      const c = cols[k];
      for (let i = 0, j = 2 * k; i < rows; i++, j += 2 * cols.length) {
        words[j] = c[2 * i];
        words[j + 1] = c[2 * i + 1];
      }
    }
    h.table(words, rows);
  }
  return h.digest();
}
