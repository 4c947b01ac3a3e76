/**
 * Display decimation of a trace. A long fast run has millions of rows, far more than a chart
 * a few thousand pixels wide can show; posting and scanning them all would make every redraw
 * slow. Per table, per key (flow or link) and per time bucket we keep the first row, the last
 * row and the rows holding the minimum and maximum of each value column — so a peak or a
 * single retransmission inside a bucket survives (an average would erase it). Metrics are
 * computed by the engine from the full run, never from this; the trace hash is taken before.
 */
import { emptyTable, TABLE_NAMES, type Strided, type TableName, type TraceData } from '../engine/core/trace.ts';

interface TableRule {
  key: string;
  /**
   * Drawn only as a line or steps over time, so per-bucket extremes draw exactly what every row
   * would: such tables are thinned from DISPLAY_LINE_ROWS_MAX rows. Tables whose rows are drawn
   * one by one (packets, drops, events, tokens) are kept whole up to the general limit.
   */
  line?: boolean;
  /** A second column that splits a key's rows into separate series (a flow's several estimates). */
  subKey?: string;
  values: string[];
}

/** Which column identifies a series and which columns' extremes must survive. */
const RULES: Record<TableName, TableRule> = {
  cwnd: { key: 'flow', line: true, values: ['cwndBytes', 'ssthreshBytes'] },
  queue: { key: 'link', line: true, values: ['packets'] },
  drop: { key: 'link', values: ['cause', 'seq'] },
  send: { key: 'flow', values: ['seq', 'retransmit'] },
  // not only a line: captions count duplicate ACKs in it ("3rd duplicate ACK"), so it stays whole like the packet tables
  ack: { key: 'flow', values: ['ackNo'] },
  event: { key: 'flow', values: ['kind'] },
  castate: { key: 'flow', values: ['from', 'to'] },
  channel: { key: 'link', values: ['state'] },
  mark: { key: 'link', values: ['seq'] },
  bucket: { key: 'flow', values: ['tokens'] },
  playback: { key: 'flow', values: ['ok', 'bufferedBytes'] },
  estimate: { key: 'flow', subKey: 'key', line: true, values: ['value'] },
  verdict: { key: 'flow', values: ['verdict', 'truth'] },
  avail: { key: 'link', line: true, values: ['bps'] },
  wave: { key: 'flow', values: ['level', 'rateBps', 'decision'] },
  probe: { key: 'flow', values: ['event', 'rttNs'] },
  ackreg: { key: 'link', values: ['heldAcks', 'queuedPackets', 'expectedPackets', 'released'] },
  change: { key: 'index', values: ['link'] },
  aqm: { key: 'link', subKey: 'queue', line: true, values: ['sojournNs', 'prob', 'count', 'dropping', 'flow', 'probL'] },
  // few rows (Reno-style recoveries only), and subtracted from cwnd row by row: kept whole
  inflation: { key: 'flow', values: ['bytes'] },
  // a row per mode or gain-phase change (a few per second at most): kept whole
  ccstate: { key: 'flow', values: ['mode', 'phase'] },
};

/** Rows above which a table is decimated; below it every row is kept. */
export const DISPLAY_ROWS_MAX = 200_000;
/**
 * The same for tables drawn as lines (TableRule.line): above this, the main thread would spend
 * more time turning rows into paths (a 100 s, 10 Mb/s run has 100 000–200 000 rows per line
 * table) than the picture gains; a 60 s, 2 Mb/s run (14 000–28 000) stays whole.
 */
export const DISPLAY_LINE_ROWS_MAX = 50_000;
/** Buckets over the run per series: a few per pixel of the widest chart. */
export const DISPLAY_BUCKETS = 4_000;

// Decimation reads the columns it decides on in place (Strided): in the worker, the sink's rows,
// so those columns are never made.
const whole = (data: Float64Array): Strided => ({ data, offset: 0, stride: 1 });
const at = (c: Strided, i: number): number => c.data[c.offset + i * c.stride];

/**
 * Indices of the rows to keep, ascending (so time order is preserved). `tNs` must be
 * non-decreasing, as every engine table is.
 */
export function keepRows(tNs: Float64Array, key: Float64Array, values: readonly Float64Array[], endNs: number, buckets: number): Int32Array {
  return keepRowsOf(tNs.length, whole(tNs), whole(key), values.map(whole), endNs, buckets);
}

