/**
 * The Chiu–Jain vector diagram of two flows sharing a bottleneck: flow 1's rate across, flow 2's
 * up, one point per time bin, joined in time order. The diagonal x = y is the fairness line,
 * x + y = C the efficiency line (the bottleneck's rate); AIMD walks the point toward where they
 * cross. Drawn up to the playhead, so the trajectory grows as the run plays.
 */
import * as d3 from 'd3';
import { CA_STATES, type TraceData } from '../../engine/core/trace.ts';
import { layer, type ChartSize } from './frame.ts';
import { MARK_HUES, OKABE_ITO } from '../../catalogue/palette.ts';

export interface RatePoint {
  /** End of the bin. */
  tS: number;
  x: number;
  y: number;
}

export interface RatesInput {
  points: RatePoint[];
  /** The efficiency line: the bottleneck's rate, Mb/s. */
  capacityMbps: number;
  /** The axes' top (ratesScaleMax of the points), found once per run: the cursor is redrawn every playback frame. */
  scaleMaxMbps: number;
  xLabel: string;
  yLabel: string;
}

/** Delivered rate (Mb/s) of flows 0 and 1 per bin, from the ACKs: cumulative bytes acknowledged. */
export function ratePoints(trace: TraceData, endS: number, binS: number): RatePoint[] {
  const bins = Math.max(1, Math.floor(endS / binS));
  // highest cumulative ACK per flow and bin; NaN until the flow's first ACK (its start is not
  // byte 0 of the run: rates count from the first ACK on)
  const acked = [new Float64Array(bins + 1).fill(NaN), new Float64Array(bins + 1).fill(NaN)];
  const a = trace.ack;
  for (let i = 0; i < a.tNs.length; i++) {
    const f = a.flow[i];
    if (f !== 0 && f !== 1) continue;
    const b = Math.min(bins, Math.floor(a.tNs[i] / 1e9 / binS) + 1);
    if (Number.isNaN(acked[f][0])) acked[f].fill(a.ackNo[i], 0, b);
    acked[f][b] = Number.isNaN(acked[f][b]) ? a.ackNo[i] : Math.max(acked[f][b], a.ackNo[i]);
  }
  for (const f of acked) for (let b = 1; b <= bins; b++) f[b] = Number.isNaN(f[b]) ? f[b - 1] : Math.max(f[b], f[b - 1]);
  const rate = (f: Float64Array, b: number): number => (Number.isNaN(f[b]) || Number.isNaN(f[b - 1]) ? 0 : ((f[b] - f[b - 1]) * 8) / binS / 1e6);
  const out: RatePoint[] = [];
  for (let b = 1; b <= bins; b++) out.push({ tS: b * binS, x: rate(acked[0], b), y: rate(acked[1], b) });
  return out;
}

const M = { top: 16, right: 24, bottom: 52, left: 64 };

/**
 * The axes' top, Mb/s: the efficiency line with room to spare, or more if over 5 % of the bins
 * really lie beyond it. Not the single highest bin: a cumulative ACK jumps when a recovery fills
 * its hole (everything the receiver held counts in that bin), and one such 17 Mb/s bin on a
 * 2 Mb/s link squeezed the whole trajectory into a corner. Bins beyond are drawn on the border.
 */
export function ratesScaleMax(points: readonly RatePoint[], capacityMbps: number): number {
  const peaks = points.map((p) => Math.max(p.x, p.y)).sort((a, b) => a - b);
  const p95 = peaks.length > 0 ? peaks[Math.min(peaks.length - 1, Math.floor(0.95 * peaks.length))] : 0;
  return Math.max(capacityMbps * 1.25, p95 * 1.05, 1e-3);
}

/** Bins beyond the axes (see ratesScaleMax), and the highest rate among them. */
export function offScale(points: readonly RatePoint[], max: number): { count: number; peakMbps: number } {
  let count = 0;
  let peakMbps = 0;
  for (const p of points) {
    const v = Math.max(p.x, p.y);
    if (v <= max) continue;
    count++;
    peakMbps = Math.max(peakMbps, v);
  }
  return { count, peakMbps };
}

/**
 * Whether every bin beyond the axes is one where that flow left recovery or the loss state: the
 * hole filled, and the cumulative ACK jumped over everything the receiver had held. Only then may
 * the panel say so.
 */
export function offScaleAtRepairs(trace: TraceData, points: readonly RatePoint[], max: number, binS: number): boolean {
  const c = trace.castate;
  const left = (flow: number, fromS: number, toS: number): boolean => {
    for (let i = 0; i < c.tNs.length; i++) {
      const t = c.tNs[i] / 1e9;
      const from = CA_STATES[c.from[i]];
      if (c.flow[i] === flow && t > fromS && t <= toS && (from === 'recovery' || from === 'loss')) return true;
    }
    return false;
  };
  return points.every((p) => (p.x <= max || left(0, p.tS - binS, p.tS)) && (p.y <= max || left(1, p.tS - binS, p.tS)));
}

