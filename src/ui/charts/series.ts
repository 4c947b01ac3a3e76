/**
 * Pure helpers that turn the engine's columnar trace into per-flow / per-link series and
 * series into SVG path strings. No DOM here, so tests/ui can check them in Node.
 */
import type { TraceData } from '../../engine/core/trace.ts';
import { parseChangePath, type TimedChange } from '../../scenario/changes.ts';
import { lastAtOrBefore } from './pick.ts';

const NS_PER_S = 1e9;

/** A step function: value[i] holds from tS[i] until tS[i + 1]. */
export interface StepSeries {
  tS: Float64Array;
  values: Float64Array;
}

/** cwnd and ssthresh of one flow, in segments. */
export interface CwndSeries {
  tS: Float64Array;
  /**
   * The window as students reason with it: cwnd less the inflation a Reno-style fast recovery
   * adds per duplicate ACK (RFC 5681 §3.2), so it halves at a fast retransmit and does not spike.
   * The chart's main line.
   */
  cwndSeg: Float64Array;
  ssthreshSeg: Float64Array;
  /** cwnd as the RFC's sender holds it, inflation included (the chart's opt-in layer); the same array as cwndSeg when nothing was inflated. */
  inflatedSeg?: Float64Array;
}

const NO_ROWS = new Int32Array(0);

/** Every key's rows of a key column, by column: see rowsWhere. */
const rowsByKey = new WeakMap<Float64Array, Map<number, Int32Array>>();

/**
 * Rows of a key column (`flow`, `link`) equal to `index`, in order. The column is split for
 * every key at once, in two passes (count, then copy), and kept: the panels ask each table for
 * several keys (the path picture for every link's queue) and again at each arrival of a
 * comparison, and a trace's columns are never written once the run is over. The rows returned
 * are shared: read them, never write them.
 */
export function rowsWhere(key: Float64Array, index: number): Int32Array {
  let byKey = rowsByKey.get(key);
  if (!byKey) rowsByKey.set(key, (byKey = splitRows(key)));
  return byKey.get(index) ?? NO_ROWS;
}

/** Calls `visit(key, from, to)` for each stretch of equal keys (rows from … to − 1), in order. */
function eachStretch(key: Float64Array, visit: (k: number, from: number, to: number) => void): void {
  const n = key.length;
  for (let i = 0; i < n; ) {
    const k = key[i];
    let j = i + 1;
    while (j < n && key[j] === k) j++;
    visit(k, i, j);
    i = j;
  }
}

/** A key column's rows per key (NaN keys match nothing). Rows of one key come in long stretches, so each stretch costs one map lookup. */
function splitRows(key: Float64Array): Map<number, Int32Array> {
  const counts = new Map<number, number>();
  eachStretch(key, (k, from, to) => {
    if (!Number.isNaN(k)) counts.set(k, (counts.get(k) ?? 0) + (to - from));
  });
  const out = new Map<number, Int32Array>();
  const filled = new Map<number, number>();
  for (const [k, count] of counts) {
    out.set(k, new Int32Array(count));
    filled.set(k, 0);
  }
  eachStretch(key, (k, from, to) => {
    const rows = out.get(k);
    if (!rows) return;
    let at = filled.get(k)!;
    for (let r = from; r < to; r++) rows[at++] = r;
    filled.set(k, at);
  });
  return out;
}

/** Divides rather than multiplies by a reciprocal: 6e8 / 1e9 is exactly 0.6, 6e8 * 1e-9 is not. */
export function pick(col: Float64Array, rows: Int32Array, divisor = 1): Float64Array {
  const out = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = col[rows[i]] / divisor;
  return out;
}

