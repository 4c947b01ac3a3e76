/**
 * TCP-Probing's probe cycles. Above: a sender lane and a receiver lane with each probe cycle
 * shaded (data suspended) and its exchanges as arrows — PROBE1 down and PR1_ACK back up (blue),
 * PROBE2 and PR2_ACK (orange); a lost probe is a short dashed arrow ending in ×, its timeout a ◆ on the
 * sender lane; the decision is marked and named where it was taken. Below: the probe RTT samples
 * with the quantities the decision compares — acprtt, the best and worst probe RTT and their
 * midpoint. The trace has no receiver timestamp for probes (the receiver answers at once), so
 * the arrows meet the receiver lane half-way between send and reply: a drawing convention.
 */
import * as d3 from 'd3';
import { bandScale, clipBands, shapePath, type Band, type ShapeName } from './bands.ts';
import { drawCursor, drawFrame, revealWhenPassed, drawMarks, drawSpans, layer, MARGIN, MARK_BIN_PX, timeScale, type ChartSize, type ReadoutLine, type WindowS } from './frame.ts';
import { INK, MARK_HUES, OKABE_ITO } from '../../catalogue/palette.ts';
import { cycleAt, DECISION_LABEL, decisionSteps, rttSamples, type ProbeCycle, type ProbeDecision, type ProbeExchange } from './probeSeries.ts';
import { stepPath, type StepSeries } from './series.ts';
import { CYCLE_FILL } from './suspensionSpans.ts';

export const PROBE_COLOURS = { 1: OKABE_ITO.blue, 2: OKABE_ITO.orange } as const;
export const PROBE_TIMEOUT_COLOUR = OKABE_ITO.vermillion;
export { CYCLE_FILL };
export const SAMPLE_COLOUR = OKABE_ITO.blue;
export const RTT_LINES = { acprtt: INK, best: OKABE_ITO.bluishGreen, worst: OKABE_ITO.vermillion, mid: '#8c8c8c' } as const;

/** Shape first: immediate recovery keeps the window (▲), gentle cuts a little (■), Reno halves (▼), slow start restarts (◆). */
export const PROBE_DECISION_STYLE: Record<ProbeDecision, { shape: ShapeName; colour: string }> = {
  'immediate-recovery': { shape: 'triangle', colour: OKABE_ITO.bluishGreen },
  'gentle-recovery': { shape: 'square', colour: OKABE_ITO.blue },
  'reno-recovery': { shape: 'triangle-down', colour: MARK_HUES.orange },
  'slow-start': { shape: 'diamond', colour: MARK_HUES.reddishPurple },
};

export interface ProbeChartInput {
  windowS: WindowS;
  endS: number;
  label: string;
  cycles: ProbeCycle[];
  /** Top of the RTT axis (ms), shared by small multiples. */
  maxRttMs: number;
}

/**
 * Lane geometry: room for the cursor readout (three lines from MARGIN.top, drawn by drawCursor),
 * the sender lane with decision names above it, the receiver lane, then the RTT band.
 */
function probeLayout(size: ChartSize): { senderY: number; receiverY: number; band: Band } {
  const senderY = MARGIN.top + 76;
  const receiverY = senderY + 52;
  return { senderY, receiverY, band: { top: receiverY + 34, bottom: Math.max(receiverY + 60, size.height - MARGIN.bottom) } };
}

interface Arrow {
  key: string;
  kind: 1 | 2;
  d: string;
  lost: boolean;
  label: string;
  midX: number;
  midY: number;
  widthPx: number;
}

const r1 = (v: number): number => Math.round(v * 10) / 10;

/** A straight arrow from (x1,y1) to (x2,y2) with an open head at the end. */
function arrowPath(x1: number, y1: number, x2: number, y2: number, head = 7): string {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const bx = x2 - ux * head;
  const by = y2 - uy * head;
  const nx = -uy * head * 0.55;
  const ny = ux * head * 0.55;
  return `M${r1(x1)},${r1(y1)}L${r1(x2)},${r1(y2)}M${r1(bx + nx)},${r1(by + ny)}L${r1(x2)},${r1(y2)}L${r1(bx - nx)},${r1(by - ny)}`;
}

