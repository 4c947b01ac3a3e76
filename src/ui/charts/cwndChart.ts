/**
 * The window (thick: cwnd without Reno-style fast-recovery inflation, see CwndSeries) and
 * ssthresh (thin, dashed) per flow over time, optionally the inflated cwnd (thin, dotted), in segments, with loss-recovery
 * markers (fast retransmit ▲, timeout ◆), shaded recovery periods and the drop lane coloured
 * by ground-truth cause. Compared variants differ by colour and by the cwnd line's dash.
 */
import * as d3 from 'd3';
import { clipToPlot, revealWhenPassed, drawCursor, drawDropLane, drawFrame, drawMarks, drawSpans, layer, MARK_BIN_PX, scaleKey, setPath, setPieces, timeScale, valueScale, type ChartSize, type ReadoutLine, type WindowS } from './frame.ts';
import { finiteArgMax, finiteMax, indexAtOrBefore, stepPath, stepPieces, timeWeightedQuantile, valueBefore, type CausedTimes, type CwndSeries, type Span } from './series.ts';
import { dropMarkColours, MARK_COLOURS } from '../../catalogue/palette.ts';
import { int } from '../../catalogue/format.ts';
import { answerMask, MASKED_TEXT } from '../state/answerMask.ts';

export interface CwndFlowInput {
  key: string;
  /** Legend / readout name: "flow1" or "flow1 · Reno" in compare mode. */
  label: string;
  colour: string;
  /** SVG dash array of the cwnd line, null = solid. */
  dash: string | null;
  series: CwndSeries;
  fastRetransmitS: Float64Array;
  timeoutS: Float64Array;
  drops: CausedTimes;
  recoveries: Span[];
}

export interface CwndChartInput {
  windowS: WindowS;
  /** End of the run: the last value holds until here. */
  endS: number;
  flows: CwndFlowInput[];
  /** Top of the y axis in segments (see cwndYRange); anything above is marked as off scale. */
  yMax: number;
  /** Also draw cwnd as RFC 5681's fast recovery holds it, inflated by one segment per duplicate ACK. */
  showInflated?: boolean;
  /** A lesson question asks for ssthresh: its line is not drawn until answered (state/answerMask.ts). */
  maskSsthresh?: boolean;
  /**
   * Every line colour of the panel this chart belongs to (all its small multiples): the drop marks
   * avoid all of them, so each multiple's marks take the colours the panel's legend shows.
   */
  markLines?: readonly string[];
}

/** The drop marks' colour per cause, as this chart draws them and the panel's legend shows them. */
export function cwndDropColours(input: Pick<CwndChartInput, 'flows' | 'markLines'>): (cause: number) => string {
  return dropMarkColours(input.markLines ?? input.flows.map((f) => f.colour));
}

/** One sentence on what the opt-in layer is (the toggle's title and the readout's words agree with it). */
export const INFLATED_CWND_NOTE =
  'During Reno and NewReno fast recovery the RFC sender adds one segment to cwnd for every duplicate ACK (a segment has left the network), so cwnd spikes while the window it reasons with stays at ssthresh; the dotted line shows that inflated cwnd.';

/** Does any flow's cwnd ever differ from its plotted window (was anything inflated)? */
export function hasInflation(flows: readonly Pick<CwndFlowInput, 'series'>[]): boolean {
  return flows.some((f) => f.series.inflatedSeg !== undefined && f.series.inflatedSeg !== f.series.cwndSeg);
}

interface Marker {
  key: string;
  kind: 'fast-retransmit' | 'timeout';
  tS: number;
  seg: number;
}

export interface CwndYRange {
  /** Everything in view. */
  full: number;
  /** The range cwnd spends most of its time in; equals `full` unless a short excursion dwarfs it. */
  focused: number;
  /** Where the sawtooth lives (1.7 × the largest 90th percentile): `focused` unless that falls back to `full` (focusedRange). */
  sawtooth: number;
}

/** The focused range: the sawtooth's, when the full range dwarfs it; else the full range. */
export function focusedRange(full: number, sawtooth: number): number {
  return sawtooth > 0 && sawtooth < full / 1.5 ? sawtooth : full;
}

