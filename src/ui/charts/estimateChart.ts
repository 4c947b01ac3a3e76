/**
 * What a variant believes next to what was true. One band per kind of estimate: bandwidth
 * estimates (…Bps) in Mb/s over the bottleneck's available bandwidth (grey area: its rate minus
 * the cross traffic it carried, per 100 ms bin), other estimates (…Segments, …Ms) on their own
 * axes. Above the bands, a verdict strip per flow: each loss event the variant classified is a
 * mark filled with its verdict's colour and shaped (and outlined) by the truth — ■ congestion,
 * ● wireless, ◆ nothing was dropped — so a right verdict is a mark of one colour.
 */
import * as d3 from 'd3';
import type { LossTruth, Verdict } from '../../engine/core/trace.ts';
import { abbreviate, bandGapPx, bandScale, clipBands, drawBandFrame, shapePath, splitBands, type ShapeName } from './bands.ts';
import { drawCursor, drawMarks, layer, MARGIN, MARK_BIN_PX, timeScale, type ChartSize, type ReadoutLine, type WindowS } from './frame.ts';
import type { EstimateLine, VerdictMark } from './estimateSeries.ts';
import { INK, OKABE_ITO } from '../../catalogue/palette.ts';
import { indexAtOrBefore, stepPath, type StepSeries } from './series.ts';
import { lastAtOrBefore } from './pick.ts';

export const VERDICT_COLOURS: Record<Verdict, string> = { congestion: OKABE_ITO.vermillion, wireless: OKABE_ITO.blue };
export const TRUTH_STYLE: Record<LossTruth, { shape: ShapeName; stroke: string; label: string }> = {
  congestion: { shape: 'square', stroke: OKABE_ITO.vermillion, label: 'congestion (queue drop)' },
  wireless: { shape: 'circle', stroke: OKABE_ITO.blue, label: 'wireless (channel or handoff)' },
  none: { shape: 'diamond', stroke: INK, label: 'nothing dropped' },
};
export const AVAIL_FILL = '#8c8c8c';

export interface EstimateSeriesInput {
  key: string;
  label: string;
  colour: string;
  dash: string | null;
  line: EstimateLine;
}

export interface EstimateBand {
  group: string;
  axis: string;
  series: EstimateSeriesInput[];
  yMin: number;
  yMax: number;
}

export interface VerdictRow {
  key: string;
  label: string;
  marks: VerdictMark[];
}

export interface EstimateChartInput {
  windowS: WindowS;
  endS: number;
  /** Bandwidth first; never empty (a bandwidth band holds the truth even without estimates). */
  bands: EstimateBand[];
  /** Available bandwidth at the bottleneck, Mb/s; drawn in the 'rate' band. */
  avail: StepSeries | null;
  verdicts: VerdictRow[];
}

const ROW_PX = 20;
/** Vertical centre of verdict row i. */
const rowY = (i: number): number => MARGIN.top + 6 + i * ROW_PX;
/** Room the verdict strip takes above the bands. */
export const stripPx = (rows: number): number => (rows > 0 ? rows * ROW_PX + 8 : 0);

interface Mark {
  row: number;
  tS: number;
  verdict: Verdict;
  truth: LossTruth;
}

