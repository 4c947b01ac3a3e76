/**
 * The trace view's charts: one time axis, the captured connection and the simulated one on the
 * same axes (points for time–sequence and RTT, steps for the window), drawn with D3 into an SVG.
 */
import * as d3 from 'd3';
import { INK } from '../../catalogue/palette.ts';

export interface PointSeries {
  kind: 'points';
  label: string;
  colour: string;
  x: Float64Array;
  y: Float64Array;
  /** Marks drawn as crosses instead of dots (retransmissions). */
  cross?: Uint8Array;
}

export interface StepSeries {
  kind: 'steps';
  label: string;
  colour: string;
  x: Float64Array;
  y: Float64Array;
  dashed?: boolean;
}

export type Series = PointSeries | StepSeries;

export interface OverlaySpec {
  width: number;
  height: number;
  yLabel: string;
  series: Series[];
  /** Shared time range, seconds. */
  xMax: number;
}

/** At most this many marks per point series: every k-th point beyond it (retransmissions always kept). */
const MAX_POINTS = 6000;
/** Steps are thinned to about one vertex per pixel column pair, keeping each column's min and max. */

export function drawOverlay(svgEl: SVGSVGElement, spec: OverlaySpec): void {
  const margin = { top: 8, right: 12, bottom: 34, left: 66 };
  const w = Math.max(120, spec.width);
  const h = Math.max(120, spec.height);
  const svg = d3.select(svgEl).attr('width', w).attr('height', h).attr('viewBox', `0 0 ${w} ${h}`);
  svg.selectAll('*').remove();
  let yMax = 0;
  for (const s of spec.series) for (let i = 0; i < s.y.length; i++) if (s.x[i] <= spec.xMax && s.y[i] > yMax && Number.isFinite(s.y[i])) yMax = s.y[i];
  const x = d3.scaleLinear().domain([0, spec.xMax || 1]).range([margin.left, w - margin.right]);
  const y = d3
    .scaleLinear()
    .domain([0, yMax * 1.05 || 1])
    .nice()
    .range([h - margin.bottom, margin.top]);
  const g = svg.append('g');
  g.append('g')
    .attr('transform', `translate(0,${h - margin.bottom})`)
    .call(d3.axisBottom(x).ticks(Math.max(2, Math.floor(w / 90))))
    .call((a) => a.selectAll('text').style('fill', INK).style('font-size', '13px'));
  g.append('g')
    .attr('transform', `translate(${margin.left},0)`)
    .call(d3.axisLeft(y).ticks(Math.max(2, Math.floor(h / 50))))
    .call((a) => a.selectAll('text').style('fill', INK).style('font-size', '13px'));
  g.selectAll('.domain, .tick line').style('stroke', 'var(--muted)');
  g.append('text')
    .attr('x', w - margin.right)
    .attr('y', h - 4)
    .attr('text-anchor', 'end')
    .style('fill', INK)
    .style('font-size', '13px')
    .text('time (s)');
  g.append('text')
    .attr('transform', `translate(12,${margin.top}) rotate(-90)`)
    .attr('text-anchor', 'end')
    .style('fill', INK)
    .style('font-size', '13px')
    .text(spec.yLabel);
  const plot = svg.append('g');
  for (const s of spec.series) {
    if (s.kind === 'steps') {
      const pts: Array<[number, number]> = [];
      for (let i = 0; i < s.x.length; i++) {
        if (s.x[i] > spec.xMax) break;
        if (i > 0) pts.push([x(s.x[i]), y(s.y[i - 1])]);
        pts.push([x(s.x[i]), y(s.y[i])]);
      }
      plot
        .append('path')
        .attr('d', d3.line()(thin(pts)) ?? '')
        .attr('fill', 'none')
        .style('stroke', s.colour)
        .attr('stroke-width', 2)
        .attr('stroke-dasharray', s.dashed ? '6 4' : null)
        .attr('data-series', s.label);
    } else {
      const stride = Math.max(1, Math.ceil(s.x.length / MAX_POINTS));
      let dots = '';
      let crosses = '';
      for (let i = 0; i < s.x.length; i++) {
        if (s.x[i] > spec.xMax) continue;
        const rtx = s.cross?.[i] === 1;
        if (!rtx && i % stride !== 0) continue;
        const px = x(s.x[i]).toFixed(1);
        const py = y(s.y[i]).toFixed(1);
        if (rtx) crosses += `M${+px - 4},${+py - 4}l8,8m0,-8l-8,8`;
        else dots += `M${px},${py}h0.01`;
      }
      plot.append('path').attr('d', dots).style('stroke', s.colour).attr('stroke-width', 3).attr('stroke-linecap', 'round').attr('data-series', s.label);
      // In the series' own colour: with two connections overlaid, whose retransmission it is matters.
      if (crosses) plot.append('path').attr('d', crosses).style('stroke', s.colour).attr('stroke-width', 2).attr('data-series', `${s.label} retransmissions`);
    }
  }
}

/** Keeps, per pixel column, the first, min, max and last vertex: the drawn shape does not change. */
function thin(pts: Array<[number, number]>): Array<[number, number]> {
  if (pts.length < 4000) return pts;
  const out: Array<[number, number]> = [];
  let col = Number.NaN;
  let group: Array<[number, number]> = [];
  const flush = (): void => {
    if (group.length === 0) return;
    let lo = group[0];
    let hi = group[0];
    for (const p of group) {
      if (p[1] < lo[1]) lo = p;
      if (p[1] > hi[1]) hi = p;
    }
    out.push(group[0]);
    if (lo !== group[0]) out.push(lo);
    if (hi !== group[0] && hi !== lo) out.push(hi);
    out.push(group[group.length - 1]);
    group = [];
  };
  for (const p of pts) {
    const c = Math.round(p[0]);
    if (c !== col) {
      flush();
      col = c;
    }
    group.push(p);
  }
  flush();
  return out;
}
