/**
 * What every time panel shares: margins, the time scale over the shared window, axes, the drop
 * lane and the time cursor. Charts use the same margins and x range so their time axes line up
 * when stacked, and ChartSvg can turn a pointer position into a time without asking the chart.
 */
import * as d3 from 'd3';
import { causeColour, INK } from '../../catalogue/palette.ts';
import { linearScale, type LinearScale } from './linearScale.ts';
import type { CausedTimes, Span, StepPiece } from './series.ts';

export interface ChartSize {
  width: number;
  height: number;
}

/**
 * `top` leaves room for the drop lane above the plot, `left` for three-digit ticks and a unit
 * label, `bottom` for tick labels and the axis title apart — at presenter size (22 px) too.
 */
export const MARGIN = { top: 34, right: 28, bottom: 58, left: 84 } as const;
/** Vertical centre of the drop lane, above the plot area. */
export const LANE_Y = 16;
/** Marks closer than this (about half a marker's width) are drawn once. */
export const MARK_BIN_PX = 6;

type Svg = d3.Selection<SVGSVGElement, unknown, null, undefined>;
export type Group = d3.Selection<SVGGElement, unknown, null, undefined>;

/** The child `<g class=cls>` of parent, created on first use: renders are idempotent. */
export function layer(parent: Svg | Group, cls: string): Group {
  const existing = parent.select<SVGGElement>(`:scope > g.${cls.split(' ').join('.')}`);
  if (!existing.empty()) return existing as unknown as Group;
  return parent.append('g').attr('class', cls) as unknown as Group;
}

/** A time range in seconds, [start, end). */
export type WindowS = readonly [number, number];

// the frame's scales are linearScale.ts's, not d3-scale's, which the first load does without
export function timeScale(windowS: WindowS, width: number): LinearScale {
  return linearScale().domain([windowS[0], windowS[1]]).range([MARGIN.left, Math.max(MARGIN.left + 1, width - MARGIN.right)]);
}

export function valueScale(max: number, height: number): LinearScale {
  return linearScale()
    .domain([0, Math.max(1, max)])
    .nice()
    .range([Math.max(MARGIN.top + 1, height - MARGIN.bottom), MARGIN.top]);
}

/** Room for roughly one tick per 90 px keeps labels apart at projector font sizes. */
const ticksFor = (px: number, perTick: number): number => Math.max(2, Math.floor(px / perTick));