/**
 * Before the first loss ssthresh is often huge (the receive window or ∞), and a long fast
 * recovery can inflate cwnd tenfold for a few seconds; either would flatten the sawtooth the
 * panel is about. Only ssthresh values within reach of cwnd count, and when cwnd's peak is
 * far above where it spends 90% of the time the focused range cuts it off (the chart then
 * labels the peak, and the panel offers the full range).
 *
 * Computed over the time window shown (`windowS`, default the whole run): zoomed into a few
 * seconds of sawtooth, the axis fits that sawtooth, not an excursion elsewhere in the run.
 */
export function cwndYRange(flows: readonly Pick<CwndFlowInput, 'series'>[], durationS: number, windowS: WindowS = [0, durationS]): CwndYRange {
  const [fromS, toS] = [Math.max(0, windowS[0]), Math.min(durationS, windowS[1])];
  const shown = flows.map((f) => inWindow(f.series, fromS, toS));
  let cwndMax = 0;
  let typical = 0;
  flows.forEach((f, i) => {
    const own = cwndStats(f.series, shown[i], fromS, toS);
    cwndMax = Math.max(cwndMax, own.max);
    typical = Math.max(typical, own.typical);
  });
  let ssMax = 0;
  for (const f of shown) ssMax = Math.max(ssMax, finiteMax(f.ssthreshSeg, cwndMax * 1.5));
  const full = Math.max(cwndMax, ssMax, 1) * 1.08;
  const sawtooth = typical * 1.7;
  return { full, focused: focusedRange(full, sawtooth), sawtooth };
}

/** A series' cwnd peak and 90th percentile over the window it was last asked for (the window is part of the key). */
const statsCache = new WeakMap<CwndSeries, { fromS: number; toS: number; max: number; typical: number }>();

/**
 * One series' cwnd peak and time-weighted 90th percentile over [fromS, toS], kept per series:
 * a comparison filling in recomputes the range at each arrival, and the runs already in (whose
 * series are built once per result) need not be summed again.
 */
function cwndStats(series: CwndSeries, shown: CwndSeries, fromS: number, toS: number): { max: number; typical: number } {
  const hit = statsCache.get(series);
  if (hit && hit.fromS === fromS && hit.toS === toS) return hit;
  const stats = { fromS, toS, max: finiteMax(shown.cwndSeg), typical: timeWeightedQuantile({ tS: shown.tS, values: shown.cwndSeg }, toS, 0.9) };
  statsCache.set(series, stats);
  return stats;
}

/**
 * Fills cwndStats' cache for a run's series over the whole run (0 … endS), the window a
 * comparison is usually shown in, as the run arrives (state/prepare.ts): the complete picture's
 * axis then sums only the last run, on the stretch where every core but one is idle. Another
 * window misses the cache and is summed at render, as before.
 */
export function prepareCwndStats(series: CwndSeries, endS: number): void {
  cwndStats(series, inWindow(series, 0, endS), 0, endS);
}

/** The samples that hold during [fromS, toS]: the one in force at fromS (its time moved up to fromS), then those up to toS. */
function inWindow(s: CwndSeries, fromS: number, toS: number): CwndSeries {
  if (s.tS.length === 0 || (fromS <= s.tS[0] && toS >= s.tS[s.tS.length - 1])) return s;
  const first = Math.max(0, indexAtOrBefore(s.tS, fromS));
  const end = Math.max(first + 1, indexAtOrBefore(s.tS, toS) + 1);
  const tS = s.tS.slice(first, end);
  tS[0] = Math.max(tS[0], fromS);
  return { tS, cwndSeg: s.cwndSeg.subarray(first, end), ssthreshSeg: s.ssthreshSeg.subarray(first, end) };
}

interface OffScale {
  key: string;
  tS: number;
  peak: number;
}

/** Where each cwnd series peaks, found once per series: every redraw of a comparison asks again for the runs already in. */
const peaks = new WeakMap<Float64Array, number>();