export function cwndSeries(trace: TraceData, flow: number, mssBytes: number): CwndSeries {
  const c = trace.cwnd;
  const rows = rowsWhere(c.flow, flow);
  // a trace from before the inflation table (or an imported one) has none: nothing was inflated
  const inf = trace.inflation ?? { tNs: new Float64Array(0), flow: new Float64Array(0), bytes: new Float64Array(0) };
  const infRows = rowsWhere(inf.flow, flow);
  if (infRows.length === 0) {
    const cwndSeg = pick(c.cwndBytes, rows, mssBytes);
    return { tS: pick(c.tNs, rows, NS_PER_S), cwndSeg, ssthreshSeg: pick(c.ssthreshBytes, rows, mssBytes), inflatedSeg: cwndSeg };
  }
  // Merge the two step functions by time: each instant at which either table has rows is one
  // step holding the values after all of that instant's rows (two hooks at one instant write
  // cwnd, inflation, cwnd, inflation; a point between them would pair a new cwnd with an old
  // inflation, e.g. the deflated cwnd less the whole inflation: a dip below zero).
  const n = rows.length + infRows.length;
  const tS = new Float64Array(n);
  const cwndSeg = new Float64Array(n);
  const ssthreshSeg = new Float64Array(n);
  const inflatedSeg = new Float64Array(n);
  let i = 0;
  let j = 0;
  let k = 0;
  let cwnd = 0;
  let ss = Number.POSITIVE_INFINITY;
  let inflation = 0;
  while (i < rows.length || j < infRows.length) {
    const ti = i < rows.length ? c.tNs[rows[i]] : Number.POSITIVE_INFINITY;
    const tj = j < infRows.length ? inf.tNs[infRows[j]] : Number.POSITIVE_INFINITY;
    const t = Math.min(ti, tj);
    for (; i < rows.length && c.tNs[rows[i]] === t; i++) {
      cwnd = c.cwndBytes[rows[i]];
      ss = c.ssthreshBytes[rows[i]];
    }
    for (; j < infRows.length && inf.tNs[infRows[j]] === t; j++) inflation = inf.bytes[infRows[j]];
    tS[k] = t / NS_PER_S;
    inflatedSeg[k] = cwnd / mssBytes;
    cwndSeg[k] = (cwnd - inflation) / mssBytes;
    ssthreshSeg[k] = ss / mssBytes;
    k++;
  }
  return { tS: tS.slice(0, k), cwndSeg: cwndSeg.slice(0, k), ssthreshSeg: ssthreshSeg.slice(0, k), inflatedSeg: inflatedSeg.slice(0, k) };
}

export function queueSeries(trace: TraceData, link: number): StepSeries {
  const q = trace.queue;
  const rows = rowsWhere(q.link, link);
  return { tS: pick(q.tNs, rows, NS_PER_S), values: pick(q.packets, rows) };
}

/** Times (s) of the flow's sender events of one kind (index into FLOW_EVENTS). */
/**
 * A link's buffer limit over time: the limit it was built with from 0 s, then each timed change
 * of `queue.limitPackets` the run applied there (the engine's `change` table says when and where).
 */
export function bufferLimitSteps(trace: TraceData, changes: readonly TimedChange[], link: number, builtLimitPackets: number): StepSeries {
  const tS = [0];
  const values = [builtLimitPackets];
  const c = trace.change;
  for (let i = 0; i < c.tNs.length; i++) {
    if (c.link[i] !== link) continue;
    const change = changes[c.index[i]];
    if (change === undefined || parseChangePath(change.path)?.field !== 'limitPackets') continue;
    tS.push(c.tNs[i] / NS_PER_S);
    values.push(Number(change.value));
  }
  return { tS: Float64Array.from(tS), values: Float64Array.from(values) };
}

export function eventTimes(trace: TraceData, flow: number, kindCode: number): Float64Array {
  const e = trace.event;
  const out: number[] = [];
  for (let i = 0; i < e.tNs.length; i++) if (e.flow[i] === flow && e.kind[i] === kindCode) out.push(e.tNs[i] / NS_PER_S);
  return Float64Array.from(out);
}

/** Times (s) of dropped packets matching a filter; `link`/`flow` undefined = any. */
export function dropTimes(trace: TraceData, filter: { link?: number; flow?: number; dataOnly?: boolean }): Float64Array {
  const d = trace.drop;
  const out: number[] = [];
  for (let i = 0; i < d.tNs.length; i++) {
    if (filter.link !== undefined && d.link[i] !== filter.link) continue;
    if (filter.flow !== undefined && d.flow[i] !== filter.flow) continue;
    if (filter.dataOnly && d.isAck[i] !== 0) continue;
    out.push(d.tNs[i] / NS_PER_S);
  }
  return Float64Array.from(out);
}

