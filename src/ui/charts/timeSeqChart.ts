/**
 * Time–sequence diagram in the style of tcptrace: each data segment a short vertical stroke at
 * (send time, sequence number), retransmissions as vermillion diamonds, the cumulative ACK as
 * a step line, dropped segments as ×. Sequence numbers are in segments from the flow's first
 * byte. Drawn from the `send`, `ack` and `drop` tables; a pixel column holds one stroke from
 * its lowest to its highest segment, so a run of 100 000 segments is still a small path.
 */
import * as d3 from 'd3';
import { clipToPlot, drawCursor, drawFrame, drawMarks, layer, MARK_BIN_PX, scaleKey, setPath, timeScale, type ChartSize, type ReadoutLine, type WindowS } from './frame.ts';
import { columnTicks, indexAtOrBefore, stepPath, type TimeSeq } from './series.ts';
import { MARK_COLOURS } from '../../catalogue/palette.ts';

export interface TimeSeqRunInput {
  key: string;
  label: string;
  colour: string;
  dash: string | null;
  seq: TimeSeq;
}

export interface TimeSeqChartInput {
  windowS: WindowS;
  endS: number;
  runs: TimeSeqRunInput[];
}

/** Lowest and highest sequence (segments) sent or acknowledged inside the window, so zooming in zooms both axes. */
export function seqRange(runs: readonly TimeSeqRunInput[], [t0, t1]: WindowS): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  const scan = (tS: Float64Array, v: Float64Array): void => {
    const from = Math.max(0, indexAtOrBefore(tS, t0));
    for (let i = from; i < tS.length && tS[i] <= t1; i++) {
      if (v[i] < lo) lo = v[i];
      if (v[i] > hi) hi = v[i];
    }
  };
  for (const r of runs) {
    scan(r.seq.sendS, r.seq.sendSeg);
    scan(r.seq.ackS, r.seq.ackSeg);
  }
  if (!Number.isFinite(lo)) return [0, 1];
  return [lo, Math.max(hi + 1, lo + 1)];
}

interface Point {
  key: string;
  tS: number;
  seg: number;
}

function thin(key: string, tS: Float64Array, seg: Float64Array, x: (t: number) => number, keep: (i: number) => boolean, lo: number, hi: number): Point[] {
  const seen = new Set<number>();
  const out: Point[] = [];
  for (let i = 0; i < tS.length; i++) {
    if (!keep(i)) continue;
    const px = x(tS[i]);
    if (px < lo || px > hi) continue;
    const bin = Math.round(px / MARK_BIN_PX);
    if (seen.has(bin)) continue;
    seen.add(bin);
    out.push({ key, tS: tS[i], seg: seg[i] });
  }
  return out;
}

export function renderTimeSeqChart(el: SVGSVGElement, input: TimeSeqChartInput, size: ChartSize): void {
  const svg = d3.select(el);
  const x = timeScale(input.windowS, size.width);
  const [lo, hi] = seqRange(input.runs, input.windowS);
  const y = d3
    .scaleLinear()
    .domain([lo, hi])
    .nice()
    .range([size.height - 50, 34]);
  drawFrame(svg, x, y, size, { x: 'time (s)', y: 'sequence (segments)' });
  const clip = clipToPlot(svg, `${el.id || 'timeseq'}-clip`, x, y);
  const [plotBottom, plotTop] = y.range();
  const [plotLeft, plotRight] = x.range();
  const scaleKeys = [scaleKey(x), scaleKey(y)];
  const lines = layer(svg, 'lines').attr('clip-path', clip);
  const groups = lines
    .selectAll<SVGGElement, TimeSeqRunInput>('g.run')
    .data(input.runs, (r) => r.key)
    .join((enter) =>
      enter
        .append('g')
        .attr('class', 'run')
        .call((g) => g.append('path').attr('class', 'ack-line'))
        .call((g) => g.append('path').attr('class', 'seg-ticks')),
    )
    .attr('data-series', (r) => r.label);
  groups
    .select<SVGPathElement>('path.seg-ticks')
    .each(function (r) {
      setPath(this, [r.seq, ...scaleKeys], () => columnTicks(r.seq.sendS, r.seq.sendSeg, { x, y }, 3, (i) => r.seq.retransmit[i] === 0));
    })
    .style('stroke', (r) => r.colour);
  groups
    .select<SVGPathElement>('path.ack-line')
    .each(function (r) {
      setPath(this, [r.seq, ...scaleKeys, input.endS], () => stepPath({ tS: r.seq.ackS, values: r.seq.ackSeg }, { x, y, yClamp: [plotTop - 20, plotBottom + 20] }, input.endS));
    })
    .attr('stroke-dasharray', (r) => r.dash)
    .style('stroke', (r) => (input.runs.length === 1 ? MARK_COLOURS.ack : r.colour));

  const retx = input.runs.flatMap((r) => thin(r.key, r.seq.sendS, r.seq.sendSeg, x, (i) => r.seq.retransmit[i] === 1, plotLeft, plotRight));
  const at = (p: Point): [number, number] => [x(p.tS), y(p.seg)];
  drawMarks(layer(svg, 'retx').attr('clip-path', clip), 'path.retx-mark', retx, {
    cls: 'retx-mark',
    shape: d3.symbol(d3.symbolDiamond, 60)() ?? '',
    at,
    paint: 'fill',
    colour: MARK_COLOURS.retransmit,
  });

  const drops = input.runs.flatMap((r) => thin(r.key, r.seq.dropS, r.seq.dropSeg, x, () => true, plotLeft, plotRight));
  drawMarks(layer(svg, 'drops').attr('clip-path', clip), 'path.seq-drop', drops, {
    cls: 'seq-drop',
    shape: d3.symbol(d3.symbolTimes, 70)() ?? '',
    at,
    paint: 'stroke',
    colour: MARK_COLOURS.drop,
  });
}

export function timeSeqReadout(input: TimeSeqChartInput, tS: number): ReadoutLine[] {
  return input.runs.map((r) => {
    const s = indexAtOrBefore(r.seq.sendS, tS);
    const a = indexAtOrBefore(r.seq.ackS, tS);
    const sent = s < 0 ? '—' : r.seq.sendSeg[s].toFixed(0);
    const acked = a < 0 ? '—' : r.seq.ackSeg[a].toFixed(0);
    return { text: `${r.label}: last sent ${sent}, acked ${acked}`, colour: r.colour };
  });
}

export function timeSeqCursor(el: SVGSVGElement, input: TimeSeqChartInput, size: ChartSize, tS: number | null): void {
  drawCursor(d3.select(el), timeScale(input.windowS, size.width), size.height, tS, tS === null ? [] : timeSeqReadout(input, tS));
}
