/**
 * The path as a diagram: senders → access links → shared hops → receiver, each link drawn with
 * a length proportional to its one-way delay (plus a minimum so a 1 ms link stays visible),
 * labelled with rate and delay. Below it, a channel-state strip per link that has a state-based
 * error model (good / bad / off over time, on the shared time axis). At the cursor, each link
 * takes its channel's colour and packets sent in the last one-way delay are drawn on their way.
 *
 * Deviation (deliberate, for legibility): a packet's position is where it would be with empty
 * queues — (now − send time) / propagation delay along the path; queueing and serialization
 * are not shown here (the queue panel shows them).
 */
import * as d3 from 'd3';
import { CHANNEL_STATES } from '../../engine/core/trace.ts';
import { layer, MARGIN, timeScale, type ChartSize, type WindowS } from './frame.ts';
import { CHANNEL_COLOURS, INK, MARK_COLOURS } from './palette.ts';
import { indexAtOrBefore, type Span } from './series.ts';

export interface PathLink {
  id: string;
  /** Index of its forward direction in the trace / results. */
  linkIndex: number;
  rateLabel: string;
  delayMs: number;
}

export interface PathFlow {
  id: string;
  colour: string;
  access: PathLink;
  /** Send times (s) and whether each was a retransmission, for the moving packets. */
  sendS: Float64Array;
  retransmit: Float64Array | Uint8Array;
}

export interface PathChartInput {
  windowS: WindowS;
  hops: PathLink[];
  flows: PathFlow[];
  /** Channel states per link index (only links that report one). */
  channels: { link: PathLink; spans: Span[] }[];
  /** No moving packets (prefers-reduced-motion): the cursor only recolours links. */
  still: boolean;
}

const NODE_R = 16;
const MIN_LINK_PX = 70;
const STRIP_H = 16;
const STRIP_GAP = 8;
/** Packets drawn per flow at most: beyond that they merge into a solid line anyway. */
const MAX_DOTS = 80;

interface Geometry {
  senderY: number[];
  senderX: number;
  routerX: number[];
  receiverX: number;
  midY: number;
  stripTop: number;
}

export function pathHeight(input: Pick<PathChartInput, 'flows' | 'channels'>): number {
  const diagram = Math.max(150, Math.min(input.flows.length, 8) * 40 + 70);
  return diagram + (input.channels.length > 0 ? input.channels.length * (STRIP_H + STRIP_GAP) + 40 : 0);
}

function geometry(input: PathChartInput, size: ChartSize): Geometry {
  const diagramH = pathHeight({ flows: input.flows, channels: [] });
  const midY = diagramH / 2 + 6;
  const n = input.flows.length;
  const spread = Math.min(diagramH - 70, (n - 1) * 40);
  const senderY = input.flows.map((_, i) => (n === 1 ? midY : midY - spread / 2 + (spread * i) / (n - 1)));
  const accessDelay = Math.max(0, ...input.flows.map((f) => f.access.delayMs));
  const delays = [accessDelay, ...input.hops.map((h) => h.delayMs)];
  const total = delays.reduce((a, b) => a + b, 0) || 1;
  const left = MARGIN.left;
  const right = size.width - MARGIN.right;
  const free = Math.max(0, right - left - delays.length * MIN_LINK_PX);
  const xs: number[] = [left];
  for (const d of delays) xs.push(xs[xs.length - 1] + MIN_LINK_PX + (free * d) / total);
  return { senderY, senderX: xs[0], routerX: xs.slice(1, -1), receiverX: xs[xs.length - 1], midY, stripTop: diagramH + 20 };
}

