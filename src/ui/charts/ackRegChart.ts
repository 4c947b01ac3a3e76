/**
 * The Ack Regulator at one link: above, the ACKs it holds back, with a tick at the band's foot
 * wherever it released some; below, the buffer it protects — packets queued (area), queued plus
 * the data already-released ACKs will still bring (the occupancy the release rule plans with),
 * and B (and B − reserve, when slots are kept free). Drops at the link are in the lane above:
 * with the regulator they should be rare and single.
 */
import * as d3 from 'd3';
import { bandGapPx, bandScale, clipBands, drawBandFrame, drawRefLine, splitBands } from './bands.ts';
import { drawCursor, drawDropLane, layer, timeScale, type ChartSize, type ReadoutLine, type WindowS } from './frame.ts';
import { INK, MARK_COLOURS, OKABE_ITO } from '../../catalogue/palette.ts';
import { columnTicks, indexAtOrBefore, stepPath, type CausedTimes } from './series.ts';
import type { AckRegSeries } from './ackRegSeries.ts';

export const ACKREG_COLOURS = { held: OKABE_ITO.reddishPurple, release: OKABE_ITO.bluishGreen, queued: MARK_COLOURS.queue, queuedFill: MARK_COLOURS.queueFill, planned: OKABE_ITO.orange } as const;

export interface AckRegChartInput {
  windowS: WindowS;
  endS: number;
  label: string;
  s: AckRegSeries;
  bufferPackets: number;
  reservePackets: number;
  drops: CausedTimes;
  /** Axis tops, shared by small multiples. */
  maxHeld: number;
  maxBuffer: number;
}

export function renderAckRegChart(el: SVGSVGElement, input: AckRegChartInput, size: ChartSize): void {
  const svg = d3.select(el);
  const x = timeScale(input.windowS, size.width);
  const [heldBand, bufBand] = splitBands(size, [1, 1.4], bandGapPx(el));
  const yHeld = bandScale(Math.max(1, input.maxHeld) * 1.1, heldBand);
  const yBuf = bandScale(Math.max(input.bufferPackets, input.maxBuffer) * 1.12, bufBand);
  drawBandFrame(svg, x, [yHeld, yBuf], size, ['held ACKs', 'buffer (pkts)']);
  const clip = clipBands(svg, `${el.id || 'ackreg'}-clip`, x, heldBand.top - 4, bufBand.bottom);
  const plot = layer(svg, 'ackreg-plot').attr('clip-path', clip);
  const [heldBottom, heldTop] = yHeld.range();
  const [bufBottom, bufTop] = yBuf.range();
  const heldScales = { x, y: yHeld, yClamp: [heldTop - 4, heldBottom] as const };
  const bufScales = { x, y: yBuf, yClamp: [bufTop - 4, bufBottom] as const };

  const queued = stepPath(input.s.queued, bufScales, input.endS);
  const first = input.s.queued.tS[0] ?? 0;
  const paths = [
    { cls: 'queued-area', d: queued ? `${queued}V${bufBottom}H${x(first)}Z` : '', fill: ACKREG_COLOURS.queuedFill, stroke: 'none', width: 0, dash: null },
    // thin and under the queue line: it sits on the queue whenever nothing is expected
    { cls: 'planned-line', d: stepPath(input.s.planned, bufScales, input.endS), fill: 'none', stroke: ACKREG_COLOURS.planned, width: 1.5, dash: null },
    { cls: 'queued-line', d: queued, fill: 'none', stroke: ACKREG_COLOURS.queued, width: 2, dash: null },
    { cls: 'held-line', d: stepPath(input.s.held, heldScales, input.endS), fill: 'none', stroke: ACKREG_COLOURS.held, width: 2, dash: null },
    {
      cls: 'release-ticks',
      d: columnTicks(input.s.releaseS, input.s.releaseS, { x, y: () => heldBottom - 4 }, 8),
      fill: 'none',
      stroke: ACKREG_COLOURS.release,
      width: 1.6,
      dash: null,
    },
  ];
  plot
    .selectAll<SVGPathElement, (typeof paths)[number]>('path.ackreg-path')
    .data(paths, (p) => p.cls)
    .join('path')
    .attr('class', (p) => `ackreg-path ${p.cls}`)
    .attr('d', (p) => p.d)
    .attr('opacity', (p) => (p.cls === 'queued-area' ? 0.35 : null))
    .attr('stroke-width', (p) => p.width)
    .attr('stroke-dasharray', (p) => p.dash)
    .attr('stroke-linejoin', 'round')
    .style('fill', (p) => p.fill)
    .style('stroke', (p) => p.stroke);

  const refs = layer(svg, 'ackreg-refs ref');
  drawRefLine(refs, 'b-line', x, yBuf(input.bufferPackets), `B = ${input.bufferPackets} packets`, INK);
  const planLimit = input.bufferPackets - input.reservePackets;
  drawRefLine(refs, 'reserve-line', x, input.reservePackets > 0 ? yBuf(planLimit) : Number.NaN, `B − reserve = ${planLimit}`, INK);

  drawDropLane(svg, x, [input.drops], 'drops');
}

export function ackRegReadout(input: AckRegChartInput, tS: number): ReadoutLine[] {
  const s = input.s;
  const i = indexAtOrBefore(s.held.tS, tS);
  if (i < 0) return [{ text: 'no ACK regulated yet', colour: INK }];
  const k = indexAtOrBefore(s.releaseS, tS);
  const released = k < 0 ? 0 : s.releasedSoFar[k];
  return [
    { text: `holding ${s.held.values[i]} ACKs (${released} released so far)`, colour: INK },
    { text: `buffer ${s.queued.values[i]} queued + ${s.expected.values[i]} expected of B = ${input.bufferPackets}`, colour: INK },
  ];
}

export function ackRegCursor(el: SVGSVGElement, input: AckRegChartInput, size: ChartSize, tS: number | null): void {
  drawCursor(d3.select(el), timeScale(input.windowS, size.width), size.height, tS, tS === null ? [] : ackRegReadout(input, tS));
}