/**
 * Value of a step series just before time t (the value that was in force when something
 * happened at t): markers for a loss sit on the sawtooth's peak, not its trough.
 */
export function valueBefore(tS: Float64Array, values: Float64Array, t: number): number {
  const i = lowerBound(tS, t) - 1;
  return i >= 0 ? values[i] : tS.length > 0 ? values[0] : Number.NaN;
}

/** Largest finite value, or 0 for an empty series. */
export function finiteMax(values: Float64Array, cap = Number.POSITIVE_INFINITY): number {
  let m = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isFinite(v) && v > m && v <= cap) m = v;
  }
  return m;
}

/** Index of the largest finite value (its first occurrence), or −1 if there is none. */
export function finiteArgMax(values: Float64Array): number {
  let best = -1;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i]) && (best < 0 || values[i] > values[best])) best = i;
  return best;
}

/** Above this many points a path is drawn as a min/max envelope per pixel column. */
export const DECIMATE_ABOVE = 20_000;

/**
 * A time scale as the path builders use it. A d3 scale also has a domain: the visible window,
 * and only the samples inside it (plus the one in force at its left edge and the first past its
 * right) are read — a zoom into 0.1 s of a 200 000-sample series walks a few hundred samples,
 * not all of them, as uPlot's path builders do. A plain function draws the whole series.
 */
export type TimeToPx = ((tS: number) => number) & { domain?: () => number[] };

export interface PathScales {
  x: TimeToPx;
  y: (v: number) => number;
  /** Pixel range y is clamped into, so ∞ (ssthresh before the first loss) stays a valid path. */
  yClamp: readonly [number, number];
}

const r1 = (v: number): number => Math.round(v * 10) / 10;

/** Points per pixel column above which a path is drawn as its per-column envelope. */
export const POINTS_PER_COLUMN = 3;