/** The highest point of each flow's cwnd that lies above the axis, so the chart can say so. */
function offScalePeaks(flows: readonly CwndFlowInput[], top: number, inflated: boolean): OffScale[] {
  const out: OffScale[] = [];
  for (const f of flows) {
    const v = inflated ? (f.series.inflatedSeg ?? f.series.cwndSeg) : f.series.cwndSeg;
    let best = peaks.get(v);
    if (best === undefined) peaks.set(v, (best = finiteArgMax(v)));
    if (best >= 0 && v[best] > top) out.push({ key: f.key, tS: f.series.tS[best], peak: v[best] });
  }
  return out;
}

export function renderCwndChart(el: SVGSVGElement, input: CwndChartInput, size: ChartSize): void {
  const svg = d3.select(el);
  const x = timeScale(input.windowS, size.width);
  const y = valueScale(input.yMax, size.height);
  drawFrame(svg, x, y, size, { x: 'time (s)', y: 'window (segments)' });
  // the axis top as a number, for the browser tests (the tick labels round it)
  el.setAttribute('data-y-max', String(input.yMax));
  const clip = clipToPlot(svg, `${el.id || 'cwnd'}-clip`, x, y);
  const [plotBottom, plotTop] = y.range();
  const scales = { x, y, yClamp: [plotTop - 20, plotBottom] as const };

  const spans = layer(svg, 'spans').attr('clip-path', clip);
  drawSpans(spans, 'recovery-span', x, y, input.flows.flatMap((f) => f.recoveries), () => MARK_COLOURS.recovery);

  const lines = layer(svg, 'lines').attr('clip-path', clip);
  const flowGroups = lines
    .selectAll<SVGGElement, CwndFlowInput>('g.flow')
    .data(input.flows, (f) => f.key)
    .join((enter) =>
      enter
        .append('g')
        .attr('class', 'flow')
        // the cwnd line's pieces (setPieces) follow
        .call((g) => g.append('path').attr('class', 'ssthresh-line')),
    )
    .attr('data-series', (f) => f.label);
  const scaleKeys = [scaleKey(x), scaleKey(y), input.endS];
  flowGroups
    .select<SVGPathElement>('path.ssthresh-line')
    .style('stroke', (f) => f.colour)
    .each(function (f) {
      // a lesson asking for ssthresh keeps its line off until answered (state/answerMask.ts)
      setPath(this, [f.series.tS, f.series.ssthreshSeg, input.maskSsthresh === true, ...scaleKeys], () => (input.maskSsthresh ? '' : stepPath({ tS: f.series.tS, values: f.series.ssthreshSeg }, scales, input.endS)));
    });
  // the densest lines of the page, in pieces: see stepPieces
  flowGroups.each(function (f) {
    setPieces(this, 'cwnd-line', [f.series.tS, f.series.cwndSeg, ...scaleKeys], () => stepPieces({ tS: f.series.tS, values: f.series.cwndSeg }, scales, input.endS))
      .style('stroke', f.colour)
      .attr('stroke-dasharray', f.dash);
  });

  flowGroups.each(function (f) {
    const inflated = input.showInflated && f.series.inflatedSeg !== undefined && f.series.inflatedSeg !== f.series.cwndSeg ? f.series.inflatedSeg : null;
    const line = d3.select(this).selectAll<SVGPathElement, Float64Array>('path.inflated-line').data(inflated ? [inflated] : []);
    line.exit().remove();
    line
      .enter()
      .append('path')
      .attr('class', 'inflated-line')
      .merge(line)
      .style('stroke', f.colour)
      .each(function (v) {
        setPath(this, [f.series.tS, v, ...scaleKeys], () => stepPath({ tS: f.series.tS, values: v }, scales, input.endS));
      });
  });

  // One marker per flow, kind and marker-wide bin (the highest): a run with hundreds of
  // recoveries would otherwise paint a grey smear of overlapping triangles.
  const byColumn = new Map<string, Marker>();
  const [lo, hi] = x.range();
  for (const f of input.flows) {
    const at = (kind: Marker['kind'], times: Float64Array): void => {
      for (const tS of times) {
        const px = x(tS);
        if (px < lo || px > hi) continue;
        const m = { key: f.key, kind, tS, seg: valueBefore(f.series.tS, f.series.cwndSeg, tS) };
        const id = `${f.key}|${kind}|${Math.round(px / MARK_BIN_PX)}`;
        const prev = byColumn.get(id);
        if (!prev || m.seg > prev.seg) byColumn.set(id, m);
      }
    };
    at('fast-retransmit', f.fastRetransmitS);
    at('timeout', f.timeoutS);
  }
  const markers = [...byColumn.values()];
  const triangle = d3.symbol(d3.symbolTriangle, 90)() ?? '';
  const diamond = d3.symbol(d3.symbolDiamond, 130)() ?? '';
  drawMarks(layer(svg, 'markers').attr('clip-path', clip), 'path.marker', markers, {
    cls: (m) => `marker ${m.kind}`,
    shape: (m) => (m.kind === 'timeout' ? diamond : triangle),
    // lifted above the line so the marker does not hide the peak it annotates
    at: (m) => [x(m.tS), Math.max(plotTop + 6, y(m.seg) - 9)],
    paint: 'fill',
    colour: (m) => (m.kind === 'timeout' ? MARK_COLOURS.timeout : MARK_COLOURS.fastRetransmit),
  });

  const top = y.domain()[1];
  const [plotLeft, plotRight] = x.range();
  const visiblePeaks = offScalePeaks(input.flows, top, input.showInflated === true).filter((o) => o.tS >= input.windowS[0] && o.tS <= input.windowS[1]);
  const offscale = layer(svg, 'offscale whole')
    .selectAll<SVGTextElement, OffScale>('text.offscale-label')
    .data(visiblePeaks.slice(0, 1), (o) => o.key)
    .join('text')
    .attr('class', 'offscale-label')
    // just right of the peak, unless that would run off the plot
    .attr('x', (o) => (x(o.tS) < (plotLeft + plotRight) / 2 ? x(o.tS) + 8 : x(o.tS) - 8))
    .attr('text-anchor', (o) => (x(o.tS) < (plotLeft + plotRight) / 2 ? 'start' : 'end'))
    .attr('y', plotBottom - 8)
    .text((o) => `↑ off scale: ${int(o.peak)} seg at ${o.tS.toFixed(1)} s`);
  revealWhenPassed(offscale as unknown as d3.Selection<SVGTextElement, unknown, SVGGElement, unknown>, x);

  drawDropLane(
    svg,
    x,
    input.flows.map((f) => f.drops),
    'drops',
    cwndDropColours(input),
  );
}