/** keepRows over `n` rows of columns read in place. */
function keepRowsOf(n: number, t: Strided, keys: Strided, values: readonly Strided[], endNs: number, buckets: number): Int32Array {
  const keep = new Uint8Array(n);
  const widthNs = Math.max(1, endNs / buckets);
  // per key: current bucket and the rows chosen so far in it
  interface Open {
    bucket: number;
    first: number;
    last: number;
    minRow: Int32Array;
    maxRow: Int32Array;
  }
  const open = new Map<number, Open>();
  const close = (o: Open): void => {
    keep[o.first] = 1;
    keep[o.last] = 1;
    for (let v = 0; v < values.length; v++) {
      keep[o.minRow[v]] = 1;
      keep[o.maxRow[v]] = 1;
    }
  };
  const start = (o: Open, b: number, i: number): void => {
    o.bucket = b;
    o.first = i;
    o.last = i;
    o.minRow.fill(i);
    o.maxRow.fill(i);
  };
  // rows of one key tend to come in runs: look the key up only when it changes
  let lastKey = Number.NaN;
  let o: Open | undefined;
  for (let i = 0; i < n; i++) {
    const b = Math.floor(at(t, i) / widthNs);
    const k = at(keys, i);
    if (k !== lastKey) {
      lastKey = k;
      o = open.get(k);
      if (!o) {
        o = { bucket: b, first: i, last: i, minRow: new Int32Array(values.length).fill(i), maxRow: new Int32Array(values.length).fill(i) };
        open.set(k, o);
        continue;
      }
    }
    const cur = o as Open;
    if (cur.bucket !== b) {
      // the bucket is closed; its record starts the next one (no allocation per bucket)
      close(cur);
      start(cur, b, i);
      continue;
    }
    cur.last = i;
    for (let v = 0; v < values.length; v++) {
      const c = values[v];
      const x = at(c, i);
      // NaN never wins; ∞ (ssthresh before the first loss) is a legitimate maximum
      if (x < at(c, cur.minRow[v])) cur.minRow[v] = i;
      if (x > at(c, cur.maxRow[v])) cur.maxRow[v] = i;
    }
  }
  for (const o of open.values()) close(o);
  let count = 0;
  for (let i = 0; i < n; i++) count += keep[i];
  const rows = new Int32Array(count);
  let k = 0;
  for (let i = 0; i < n; i++) if (keep[i]) rows[k++] = i;
  return rows;
}

/** One number per (key, subKey) pair: flows and estimate indices are small non-negative integers. */
function seriesKey(n: number, key: Strided, sub: Strided): Strided {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = at(key, i) * 65_536 + at(sub, i);
  return whole(out);
}

/**
 * Where decimation reads tables from: a finished trace's columns (`traceSource`), or, in the
 * worker, the sink itself (ColumnarSink), which makes a decimated table's columns for the kept
 * rows only — a 100 s, 10 Mb/s run never turns its 200 000-row tables into whole columns.
 */
export interface TableSource {
  rows(name: TableName): number;
  /** One column, every row, read in place (valid until the source changes). */
  strided(name: TableName, col: string): Strided;
  /** Every column, of every row or only of the rows at `indices` (ascending). */
  table(name: TableName, indices?: Int32Array): Record<string, Float64Array>;
}

function pickRows(col: Float64Array, rows: Int32Array): Float64Array {
  const out = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = col[rows[i]];
  return out;
}

/** A finished trace as a TableSource: whole tables are its own columns (no copy). */
export function traceSource(trace: TraceData): TableSource {
  const t = trace as Record<TableName, Record<string, Float64Array>>;
  return {
    rows: (name) => t[name].tNs.length,
    strided: (name, col) => whole(t[name][col]),
    table: (name, indices) => (indices ? Object.fromEntries(Object.entries(t[name]).map(([c, v]) => [c, pickRows(v, indices)])) : t[name]),
  };
}

/** The trace with every table longer than `maxRows` (line tables: DISPLAY_LINE_ROWS_MAX) reduced to its per-bucket extremes; whether anything changed. */
export function decimateTrace(trace: TraceData, endNs: number, maxRows = DISPLAY_ROWS_MAX, buckets = DISPLAY_BUCKETS): { trace: TraceData; decimated: boolean } {
  return decimateTables(traceSource(trace), TABLE_NAMES, endNs, maxRows, buckets);
}

/**
 * `tables` from `src` for display, each longer than `maxRows` (line tables:
 * DISPLAY_LINE_ROWS_MAX) reduced to its per-bucket extremes; the other tables empty.
 */
export function decimateTables(src: TableSource, tables: readonly TableName[], endNs: number, maxRows = DISPLAY_ROWS_MAX, buckets = DISPLAY_BUCKETS): { trace: TraceData; decimated: boolean } {
  let decimated = false;
  // asking for every row (Infinity) means every row, line tables included
  const lineRowsMax = Number.isFinite(maxRows) ? Math.min(maxRows, DISPLAY_LINE_ROWS_MAX) : maxRows;
  const out = {} as Record<TableName, Record<string, Float64Array>>;
  for (const name of TABLE_NAMES) {
    if (!tables.includes(name)) {
      out[name] = emptyTable(name);
      continue;
    }
    const rule = RULES[name];
    const n = src.rows(name);
    if (n <= (rule.line ? lineRowsMax : maxRows)) {
      out[name] = src.table(name);
      continue;
    }
    decimated = true;
    const key = src.strided(name, rule.key);
    const rows = keepRowsOf(
      n,
      src.strided(name, 'tNs'),
      rule.subKey ? seriesKey(n, key, src.strided(name, rule.subKey)) : key,
      rule.values.map((c) => src.strided(name, c)),
      endNs,
      buckets,
    );
    out[name] = src.table(name, rows);
  }
  return { trace: out as TraceData, decimated };
}
