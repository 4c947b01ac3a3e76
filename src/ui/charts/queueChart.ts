/**
 * Waiting packets at one link over time, per compared run, with the buffer limit, the drops
 * there coloured by ground-truth cause, and marked packets (ECN / congestion warning) as dots
 * on the queue line.
 */
import * as d3 from 'd3';
import { clipToPlot, drawCursor, drawDropLane, drawFrame, layer, MARK_BIN_PX, scaleKey, setPieces, timeScale, valueScale, type ChartSize, type ReadoutLine, type WindowS } from './frame.ts';
import { finiteMax, indexAtOrBefore, stepPath, stepPieces, valueBefore, type CausedTimes, type StepPiece, type StepSeries } from './series.ts';
import { dropMarkColours, MARK_COLOURS } from '../../catalogue/palette.ts';

export interface QueueSeriesInput {
  key: string;
  label: string;
  colour: string;
  dash: string | null;
  queue: StepSeries;
  drops: CausedTimes;
  marksS: Float64Array;
}

export interface QueueChartInput {
  windowS: WindowS;
  endS: number;
  series: QueueSeriesInput[];
  /** The buffer limit over time: one step unless a timed change moved it. */
  limit: StepSeries;
  /**
   * Every line colour of the panel this chart belongs to (all its small multiples): the drop marks
   * avoid all of them, so each multiple's marks take the colours the panel's legend shows.
   */
  markLines?: readonly string[];
}

/** The colour and dash a series' line is drawn in: the queue's own blue in a chart of one series, else its run's. */
export function queueLineStyle(input: Pick<QueueChartInput, 'series'>, s: Pick<QueueSeriesInput, 'colour' | 'dash'>): { colour: string; dash: string | null } {
  return { colour: input.series.length === 1 ? MARK_COLOURS.queue : s.colour, dash: s.dash };
}

/** The drop marks' colour per cause, as this chart draws them and the panel's legend shows them. */
export function queueDropColours(input: QueueChartInput): (cause: number) => string {
  return dropMarkColours(input.markLines ?? input.series.map((s) => queueLineStyle(input, s).colour));
}

interface Dot {
  key: string;
  tS: number;
  v: number;
  colour: string;
}

/** A piece of a step line (it starts `M x,y`) closed straight down to `bottomPx` and back along it: the area under it. */
export function closedDown(d: string, bottomPx: number): string {
  const startX = /^M([^,]+),/.exec(d)?.[1];
  return startX === undefined ? '' : `${d}V${bottomPx}H${startX}Z`;
}

