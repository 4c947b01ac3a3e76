/**
 * A sender's token bucket: above, the bucket's level (tokens) against its depth — a full bucket
 * is wasting the tokens that keep arriving; below, the tokens taken in each RTT as bars against
 * what the bucket permits per RTT (r·RTT/interval, dashed) and the run's mean (solid). Data drops
 * of the flow are in the lane above: the dips in consumption follow them.
 */
import * as d3 from 'd3';
import { bandGapPx, bandScale, barsPath, clipBands, drawBandFrame, drawRefLine, polylinePath, splitBands } from './bands.ts';
import { drawCursor, drawDropLane, layer, timeScale, type ChartSize, type ReadoutLine, type WindowS } from './frame.ts';
import { INK, OKABE_ITO } from '../../catalogue/palette.ts';
import type { CausedTimes } from './series.ts';
import { binAt, levelAt, type LevelLine, type TokenBins } from './tokenSeries.ts';

export const TOKEN_COLOURS = { level: OKABE_ITO.blue, bars: OKABE_ITO.skyBlue, permitted: INK, mean: OKABE_ITO.vermillion } as const;

export interface TokenChartInput {
  windowS: WindowS;
  endS: number;
  label: string;
  level: LevelLine;
  depthTokens: number;
  /** null when the display trace no longer has one row per token (decimated): no bars then. */
  bins: TokenBins | null;
  /** Axis top of the per-RTT band, shared by small multiples. */
  maxPerRtt: number;
  drops: CausedTimes;
}

export function renderTokenChart(el: SVGSVGElement, input: TokenChartInput, size: ChartSize): void {
  const svg = d3.select(el);
  const x = timeScale(input.windowS, size.width);
  const [levelBand, binBand] = splitBands(size, [1, 1.3], bandGapPx(el));
  const yLevel = bandScale(input.depthTokens * 1.15, levelBand);
  const yBins = bandScale(input.maxPerRtt * 1.1, binBand);
  drawBandFrame(svg, x, [yLevel, yBins], size, ['level (tokens)', 'per RTT']);
  const clip = clipBands(svg, `${el.id || 'tokens'}-clip`, x, levelBand.top - 4, binBand.bottom);
  const plot = layer(svg, 'token-plot').attr('clip-path', clip);

  const bins = input.bins;
  plot
    .selectAll('path.token-bars')
    .data([bins ? barsPath(Array.from(bins.consumed, (v, i) => ({ t0S: bins.startS[i], t1S: bins.startS[i] + bins.widthS, value: v })), x, yBins) : ''])
    .join('path')
    .attr('class', 'token-bars')
    .attr('d', (d) => d)
    .attr('stroke-width', 0.6)
    .style('fill', TOKEN_COLOURS.bars)
    .style('stroke', 'var(--panel)');
  const levelLine = polylinePath(input.level.tS, input.level.tokens, { x, y: yLevel });
  plot
    .selectAll('path.level-line')
    .data([levelLine])
    .join('path')
    .attr('class', 'level-line')
    .attr('d', (d) => d)
    .attr('fill', 'none')
    .attr('stroke-width', 2)
    .attr('stroke-linejoin', 'round')
    .style('stroke', TOKEN_COLOURS.level);

  const refs = layer(svg, 'token-refs ref');
  drawRefLine(refs, 'depth-line', x, yLevel(input.depthTokens), `depth ${input.depthTokens}`, INK);
  drawRefLine(refs, 'permitted-line', x, bins ? yBins(bins.permittedPerRtt) : Number.NaN, bins ? `permitted ${bins.permittedPerRtt.toFixed(1)} per RTT` : '', TOKEN_COLOURS.permitted);
  // the run's mean is a result, not a setting: it is revealed with the data
  const mean = layer(svg, 'token-mean');
  mean
    .selectAll('line.mean-line')
    .data(bins ? [yBins(bins.meanConsumed)] : [])
    .join('line')
    .attr('class', 'mean-line')
    .attr('x1', x.range()[0])
    .attr('x2', x.range()[1])
    .attr('y1', (d) => d)
    .attr('y2', (d) => d)
    .attr('stroke-width', 2.5)
    .style('stroke', TOKEN_COLOURS.mean);
  mean
    .selectAll('text.mean-label')
    .data(bins ? [bins] : [])
    .join('text')
    .attr('class', 'limit-label mean-label')
    .attr('x', x.range()[0] + 6)
    .attr('y', (b) => yBins(b.meanConsumed) - 6)
    .text((b) => `mean ${b.meanConsumed.toFixed(1)}`);

  drawDropLane(svg, x, [input.drops], 'drops');
}

export function tokenReadout(input: TokenChartInput, tS: number): ReadoutLine[] {
  const lv = levelAt(input.level, tS);
  const out: ReadoutLine[] = [{ text: lv === null ? 'bucket: not started' : `bucket: ${Math.floor(lv + 1e-9)} of ${input.depthTokens} tokens`, colour: TOKEN_COLOURS.level }];
  const b = input.bins;
  if (b) {
    const i = binAt(b, tS);
    out.push({ text: i < 0 ? 'outside the whole RTT bins' : `this RTT: ${b.consumed[i]} taken of ${b.permittedPerRtt.toFixed(1)} permitted`, colour: INK });
  }
  return out;
}

export function tokenCursor(el: SVGSVGElement, input: TokenChartInput, size: ChartSize, tS: number | null): void {
  drawCursor(d3.select(el), timeScale(input.windowS, size.width), size.height, tS, tS === null ? [] : tokenReadout(input, tS));
}
