/**
 * Charts with several stacked value bands under one time axis (wave levels over receiving
 * rates, bucket level over tokens per RTT …). Every band keeps the shared MARGIN and time
 * scale, so the stacked chart lines up with every other time panel; a second quantity gets a
 * band of its own rather than a right-hand axis, which would need a wider right margin and
 * break that alignment. Also: symbol shapes d3 lacks, a polyline path thinned per pixel column,
 * and a horizontal reference line with a label.
 */
import * as d3 from 'd3';
import { clipToPlot, drawFrame, fitText, layer, MARGIN, type ChartSize, type Group } from './frame.ts';
import { POINTS_PER_COLUMN, visibleRange, type PathScales } from './series.ts';
import type { LinearScale } from './linearScale.ts';

type Svg = d3.Selection<SVGSVGElement, unknown, null, undefined>;

/** A band's pixel extent, top < bottom. */
export interface Band {
  top: number;
  bottom: number;
}

/**
 * The plot area [MARGIN.top + topPx, height − MARGIN.bottom] cut into bands with the given
 * relative heights, `gapPx` apart (room for a band's top tick label).
 */
/**
 * The gap between stacked bands: the lowest tick label of one band and the highest of the next
 * face each other across it, so it is wider than a label is tall (presenter mode's ticks are
 * 22 px: at 18 px the "0" of one band overlapped the top label of the next).
 */
export function bandGapPx(el: Element): number {
  return el.closest('.presenter-mode') ? 30 : 18;
}

export function splitBands(size: ChartSize, weights: readonly number[], gapPx = 18, topPx = 0): Band[] {
  const top = MARGIN.top + topPx;
  const bottom = Math.max(top + weights.length, size.height - MARGIN.bottom);
  const free = Math.max(weights.length, bottom - top - gapPx * (weights.length - 1));
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const out: Band[] = [];
  let y = top;
  for (const w of weights) {
    const h = (free * w) / total;
    out.push({ top: y, bottom: y + h });
    y += h + gapPx;
  }
  return out;
}

/** A value scale from 0 (or `min`) to max over one band, rounded to nice ticks. */
export function bandScale(max: number, band: Band, min = 0): d3.ScaleLinear<number, number> {
  const hi = Number.isFinite(max) && max > min ? max : min + 1;
  return d3.scaleLinear().domain([min, hi]).nice().range([band.bottom, Math.min(band.top, band.bottom - 1)]);
}

/** Roughly one tick per 40 px of band height, at least two. */
const ticksFor = (px: number): number => Math.max(2, Math.floor(px / 40));

/**
 * The frame for stacked bands: drawFrame for the lowest band (x axis, its grid, y axis and
 * label), then a grid, y axis and label per band above it. `bands[i]` goes with `ys[i]` and
 * `labels[i]`; the lowest band is the last.
 */
export function drawBandFrame(svg: Svg, x: LinearScale, ys: readonly LinearScale[], size: ChartSize, labels: readonly string[]): void {
  const last = ys.length - 1;
  const [lastBottom, lastTop] = ys[last].range();
  drawFrame(svg, x, ys[last], size, { x: 'time (s)', y: fitLabel(labels[last], lastBottom - lastTop) });
  const [plotLeft, plotRight] = x.range();
  const upper = layer(svg, 'band-axes');
  const rows = upper
    .selectAll<SVGGElement, number>('g.band-axis')
    .data(ys.slice(0, last).map((_, i) => i))
    .join((enter) =>
      enter
        .append('g')
        .attr('class', 'band-axis')
        .call((g) => g.append('g').attr('class', 'grid'))
        .call((g) => g.append('g').attr('class', 'axis y-axis'))
        .call((g) => g.append('g').attr('class', 'axis-labels').append('text').attr('class', 'y-label').attr('text-anchor', 'middle')),
    );
  rows.each(function (i) {
    const g = d3.select(this);
    const y = ys[i];
    const [bottom, top] = y.range();
    const ticks = y.ticks(ticksFor(bottom - top));
    g.select('g.grid')
      .selectAll('line')
      .data(ticks)
      .join('line')
      .attr('x1', plotLeft)
      .attr('x2', plotRight)
      .attr('y1', (d) => y(d))
      .attr('y2', (d) => y(d));
    g.select<SVGGElement>('g.y-axis')
      .attr('transform', `translate(${plotLeft},0)`)
      .call(d3.axisLeft(y).ticks(ticksFor(bottom - top)).tickSizeOuter(0));
    // a short band cannot hold a long rotated label: it keeps its first words
    g.select<SVGTextElement>('text.y-label')
      .attr('transform', `translate(20,${(top + bottom) / 2}) rotate(-90)`)
      .each(function () {
        fitText(this, fitLabel(labels[i], bottom - top), bottom - top);
      });
  });
}

