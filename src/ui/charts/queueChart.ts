/**
 * Waiting packets at one link over time, per compared run, with the buffer limit, the drops
 * there coloured by ground-truth cause, and marked packets (ECN / congestion warning) as dots
 * on the queue line.
 */
import * as d3 from 'd3';
import { clipToPlot, drawCursor, drawDropLane, drawFrame, layer, MARK_BIN_PX, scaleKey, setPath, timeScale, valueScale, type ChartSize, type ReadoutLine, type WindowS } from './frame.ts';
import { finiteMax, indexAtOrBefore, stepPath, valueBefore, type CausedTimes, type StepSeries } from './series.ts';
import { MARK_COLOURS } from './palette.ts';

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
}

interface Dot {
  key: string;
  tS: number;
  v: number;
  colour: string;
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
  // built only for a path whose inputs changed (setPath)
  const lines = new Map<QueueSeriesInput, string>();
  const lineOf = (s: QueueSeriesInput): string => {
    let d = lines.get(s);
    if (d === undefined) lines.set(s, (d = stepPath(s.queue, scales, input.endS)));
    return d;
  };
  const inputsOf = (s: QueueSeriesInput): unknown[] => [s.queue.tS, s.queue.values, scaleKey(x), scaleKey(y), input.endS];

  const plot = layer(svg, 'lines').attr('clip-path', clip);
  // A filled area reads as backlog for one run; with several runs areas would hide each other.
  plot
    .selectAll<SVGPathElement, QueueSeriesInput>('path.queue-area')
    .data(single ? input.series : [])
    .join('path')
    .attr('class', 'queue-area')
    // close the step line down to the baseline so the backlog reads as a filled area
    .each(function (s) {
      setPath(this, inputsOf(s), () => {
        const d = lineOf(s);
        return d ? `${d}V${plotBottom}H${x(s.queue.tS[0] ?? 0)}Z` : '';
      });
    })
    .style('fill', MARK_COLOURS.queueFill);
  plot
    .selectAll<SVGPathElement, QueueSeriesInput>('path.queue-line')
    .data(input.series, (s) => s.key)
    .join('path')
    .attr('class', 'queue-line')
    .attr('data-series', (p) => p.label)
    .each(function (s) {
      setPath(this, inputsOf(s), () => lineOf(s));
    })
    .attr('stroke-dasharray', (p) => p.dash)
    .style('stroke', (p) => (single ? MARK_COLOURS.queue : p.colour));

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
  );
}

export function queueReadout(input: QueueChartInput, tS: number): ReadoutLine[] {
  return input.series.map((s) => {
    const i = indexAtOrBefore(s.queue.tS, tS);
    return { text: `${s.label}: ${i < 0 ? 0 : s.queue.values[i]} packets`, colour: s.colour };
  });
}

export function queueCursor(el: SVGSVGElement, input: QueueChartInput, size: ChartSize, tS: number | null): void {
  drawCursor(d3.select(el), timeScale(input.windowS, size.width), size.height, tS, tS === null ? [] : queueReadout(input, tS));
}