export function renderPathChart(el: SVGSVGElement, input: PathChartInput, size: ChartSize): void {
  const svg = d3.select(el);
  svg.attr('viewBox', `0 0 ${size.width} ${size.height}`).attr('width', size.width).attr('height', size.height);
  const g = geometry(input, size);
  const firstRouter = g.routerX[0] ?? g.receiverX;
  const hopXs = [firstRouter, ...g.routerX.slice(1), g.receiverX];

  interface Seg {
    key: string;
    linkIndex: number;
    x1: number;
    y1: number;
    x2: number;
    y2: number;
    label: string;
  }
  const segs: Seg[] = [
    ...input.flows.map((f, i) => ({
      key: `a-${f.id}`,
      linkIndex: f.access.linkIndex,
      x1: g.senderX,
      y1: g.senderY[i],
      x2: firstRouter,
      y2: g.midY,
      label: input.flows.length <= 2 ? `${f.access.rateLabel}, ${f.access.delayMs} ms` : '',
    })),
    ...input.hops.map((h, i) => ({ key: `h-${h.id}`, linkIndex: h.linkIndex, x1: hopXs[i], y1: g.midY, x2: hopXs[i + 1], y2: g.midY, label: `${h.id}: ${h.rateLabel}, ${h.delayMs} ms` })),
  ];
  layer(svg, 'links')
    .selectAll<SVGLineElement, Seg>('line.path-link')
    .data(segs, (s) => s.key)
    .join('line')
    .attr('class', 'path-link')
    .attr('data-link', (s) => s.linkIndex)
    .attr('x1', (s) => s.x1)
    .attr('y1', (s) => s.y1)
    .attr('x2', (s) => s.x2)
    .attr('y2', (s) => s.y2);
  layer(svg, 'link-labels')
    .selectAll<SVGTextElement, Seg>('text.link-label')
    .data(
      segs.filter((s) => s.label),
      (s) => s.key,
    )
    .join('text')
    .attr('class', 'link-label')
    .attr('x', (s) => (s.x1 + s.x2) / 2)
    .attr('y', (s) => (s.y1 + s.y2) / 2 - (s.key.startsWith('a-') ? 26 : 12))
    .attr('text-anchor', 'middle')
    .text((s) => s.label);

  interface Node {
    key: string;
    x: number;
    y: number;
    label: string;
    colour: string;
  }
  const nodes: Node[] = [
    ...input.flows.map((f, i) => ({ key: `s-${f.id}`, x: g.senderX, y: g.senderY[i], label: input.flows.length <= 4 ? f.id : `S${i + 1}`, colour: f.colour })),
    ...[firstRouter, ...g.routerX.slice(1)].map((x, i) => ({ key: `r-${i}`, x, y: g.midY, label: `R${i + 1}`, colour: INK })),
    { key: 'recv', x: g.receiverX, y: g.midY, label: 'receiver', colour: INK },
  ];
  const nodeSel = layer(svg, 'nodes')
    .selectAll<SVGGElement, Node>('g.node')
    .data(nodes, (n) => n.key)
    .join((enter) =>
      enter
        .append('g')
        .attr('class', 'node')
        .call((n) => n.append('circle').attr('r', NODE_R))
        .call((n) => n.append('text').attr('class', 'node-label').attr('text-anchor', 'middle')),
    )
    .attr('transform', (n) => `translate(${n.x},${n.y})`);
  nodeSel.select('circle').style('stroke', (n) => n.colour);
  nodeSel
    .select('text')
    .attr('y', NODE_R + 18)
    .text((n) => n.label);

  // channel strips on the shared time axis
  const x = timeScale(input.windowS, size.width);
  const strips = layer(svg, 'strips');
  const rows = strips
    .selectAll<SVGGElement, PathChartInput['channels'][number]>('g.strip')
    .data(input.channels, (c) => c.link.id)
    .join((enter) => enter.append('g').attr('class', 'strip').call((s) => s.append('text').attr('class', 'strip-label')))
    .attr('transform', (_, i) => `translate(0,${g.stripTop + i * (STRIP_H + STRIP_GAP)})`);
  rows
    .select('text.strip-label')
    .attr('x', MARGIN.left - 8)
    .attr('y', STRIP_H / 2)
    .attr('dy', '0.35em')
    .attr('text-anchor', 'end')
    .text((c) => c.link.id);
  rows
    .selectAll<SVGRectElement, Span>('rect.channel-span')
    .data((c) => c.spans.filter((s) => s.t1S > input.windowS[0] && s.t0S < input.windowS[1]))
    .join('rect')
    .attr('class', (s) => `channel-span ${CHANNEL_STATES[s.state] ?? ''}`)
    .attr('x', (s) => Math.max(x.range()[0], x(s.t0S)))
    .attr('width', (s) => Math.max(1, Math.min(x.range()[1], x(s.t1S)) - Math.max(x.range()[0], x(s.t0S))))
    .attr('height', STRIP_H)
    .style('fill', (s) => CHANNEL_COLOURS[s.state] ?? INK);
}