/** First index whose time is ≥ t (tS sorted ascending); tS.length if none. */
export function lowerBound(tS: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = tS.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tS[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The index range [first, last] of a sorted time column a chart showing `x`'s domain has to
 * draw: the sample in force at the left edge, every sample inside, and the first one past the
 * right edge (so a line leaves the plot instead of stopping short). The whole column when the
 * scale has no domain.
 */
export function visibleRange(tS: ArrayLike<number>, x: TimeToPx): { first: number; last: number; fromS: number; toS: number } {
  const n = tS.length;
  const dom = x.domain?.();
  if (!dom || dom.length < 2 || n === 0) return { first: 0, last: n - 1, fromS: Number.NEGATIVE_INFINITY, toS: Number.POSITIVE_INFINITY };
  const fromS = Math.min(dom[0], dom[dom.length - 1]);
  const toS = Math.max(dom[0], dom[dom.length - 1]);
  // the last sample at or before fromS holds at the left edge
  const first = Math.max(0, lastAtOrBefore(tS, (v) => v, fromS));
  const last = Math.min(n - 1, lowerBound(tS, toS));
  return { first, last, fromS, toS };
}

/**
 * SVG path of a step-after function from tS[0] to tEndS, over the samples the scale's window
 * shows (see visibleRange). Sparse stretches are exact; where there are more than
 * POINTS_PER_COLUMN samples per pixel column (or more than `decimateAbove` in all) each column
 * keeps the value entering it, its min, its max and the last value — the drawing is
 * indistinguishable at that width, and the string and the browser's paint stay proportional to
 * the chart's width, not the run's. x is clamped a pixel or two outside the window, so a deep
 * zoom never writes coordinates millions of pixels wide.
 */
export function stepPath(series: StepSeries, s: PathScales, tEndS: number, decimateAbove = DECIMATE_ABOVE): string {
  return writeStep(series, s, tEndS, decimateAbove, Number.POSITIVE_INFINITY)[0]?.d ?? '';
}

/** A piece of a line cut by stepPieces: its path, and how far along the whole line it starts (its dash offset). */
export interface StepPiece {
  d: string;
  dashOffsetPx: number;
}

/** Width of stepPieces' pieces: half a raster tile, so a tile strokes two or three pieces of a line, not all of it. */
export const PIECE_PX = 128;

/**
 * stepPath's line cut into pieces PIECE_PX wide, each its own path element. The browser
 * rasterizes a chart in 256-pixel tiles and strokes every path that reaches into a tile whole,
 * however little of it the tile shows, so a long line is stroked once per tile it crosses
 * (costly on a software rasterizer; docs/performance.md). Cut, a tile strokes only the pieces
 * over it. Cuts fall on integer x inside level stretches, where two butt ends meet without a seam; each piece
 * starts its dash pattern where the whole line would be (dashOffsetPx).
 */
export function stepPieces(series: StepSeries, s: PathScales, tEndS: number, decimateAbove = DECIMATE_ABOVE): StepPiece[] {
  return writeStep(series, s, tEndS, decimateAbove, PIECE_PX);
}

/**
 * A scale as one plain function when it is d3's linear scale (a two-point ascending domain, no
 * clamping): the same arithmetic d3 does (normalise, then interpolate), so the same pixel to the
 * last bit, without d3's three nested calls per sample, which the browser did not inline (1.4 ms
 * of a six-variant comparison's last redraw, in a profile). Any other function — another
 * interpolator, a clamped scale, a plain function — is used as it is.
 */
export function plainLinear(x: ((v: number) => number) & { domain?: () => number[] }): (v: number) => number {
  const s = x as typeof x & { range?: () => number[]; clamp?: () => boolean };
  const d = s.domain?.();
  const r = s.range?.();
  if (!d || !r || d.length !== 2 || r.length !== 2 || !(d[0] < d[1]) || s.clamp?.() !== false) return x;
  const [d0, d1] = d;
  const [r0, r1] = r;
  const span = d1 - d0;
  const f = (t: number): number => {
    const u = (t - d0) / span;
    return r0 * (1 - u) + r1 * u;
  };
  // the scale's own numbers at a few points, or the scale itself
  for (const t of [d0, d1, d0 + span * 0.377, d1 + span * 1.5]) if (!Object.is(f(t), x(t))) return x;
  return f;
}

function writeStep(series: StepSeries, s: PathScales, tEndS: number, decimateAbove: number, pieceEveryPx: number): StepPiece[] {
  const { tS, values } = series;
  if (tS.length === 0) return [];
  const { first, last, fromS, toS } = visibleRange(tS, s.x);
  const n = last - first + 1;
  const toPx = plainLinear(s.x);
  const xLo = Number.isFinite(fromS) ? toPx(fromS) - 2 : Number.NEGATIVE_INFINITY;
  const xHi = Number.isFinite(toS) ? toPx(toS) + 2 : Number.POSITIVE_INFINITY;
  const px = (t: number): number => Math.min(xHi, Math.max(xLo, toPx(t)));
  const columns = Math.abs(px(Math.max(tEndS, tS[last])) - px(tS[first]));
  if (Number.isFinite(columns)) decimateAbove = Math.min(decimateAbove, Math.max(1, Math.ceil(columns)) * POINTS_PER_COLUMN);
  const [yLo, yHi] = s.yClamp[0] <= s.yClamp[1] ? s.yClamp : [s.yClamp[1], s.yClamp[0]];
  const py = (v: number): number => {
    const p = s.y(v);
    if (Number.isNaN(p)) return yHi;
    return r1(Math.min(yHi, Math.max(yLo, p)));
  };
  const w = new StepWriter(r1(px(tS[first])), py(values[first]), pieceEveryPx);
  if (n <= decimateAbove) {
    for (let i = first + 1; i <= last; i++) {
      w.h(r1(px(tS[i])));
      w.v(py(values[i]));
    }
  } else {
    // no closure over the loop's state: variables a closure writes live on the heap, and this
    // loop runs over every sample of every run drawn (the strings are per column, few)
    let col = Math.floor(px(tS[first]));
    let min = values[first];
    let max = min;
    let lastV = min;
    for (let i = first + 1; i <= last; i++) {
      const c = Math.floor(px(tS[i]));
      const v = values[i];
      if (c !== col) {
        w.column(col, py(min), py(max), py(lastV));
        col = c;
        min = max = v;
      } else {
        if (v < min) min = v;
        if (v > max) max = v;
      }
      lastV = v;
    }
    w.column(col, py(min), py(max), py(lastV));
  }
  if (last === tS.length - 1) w.h(r1(px(tEndS)));
  return w.end();
}

/**
 * Writes an H/V step path without moves that go nowhere: a V to the height the pen is at is
 * dropped, and H moves in a row become one. A flat stretch (an ssthresh held for seconds, a
 * queue at its limit) is then one command instead of four per pixel column, and the browser
 * strokes (and, for a dashed line, dashes) fewer segments.
 *
 * With a finite `pieceEveryPx` it cuts the line into pieces (see stepPieces) at multiples of it.
 * A horizontal move across a cut is cut there: two butt ends meet on a straight stretch at an
 * integer x, without a seam. A line that turns exactly on a cut (an envelope column sits at
 * every integer x) is cut at that corner, and the piece before it also draws the move after it:
 * the corner's join is drawn whole, and the next piece's butt end lies under that stroke.
 */
class StepWriter {
  private readonly pieces: StepPiece[] = [];
  private d: string;
  private x: number;
  private y: number;
  /** Where the pending horizontal move ends (this.x when none is pending). */
  private toX: number;
  /** The next cut to the right of the pen. */
  private edge: number;
  /** Length drawn so far, and where the current piece starts along it (px). */
  private lenPx = 0;
  private pieceStartPx = 0;
  /** A cut at a corner: the next piece so far, waiting for the move both pieces draw. */
  private next: string | null = null;
  private nextStartPx = 0;

  constructor(
    x: number,
    y: number,
    private readonly pieceEveryPx: number,
  ) {
    this.d = `M${x},${y}`;
    this.x = this.toX = x;
    this.y = y;
    this.edge = Number.isFinite(pieceEveryPx) ? (Math.floor(x / pieceEveryPx) + 1) * pieceEveryPx : Number.POSITIVE_INFINITY;
  }

  h(x: number): void {
    this.toX = x;
  }

  v(y: number): void {
    if (y === this.y) return;
    this.flushH();
    this.put(`V${y}`, Math.abs(y - this.y));
    this.y = y;
  }

  /** One pixel column of the envelope: at x, down or up to its min, its max, then the value leaving it. */
  column(x: number, min: number, max: number, leave: number): void {
    this.h(x);
    this.v(min);
    this.v(max);
    this.v(leave);
  }

  end(): StepPiece[] {
    this.flushH();
    this.pieces.push({ d: this.d, dashOffsetPx: r1(this.pieceStartPx) });
    return this.pieces;
  }

  private put(move: string, lengthPx: number): void {
    this.d += move;
    this.lenPx += lengthPx;
    if (this.next === null) return;
    this.pieces.push({ d: this.d, dashOffsetPx: r1(this.pieceStartPx) });
    this.d = this.next + move;
    this.pieceStartPx = this.nextStartPx;
    this.next = null;
  }

  private cut(): void {
    this.pieces.push({ d: this.d, dashOffsetPx: r1(this.pieceStartPx) });
    this.pieceStartPx = this.lenPx;
    this.d = `M${this.x},${this.y}`;
  }

  private flushH(): void {
    const to = this.toX;
    if (to === this.x) return;
    while (to > this.edge) {
      this.put(`H${this.edge}`, this.edge - this.x);
      this.x = this.edge;
      this.cut();
      this.edge += this.pieceEveryPx;
    }
    this.put(`H${to}`, Math.abs(to - this.x));
    this.x = to;
    if (to === this.edge) {
      this.next = `M${to},${this.y}`;
      this.nextStartPx = this.lenPx;
      this.edge += this.pieceEveryPx;
    }
  }
}

/** Value bins of timeWeightedQuantile's first pass. */
const QUANTILE_BINS = 256;

/**
 * The value a step function stays at or below for fraction q of [tS[0], tEndS]. Time-weighted,
 * so a burst of thousands of samples in one second does not outvote a quiet minute.
 *
 * A cwnd in congestion avoidance takes a new fractional value at almost every ACK, so sorting
 * values (or summing time per value in a hash map) would cost a few ms per series, for each run
 * of each comparison edit (docs/performance.md). Instead, time is summed per value bin (bins in value order),
 * and only the bin where the running sum reaches q of the total is resolved value by value.
 */
export function timeWeightedQuantile(series: StepSeries, tEndS: number, q: number): number {
  const { tS, values } = series;
  const n = tS.length;
  const held = (i: number): number => Math.max(0, (i + 1 < n ? tS[i + 1] : tEndS) - tS[i]);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
    total += held(i);
  }
  if (lo > hi) return 0;
  if (hi === 0) hi = 0; // −0 is 0 (as a value held it is the same)
  if (total === 0) return hi;
  // (v − lo) · scale never decreases as v grows, so every value of a bin is above every value of the bins before it
  const scale = hi > lo ? QUANTILE_BINS / (hi - lo) : 0;
  const binOf = new Uint16Array(n); // QUANTILE_BINS: not a finite value
  const bins = new Float64Array(QUANTILE_BINS);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    const b = Number.isFinite(v) ? Math.min(QUANTILE_BINS - 1, Math.floor((v - lo) * scale)) : QUANTILE_BINS;
    binOf[i] = b;
    if (b < QUANTILE_BINS) bins[b] += held(i);
  }
  const target = q * total;
  let acc = 0;
  for (let b = 0; b < QUANTILE_BINS; b++) {
    if (acc + bins[b] < target) {
      acc += bins[b];
      continue;
    }
    // this bin's values in order, each with its time (a stretch of one value added at once)
    const byValue = new Map<number, number>();
    let first = true;
    let runV = 0;
    let runS = 0;
    for (let i = 0; i < n; i++) {
      if (binOf[i] !== b) continue;
      if (first || values[i] !== runV) {
        if (!first) byValue.set(runV, (byValue.get(runV) ?? 0) + runS);
        first = false;
        runV = values[i];
        runS = 0;
      }
      runS += held(i);
    }
    if (first) continue;
    byValue.set(runV, (byValue.get(runV) ?? 0) + runS);
    for (const v of Float64Array.from(byValue.keys()).sort()) {
      acc += byValue.get(v)!;
      if (acc >= target) return v;
    }
  }
  return hi;
}