function arrowsOf(cycles: readonly ProbeCycle[], x: (t: number) => number, senderY: number, receiverY: number, lo: number, hi: number): Arrow[] {
  const out: Arrow[] = [];
  const name = (x: ProbeExchange, reply: boolean): string => (reply ? `PR${x.kind}_ACK` : `PROBE${x.kind}`);
  cycles.forEach((c, ci) => {
    c.exchanges.forEach((e, ei) => {
      const end = e.ackS ?? e.timeoutS ?? e.sentS;
      if (x(end) < lo - 10 || x(e.sentS) > hi + 10) return;
      const key = `${ci}-${ei}`;
      const x0 = x(e.sentS);
      if (e.ackS !== null) {
        const xm = x((e.sentS + e.ackS) / 2);
        const x1 = x(e.ackS);
        out.push({ key: `${key}-p`, kind: e.kind, d: arrowPath(x0, senderY, xm, receiverY), lost: false, label: name(e, false), midX: (x0 + xm) / 2, midY: (senderY + receiverY) / 2, widthPx: xm - x0 });
        out.push({ key: `${key}-a`, kind: e.kind, d: arrowPath(xm, receiverY, x1, senderY), lost: false, label: name(e, true), midX: (xm + x1) / 2, midY: (senderY + receiverY) / 2, widthPx: x1 - xm });
      } else {
        // lost (or unanswered at the end of the run): a short arrow half-way down, not claiming where it died
        const stopS = e.timeoutS ?? e.sentS;
        const xs = x(e.sentS + (stopS - e.sentS) / 4);
        out.push({ key: `${key}-l`, kind: e.kind, d: `M${r1(x0)},${r1(senderY)}L${r1(xs)},${r1((senderY + receiverY) / 2)}`, lost: true, label: `${name(e, false)} lost`, midX: (x0 + xs) / 2, midY: senderY + 8, widthPx: xs - x0 });
      }
    });
  });
  return out;
}