function scales(input: RatesInput, size: ChartSize) {
  const max = input.scaleMaxMbps;
  const side = Math.max(40, Math.min(size.width - M.left - M.right, size.height - M.top - M.bottom));
  const x = d3.scaleLinear().domain([0, max]).range([M.left, M.left + side]);
  const y = d3.scaleLinear().domain([0, max]).range([M.top + side, M.top]);
  return { x, y, max };
}

export function renderRates(el: SVGSVGElement, input: RatesInput, size: ChartSize): void {
  const svg = d3.select(el).attr('viewBox', `0 0 ${size.width} ${size.height}`).attr('width', size.width).attr('height', size.height);
  const { x, y, max } = scales(input, size);
  layer(svg, 'axis x-axis').attr('transform', `translate(0,${y(0)})`).call(d3.axisBottom(x).ticks(5));
  layer(svg, 'axis y-axis').attr('transform', `translate(${x(0)},0)`).call(d3.axisLeft(y).ticks(5));
  const labels = layer(svg, 'axis-labels');
  labels.selectAll('text.x-label').data([input.xLabel]).join('text').attr('class', 'x-label').attr('x', (x(0) + x(max)) / 2).attr('y', y(0) + 40).attr('text-anchor', 'middle').text((d) => d);
  labels.selectAll('text.y-label').data([input.yLabel]).join('text').attr('class', 'y-label').attr('transform', `translate(${x(0) - 46},${(y(0) + y(max)) / 2}) rotate(-90)`).attr('text-anchor', 'middle').text((d) => d);
  const lines = layer(svg, 'reference-lines');
  const c = input.capacityMbps;
  lines
    .selectAll('line.fairness')
    .data([0])
    .join('line')
    .attr('class', 'fairness')
    .attr('x1', x(0))
    .attr('y1', y(0))
    .attr('x2', x(max))
    .attr('y2', y(max))
    .attr('stroke', OKABE_ITO.bluishGreen)
    .attr('stroke-dasharray', '8 5')
    .attr('stroke-width', 2);
  lines.selectAll('line.efficiency').data([0]).join('line').attr('class', 'efficiency').attr('x1', x(0)).attr('y1', y(c)).attr('x2', x(c)).attr('y2', y(0)).attr('stroke', OKABE_ITO.vermillion).attr('stroke-width', 2);
  lines
    .selectAll('text.line-label')
    .data([
      // left of the diagonal near its top, ending on it (to its right it ran off a phone's chart),
      // above the efficiency line's label
      { t: 'fairness line: equal shares', px: x(max * 0.9) - 8, py: y(max * 0.9) - 2, anchor: 'end', colour: OKABE_ITO.bluishGreen },
      { t: `efficiency line: x + y = ${c.toFixed(1)} Mb/s`, px: x(c * 0.05) + 6, py: y(c * 0.95) - 6, anchor: 'start', colour: OKABE_ITO.vermillion },
    ])
    .join('text')
    .attr('class', 'line-label')
    .attr('x', (d) => d.px)
    .attr('y', (d) => d.py)
    .attr('text-anchor', (d) => d.anchor)
    .attr('fill', (d) => d.colour)
    .text((d) => d.t);
}

/** The trajectory up to tS (null: the whole run), its last point marked. */
export function ratesCursor(el: SVGSVGElement, input: RatesInput, size: ChartSize, tS: number | null): void {
  const svg = d3.select(el).attr('viewBox', `0 0 ${size.width} ${size.height}`).attr('width', size.width).attr('height', size.height);
  const { x, y, max } = scales(input, size);
  const shown = tS === null ? input.points : input.points.filter((p) => p.tS <= tS + 1e-9);
  // a bin beyond the axes sits on the border (and is marked there), not outside the plot
  const px = (p: RatePoint): number => x(Math.min(p.x, max));
  const py = (p: RatePoint): number => y(Math.min(p.y, max));
  const line = d3.line<RatePoint>().x(px).y(py);
  svg.selectAll('path.trajectory').data([shown]).join('path').attr('class', 'trajectory').attr('d', (d) => line(d) ?? '').attr('fill', 'none').attr('stroke', OKABE_ITO.blue).attr('stroke-width', 1.5).attr('opacity', 0.7);
  svg
    .selectAll('circle.now')
    .data(shown.slice(-1))
    .join('circle')
    .attr('class', 'now')
    .attr('cx', px)
    .attr('cy', py)
    .attr('r', 6)
    .style('fill', MARK_HUES.orange);
  svg
    .selectAll('path.off-scale')
    .data(shown.filter((p) => Math.max(p.x, p.y) > max))
    .join('path')
    .attr('class', 'off-scale')
    .attr('d', d3.symbol(d3.symbolTriangle, 70)())
    .attr('transform', (p) => `translate(${px(p)},${py(p)})${p.x > max ? ' rotate(90)' : ''}`)
    .attr('fill', OKABE_ITO.blue);
}