/** Drop times (s) with each drop's cause code (index into DROP_CAUSES). */
export interface CausedTimes {
  tS: Float64Array;
  cause: Uint8Array;
}

export function dropsWithCause(trace: TraceData, filter: { link?: number; flow?: number; dataOnly?: boolean }): CausedTimes {
  const d = trace.drop;
  const t: number[] = [];
  const c: number[] = [];
  for (let i = 0; i < d.tNs.length; i++) {
    if (filter.link !== undefined && d.link[i] !== filter.link) continue;
    if (filter.flow !== undefined && d.flow[i] !== filter.flow) continue;
    if (filter.dataOnly && d.isAck[i] !== 0) continue;
    t.push(d.tNs[i] / NS_PER_S);
    c.push(d.cause[i]);
  }
  return { tS: Float64Array.from(t), cause: Uint8Array.from(c) };
}

/** Times (s) a queue marked packets (ECN / congestion warning) at one link. */
export function markTimes(trace: TraceData, link: number): Float64Array {
  const m = trace.mark;
  const out: number[] = [];
  for (let i = 0; i < m.tNs.length; i++) if (m.link[i] === link) out.push(m.tNs[i] / NS_PER_S);
  return Float64Array.from(out);
}

/** An interval of constant state: [t0S, t1S). */
export interface Span {
  t0S: number;
  t1S: number;
  state: number;
}