export function renderQueueChart(el: SVGSVGElement, input: QueueChartInput, size: ChartSize): void {
  const svg = d3.select(el);
  const x = timeScale(input.windowS, size.width);
  // The limit is always in view: a queue that never fills is itself the lesson.
  const top = Math.max(finiteMax(input.limit.values), ...input.series.map((s) => finiteMax(s.queue.values)));
  const y = valueScale(top * 1.1, size.height);
  drawFrame(svg, x, y, size, { x: 'time (s)', y: 'queue (packets)' });
  const clip = clipToPlot(svg, `${el.id || 'queue'}-clip`, x, y);
  const [plotBottom, plotTop] = y.range();
  const [plotLeft, plotRight] = x.range();
  const scales = { x, y, yClamp: [plotTop - 20, plotBottom] as const };
  const single = input.series.length === 1;
  // built only for a line whose inputs changed (setPieces), once for its line and its area
  const lines = new Map<QueueSeriesInput, readonly StepPiece[]>();
  const piecesOf = (s: QueueSeriesInput): readonly StepPiece[] => {
    let pieces = lines.get(s);
    if (pieces === undefined) lines.set(s, (pieces = stepPieces(s.queue, scales, input.endS)));
    return pieces;
  };
  const inputsOf = (s: QueueSeriesInput): unknown[] => [s.queue.tS, s.queue.values, scaleKey(x), scaleKey(y), input.endS];

  // Lines (and the area) in pieces, like the cwnd lines (see stepPieces): a queue swinging
  // between empty and full draws a full-height stroke in nearly every pixel column, which whole
  // lines make every raster tile stroke again.
  const plot = layer(svg, 'lines').attr('clip-path', clip);
  // A filled area reads as backlog for one run; with several runs areas would hide each other.
  plot
    .selectAll<SVGGElement, QueueSeriesInput>('g.queue-backlog')
    .data(single ? input.series : [], (s) => s.key)
    // under the lines, whenever it appears
    .join((enter) => enter.insert('g', ':first-child'))
    .attr('class', 'queue-backlog')
    .each(function (s) {
      // each piece closed down to the baseline: the backlog as a filled area
      setPieces(this, 'queue-area', inputsOf(s), () => piecesOf(s).map((p) => ({ d: closedDown(p.d, plotBottom), dashOffsetPx: 0 }))).style('fill', MARK_COLOURS.queueFill);
    });
  plot
    .selectAll<SVGGElement, QueueSeriesInput>('g.queue-series')
    .data(input.series, (s) => s.key)
    .join('g')
    .attr('class', 'queue-series')
    .attr('data-series', (p) => p.label)
    .each(function (s) {
      const style = queueLineStyle(input, s);
      setPieces(this, 'queue-line', inputsOf(s), () => piecesOf(s))
        .attr('stroke-dasharray', style.dash)
        .style('stroke', style.colour);
    });

  const dots: Dot[] = [];
  for (const s of input.series) {
    const seen = new Set<number>();
    for (const tS of s.marksS) {
      const px = x(tS);
      if (px < plotLeft || px > plotRight) continue;
      const bin = Math.round(px / MARK_BIN_PX);
      if (seen.has(bin)) continue;
      seen.add(bin);
      dots.push({ key: s.key, tS, v: valueBefore(s.queue.tS, s.queue.values, tS), colour: MARK_COLOURS.mark });
    }
  }
  layer(svg, 'marks')
    .attr('clip-path', clip)
    .selectAll<SVGCircleElement, Dot>('circle.ecn-mark')
    .data(dots)
    .join('circle')
    .attr('class', 'ecn-mark')
    .attr('r', 4)
    .attr('cx', (d) => x(d.tS))
    .attr('cy', (d) => y(d.v))
    .style('fill', (d) => d.colour);

  const limit = layer(svg, 'limit ref');
  // a horizontal line, or steps where a timed change moved the limit mid-run
  limit
    .selectAll('path.limit-line')
    .data([stepPath(input.limit, scales, Math.max(input.endS, input.windowS[1]))])
    .join('path')
    .attr('class', 'limit-line')
    .attr('clip-path', clip)
    .attr('d', (d) => d)
    .style('fill', 'none')
    .style('stroke', MARK_COLOURS.limit);
  // the label names the limit in force at the right edge of the window shown
  const shownLimit = valueBefore(input.limit.tS, input.limit.values, Math.min(input.windowS[1], input.endS));
  limit
    .selectAll('text.limit-label')
    .data([`buffer limit ${shownLimit} packets`])
    .join('text')
    .attr('class', 'limit-label')
    .attr('x', plotRight - 6)
    // above the line in the headroom, or under it when the limit steps: the timed-change
    // marker's own label sits at the top of the plot there
    .attr('y', input.limit.tS.length > 1 ? y(shownLimit) + 17 : y(shownLimit) - 7)
    .attr('text-anchor', 'end')
    .text((d) => d);

  drawDropLane(
    svg,
    x,
    input.series.map((s) => s.drops),
    'drops',
    queueDropColours(input),
  );
}

export function queueReadout(input: QueueChartInput, tS: number): ReadoutLine[] {
  return input.series.map((s) => {
    const i = indexAtOrBefore(s.queue.tS, tS);
    return { text: `${s.label}: ${i < 0 ? 0 : s.queue.values[i]} packets`, colour: queueLineStyle(input, s).colour };
  });
}

export function queueCursor(el: SVGSVGElement, input: QueueChartInput, size: ChartSize, tS: number | null): void {
  drawCursor(d3.select(el), timeScale(input.windowS, size.width), size.height, tS, tS === null ? [] : queueReadout(input, tS));
}