export function renderProbeChart(el: SVGSVGElement, input: ProbeChartInput, size: ChartSize): void {
  const svg = d3.select(el);
  const x = timeScale(input.windowS, size.width);
  const { senderY, receiverY, band } = probeLayout(size);
  const y = bandScale(input.maxRttMs * 1.1, band);
  drawFrame(svg, x, y, size, { x: 'time (s)', y: 'probe RTT (ms)' });
  const [plotLeft, plotRight] = x.range();
  const clip = clipBands(svg, `${el.id || 'probe'}-clip`, x, senderY - 14, band.bottom);

  const whole = d3.scaleLinear().range([band.bottom, senderY - 10]);
  drawSpans(
    layer(svg, 'cycle-spans').attr('clip-path', clip),
    'cycle-span',
    x,
    whole,
    input.cycles.map((c) => ({ t0S: c.startS, t1S: c.endS, state: 1 })),
    () => CYCLE_FILL,
  );
  layer(svg, 'cycle-spans').selectAll('rect.cycle-span').attr('opacity', 0.3);

  // the sender and receiver lanes are the picture's frame: drawn whole ahead of the playhead
  const lanes = layer(svg, 'lanes ref');
  lanes
    .selectAll('line.lane')
    .data([senderY, receiverY])
    .join('line')
    .attr('class', 'lane')
    .attr('x1', plotLeft)
    .attr('x2', plotRight)
    .attr('y1', (d) => d)
    .attr('y2', (d) => d)
    .attr('stroke-width', 2)
    .style('stroke', 'var(--muted)');
  lanes
    .selectAll('text.lane-label')
    .data([
      { y: senderY, t: 'sender' },
      { y: receiverY, t: 'receiver' },
    ])
    .join('text')
    .attr('class', 'lane-label')
    .attr('x', plotLeft - 8)
    .attr('y', (d) => d.y)
    .attr('dy', '0.35em')
    .attr('text-anchor', 'end')
    .text((d) => d.t);

  const arrows = arrowsOf(input.cycles, x, senderY, receiverY, plotLeft, plotRight);
  const arrowLayer = layer(svg, 'probe-arrows').attr('clip-path', clip);
  arrowLayer
    .selectAll<SVGPathElement, Arrow>('path.probe-arrow')
    .data(arrows, (a) => a.key)
    .join('path')
    .attr('class', (a) => `probe-arrow kind-${a.kind}${a.lost ? ' lost' : ''}`)
    .attr('d', (a) => a.d)
    .attr('fill', 'none')
    .attr('stroke-width', 2)
    .attr('stroke-linecap', 'round')
    .attr('stroke-dasharray', (a) => (a.lost ? '4 3' : null))
    .style('stroke', (a) => PROBE_COLOURS[a.kind]);
  // names only where an arrow is wide enough to carry one
  arrowLayer
    .selectAll<SVGTextElement, Arrow>('text.probe-label')
    .data(
      arrows.filter((a) => a.widthPx > 74),
      (a) => a.key,
    )
    .join('text')
    .attr('class', 'limit-label probe-label')
    .attr('x', (a) => a.midX)
    .attr('y', (a) => a.midY)
    .attr('dy', '0.35em')
    .attr('text-anchor', 'middle')
    .text((a) => a.label);

  interface Point {
    tS: number;
    y: number;
  }
  const lostEnds: Point[] = [];
  const timeouts: Point[] = [];
  for (const c of input.cycles) {
    for (const e of c.exchanges) {
      if (e.ackS !== null) continue;
      const stopS = e.timeoutS ?? e.sentS;
      lostEnds.push({ tS: e.sentS + (stopS - e.sentS) / 4, y: (senderY + receiverY) / 2 });
      if (e.timeoutS !== null) timeouts.push({ tS: e.timeoutS, y: senderY });
    }
  }
  drawMarks(layer(svg, 'probe-lost').attr('clip-path', clip), 'path.probe-lost', lostEnds, {
    cls: 'drop-mark probe-lost',
    shape: shapePath('times', 60),
    at: (p) => [x(p.tS), p.y],
    paint: 'stroke',
    colour: PROBE_TIMEOUT_COLOUR,
  });
  drawMarks(layer(svg, 'probe-timeouts').attr('clip-path', clip), 'path.probe-timeout', timeouts, {
    cls: 'marker probe-timeout',
    shape: shapePath('diamond', 110),
    at: (p) => [x(p.tS), p.y],
    paint: 'fill',
    colour: PROBE_TIMEOUT_COLOUR,
  });

  // decisions: a symbol on the sender lane, one per kind and marker-wide column; a name above it where there is room
  interface Decision {
    tS: number;
    decision: ProbeDecision;
  }
  const seen = new Set<string>();
  const decisions: Decision[] = [];
  for (const c of input.cycles) {
    if (!c.decision) continue;
    const px = x(c.endS);
    if (px < plotLeft || px > plotRight) continue;
    const id = `${c.decision}|${Math.round(px / MARK_BIN_PX)}`;
    if (seen.has(id)) continue;
    seen.add(id);
    decisions.push({ tS: c.endS, decision: c.decision });
  }
  drawMarks(layer(svg, 'probe-decisions').attr('clip-path', clip), 'path.probe-decision', decisions, {
    cls: (d) => `marker probe-decision ${d.decision}`,
    shape: (d) => shapePath(PROBE_DECISION_STYLE[d.decision].shape, 110),
    at: (d) => [x(d.tS), senderY],
    paint: 'fill',
    colour: (d) => PROBE_DECISION_STYLE[d.decision].colour,
  });
  let lastLabelPx = Number.NEGATIVE_INFINITY;
  const labelled = decisions.filter((d) => {
    const px = x(d.tS);
    if (px - lastLabelPx < 100) return false; // 'immediate' is about 80 px wide
    lastLabelPx = px;
    return true;
  });
  const decisionLabels = layer(svg, 'probe-decision-labels whole')
    .selectAll<SVGTextElement, Decision>('text.decision-label')
    .data(labelled)
    .join('text')
    .attr('class', 'limit-label decision-label')
    .attr('x', (d) => Math.min(plotRight, Math.max(plotLeft, x(d.tS))))
    .attr('y', senderY - 12)
    .attr('text-anchor', (d) => (x(d.tS) > plotRight - 40 ? 'end' : x(d.tS) < plotLeft + 40 ? 'start' : 'middle'))
    .text((d) => DECISION_LABEL[d.decision]);
  revealWhenPassed(decisionLabels as unknown as d3.Selection<SVGTextElement, unknown, SVGGElement, unknown>, x);

  const [bandBottom, bandTop] = y.range();
  const scales = { x, y, yClamp: [bandTop - 4, bandBottom] as const };
  const lines: { cls: string; s: StepSeries; colour: string; dash: string | null; width: number }[] = [
    { cls: 'acprtt-line', s: decisionSteps(input.cycles, 'acprttMs'), colour: RTT_LINES.acprtt, dash: null, width: 2.5 },
    { cls: 'best-line', s: decisionSteps(input.cycles, 'bestMs'), colour: RTT_LINES.best, dash: '6 3', width: 2 },
    { cls: 'worst-line', s: decisionSteps(input.cycles, 'worstMs'), colour: RTT_LINES.worst, dash: '6 3', width: 2 },
    { cls: 'mid-line', s: midSteps(input.cycles), colour: RTT_LINES.mid, dash: '2 3', width: 2 },
  ];
  layer(svg, 'rtt-lines')
    .attr('clip-path', clip)
    .selectAll<SVGPathElement, (typeof lines)[number]>('path.rtt-line')
    .data(lines, (l) => l.cls)
    .join('path')
    .attr('class', (l) => `rtt-line ${l.cls}`)
    .attr('d', (l) => stepPath(l.s, scales, input.endS))
    .attr('fill', 'none')
    .attr('stroke-width', (l) => l.width)
    .attr('stroke-dasharray', (l) => l.dash)
    .style('stroke', (l) => l.colour);
  // samples the decision used are dots; samples of abandoned exchanges are rings
  const samples = rttSamples(input.cycles);
  const dots: (Point & { used: boolean })[] = [];
  const seenDot = new Set<string>();
  for (let i = 0; i < samples.tS.length; i++) {
    const px = x(samples.tS[i]);
    if (px < plotLeft || px > plotRight) continue;
    const used = samples.used[i] === 1;
    const id = `${Math.round(px / 3)}|${Math.round(y(samples.rttMs[i]) / 3)}|${used}`;
    if (seenDot.has(id)) continue;
    seenDot.add(id);
    dots.push({ tS: samples.tS[i], y: y(samples.rttMs[i]), used });
  }
  const sampleLayer = layer(svg, 'rtt-samples').attr('clip-path', clip);
  drawMarks(
    sampleLayer,
    'path.rtt-sample',
    dots.filter((d) => d.used),
    { cls: 'marker rtt-sample', shape: shapePath('circle', 40), at: (p) => [x(p.tS), p.y], paint: 'fill', colour: SAMPLE_COLOUR },
  );
  drawMarks(
    sampleLayer,
    'path.rtt-sample-unused',
    dots.filter((d) => !d.used),
    { cls: 'rtt-sample-unused', shape: shapePath('circle', 40), at: (p) => [x(p.tS), p.y], paint: 'stroke', colour: SAMPLE_COLOUR },
  );
  sampleLayer.selectAll('path.rtt-sample-unused').attr('fill', 'none').attr('stroke-width', 1.8);
}