/** A link's channel states as spans covering [0, endS]; empty if the link never reported one. */
export function channelSpans(trace: TraceData, link: number, endS: number): Span[] {
  const c = trace.channel;
  const out: Span[] = [];
  for (let i = 0; i < c.tNs.length; i++) {
    if (c.link[i] !== link) continue;
    const t = c.tNs[i] / NS_PER_S;
    const last = out[out.length - 1];
    if (last) {
      if (last.state === c.state[i]) continue;
      last.t1S = t;
    }
    out.push({ t0S: t, t1S: endS, state: c.state[i] });
  }
  return out.filter((s) => s.t1S > s.t0S);
}

/** One flow's segments, ACKs and data drops for a time–sequence diagram, in segments from the first byte sent. */
export interface TimeSeq {
  sendS: Float64Array;
  sendSeg: Float64Array;
  retransmit: Uint8Array;
  ackS: Float64Array;
  ackSeg: Float64Array;
  dropS: Float64Array;
  dropSeg: Float64Array;
}

export function timeSeq(trace: TraceData, flow: number, mssBytes: number): TimeSeq {
  const s = trace.send;
  const rows = rowsWhere(s.flow, flow);
  let base = Number.POSITIVE_INFINITY;
  for (let i = 0; i < rows.length; i++) if (s.seq[rows[i]] < base) base = s.seq[rows[i]];
  if (!Number.isFinite(base)) base = 0;
  const seg = (seq: number): number => (seq - base) / mssBytes;
  const sendS = pick(s.tNs, rows, NS_PER_S);
  const sendSeg = new Float64Array(rows.length);
  const retransmit = new Uint8Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    sendSeg[i] = seg(s.seq[rows[i]]);
    retransmit[i] = s.retransmit[rows[i]];
  }
  const a = trace.ack;
  const ackRows = rowsWhere(a.flow, flow);
  const ackSeg = new Float64Array(ackRows.length);
  for (let i = 0; i < ackRows.length; i++) ackSeg[i] = seg(a.ackNo[ackRows[i]]);
  const d = trace.drop;
  const dt: number[] = [];
  const dq: number[] = [];
  for (let i = 0; i < d.tNs.length; i++) {
    if (d.flow[i] !== flow || d.isAck[i] !== 0) continue;
    dt.push(d.tNs[i] / NS_PER_S);
    dq.push(seg(d.seq[i]));
  }
  return { sendS, sendSeg, retransmit, ackS: pick(a.tNs, ackRows, NS_PER_S), ackSeg, dropS: Float64Array.from(dt), dropSeg: Float64Array.from(dq) };
}

