/**
 * BBR's own state over time, compactly: above, a strip of its modes (STARTUP, DRAIN, PROBE_BW,
 * PROBE_RTT), each a coloured span named where it is wide enough; below, its two gains as steps —
 * the pacing gain (2.89 in STARTUP, 0.35 in DRAIN, PROBE_BW's 1.25 / 0.75 / 1 cycle) and the cwnd
 * gain. The read-out names the mode and phase with BtlBw, min RTT and the pacing rate.
 */
import * as d3 from 'd3';
import { bandScale, clipBands, drawBandFrame, splitBands } from './bands.ts';
import { drawCursor, layer, timeScale, type ChartSize, type ReadoutLine, type WindowS } from './frame.ts';
import { INK, LINE_PALETTE, OKABE_ITO } from '../../catalogue/palette.ts';
import { indexAtOrBefore, stepPath, type StepSeries } from './series.ts';
import { modeName, modeWords, type BbrModeChange, type BbrModeSpan } from '../events/bbrModes.ts';

/** Fills per mode, in BBR_MODE_NAMES order: light enough for the name on top. */
export const BBR_MODE_FILLS = [OKABE_ITO.skyBlue, OKABE_ITO.yellow, '#cfe8d8', OKABE_ITO.reddishPurple] as const;
export const BBR_GAIN_COLOURS = { pacing: LINE_PALETTE.blue, cwnd: LINE_PALETTE.vermillion } as const;

export interface BbrChartInput {
  windowS: WindowS;
  endS: number;
  label: string;
  spans: BbrModeSpan[];
  changes: BbrModeChange[];
  pacingGain: StepSeries;
  cwndGain: StepSeries;
  /** PROBE_BW's gain-cycle phase (−1 outside it): it moves without a mode change. */
  phase: StepSeries;
  /** Axis top of the gain band, shared by small multiples. */
  maxGain: number;
}

export function renderBbrChart(el: SVGSVGElement, input: BbrChartInput, size: ChartSize): void {
  const svg = d3.select(el);
  const x = timeScale(input.windowS, size.width);
  const [modeBand, gainBand] = splitBands(size, [0.45, 1]);
  const yMode = bandScale(1, modeBand);
  const yGain = bandScale(input.maxGain, gainBand);
  drawBandFrame(svg, x, [yMode, yGain], size, ['mode', 'gain']);
  // the mode strip has no values: no ticks or grid on it
  svg.select('g.band-axes g.band-axis').selectAll('.tick, g.grid line').remove();
  const clip = clipBands(svg, `${el.id || 'bbr'}-clip`, x, modeBand.top - 4, gainBand.bottom);
  const plot = layer(svg, 'bbr-plot').attr('clip-path', clip);
  const [plotLeft, plotRight] = x.range();
  const visible = input.spans.filter((s) => x(s.t1S) > plotLeft && x(s.t0S) < plotRight);
  plot
    .selectAll<SVGRectElement, BbrModeSpan>('rect.mode-span')
    .data(visible)
    .join('rect')
    .attr('class', (s) => `mode-span mode-${modeName(s.mode).toLowerCase()}`)
    .attr('x', (s) => Math.max(plotLeft, x(s.t0S)))
    .attr('width', (s) => Math.max(1, Math.min(plotRight, x(s.t1S)) - Math.max(plotLeft, x(s.t0S))))
    .attr('y', modeBand.top)
    .attr('height', modeBand.bottom - modeBand.top)
    .style('fill', (s) => BBR_MODE_FILLS[s.mode] ?? INK);
  // a name where it fits (about 7 px per character)
  const named = visible.filter((s) => Math.min(plotRight, x(s.t1S)) - Math.max(plotLeft, x(s.t0S)) > modeName(s.mode).length * 7 + 6);
  plot
    .selectAll<SVGTextElement, BbrModeSpan>('text.mode-label')
    .data(named)
    .join('text')
    .attr('class', 'mode-label')
    .attr('x', (s) => Math.max(plotLeft, x(s.t0S)) + 4)
    .attr('y', (modeBand.top + modeBand.bottom) / 2)
    .attr('dy', '0.35em')
    .style('fill', '#111')
    .text((s) => modeName(s.mode));

  const [gBottom, gTop] = yGain.range();
  const scales = { x, y: yGain, yClamp: [gTop - 4, gBottom] as const };
  const lines = [
    { cls: 'pacing-gain', d: stepPath(input.pacingGain, scales, input.endS), colour: BBR_GAIN_COLOURS.pacing, dash: null as string | null },
    { cls: 'cwnd-gain', d: stepPath(input.cwndGain, scales, input.endS), colour: BBR_GAIN_COLOURS.cwnd, dash: '6 4' },
  ];
  plot
    .selectAll<SVGPathElement, (typeof lines)[number]>('path.gain-line')
    .data(lines, (l) => l.cls)
    .join('path')
    .attr('class', (l) => `gain-line ${l.cls}`)
    .attr('d', (l) => l.d)
    .attr('fill', 'none')
    .attr('stroke-width', 2)
    .attr('stroke-dasharray', (l) => l.dash)
    .style('stroke', (l) => l.colour);
}

export function bbrReadout(input: BbrChartInput, tS: number): ReadoutLine[] {
  const i = indexAtOrBefore(Float64Array.from(input.changes, (c) => c.tNs / 1e9), tS);
  if (i < 0) return [{ text: 'BBR has not started', colour: INK }];
  const c = input.changes[i];
  const p = indexAtOrBefore(input.pacingGain.tS, tS);
  const w = indexAtOrBefore(input.cwndGain.tS, tS);
  const k = indexAtOrBefore(input.phase.tS, tS);
  const pacing = p < 0 ? c.pacingGain : input.pacingGain.values[p];
  return [
    { text: modeWords({ mode: c.mode, phase: k < 0 ? c.phase : input.phase.values[k] }), colour: INK },
    { text: `pacing gain ${pacing.toFixed(2)}`, colour: BBR_GAIN_COLOURS.pacing },
    { text: `cwnd gain ${(w < 0 ? c.cwndGain : input.cwndGain.values[w]).toFixed(2)}`, colour: BBR_GAIN_COLOURS.cwnd },
  ];
}

export function bbrCursor(el: SVGSVGElement, input: BbrChartInput, size: ChartSize, tS: number | null): void {
  drawCursor(d3.select(el), timeScale(input.windowS, size.width), size.height, tS, tS === null ? [] : bbrReadout(input, tS));
}