/** (best + worst) / 2 at each decision: the line acprtt is compared with. */
function midSteps(cycles: readonly ProbeCycle[]): StepSeries {
  const best = decisionSteps(cycles, 'bestMs');
  const worst = decisionSteps(cycles, 'worstMs');
  if (best.tS.length !== worst.tS.length) return { tS: new Float64Array(0), values: new Float64Array(0) };
  return { tS: best.tS, values: best.values.map((b, i) => (b + worst.values[i]) / 2) };
}

const ms = (v: number | null): string => (v === null ? '—' : `${v.toFixed(0)} ms`);

/** The probe cycle at (or last before) the cursor. */
export function probeReadout(input: ProbeChartInput, tS: number): ReadoutLine[] {
  const c = cycleAt(input.cycles, tS);
  if (!c) return [{ text: 'no probe cycle yet', colour: INK }];
  const samples = c.exchanges.filter((e) => e.rttMs !== null && e.ackS !== null && e.ackS <= tS).map((e) => `probe ${e.kind}: ${ms(e.rttMs)}`);
  const lost = c.exchanges.filter((e) => e.timeoutS !== null && e.timeoutS <= tS).length;
  const first = `cycle from ${c.startS.toFixed(3)} s: ${samples.length > 0 ? samples.join(', ') : 'no reply yet'}${lost > 0 ? `, ${lost} probe${lost === 1 ? '' : 's'} lost` : ''}`;
  const decided = c.decision !== null && c.endS <= tS;
  const second = decided
    ? `acprtt ${ms(c.acprttMs)}, best ${ms(c.bestMs)}, worst ${ms(c.worstMs)} → ${DECISION_LABEL[c.decision as ProbeDecision]}${c.cwndSeg === null ? '' : `, cwnd ${c.cwndSeg.toFixed(1)}`}`
    : 'probing: data suspended';
  return [
    { text: first, colour: INK },
    { text: second, colour: INK },
  ];
}

export function probeCursor(el: SVGSVGElement, input: ProbeChartInput, size: ChartSize, tS: number | null): void {
  drawCursor(d3.select(el), timeScale(input.windowS, size.width), size.height, tS, tS === null ? [] : probeReadout(input, tS));
}