/** Which channel state a link is in at tS (0 = good when it has no strip). */
function stateAt(spans: readonly Span[], tS: number): number {
  for (const s of spans) if (tS >= s.t0S && tS < s.t1S) return s.state;
  return 0;
}

interface Dot {
  x: number;
  y: number;
  colour: string;
}

/** Position along sender → first router → … → receiver after `frac` of the flow's one-way delay. */
function along(points: readonly [number, number, number][], frac: number): [number, number] {
  // points: [x, y, cumulative delay fraction]
  for (let i = 1; i < points.length; i++) {
    const [x0, y0, f0] = points[i - 1];
    const [x1, y1, f1] = points[i];
    if (frac <= f1 || i === points.length - 1) {
      const u = f1 > f0 ? Math.min(1, Math.max(0, (frac - f0) / (f1 - f0))) : 1;
      return [x0 + (x1 - x0) * u, y0 + (y1 - y0) * u];
    }
  }
  return [points[0][0], points[0][1]];
}

export function pathCursor(el: SVGSVGElement, input: PathChartInput, size: ChartSize, tS: number | null, base: SVGSVGElement): void {
  const svg = d3.select(el);
  const t = tS ?? 0;
  const states = new Map(input.channels.map((c) => [c.link.linkIndex, stateAt(c.spans, t)]));
  // links take their channel's state at the cursor (classed() only writes when it changes)
  d3.select(base).selectAll<SVGLineElement, unknown>('line.path-link').each(function () {
    const idx = Number(this.getAttribute('data-link'));
    const state = states.get(idx) ?? 0;
    d3.select(this)
      .classed('bad', state === 1)
      .classed('off', state === 2);
  });

  const g = geometry(input, size);
  const firstRouter = g.routerX[0] ?? g.receiverX;
  const hopXs = [firstRouter, ...g.routerX.slice(1), g.receiverX];
  const dots: Dot[] = [];
  if (!input.still && tS !== null) {
    input.flows.forEach((f, i) => {
      const delays = [f.access.delayMs, ...input.hops.map((h) => h.delayMs)];
      const owdS = delays.reduce((a, b) => a + b, 0) / 1000;
      if (owdS <= 0) return;
      let acc = 0;
      const pts: [number, number, number][] = [[g.senderX, g.senderY[i], 0]];
      delays.forEach((d, k) => {
        acc += d / 1000 / owdS;
        pts.push([hopXs[k], g.midY, acc]);
      });
      let n = 0;
      for (let j = indexAtOrBefore(f.sendS, t); j >= 0 && n < MAX_DOTS; j--, n++) {
        const age = t - f.sendS[j];
        if (age > owdS) break;
        const [px, py] = along(pts, age / owdS);
        dots.push({ x: px, y: py, colour: f.retransmit[j] ? MARK_COLOURS.retransmit : f.colour });
      }
    });
  }
  layer(svg, 'packets')
    .selectAll<SVGRectElement, Dot>('rect.packet')
    .data(dots)
    .join('rect')
    .attr('class', 'packet')
    .attr('width', 8)
    .attr('height', 8)
    .attr('x', (d) => d.x - 4)
    .attr('y', (d) => d.y - 4)
    .style('fill', (d) => d.colour);

  const x = timeScale(input.windowS, size.width);
  const px = x(t);
  const inside = tS !== null && px >= x.range()[0] && px <= x.range()[1] && input.channels.length > 0;
  layer(svg, 'cursor')
    .selectAll('line.cursor-line')
    .data(inside ? [px] : [])
    .join('line')
    .attr('class', 'cursor-line')
    .attr('x1', (d) => d)
    .attr('x2', (d) => d)
    .attr('y1', g.stripTop - 4)
    .attr('y2', g.stripTop + input.channels.length * (STRIP_H + STRIP_GAP));
}
