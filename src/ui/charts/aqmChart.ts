/**
 * Inside a delay-based AQM at one link. Above: the sojourn time of each packet it let through,
 * per queue (DualPI2's L4S and Classic queue, FQ-CoDel's flow queues), against the delay it
 * aims at (dashed: CoDel's and PIE's target, DualPI2's Classic target and its L4S step). Below,
 * what it acts with: CoDel's count with its dropping state shaded (the next drop comes
 * interval/√count after the last), PIE's drop probability (with the 10 % line above which it
 * drops even ECN-capable packets), DualPI2's base p′ with p_C = p′² and p_CL = k·p′, and the p_L
 * each L4S packet was marked with (p_CL, or the L4S queue's own ramp where that is higher). Drops
 * at the link are in the lane above.
 */
import * as d3 from 'd3';
import { bandScale, clipBands, drawBandFrame, drawRefLine, polylinePath, splitBands } from './bands.ts';
import { drawCursor, drawDropLane, drawSpans, layer, timeScale, type ChartSize, type ReadoutLine, type WindowS } from './frame.ts';
import { INK, LINE_PALETTE, OKABE_ITO } from '../../catalogue/palette.ts';
import { fixed1 } from '../../catalogue/format.ts';
import { classicProb, coupledLProb, type AqmSeries } from './aqmSeries.ts';
import { indexAtOrBefore, stepPath, type CausedTimes, type StepSeries } from './series.ts';

/** Queue colours: the busiest (or L4S) first. */
const QUEUE_COLOURS = [LINE_PALETTE.blue, LINE_PALETTE.vermillion, LINE_PALETTE.bluishGreen, LINE_PALETTE.reddishPurple, LINE_PALETTE.orange, LINE_PALETTE.grey];
export const queueColour = (i: number): string => QUEUE_COLOURS[i % QUEUE_COLOURS.length];
/** At most this many queues drawn (FQ-CoDel with many flows): the busiest. */
export const MAX_DRAWN_QUEUES = QUEUE_COLOURS.length;
export const AQM_COLOURS = { pPrime: INK, classic: LINE_PALETTE.vermillion, coupled: LINE_PALETTE.blue, probL: LINE_PALETTE.bluishGreen, pie: LINE_PALETTE.blue, dropping: OKABE_ITO.yellow } as const;

export interface AqmChartInput {
  windowS: WindowS;
  endS: number;
  label: string;
  s: AqmSeries;
  drops: CausedTimes;
  /** Axis top of the sojourn band (ms), shared by small multiples. */
  maxSojournMs: number;
  /** Axis top of the lower band: CoDel's count, or a probability in %. */
  maxLower: number;
}

/** The lower band's lines: what the AQM acts with. */
export function lowerLines(s: AqmSeries): { cls: string; label: string; colour: string; series: StepSeries; dashed?: boolean; thin?: boolean }[] {
  const pct = (f: (p: number) => number): StepSeries => ({ tS: s.prob.tS, values: s.prob.values.map((p) => 100 * f(p)) });
  switch (s.spec.kind) {
    case 'pie':
      return [{ cls: 'pie-p', label: 'drop probability p', colour: AQM_COLOURS.pie, series: pct((p) => p) }];
    case 'dualpi2': {
      const k = s.spec.k;
      return [
        // drawn first, thin, under the others: per packet it jumps to the ramp's value and back
        { cls: 'dual-pl', label: 'p_L (L4S marks)', colour: AQM_COLOURS.probL, series: { tS: s.probL.tS, values: s.probL.values.map((p) => 100 * p) }, thin: true },
        { cls: 'dual-pcl', label: `p_CL = ${k}·p′ (coupled)`, colour: AQM_COLOURS.coupled, series: pct((p) => coupledLProb(p, k)) },
        { cls: 'dual-pprime', label: 'p′ (base)', colour: AQM_COLOURS.pPrime, series: pct((p) => p), dashed: true },
        { cls: 'dual-pc', label: 'p_C = p′² (Classic)', colour: AQM_COLOURS.classic, series: pct(classicProb) },
      ];
    }
    default:
      return s.queues.slice(0, MAX_DRAWN_QUEUES).map((q, i) => ({ cls: `codel-count-${i}`, label: `count (${q.label})`, colour: queueColour(i), series: q.count }));
  }
}

export const lowerBandLabel = (s: AqmSeries): string => (s.spec.kind === 'codel' || s.spec.kind === 'fq-codel' ? 'CoDel count' : 'probability (%)');

