/** Waiting packets at one link over time, with the buffer limit and the drops it caused. */
import * as d3 from 'd3';
import { clipToPlot, drawDropLane, drawFrame, layer, timeScale, valueScale, type ChartSize } from './frame.ts';
import { finiteMax, stepPath, type StepSeries } from './series.ts';
import { MARK_COLOURS } from './palette.ts';

export interface QueueChartInput {
  durationS: number;
  queue: StepSeries;
  limitPackets: number;
  dropS: Float64Array;
}

export function renderQueueChart(el: SVGSVGElement, input: QueueChartInput, size: ChartSize): void {
  const svg = d3.select(el);
  const x = timeScale(input.durationS, size.width);
  // The limit is always in view: a queue that never fills is itself the lesson.
  const y = valueScale(Math.max(input.limitPackets, finiteMax(input.queue.values)) * 1.1, size.height);
  drawFrame(svg, x, y, size, { x: 'time (s)', y: 'queue (packets)' });
  const clip = clipToPlot(svg, `${el.id || 'queue'}-clip`, x, y);
  const [plotBottom, plotTop] = y.range();
  const [plotLeft, plotRight] = x.range();
  const line = stepPath(input.queue, { x, y, yClamp: [plotTop - 20, plotBottom] }, input.durationS);

  const plot = layer(svg, 'lines').attr('clip-path', clip);
  plot
    .selectAll('path.queue-area')
    .data([line])
    .join('path')
    .attr('class', 'queue-area')
    // close the step line down to the baseline so the backlog reads as a filled area
    .attr('d', (d) => (d ? `${d}V${plotBottom}H${x(input.queue.tS[0] ?? 0)}Z` : ''))
    .attr('fill', MARK_COLOURS.queueFill);
  plot.selectAll('path.queue-line').data([line]).join('path').attr('class', 'queue-line').attr('d', (d) => d).attr('stroke', MARK_COLOURS.queue);

  const limit = layer(svg, 'limit');
  const yLimit = y(input.limitPackets);
  limit
    .selectAll('line.limit-line')
    .data([yLimit])
    .join('line')
    .attr('class', 'limit-line')
    .attr('x1', plotLeft)
    .attr('x2', plotRight)
    .attr('y1', (d) => d)
    .attr('y2', (d) => d)
    .attr('stroke', MARK_COLOURS.limit);
  limit
    .selectAll('text.limit-label')
    .data([`buffer limit ${input.limitPackets} packets`])
    .join('text')
    .attr('class', 'limit-label')
    .attr('x', plotRight - 6)
    .attr('y', yLimit - 7)
    .attr('text-anchor', 'end')
    .text((d) => d);

  drawDropLane(svg, x, [{ tS: input.dropS, colour: MARK_COLOURS.drop }]);
}
