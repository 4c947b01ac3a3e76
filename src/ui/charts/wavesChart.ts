/**
 * TCP-Real's waves: in the upper band each wave is a bar from its first to its last arrival at
 * the receiver (t_f … t_l), as tall as its level, with the receiver's decision marked at its end
 * (▲ increase, ▼ decrease, ■ hold, ◆ timeout) and the threshold level as a dashed step line;
 * the lower band has the receiving rate of each wave (decided waves only: a timeout measures
 * none, and the line breaks there). Data drops of the flow are in the lane above.
 */
import * as d3 from 'd3';
import type { WaveDecision } from '../../engine/tables/wave.ts';
import { bandGapPx, bandScale, barsPath, clipBands, drawBandFrame, polylinePath, shapePath, splitBands, type ShapeName } from './bands.ts';
import { drawCursor, drawDropLane, drawMarks, layer, MARK_BIN_PX, timeScale, type ChartSize, type ReadoutLine, type WindowS } from './frame.ts';
import { INK, MARK_HUES, OKABE_ITO } from '../../catalogue/palette.ts';
import { stepPath, type CausedTimes } from './series.ts';
import { thresholdSteps, waveAt, waveEndS, type Wave } from './waveSeries.ts';

/** Shape first, colour second: each decision reads in greyscale too. */
export const WAVE_DECISION_STYLE: Record<WaveDecision, { shape: ShapeName; colour: string; label: string }> = {
  increase: { shape: 'triangle', colour: OKABE_ITO.bluishGreen, label: 'increase' },
  decrease: { shape: 'triangle-down', colour: MARK_HUES.orange, label: 'decrease' },
  // holds are most decisions: small and muted, so increases and decreases stand out
  hold: { shape: 'square', colour: 'var(--muted)', label: 'hold' },
  timeout: { shape: 'diamond', colour: OKABE_ITO.vermillion, label: 'timeout (threshold halves)' },
};

export interface WavesChartInput {
  windowS: WindowS;
  endS: number;
  label: string;
  colour: string;
  waves: Wave[];
  drops: CausedTimes;
  /** Axis tops, shared by the small multiples so their bars compare. */
  maxLevel: number;
  maxRateMbps: number;
}

interface Mark {
  tS: number;
  level: number;
  decision: WaveDecision;
}

export function renderWavesChart(el: SVGSVGElement, input: WavesChartInput, size: ChartSize): void {
  const svg = d3.select(el);
  const x = timeScale(input.windowS, size.width);
  const [levelBand, rateBand] = splitBands(size, [3, 2], bandGapPx(el));
  const yLevel = bandScale(input.maxLevel * 1.12, levelBand);
  const yRate = bandScale(input.maxRateMbps * 1.1, rateBand);
  drawBandFrame(svg, x, [yLevel, yRate], size, ['wave level', 'rate (Mb/s)']);
  const clip = clipBands(svg, `${el.id || 'waves'}-clip`, x, levelBand.top - 4, rateBand.bottom);
  const plot = layer(svg, 'waves-plot').attr('clip-path', clip);

  const decided = input.waves.filter((w) => w.tlS !== null);
  const timedOut = input.waves.filter((w) => w.tlS === null);
  const toBar = (w: Wave) => ({ t0S: w.tfS, t1S: waveEndS(w), value: w.level });
  plot
    .selectAll('path.wave-bars')
    .data([barsPath(decided.map(toBar), x, yLevel)])
    .join('path')
    .attr('class', 'wave-bars')
    .attr('d', (d) => d)
    .attr('opacity', 0.55)
    .style('fill', input.colour);
  plot
    .selectAll('path.wave-bars-timeout')
    .data([barsPath(timedOut.map(toBar), x, yLevel)])
    .join('path')
    .attr('class', 'wave-bars-timeout')
    .attr('d', (d) => d)
    .attr('fill', 'none')
    .attr('stroke-width', 1.5)
    .attr('stroke-dasharray', '3 2')
    .style('stroke', OKABE_ITO.vermillion);

  const [, levelTop] = yLevel.range();
  plot
    .selectAll('path.threshold-line')
    .data([stepPath(thresholdSteps(input.waves), { x, y: yLevel, yClamp: [levelTop - 4, levelBand.bottom] }, input.endS)])
    .join('path')
    .attr('class', 'threshold-line')
    .attr('d', (d) => d)
    .attr('fill', 'none')
    .attr('stroke-width', 2)
    .attr('stroke-dasharray', '8 5')
    .style('stroke', INK);

  // one mark per decision kind and marker-wide column (the highest), so bursts stay readable
  const [plotLeft, plotRight] = x.range();
  const byColumn = new Map<string, Mark>();
  for (const w of input.waves) {
    const px = x(w.decidedS);
    if (px < plotLeft || px > plotRight) continue;
    const id = `${w.decision}|${Math.round(px / MARK_BIN_PX)}`;
    const prev = byColumn.get(id);
    if (!prev || w.level > prev.level) byColumn.set(id, { tS: w.decidedS, level: w.level, decision: w.decision });
  }
  drawMarks(layer(svg, 'wave-marks').attr('clip-path', clip), 'path.marker', [...byColumn.values()], {
    cls: (m) => `marker wave-decision ${m.decision}`,
    shape: (m) => shapePath(WAVE_DECISION_STYLE[m.decision].shape, m.decision === 'hold' ? 20 : 70),
    at: (m) => [x(m.tS), Math.max(levelTop + 4, yLevel(m.level) - 7)],
    paint: 'fill',
    colour: (m) => WAVE_DECISION_STYLE[m.decision].colour,
  });

  const rateT = Float64Array.from(input.waves, (w) => w.decidedS);
  const rateV = Float64Array.from(input.waves, (w) => (w.rateBps === null ? Number.NaN : w.rateBps / 1e6));
  plot
    .selectAll('path.rate-line')
    .data([polylinePath(rateT, rateV, { x, y: yRate })])
    .join('path')
    .attr('class', 'rate-line')
    .attr('d', (d) => d)
    .attr('fill', 'none')
    .attr('stroke-width', 2)
    .attr('stroke-linejoin', 'round')
    .style('stroke', input.colour);

  drawDropLane(svg, x, [input.drops], 'drops');
}

/** The wave whose decision is in force at the cursor. */
export function wavesReadout(input: WavesChartInput, tS: number): ReadoutLine[] {
  const w = waveAt(input.waves, tS);
  if (!w) return [{ text: 'no wave decided yet', colour: INK }];
  const rate = w.rateBps === null ? 'no rate (timed out)' : `${(w.rateBps / 1e6).toFixed(2)} Mb/s${w.ratio === null ? '' : `, ratio ${w.ratio.toFixed(2)}`}`;
  return [
    { text: `wave ${w.wave}: level ${w.level} (${2 * w.level} segments), ${rate}`, colour: input.colour },
    { text: `${WAVE_DECISION_STYLE[w.decision].label} → level ${w.nextLevel}, threshold ${w.thresholdLevel}`, colour: INK },
  ];
}

export function wavesCursor(el: SVGSVGElement, input: WavesChartInput, size: ChartSize, tS: number | null): void {
  drawCursor(d3.select(el), timeScale(input.windowS, size.width), size.height, tS, tS === null ? [] : wavesReadout(input, tS));
}