export function renderAqmChart(el: SVGSVGElement, input: AqmChartInput, size: ChartSize): void {
  const svg = d3.select(el);
  const { s } = input;
  const x = timeScale(input.windowS, size.width);
  const [sojBand, lowBand] = splitBands(size, [1.4, 1]);
  const ySoj = bandScale(input.maxSojournMs, sojBand);
  const yLow = bandScale(input.maxLower, lowBand);
  drawBandFrame(svg, x, [ySoj, yLow], size, ['sojourn (ms)', lowerBandLabel(s)]);
  const clip = clipBands(svg, `${el.id || 'aqm'}-clip`, x, sojBand.top - 4, lowBand.bottom);
  const spans = layer(svg, 'aqm-spans').attr('clip-path', clip);
  const plot = layer(svg, 'aqm-plot').attr('clip-path', clip);

  const codel = s.spec.kind === 'codel' || s.spec.kind === 'fq-codel';
  const drawn = s.queues.slice(0, MAX_DRAWN_QUEUES);
  drawSpans(spans, 'dropping-span', x, yLow, codel ? drawn.flatMap((q) => q.dropping) : [], () => AQM_COLOURS.dropping);

  const [lowBottom, lowTop] = yLow.range();
  const lowScales = { x, y: yLow, yClamp: [lowTop - 4, lowBottom] as const };
  const paths = [
    ...drawn.map((q, i) => ({ cls: `sojourn-line sojourn-${q.queue}`, d: polylinePath(q.tS, q.sojournMs, { x, y: ySoj }), colour: queueColour(i), width: 1.6, dash: null as string | null })),
    ...lowerLines(s).map((l) => ({ cls: `lower-line ${l.cls}`, d: stepPath(l.series, lowScales, input.endS), colour: l.colour, width: l.thin ? 1.2 : 2, dash: l.dashed ? '5 4' : null })),
  ];
  plot
    .selectAll<SVGPathElement, (typeof paths)[number]>('path.aqm-path')
    .data(paths, (p) => p.cls)
    .join('path')
    .attr('class', (p) => `aqm-path ${p.cls}`)
    .attr('d', (p) => p.d)
    .attr('fill', 'none')
    .attr('stroke-width', (p) => p.width)
    .attr('stroke-dasharray', (p) => p.dash)
    .attr('stroke-linejoin', 'round')
    .style('stroke', (p) => p.colour);

  const refs = layer(svg, 'aqm-refs ref');
  const spec = s.spec;
  const target = spec.kind === 'dualpi2' ? `Classic target ${spec.targetMs} ms` : `target ${spec.targetMs} ms`;
  drawRefLine(refs, 'target-line', x, ySoj(spec.targetMs), target, INK);
  drawRefLine(refs, 'step-line', x, spec.kind === 'dualpi2' ? ySoj(spec.minThMs) : Number.NaN, `L4S step ${spec.kind === 'dualpi2' ? spec.minThMs : 0} ms`, LINE_PALETTE.blue);
  drawRefLine(refs, 'ecn-line', x, spec.kind === 'pie' && spec.ecn ? yLow(100 * spec.maxEcnTh) : Number.NaN, `marks up to ${spec.kind === 'pie' ? 100 * spec.maxEcnTh : 0} %`, INK);

  drawDropLane(svg, x, [input.drops], 'drops');
}

const pctText = (p: number): string => (p >= 0.1 ? `${(100 * p).toFixed(1)} %` : `${(100 * p).toFixed(2)} %`);

/** The readings at the cursor: each queue's last sojourn, and what the AQM acts with. */
export function aqmReadout(input: AqmChartInput, tS: number): ReadoutLine[] {
  const { s } = input;
  const out: ReadoutLine[] = [];
  s.queues.slice(0, MAX_DRAWN_QUEUES).forEach((q, i) => {
    const k = indexAtOrBefore(q.tS, tS);
    if (k < 0) return;
    const codel = s.spec.kind === 'codel' || s.spec.kind === 'fq-codel';
    const state = codel ? (q.dropping.some((d) => d.t0S <= tS && tS < d.t1S) ? `, dropping, count ${q.count.values[k]}` : `, count ${q.count.values[k]}`) : '';
    out.push({ text: `${q.label}: sojourn ${fixed1(q.sojournMs[k])} ms${state}`, colour: queueColour(i) });
  });
  const j = indexAtOrBefore(s.prob.tS, tS);
  const p = j < 0 ? 0 : s.prob.values[j];
  if (s.spec.kind === 'pie') out.push({ text: `p = ${pctText(p)}`, colour: AQM_COLOURS.pie });
  if (s.spec.kind === 'dualpi2') {
    out.push({ text: `p′ ${pctText(p)} → p_C ${pctText(classicProb(p))}, p_CL ${pctText(coupledLProb(p, s.spec.k))}`, colour: AQM_COLOURS.pPrime });
    const l = indexAtOrBefore(s.probL.tS, tS);
    if (l >= 0) out.push({ text: `last L4S packet: p_L ${pctText(s.probL.values[l])}`, colour: AQM_COLOURS.probL });
  }
  return out.length > 0 ? out : [{ text: 'no packet through the AQM yet', colour: INK }];
}

export function aqmCursor(el: SVGSVGElement, input: AqmChartInput, size: ChartSize, tS: number | null): void {
  drawCursor(d3.select(el), timeScale(input.windowS, size.width), size.height, tS, tS === null ? [] : aqmReadout(input, tS));
}