/** The label, cut at a word boundary to fit `px` at about 8.5 px per character (15 px semibold). */
export function fitLabel(label: string, px: number): string {
  const maxChars = Math.floor(px / 8.5);
  if (label.length <= maxChars) return label;
  const words = label.split(' ');
  let out = '';
  for (const w of words) {
    const next = out ? `${out} ${w}` : w;
    if (next.length > maxChars) break;
    out = next;
  }
  return out || label.slice(0, Math.max(1, maxChars));
}

/**
 * A name cut to fit `px` (as fitLabel) without losing what tells names apart: each part longer
 * than three characters shrinks to its capitals and symbols — "NewReno-LP" → "NR-LP",
 * "NewReno-Ideal-LP" → "NR-I-LP", "Westwood+" → "W+" — and only then is the result cut.
 */
export function abbreviate(label: string, px: number): string {
  const maxChars = Math.floor(px / 8.5);
  if (label.length <= maxChars) return label;
  const short = label.replace(/[^\s\-()]+/g, (part) => {
    if (part.length <= 3) return part;
    const kept = part.replace(/[a-z]/g, '');
    return kept.length > 0 ? kept : part[0];
  });
  // A cut does not end on a separator or an opening bracket.
  return short.length <= maxChars ? short : short.slice(0, Math.max(1, maxChars)).replace(/[\s\-(]+$/, '');
}

/** A horizontal dashed reference line (threshold, depth, permitted rate, B) with a label at its right end. */
export function drawRefLine(g: Group, cls: string, x: LinearScale, yPx: number, label: string, colour: string): void {
  const [plotLeft, plotRight] = x.range();
  const show = Number.isFinite(yPx);
  g.selectAll(`line.${cls}`)
    .data(show ? [yPx] : [])
    .join('line')
    .attr('class', `limit-line ${cls}`)
    .attr('x1', plotLeft)
    .attr('x2', plotRight)
    .attr('y1', (d) => d)
    .attr('y2', (d) => d)
    .style('stroke', colour);
  g.selectAll(`text.${cls}-label`)
    .data(show && label ? [label] : [])
    .join('text')
    .attr('class', `limit-label ${cls}-label`)
    .attr('x', plotRight - 6)
    .attr('y', yPx - 6)
    .attr('text-anchor', 'end')
    .text((d) => d);
}

const SQRT3 = Math.sqrt(3);

/** A downward triangle of the same area as d3.symbolTriangle: decreases and reductions. */
export const symbolTriangleDown: d3.SymbolType = {
  draw(context, size) {
    const y = -Math.sqrt(size / (SQRT3 * 3));
    context.moveTo(0, -y * 2);
    context.lineTo(-SQRT3 * y, y);
    context.lineTo(SQRT3 * y, y);
    context.closePath();
  },
};

/** Path data of a named symbol, centred on 0,0, of the given area (px²). */
export type ShapeName = 'triangle' | 'triangle-down' | 'square' | 'circle' | 'diamond' | 'times' | 'wye';
const SHAPES: Record<ShapeName, d3.SymbolType> = {
  triangle: d3.symbolTriangle,
  'triangle-down': symbolTriangleDown,
  square: d3.symbolSquare,
  circle: d3.symbolCircle,
  diamond: d3.symbolDiamond,
  times: d3.symbolTimes,
  wye: d3.symbolWye,
};
export const shapePath = (shape: ShapeName, area = 90): string => d3.symbol(SHAPES[shape], area)() ?? '';

const r1 = (v: number): number => Math.round(v * 10) / 10;

/**
 * SVG path through the points (tS[i], v[i]) in order, straight segments. Up to
 * `POINTS_PER_COLUMN` points per pixel column are drawn exactly; denser runs keep per column
 * the first, min, max and last point (a column's envelope), so the path grows with the chart's
 * width, not with the run. Points with a non-finite value break the line.
 */
export function polylinePath(tS: ArrayLike<number>, v: ArrayLike<number>, s: Pick<PathScales, 'x' | 'y'>): string {
  if (tS.length === 0) return '';
  // only the window's points, and the neighbour on each side so the line runs off the plot's edges
  const range = visibleRange(tS, s.x);
  const [from, to] = [range.first, range.last];
  const n = to - from + 1;
  const columns = Math.abs(s.x(Math.min(tS[to], range.toS)) - s.x(Math.max(tS[from], range.fromS)));
  const dense = n > Math.max(1, Math.ceil(columns)) * POINTS_PER_COLUMN;
  const parts: string[] = [];
  let pen = false;
  const point = (px: number, py: number): void => {
    parts.push(`${pen ? 'L' : 'M'}${r1(px)},${r1(py)}`);
    pen = true;
  };
  if (!dense) {
    for (let i = from; i <= to; i++) {
      const py = s.y(v[i]);
      if (!Number.isFinite(py)) {
        pen = false;
        continue;
      }
      point(s.x(tS[i]), py);
    }
    return parts.join('');
  }
  let col = Number.NaN;
  let first = 0;
  let lo = 0;
  let hi = 0;
  let last = 0;
  let open = false;
  const flush = (): void => {
    if (!open) return;
    point(col, first);
    if (lo !== first) point(col, lo);
    if (hi !== lo) point(col, hi);
    if (last !== hi) point(col, last);
    open = false;
  };
  for (let i = from; i <= to; i++) {
    const py = s.y(v[i]);
    if (!Number.isFinite(py)) {
      flush();
      pen = false;
      continue;
    }
    const c = Math.floor(s.x(tS[i]));
    if (!open || c !== col) {
      flush();
      col = c;
      first = lo = hi = last = py;
      open = true;
    } else {
      if (py < lo) lo = py;
      if (py > hi) hi = py;
      last = py;
    }
  }
  flush();
  return parts.join('');
}

/** A clip rectangle over the plot's width from `top` to `bottom` px (several bands at once). */
export function clipBands(svg: Svg, id: string, x: LinearScale, top: number, bottom: number): string {
  return clipToPlot(svg, id, x, d3.scaleLinear().range([bottom, top]));
}

/** A bar from t0S to t1S, from the band's baseline up to value. */
export interface Bar {
  t0S: number;
  t1S: number;
  value: number;
}

/**
 * Bars as one SVG path of rectangles. Bars narrower than a pixel are merged per pixel column
 * (the tallest wins), so a run with thousands of bars is a path as wide as the chart, and a
 * lone tall bar in a crowded column is never lost. Bars outside the window are skipped.
 */
export function barsPath(bars: readonly Bar[], x: LinearScale, y: LinearScale): string {
  const [plotLeft, plotRight] = x.range();
  const base = r1(y.range()[0]);
  const parts: string[] = [];
  const narrow = new Map<number, number>();
  for (const b of bars) {
    const x0 = Math.max(plotLeft - 1, x(b.t0S));
    const x1 = Math.min(plotRight + 1, x(b.t1S));
    if (x1 < plotLeft || x0 > plotRight || !(b.value > 0)) continue;
    if (x1 - x0 < 1) {
      const c = Math.floor(x0);
      narrow.set(c, Math.max(narrow.get(c) ?? 0, b.value));
      continue;
    }
    parts.push(`M${r1(x0)},${base}V${r1(y(b.value))}H${r1(x1)}V${base}Z`);
  }
  for (const [c, v] of narrow) parts.push(`M${c},${base}V${r1(y(v))}H${c + 1}V${base}Z`);
  return parts.join('');
}