/** The window and ssthresh of every flow at the cursor, and the inflated cwnd where it differs. */
export function cwndReadout(input: CwndChartInput, tS: number): ReadoutLine[] {
  return input.flows.map((f) => {
    const i = indexAtOrBefore(f.series.tS, tS);
    if (i < 0) return { text: `${f.label}: not started`, colour: f.colour };
    const ss = f.series.ssthreshSeg[i];
    const w = f.series.cwndSeg[i];
    const inflated = f.series.inflatedSeg?.[i] ?? w;
    const extra = inflated !== w ? ` (inflated cwnd ${inflated.toFixed(1)})` : '';
    // a captured connection's window is its bytes in flight, and its ssthresh is not on the wire (ui/traces)
    if (f.key.startsWith('captured/')) return { text: `${f.label}: bytes in flight ${w.toFixed(1)}`, colour: f.colour };
    const masked = answerMask.get();
    const window = masked.has('window') ? MASKED_TEXT : `${w.toFixed(1)}${extra}`;
    const ssText = masked.has('ssthresh') || input.maskSsthresh ? MASKED_TEXT : Number.isFinite(ss) ? ss.toFixed(1) : '∞';
    return { text: `${f.label}: window ${window}, ssthresh ${ssText}`, colour: f.colour };
  });
}

export function cwndCursor(el: SVGSVGElement, input: CwndChartInput, size: ChartSize, tS: number | null): void {
  drawCursor(d3.select(el), timeScale(input.windowS, size.width), size.height, tS, tS === null ? [] : cwndReadout(input, tS));
}