/**
 * Points as one SVG path of short vertical strokes, one per pixel column (min to max of the
 * points in it, at least `tickPx` tall): thousands of segments draw as one element and a
 * lone point in a column is never lost. `keep` selects which points take part.
 */
export function columnTicks(tS: Float64Array, v: Float64Array, s: Pick<PathScales, 'x' | 'y'>, tickPx: number, keep?: (i: number) => boolean): string {
  const cols = new Map<number, { lo: number; hi: number }>();
  const { first, last } = visibleRange(tS, s.x);
  const toX = plainLinear(s.x);
  const toY = plainLinear(s.y);
  for (let i = first; i <= last; i++) {
    if (keep && !keep(i)) continue;
    const c = Math.round(toX(tS[i]));
    const py = toY(v[i]);
    if (!Number.isFinite(py)) continue;
    const e = cols.get(c);
    if (!e) cols.set(c, { lo: py, hi: py });
    else {
      if (py < e.lo) e.lo = py;
      if (py > e.hi) e.hi = py;
    }
  }
  const parts: string[] = [];
  for (const [c, { lo, hi }] of cols) {
    const mid = (lo + hi) / 2;
    const half = Math.max(tickPx, hi - lo) / 2;
    parts.push(`M${c},${r1(mid - half)}V${r1(mid + half)}`);
  }
  return parts.join('');
}

/** Index of the last sample at or before t (−1 if none): the value in force at the cursor. */
export function indexAtOrBefore(tS: Float64Array, t: number): number {
  return lastAtOrBefore(tS, (v) => v, t);
}