export function drawFrame(
  svg: Svg,
  x: LinearScale,
  y: LinearScale,
  size: ChartSize,
  labels: { y: string; x: string },
): void {
  svg.attr('viewBox', `0 0 ${size.width} ${size.height}`).attr('width', size.width).attr('height', size.height);
  const [plotBottom, plotTop] = y.range();
  const [plotLeft, plotRight] = x.range();

  const grid = layer(svg, 'grid');
  unlessDrawn(grid, `${scaleKey(y)}|${plotLeft},${plotRight}`, () =>
    grid
      .selectAll('line')
      .data(y.ticks(ticksFor(plotBottom - plotTop, 48)))
      .join('line')
      .attr('x1', plotLeft)
      .attr('x2', plotRight)
      .attr('y1', (d) => y(d))
      .attr('y2', (d) => y(d)),
  );

  const xAxis = layer(svg, 'axis x-axis');
  unlessDrawn(xAxis, `${scaleKey(x)}|${plotBottom}`, () =>
    xAxis.attr('transform', `translate(0,${plotBottom})`).call(d3.axisBottom(x).ticks(ticksFor(plotRight - plotLeft, 90)).tickSizeOuter(0)),
  );
  const yAxis = layer(svg, 'axis y-axis');
  unlessDrawn(yAxis, `${scaleKey(y)}|${plotLeft}`, () =>
    yAxis.attr('transform', `translate(${plotLeft},0)`).call(d3.axisLeft(y).ticks(ticksFor(plotBottom - plotTop, 48)).tickSizeOuter(0)),
  );

  const axisLabels = layer(svg, 'axis-labels');
  axisLabels
    .selectAll('text.x-label')
    .data([labels.x])
    .join('text')
    .attr('class', 'x-label')
    .attr('x', plotRight)
    .attr('y', size.height - 6)
    .attr('text-anchor', 'end')
    .text((d) => d);
  axisLabels
    .selectAll<SVGTextElement, string>('text.y-label')
    .data([labels.y])
    .join('text')
    .attr('class', 'y-label')
    .attr('transform', `translate(20,${(plotTop + plotBottom) / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle')
    .each(function (d) {
      fitText(this, d, plotBottom - plotTop);
    });
}

const LABEL_OVERHANG_PX = 16;

/**
 * What each title element was last fitted to (label, room, presenter type size): the same fit
 * again is skipped. Measuring forces a synchronous layout of the page in the middle of the
 * chart's redraw, and every data redraw (each edit, each progressive result) would refit the
 * same titles to the same room (docs/performance.md).
 */
const fitted = new WeakMap<SVGTextElement, string>();

/**
 * Sets a (rotated) axis title to what fits `px` as drawn — the presenter's 22 px type on a short
 * plot would otherwise run into the next chart: the whole title, else its unit alone ("window
 * (segments)" → "segments": the unit is what a reader cannot guess), else its first words.
 * Where text cannot be measured (no layout), the title is kept whole.
 */
export function fitText(el: SVGTextElement, label: string, px: number): void {
  // a title may overhang its plot by a few pixels at each end (into the margin above, the gap below)
  const room = px + LABEL_OVERHANG_PX;
  // chart text is larger in presenter mode (styles.css), the only thing besides the label and room that changes its width
  const key = `${label}|${room}|${el.closest('.presenter-mode') ? 'presenter' : ''}`;
  if (fitted.get(el) === key) return;
  el.textContent = label;
  if (typeof el.getComputedTextLength !== 'function') return;
  const unit = /\(([^()]+)\)\s*$/.exec(label)?.[1];
  const words = label.split(' ');
  const candidates = [label, ...(unit ? [unit] : []), ...words.map((_, i) => words.slice(0, words.length - 1 - i).join(' ')).filter((w) => w !== '')];
  for (const c of candidates) {
    el.textContent = c;
    const length = el.getComputedTextLength();
    if (length <= room) {
      // zero: not laid out (a hidden panel) — measure again when drawn where it shows
      if (length > 0) fitted.set(el, key);
      return;
    }
  }
  el.textContent = '';
  fitted.set(el, key);
}

/** What each element (a frame layer, a path) was last drawn from (see drawnFrom). */
const drawnInputs = new WeakMap<Element, readonly unknown[]>();

/**
 * Whether `el` was last drawn from the same `inputs` (compared one by one with Object.is);
 * records `inputs` as what it is drawn from now. A comparison filling in redraws its charts at
 * each arrival, and what the runs already in drew mostly stays put.
 */
function drawnFrom(el: Element, inputs: readonly unknown[]): boolean {
  const last = drawnInputs.get(el);
  drawnInputs.set(el, inputs);
  return !!last && last.length === inputs.length && last.every((v, i) => Object.is(v, inputs[i]));
}

/**
 * Draws a frame layer unless it was last drawn for the same `key` (its scale and position): d3's
 * axis rewrites every tick's text, which the browser must then lay out again.
 */
function unlessDrawn(g: Group, key: string, draw: () => void): void {
  const el = g.node();
  if (el && drawnFrom(el, [key])) return;
  draw();
}

/** A linear scale's parameters as one value, for setPath's inputs (scales are made anew at each render). */
export const scaleKey = (s: LinearScale): string => `${s.domain().join(',')}→${s.range().join(',')}`;

/**
 * Sets a path's `d` to `build()`, unless it was last built from the same `inputs` (the series'
 * arrays, scaleKey of each scale, the end time…): the runs already drawn keep their series and
 * mostly their scales, and their paths are then neither rebuilt nor written to the DOM again.
 */
export function setPath(el: SVGPathElement, inputs: readonly unknown[], build: () => string): void {
  if (drawnFrom(el, inputs) && el.hasAttribute('d')) return;
  el.setAttribute('d', build());
}

/**
 * A line drawn as pieces (stepPieces): one path of class `cls` per piece in `group`, each with
 * its dash offset, rebuilt only when `inputs` differ from what they were last drawn from (as
 * setPath; one pieced line per group). Returns the pieces, to style.
 */
export function setPieces(group: SVGGElement, cls: string, inputs: readonly unknown[], build: () => readonly StepPiece[]): d3.Selection<SVGPathElement, StepPiece, SVGGElement, unknown> {
  const pieces = d3.select(group).selectAll<SVGPathElement, StepPiece>(`path.${cls}`);
  if (drawnFrom(group, [cls, ...inputs]) && !pieces.empty()) return pieces;
  return pieces
    .data(build())
    .join('path')
    .attr('class', cls)
    .attr('d', (p) => p.d)
    .attr('stroke-dashoffset', (p) => (p.dashOffsetPx > 0 ? p.dashOffsetPx : null));
}

/** A clip rectangle for the plot area so clamped and overshooting lines never spill onto the axes. */
export function clipToPlot(svg: Svg, id: string, x: LinearScale, y: LinearScale): string {
  const defs = layer(svg, 'defs-holder');
  const [plotBottom, plotTop] = y.range();
  const [plotLeft, plotRight] = x.range();
  defs
    .selectAll('clipPath.plot')
    .data([id])
    .join((enter) => enter.append('clipPath').attr('class', 'plot').call((c) => c.append('rect')))
    .attr('id', (d) => d)
    .select('rect')
    // a little headroom so a line at the top of the domain keeps its full stroke width
    .attr('x', plotLeft)
    .attr('y', plotTop - 4)
    .attr('width', plotRight - plotLeft)
    .attr('height', plotBottom - plotTop + 4)
    // the unrevealed width, which applyReveal narrows to the playhead
    .attr('data-width', plotRight - plotLeft);
  return `url(#${id})`;
}

/**
 * Layers the reveal does not clip. The frame's own, never hidden; a chart marks a reference
 * layer of its own (a queue's limit, a bucket's depth) with the class `ref`, and an extra
 * time-axis overlay that should show ahead of the playhead (timed changes, lesson marks) does
 * too. A `whole` layer holds labels that must not be cut in half: each item with a `data-at`
 * time appears, whole, once the playhead reaches that time.
 */
const UNCLIPPED_LAYERS = ['grid', 'axis', 'axis-labels', 'defs-holder', 'band-axes', 'ref', 'whole'];

/**
 * Labels of a `whole` layer appear once the playhead has passed their right end: a label is
 * never cut in half, and never reaches past the playhead. Where a label ends (`data-at`, a
 * time) is found from its drawn box (or, where nothing is laid out, its length at about 8.5 px
 * per character) only when a reveal needs it: measuring forces the browser to lay the page out,
 * and after an edit the whole run is shown (playback not started), so every label shows
 * without it (docs/performance.md). When it is needed, every label waiting is measured at once (one layout), after the
 * task's drawing (a microtask, before the frame is painted) or at the next playback frame.
 */
export function revealWhenPassed(texts: d3.Selection<SVGTextElement, unknown, SVGGElement, unknown>, x: LinearScale): void {
  texts.each(function () {
    if (unplaced.length === 0) queueMicrotask(placeLabels);
    this.removeAttribute('data-at');
    this.setAttribute(LABEL_ATTR, '');
    unmeasured.set(this, x);
    unplaced.push(this);
  });
}

/** Marks a `whole` layer's label (revealWhenPassed), measured or not. */
const LABEL_ATTR = 'data-reveal-label';
/** Labels whose right end is not yet known, with the time scale they were drawn on. */
const unmeasured = new WeakMap<SVGTextElement, LinearScale>();
/** Labels drawn in this task, shown or hidden by the reveal their chart last applied (placeLabels). */
const unplaced: SVGTextElement[] = [];

function placeLabels(): void {
  const byChart = new Map<SVGSVGElement, SVGTextElement[]>();
  for (const el of unplaced.splice(0)) {
    const svg = el.ownerSVGElement;
    if (svg) byChart.set(svg, [...(byChart.get(svg) ?? []), el]);
  }
  for (const [svg, labels] of byChart) {
    const reveal = lastReveal.get(svg);
    // a chart not yet revealed places its labels when it is (applyReveal)
    if (reveal) showWhenPassed(labels, reveal.untilS, reveal.ahead);
  }
}

/** The reveal each chart was last drawn with, for labels drawn after it (see placeLabels). */
const lastReveal = new WeakMap<SVGSVGElement, { untilS: number; ahead: Ahead }>();

/**
 * `whole` layers' labels, each shown once the playhead is past its right end (`data-at`), or
 * always when what lies ahead is faded or the playhead is at the window's end or beyond. Labels
 * that need their right end and lack it are measured first, all reads before any write.
 */
function showWhenPassed(labels: readonly SVGTextElement[], untilS: number, ahead: Ahead): void {
  const passedAll = (el: SVGTextElement): boolean => {
    const x = unmeasured.get(el);
    // a label lies inside the plot (see each chart), so it ends by the window's end
    return ahead === 'faded' || (x !== undefined && untilS >= x.domain()[1]);
  };
  const toMeasure = labels.filter((el) => !passedAll(el) && unmeasured.has(el));
  const rights = toMeasure.map((el) => {
    const box = typeof el.getBBox === 'function' ? el.getBBox() : null;
    return box && box.width > 0 ? box.x + box.width : Number(el.getAttribute('x')) + 8.5 * (el.textContent?.length ?? 0);
  });
  toMeasure.forEach((el, i) => {
    el.setAttribute('data-at', String((unmeasured.get(el) as LinearScale).invert(rights[i])));
    unmeasured.delete(el);
  });
  for (const el of labels) {
    const shown = passedAll(el) || Number(el.getAttribute('data-at')) <= untilS;
    if ((el.style.display === 'none') === shown) el.style.display = shown ? '' : 'none';
  }
}

/** What a time panel shows of the run after the playhead: nothing, or the rest faded. */
export type Ahead = 'hidden' | 'faded';

/** Opacity of the panel colour laid over what lies ahead of the playhead in 'faded' mode. */
const FADE_OPACITY = 0.72;

/**
 * The reveal: `base` (the chart) shows its data only up to `untilS`. Hidden: every plot clip
 * (clipToPlot) is narrowed to end at the playhead, and every other data layer (the drop lane,
 * labels, strips) gets a clip that does the same — one attribute per clip per frame, whatever
 * the amount of data, so playback stays cheap. Faded: nothing is clipped; a panel-coloured veil
 * in `overlay` (the cursor layer) covers the plot right of the playhead.
 */
export function applyReveal(base: SVGSVGElement, overlay: SVGSVGElement, x: LinearScale, height: number, untilS: number, ahead: Ahead): void {
  const [plotLeft, plotRight] = x.range();
  const px = Math.min(plotRight, Math.max(plotLeft, x(untilS)));
  const hide = ahead === 'hidden' && px < plotRight;
  const svg = d3.select(base);
  svg.selectAll<SVGRectElement, unknown>('g.defs-holder clipPath.plot rect').each(function () {
    const full = Number(this.getAttribute('data-width'));
    const left = Number(this.getAttribute('x'));
    const w = hide ? Math.max(0, Math.min(full, px - left)) : full;
    if (this.getAttribute('width') !== String(w)) this.setAttribute('width', String(w));
  });
  const id = `${base.id || 'chart'}-reveal`;
  layer(svg, 'defs-holder')
    .selectAll('clipPath.reveal')
    .data([id])
    .join((enter) => enter.append('clipPath').attr('class', 'reveal').call((c) => c.append('rect')))
    // set on every call, not only when created: a chart's id changes when progressive results
    // add charts before it (tokens-chart becomes tokens-chart-1), and a stale id clips nothing
    .attr('id', (d) => d)
    .select('rect')
    .attr('x', 0)
    .attr('y', 0)
    .attr('width', hide ? px : Number(svg.attr('width')) || plotRight + MARGIN.right)
    .attr('height', height);
  for (const child of Array.from(base.children)) {
    if (child.tagName !== 'g' || UNCLIPPED_LAYERS.some((c) => child.classList.contains(c))) continue;
    const own = child.getAttribute('clip-path');
    if (own && !child.hasAttribute('data-reveal')) continue; // clipped to the plot: narrowed above
    child.setAttribute('clip-path', `url(#${id})`);
    child.setAttribute('data-reveal', '');
  }
  lastReveal.set(base, { untilS, ahead });
  showWhenPassed(svg.selectAll<SVGTextElement, unknown>(`:scope > g.whole [${LABEL_ATTR}]`).nodes(), untilS, ahead);
  const veil = d3.select(overlay);
  let g = veil.select<SVGGElement>(':scope > g.reveal-veil');
  // first in the overlay, under the cursor line and anything a chart's cursor draws
  if (g.empty()) g = veil.insert('g', ':first-child').attr('class', 'reveal-veil');
  const fade = ahead === 'faded' && px < plotRight;
  g.selectAll('rect')
    .data(fade ? [px] : [])
    .join('rect')
    .attr('x', (d) => d)
    .attr('y', 0)
    .attr('width', (d) => plotRight - d + 4)
    .attr('height', height - MARGIN.bottom)
    .style('fill', 'var(--panel)')
    .style('opacity', FADE_OPACITY);
}

/**
 * Drop marks in the lane above the plot, coloured by ground-truth cause (`colourOf`: as the
 * chart's legend says, never a colour of its lines: dropMarkColours), one per cause and
 * MARK_BIN_PX at most: hundreds of drops in one burst would otherwise stack into a smear.
 */
export function drawDropLane(svg: Svg, x: LinearScale, drops: readonly CausedTimes[], label = 'drops', colourOf: (cause: number) => string = causeColour): void {
  const lane = layer(svg, 'drop-lane');
  const marks: { px: number; colour: string }[] = [];
  const [lo, hi] = x.range();
  const seen = new Set<string>();
  for (const d of drops) {
    for (let i = 0; i < d.tS.length; i++) {
      const px = x(d.tS[i]);
      if (px < lo - 4 || px > hi + 4) continue;
      const id = `${Math.round(px / MARK_BIN_PX)}|${d.cause[i]}`;
      if (seen.has(id)) continue;
      seen.add(id);
      marks.push({ px, colour: colourOf(d.cause[i]) });
    }
  }
  lane
    .selectAll('text.lane-label')
    .data([label])
    .join('text')
    .attr('class', 'lane-label')
    .attr('x', x.range()[0] - 8)
    .attr('y', LANE_Y)
    .attr('dy', '0.35em')
    .attr('text-anchor', 'end')
    .text((d) => d);
  drawMarks(lane, 'path.drop-mark', marks, { cls: 'drop-mark', shape: d3.symbol(d3.symbolTimes, 70)() ?? '', at: (m) => [m.px, LANE_Y], paint: 'stroke', colour: (m) => m.colour });
}

/** How a symbol mark is drawn: its class, shape (a path), position and colour. */
export interface MarkStyle<T> {
  cls: string | ((m: T) => string);
  shape: string | ((m: T) => string);
  at: (m: T) => readonly [number, number];
  /** Filled symbols (triangles, diamonds) or stroked ones (crosses). */
  paint: 'fill' | 'stroke';
  colour: string | ((m: T) => string);
}

/** One symbol per datum in group `g` (joined by data, so re-renders update in place). */
export function drawMarks<T>(g: Group, selector: string, marks: readonly T[], style: MarkStyle<T>): void {
  const value = (v: string | ((m: T) => string), m: T): string => (typeof v === 'string' ? v : v(m));
  g.selectAll<SVGPathElement, T>(selector)
    .data(marks)
    .join('path')
    .attr('class', (m) => value(style.cls, m))
    .attr('d', (m) => value(style.shape, m))
    .attr('transform', (m) => {
      const [px, py] = style.at(m);
      return `translate(${px},${py})`;
    })
    .style(style.paint, (m) => value(style.colour, m));
}

/** Shaded time intervals across the plot's height (recovery periods, channel states). */
export function drawSpans(g: Group, cls: string, x: LinearScale, y: LinearScale, spans: readonly Span[], colour: (s: Span) => string): void {
  const [plotBottom, plotTop] = y.range();
  g.selectAll<SVGRectElement, Span>(`rect.${cls}`)
    .data(spans)
    .join('rect')
    .attr('class', cls)
    .attr('x', (s) => x(s.t0S))
    .attr('width', (s) => Math.max(1, x(s.t1S) - x(s.t0S)))
    .attr('y', plotTop)
    .attr('height', plotBottom - plotTop)
    .style('fill', colour);
}

/** One line of the cursor readout: what a series is worth at the cursor time. */
export interface ReadoutLine {
  text: string;
  colour: string;
}

/**
 * After a chart's readings (drawCursor), one line per compared run still to come, "Reno:
 * updating…", while the cursor is shown: the readout keeps the height the complete picture's
 * lines take (ChartSvg holds it), and those lines name what will fill it instead of leaving a
 * blank band. Nothing while the cursor is hidden (no readings, nothing to stand in for).
 */
export function drawReadoutWaiting(row: HTMLElement, runs: readonly { key: string; label: string; colour: string }[]): void {
  // called on every playback frame: nothing to add and nothing to take away is the usual case
  if (runs.length === 0 && row.querySelector('span.waiting') === null) return;
  const shown = row.querySelector('span.reading') !== null ? runs : [];
  d3.select(row)
    .selectAll<HTMLSpanElement, (typeof runs)[number]>('span.waiting')
    .data(shown, (r) => r.key)
    .join('span')
    .attr('class', 'waiting swatched')
    .style('--series', (r) => r.colour)
    .text((r) => `${r.label}: updating…`);
}

/** The id of the HTML row that holds a chart's cursor readout (ChartSvg renders it above the chart). */
export const readoutRowId = (chartId: string): string => `${chartId}-readout`;

/**
 * The shared time cursor: a vertical line at tS in the chart, and its readout in a fixed row
 * above the chart (not beside the line: there it covered markers, spans and other readouts).
 * Drawn in its own layer so moving the cursor never touches the data layers (playback redraws
 * only this). `svg` is the chart's cursor overlay, `<id>-cursor`.
 */
export function drawCursor(svg: Svg, x: LinearScale, height: number, tS: number | null, lines: readonly ReadoutLine[]): void {
  const g = layer(svg, 'cursor');
  const [plotLeft, plotRight] = x.range();
  const px = tS === null ? NaN : x(tS);
  const visible = Number.isFinite(px) && px >= plotLeft && px <= plotRight;
  g.style('display', visible ? 'inline' : 'none');
  const row = document.getElementById(readoutRowId((svg.attr('id') ?? '').replace(/-cursor$/, '')));
  const all: ReadoutLine[] = visible ? [{ text: `t = ${(tS ?? 0).toFixed(3)} s`, colour: INK }, ...lines] : [];
  // ink-coloured text (Okabe–Ito orange or pink on paper is too faint for small type) behind a
  // swatch in the series' colour; the time comes first, without one
  if (row)
    d3.select(row)
      .selectAll<HTMLSpanElement, ReadoutLine>('span.reading')
      .data(all)
      .join('span')
      .attr('class', (_, i) => (i > 0 ? 'reading swatched' : 'reading'))
      .style('--series', (l) => l.colour)
      .text((l) => l.text);
  if (!visible) return;
  const bottom = height - MARGIN.bottom;
  g.selectAll('line.cursor-line').data([px]).join('line').attr('class', 'cursor-line').attr('x1', px).attr('x2', px).attr('y1', MARGIN.top - 6).attr('y2', bottom);
}