export function renderEstimateChart(el: SVGSVGElement, input: EstimateChartInput, size: ChartSize): void {
  const svg = d3.select(el);
  const x = timeScale(input.windowS, size.width);
  const bands = splitBands(
    size,
    input.bands.map(() => 1),
    bandGapPx(el),
    stripPx(input.verdicts.length),
  );
  const ys = input.bands.map((b, i) => bandScale(b.yMax * 1.08, bands[i], b.yMin < 0 ? b.yMin * 1.08 : 0));
  drawBandFrame(
    svg,
    x,
    ys,
    size,
    input.bands.map((b) => b.axis),
  );
  const clip = clipBands(svg, `${el.id || 'estimate'}-clip`, x, bands[0].top - 4, bands[bands.length - 1].bottom);
  const plot = layer(svg, 'estimate-plot').attr('clip-path', clip);

  const rateIndex = input.bands.findIndex((b) => b.group === 'rate');
  const yRate = rateIndex >= 0 ? ys[rateIndex] : null;
  const availD = yRate && input.avail ? stepPath(input.avail, { x, y: yRate, yClamp: [yRate.range()[1] - 4, yRate.range()[0]] }, input.endS) : '';
  const availFirst = input.avail?.tS[0] ?? 0;
  plot
    .selectAll('path.avail-area')
    .data([availD && yRate ? `${availD}V${yRate.range()[0]}H${x(availFirst)}Z` : ''])
    .join('path')
    .attr('class', 'avail-area')
    .attr('d', (d) => d)
    .attr('opacity', 0.3)
    .style('fill', AVAIL_FILL);
  plot
    .selectAll('path.avail-line')
    .data([availD])
    .join('path')
    .attr('class', 'avail-line')
    .attr('d', (d) => d)
    .attr('fill', 'none')
    .attr('stroke-width', 1.2)
    .style('stroke', INK);

  interface Drawn {
    key: string;
    label: string;
    colour: string;
    dash: string | null;
    d: string;
  }
  const drawn: Drawn[] = input.bands.flatMap((b, i) => {
    const y = ys[i];
    const scales = { x, y, yClamp: [y.range()[1] - 4, y.range()[0]] as const };
    return b.series.map((s) => ({ key: s.key, label: s.label, colour: s.colour, dash: s.dash, d: stepPath(s.line.series, scales, input.endS) }));
  });
  plot
    .selectAll<SVGPathElement, Drawn>('path.estimate-line')
    .data(drawn, (d) => d.key)
    .join('path')
    .attr('class', 'estimate-line')
    .attr('data-series', (d) => d.label)
    .attr('d', (d) => d.d)
    .attr('fill', 'none')
    .attr('stroke-width', 2.2)
    .attr('stroke-linejoin', 'round')
    .attr('stroke-dasharray', (d) => d.dash)
    .style('stroke', (d) => d.colour);

  const [plotLeft, plotRight] = x.range();
  const strip = layer(svg, 'verdict-strip');
  strip
    .selectAll('text.lane-label')
    .data(input.verdicts.map((v, i) => ({ i, t: input.verdicts.length === 1 ? 'verdicts' : abbreviate(v.label, 66) })))
    .join('text')
    .attr('class', 'lane-label')
    .attr('x', plotLeft - 8)
    .attr('y', (d) => rowY(d.i))
    .attr('dy', '0.35em')
    .attr('text-anchor', 'end')
    .text((d) => d.t);
  const marks: Mark[] = [];
  input.verdicts.forEach((row, r) => {
    const seen = new Set<string>();
    for (const m of row.marks) {
      const px = x(m.tS);
      if (px < plotLeft - 4 || px > plotRight + 4) continue;
      const id = `${Math.round(px / MARK_BIN_PX)}|${m.verdict}|${m.truth}`;
      if (seen.has(id)) continue;
      seen.add(id);
      marks.push({ row: r, tS: m.tS, verdict: m.verdict, truth: m.truth });
    }
  });
  drawMarks(strip, 'path.verdict-mark', marks, {
    cls: (m) => `verdict-mark verdict-${m.verdict} truth-${m.truth}`,
    shape: (m) => shapePath(TRUTH_STYLE[m.truth].shape, 80),
    at: (m) => [x(m.tS), rowY(m.row)],
    paint: 'fill',
    colour: (m) => VERDICT_COLOURS[m.verdict],
  });
  strip
    .selectAll<SVGPathElement, Mark>('path.verdict-mark')
    .attr('stroke-width', 2)
    .style('stroke', (m) => TRUTH_STYLE[m.truth].stroke);
}

const fmt = (v: number): string => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));

export function estimateReadout(input: EstimateChartInput, tS: number): ReadoutLine[] {
  const out: ReadoutLine[] = [];
  for (const b of input.bands) {
    for (const s of b.series) {
      const i = indexAtOrBefore(s.line.series.tS, tS);
      out.push({ text: `${s.label}: ${i < 0 ? 'not formed yet' : `${fmt(s.line.series.values[i])} ${s.line.unit.unit}`.trim()}`, colour: s.colour });
    }
  }
  if (input.avail && input.bands.some((b) => b.group === 'rate')) {
    const i = indexAtOrBefore(input.avail.tS, tS);
    if (i >= 0) out.push({ text: `available: ${fmt(input.avail.values[i])} Mb/s`, colour: INK });
  }
  for (const row of input.verdicts) {
    const i = lastAtOrBefore(row.marks, (m) => m.tS, tS);
    if (i < 0) continue;
    const m = row.marks[i];
    const who = input.verdicts.length > 1 ? `${row.label}: ` : '';
    const truth = m.truth === 'none' ? 'nothing was dropped' : `truth ${m.truth}${m.verdict === m.truth ? ' ✓' : ' ✗'}`;
    out.push({ text: `${who}last loss judged ${m.verdict}, ${truth}`, colour: INK });
  }
  return out;
}

export function estimateCursor(el: SVGSVGElement, input: EstimateChartInput, size: ChartSize, tS: number | null): void {
  drawCursor(d3.select(el), timeScale(input.windowS, size.width), size.height, tS, tS === null ? [] : estimateReadout(input, tS));
}
