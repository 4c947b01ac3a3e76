/**
 * The path as a live picture: senders → access links → routers → shared hops → receiver, each
 * link's length in proportion to its one-way delay (plus a minimum so a 1 ms link stays
 * visible). At the playhead (pathCursor) every hop shows its real state, from the packet window
 * and the trace (pathModel.ts): data packets on each link's upper track and ACKs on its lower
 * track at their simulated positions, each router's queue as a stack against its limit, other
 * non-empty queues as counted badges, drops of the last moment as bursts labelled with their
 * cause, marked packets ringed, the wireless hop coloured by its channel state, the token
 * bucket's level beside its sender and the Ack Regulator's held ACKs at its router. Compare
 * mode draws one lane per run on the same path. Below, a channel-state strip per link with a
 * state-based error model, on the shared time axis.
 *
 * Honest aggregation: a track with more packets than can be told apart is drawn as a band
 * labelled with its count; a queue too deep for one cell per packet fills as a bar with its
 * count; nothing is skipped silently.
 */
import * as d3 from 'd3';
import { CHANNEL_STATES, type TraceData } from '../../engine/core/trace.ts';
import type { PacketWindow } from '../../engine/net/hop-log.ts';
import { shapePath } from './bands.ts';
import { layer, MARGIN, timeScale, type ChartSize, type WindowS } from './frame.ts';
import { CAUSE_STYLE, CHANNEL_COLOURS, INK, MARK_COLOURS } from '../../catalogue/palette.ts';
import { channelName, packetsAt, recentDrops, stepAt, windowAt, type Steps, type WaitingPacket, type WirePacket } from './pathModel.ts';
import type { Span } from './series.ts';

export interface PathLink {
  id: string;
  /** Trace index of its forward direction; the reverse direction is the next index. */
  linkIndex: number;
  rateLabel: string;
  delayMs: number;
  /** Queue limit of the forward direction (packets). */
  limitPackets: number;
}

export interface PathFlow {
  id: string;
  access: PathLink;
  /** Token bucket depth, or null without a bucket. */
  bucketDepth: number | null;
}

/** One run's state over the same path: a lane. */
export interface PathLane {
  key: string;
  /** The compared variant ('' for the scenario as written). */
  label: string;
  colour: string;
  flowColours: string[];
  trace: TraceData;
  /** Packet detail around the playhead (none until it has come). */
  windows: readonly PacketWindow[];
  /** Per trace link index: waiting packets (the trace's queue table), channel state. */
  queue: Map<number, Steps>;
  channel: Map<number, Steps>;
  /** Per flow: its token bucket's whole tokens (null without a bucket). */
  tokens: (Steps | null)[];
  /** Per path hop's forward link index: the Ack Regulator's held ACKs. */
  heldAcks: Map<number, Steps>;
}

export interface PathChartInput {
  windowS: WindowS;
  hops: PathLink[];
  flows: PathFlow[];
  /** Propagation delay (ns) per trace link index. */
  delayNs: number[];
  lanes: PathLane[];
  /** Channel states per link (first lane: channels are common to compared runs), for the strips. */
  channels: { link: PathLink; spans: Span[] }[];
  /** How long a drop stays drawn after it happened (ns of simulated time). */
  lingerNs: number;
  /** Reduced motion: no fading; the state at the playhead only. */
  still: boolean;
}

const NODE_R = 14;
const MIN_LINK_PX = 70;
/** Half the gap between a link's data track (above) and ACK track (below). */
const TRACK_PX = 5;
const STACK_W = 26;
const STRIP_H = 16;
const STRIP_GAP = 8;
/** A track shows packets one by one while each has at least this many pixels of it. */
const PX_PER_PACKET = 4;
/** A queue stack shows one cell per packet while each cell gets at least this many pixels. */
const MIN_CELL_PX = 3;
/** Where along a link (from its transmitting end) a loss on the wire is drawn, and how far off the link its burst goes. */
const WIRE_LOSS_AT = 0.3;
const WIRE_BURST_PX = 42;

const laneHeightFor = (flows: number, compare: boolean): number => Math.max(compare ? 150 : 215, Math.min(flows, 8) * 30 + 110);

function stripsHeight(input: Pick<PathChartInput, 'channels'>): number {
  return input.channels.length > 0 ? input.channels.length * (STRIP_H + STRIP_GAP) + 40 : 0;
}

export function pathHeight(input: Pick<PathChartInput, 'flows' | 'channels' | 'lanes'>): number {
  return input.lanes.length * laneHeightFor(input.flows.length, input.lanes.length > 1) + stripsHeight(input);
}

interface Geometry {
  laneH: number;
  /** Per lane: the y of its routers' line. */
  midY: number[];
  /** Per flow: its sender's y offset from the lane's midY. */
  senderDy: number[];
  senderX: number;
  /** x of R1, R2, …, the receiver: hop k runs from nodeX[k] to nodeX[k + 1]. */
  nodeX: number[];
  stackH: number;
  /**
   * Lanes too short for names under the nodes (many compared runs in presenter mode): the
   * nodes are named in the last lane only, the access link's figures not at all (the summary has them).
   */
  compact: boolean;
  /** Where counted badges go under a node. */
  badgeDy: number;
  stripTop: number;
}

/** Room above a queue stack for its count, and below the routers for their labels and badges. */
const ABOVE_STACK_PX = 26;
/** Lanes are never shorter than this (six compared runs in a 720 px presenter box), and below the second are compact. */
const MIN_LANE_PX = 72;
const COMPACT_LANE_PX = 150;
const BELOW_NODES_PX = 70;

function geometry(input: PathChartInput, size: ChartSize): Geometry {
  const lanes = Math.max(1, input.lanes.length);
  const laneH = Math.max(MIN_LANE_PX, (size.height - stripsHeight(input)) / lanes);
  const compact = laneH < COMPACT_LANE_PX;
  // a tall lane (presenter mode) gets a tall stack: one readable cell per packet of the limit
  const stackH = compact ? Math.max(12, laneH - 86) : Math.max(24, Math.min(200, laneH - 125));
  const n = input.flows.length;
  const spread = Math.max(0, Math.min(laneH - 110, (n - 1) * 30));
  const senderDy = input.flows.map((_, i) => (n === 1 ? 0 : -spread / 2 + (spread * i) / (n - 1)));
  const above = Math.max(ABOVE_STACK_PX + stackH + 4 + NODE_R, spread / 2 + NODE_R + 10);
  // a compact lane keeps room for the names under the last lane's nodes
  const below = compact ? 28 : BELOW_NODES_PX;
  const pad = Math.max(0, (laneH - above - NODE_R - below) / 2);
  const midY = Array.from({ length: lanes }, (_, i) => i * laneH + pad + above);
  const accessDelay = Math.max(0, ...input.flows.map((f) => f.access.delayMs));
  const delays = [accessDelay, ...input.hops.map((h) => h.delayMs)];
  const total = delays.reduce((a, b) => a + b, 0) || 1;
  // room on the left for a token gauge, on the right for the receiver's label
  const left = 70;
  const right = size.width - 62;
  const free = Math.max(0, right - left - delays.length * MIN_LINK_PX);
  const xs: number[] = [left];
  for (const d of delays) xs.push(xs[xs.length - 1] + MIN_LINK_PX + (free * d) / total);
  return { laneH, midY, senderDy, senderX: xs[0], nodeX: xs.slice(1), stackH, compact, badgeDy: compact ? NODE_R + 16 : NODE_R + 62, stripTop: lanes * laneH + 20 };
}

/** A link direction drawn on the picture: where its track runs, from its transmitting end. */
interface Track {
  link: number;
  isAck: boolean;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Tracks of every link direction, relative to a lane's midY. */
function tracks(input: PathChartInput, g: Geometry): Track[] {
  const out: Track[] = [];
  const seg = (fwd: number, ax: number, ay: number, bx: number, by: number): void => {
    const len = Math.hypot(bx - ax, by - ay) || 1;
    // the normal pointing up on a left-to-right link: data above, ACKs below
    const nx = (by - ay) / len;
    const ny = -(bx - ax) / len;
    out.push({ link: fwd, isAck: false, x1: ax + nx * TRACK_PX, y1: ay + ny * TRACK_PX, x2: bx + nx * TRACK_PX, y2: by + ny * TRACK_PX });
    out.push({ link: fwd + 1, isAck: true, x1: bx - nx * TRACK_PX, y1: by - ny * TRACK_PX, x2: ax - nx * TRACK_PX, y2: ay - ny * TRACK_PX });
  };
  input.flows.forEach((f, i) => seg(f.access.linkIndex, g.senderX, g.senderDy[i], g.nodeX[0], 0));
  input.hops.forEach((h, k) => seg(h.linkIndex, g.nodeX[k], 0, g.nodeX[k + 1], 0));
  return out;
}

export function renderPathChart(el: SVGSVGElement, input: PathChartInput, size: ChartSize): void {
  const svg = d3.select(el);
  svg.attr('viewBox', `0 0 ${size.width} ${size.height}`).attr('width', size.width).attr('height', size.height);
  const g = geometry(input, size);
  const lanes = layer(svg, 'lanes')
    .selectAll<SVGGElement, PathLane>('g.lane')
    .data(input.lanes, (l) => l.key)
    .join('g')
    .attr('class', 'lane')
    .attr('data-lane', (l) => l.key)
    .attr('transform', (_, i) => `translate(0,${g.midY[i]})`);

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
      y1: g.senderDy[i],
      x2: g.nodeX[0],
      y2: 0,
      label: input.flows.length <= 2 && i === 0 ? `${f.access.rateLabel}, ${f.access.delayMs} ms` : '',
    })),
    ...input.hops.map((h, k) => ({ key: `h-${h.id}`, linkIndex: h.linkIndex, x1: g.nodeX[k], y1: 0, x2: g.nodeX[k + 1], y2: 0, label: `${h.id}|${h.rateLabel}, ${h.delayMs} ms` })),
  ];
  lanes.each(function (lane, laneIndex) {
    const lg = d3.select(this) as unknown as d3.Selection<SVGGElement, unknown, null, undefined>;
    layer(lg, 'links')
      .selectAll<SVGLineElement, Seg>('line.path-link')
      .data(segs, (s) => s.key)
      .join('line')
      .attr('class', 'path-link')
      .attr('data-link', (s) => s.linkIndex)
      .attr('x1', (s) => s.x1)
      .attr('y1', (s) => s.y1)
      .attr('x2', (s) => s.x2)
      .attr('y2', (s) => s.y2);
    // hop labels above the link, clear of the router's queue stack and cut to the hop's length;
    // the short access link's label goes below its nodes' names, in the first lane only (the
    // lanes share the path, and a lane's bottom is the next one's top)
    layer(lg, 'link-labels')
      .selectAll<SVGTextElement, Seg>('text.link-label')
      .data(
        segs.filter((s) => s.label && ((laneIndex === 0 && !g.compact) || s.key.startsWith('h-'))),
        (s) => s.key,
      )
      .join('text')
      .attr('class', 'link-label')
      .attr('x', (s) => (s.key.startsWith('h-') ? s.x1 + STACK_W / 2 + 6 + (s.x2 - s.x1 - STACK_W - 12) / 2 : (s.x1 + s.x2) / 2))
      .attr('y', (s) => (s.key.startsWith('a-') ? Math.max(s.y1, s.y2) + NODE_R + 42 : -16))
      .attr('text-anchor', 'middle')
      .text((s) => (s.key.startsWith('h-') ? fitHopLabel(s.label, s.x2 - s.x1 - STACK_W - 12) : s.label));

    interface Node {
      key: string;
      x: number;
      y: number;
      label: string;
      colour: string;
      anchor: string;
    }
    const nodes: Node[] = [
      ...input.flows.map((f, i) => ({ key: `s-${f.id}`, x: g.senderX, y: g.senderDy[i], label: input.flows.length <= 4 ? f.id : `S${i + 1}`, colour: lane.flowColours[i] ?? INK, anchor: 'middle' })),
      ...g.nodeX.slice(0, -1).map((x, i) => ({ key: `r-${i}`, x, y: 0, label: `R${i + 1}`, colour: INK, anchor: 'middle' })),
      // anchored at its right end so it never runs past the chart's edge
      { key: 'recv', x: g.nodeX[g.nodeX.length - 1], y: 0, label: 'receiver', colour: INK, anchor: 'end' },
    ];
    const nodeSel = layer(lg, 'nodes')
      .selectAll<SVGGElement, Node>('g.node')
      .data(nodes, (n) => n.key)
      .join((enter) =>
        enter
          .append('g')
          .attr('class', 'node')
          .call((n) => n.append('circle').attr('r', NODE_R))
          .call((n) => n.append('text').attr('class', 'node-label')),
      )
      .attr('transform', (n) => `translate(${n.x},${n.y})`);
    nodeSel.select('circle').style('stroke', (n) => n.colour);
    nodeSel
      .select('text')
      .attr('text-anchor', (n) => n.anchor)
      .attr('x', (n) => (n.anchor === 'end' ? NODE_R + 4 : 0))
      .attr('y', NODE_R + 20)
      .text((n) => (g.compact && laneIndex < input.lanes.length - 1 ? '' : n.label));

    // each router's queue: an outline as tall as its limit, filled at the playhead
    layer(lg, 'stack-frames')
      .selectAll<SVGRectElement, PathLink>('rect.stack-frame')
      .data(input.hops, (h) => h.id)
      .join('rect')
      .attr('class', 'stack-frame')
      .attr('x', (_, k) => g.nodeX[k] - STACK_W / 2)
      .attr('y', -NODE_R - 4 - g.stackH)
      .attr('width', STACK_W)
      .attr('height', g.stackH);

    layer(lg, 'lane-title')
      .selectAll<SVGTextElement, PathLane>('text.path-lane-label')
      .data(lane.label ? [lane] : [])
      .join('text')
      .attr('class', 'path-lane-label')
      .attr('x', 8)
      .attr('y', -g.midY[laneIndex] + laneIndex * g.laneH + 18)
      .style('fill', (l) => l.colour)
      .text((l) => l.label);
  });

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

/** "id: rate, delay" where it fits the hop (about 8.5 px per character), else "rate, delay", else the rate. */
function fitHopLabel(label: string, px: number): string {
  const [id, figures] = label.split('|');
  for (const text of [`${id}: ${figures}`, figures, figures.split(',')[0]]) if (text.length * 8.5 <= px) return text;
  return figures.split(',')[0];
}

// ---- the state at the playhead ---------------------------------------------------------------

/**
 * The packets of one colour on one track: one SVG path of a segment per packet (a frame then
 * costs a string per track, not an element per packet).
 */
interface PacketRun {
  key: string;
  link: number;
  isAck: boolean;
  colour: string;
  count: number;
  d: string;
}

interface BandGlyph {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  link: number;
  isAck: boolean;
  count: number;
  colour: string;
}

interface CellGlyph {
  x: number;
  y: number;
  h: number;
  colour: string;
  marked: boolean;
}

interface StackGlyph {
  link: number;
  count: number;
  limit: number;
  x: number;
  top: number;
  cells: CellGlyph[];
}

interface BadgeGlyph {
  key: string;
  kind: 'queue' | 'held' | 'tokens';
  link: number;
  count: number;
  x: number;
  y: number;
  text: string;
  anchor: string;
}

interface BurstGlyph {
  key: string;
  link: number;
  cause: string;
  count: number;
  x: number;
  y: number;
  colour: string;
  label: string;
  /** A loss on the wire is drawn clear of the link, with a leader this long (px, signed) down or up to where it happened. */
  leaderPx: number;
  opacity: number;
}

interface ChannelGlyph {
  link: number;
  state: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  colour: string;
  labelX: number;
}

interface LaneFrame {
  key: string;
  y: number;
  /** Packet detail covers the playhead (false: queues from the trace, packets pending). */
  detail: boolean;
  /**
   * Where "packets: computing…" goes while `detail` is false: right-aligned above the receiver,
   * on the row of the routers' queue counts. The receiver has no stack, and it is clear of the
   * sender's "n waiting" badge, which the note covered at the lane's left edge.
   */
  pendingAt: [number, number];
  packets: PacketRun[];
  /** Where marked packets get their ring. */
  marks: { x: number; y: number }[];
  bands: BandGlyph[];
  stacks: StackGlyph[];
  badges: BadgeGlyph[];
  bursts: BurstGlyph[];
  channels: ChannelGlyph[];
  gauges: { flow: number; x: number; y: number; frac: number; tokens: number; depth: number }[];
}

const at = (t: Track, frac: number): [number, number] => [t.x1 + (t.x2 - t.x1) * frac, t.y1 + (t.y2 - t.y1) * frac];

function packetColour(lane: PathLane, p: { flow: number; retransmit: boolean }): string {
  if (p.flow < 0) return 'var(--muted)'; // cross traffic
  if (p.retransmit) return MARK_COLOURS.retransmit;
  return lane.flowColours[p.flow] ?? INK;
}

/** Everything one lane shows at tNs. */
function laneFrame(input: PathChartInput, lane: PathLane, g: Geometry, trs: Track[], laneIndex: number, tNs: number): LaneFrame {
  const y = g.midY[laneIndex];
  const w = windowAt(lane.windows, tNs);
  const detail = w !== null;
  const state = w !== null ? packetsAt(w, tNs, input.delayNs) : null;
  const byLink = new Map<number, WirePacket[]>();
  for (const p of state?.wire ?? []) {
    let l = byLink.get(p.link);
    if (l === undefined) byLink.set(p.link, (l = []));
    l.push(p);
  }
  const packets: PacketRun[] = [];
  const marks: LaneFrame['marks'] = [];
  const bands: BandGlyph[] = [];
  const r1 = (v: number): number => Math.round(v * 10) / 10;
  for (const tr of trs) {
    const list = byLink.get(tr.link);
    if (!list) continue;
    const len = Math.hypot(tr.x2 - tr.x1, tr.y2 - tr.y1);
    if (list.length > Math.max(1, len / PX_PER_PACKET)) {
      const lead = Math.max(...list.map((p) => p.lead));
      const trail = Math.min(...list.map((p) => p.trail));
      const [x1, y1] = at(tr, trail);
      const [x2, y2] = at(tr, lead);
      bands.push({ x1, y1, x2, y2, link: tr.link, isAck: tr.isAck, count: list.length, colour: packetColour(lane, list[0]) });
      continue;
    }
    // a pixel and a half of gap at each packet's tail, so packets sent back to back stay
    // countable; at least 3 px each, so an ACK a fraction of a pixel long is still seen
    const gap = len > 0 ? 1.5 / len : 0;
    const minFrac = len > 0 ? 3 / len : 0;
    const runs = new Map<string, PacketRun>();
    for (const p of list) {
      const colour = packetColour(lane, p);
      let run = runs.get(colour);
      if (run === undefined) runs.set(colour, (run = { key: `${tr.link}|${colour}`, link: tr.link, isAck: tr.isAck, colour, count: 0, d: '' }));
      const trail = p.lead - p.trail > 3 * gap ? p.trail + gap : p.trail;
      const [x1, y1] = at(tr, Math.min(trail, Math.max(0, p.lead - minFrac)));
      const [x2, y2] = at(tr, Math.max(p.lead, minFrac));
      run.d += `M${r1(x1)},${r1(y1)}L${r1(x2)},${r1(y2)}`;
      run.count++;
      if (p.marked) marks.push({ x: x2, y: y2 + (tr.isAck ? 8 : -8) });
    }
    packets.push(...runs.values());
  }

  const waitingAt = (link: number): { count: number; list: WaitingPacket[] | null } => {
    if (state) {
      const list = state.queues.get(link) ?? [];
      return { count: list.length, list };
    }
    const s = lane.queue.get(link);
    return { count: s ? stepAt(s, tNs, 0) : 0, list: null };
  };

  const stacks: StackGlyph[] = input.hops.map((h, k) => {
    const { count, list } = waitingAt(h.linkIndex);
    const limit = Math.max(1, Number.isFinite(h.limitPackets) ? h.limitPackets : count);
    const cellH = g.stackH / limit;
    const bottom = -NODE_R - 4;
    const cells: CellGlyph[] = [];
    const shown = Math.min(count, limit);
    if (list !== null && cellH >= MIN_CELL_PX) {
      for (let i = 0; i < shown; i++) cells.push({ x: g.nodeX[k] - STACK_W / 2, y: bottom - (i + 1) * cellH, h: cellH, colour: packetColour(lane, list[i]), marked: list[i].marked });
    } else if (shown > 0) {
      // too many for one cell each (or no packet detail yet): one bar, its count beside it
      cells.push({ x: g.nodeX[k] - STACK_W / 2, y: bottom - shown * cellH, h: shown * cellH, colour: MARK_COLOURS.queueFill, marked: false });
    }
    return { link: h.linkIndex, count, limit: h.limitPackets, x: g.nodeX[k], top: bottom - g.stackH, cells };
  });

  // other queues (senders' access links, every ACK direction): a counted badge where non-empty
  const badges: BadgeGlyph[] = [];
  const badgeRows = new Map<number, number>();
  const badge = (b: Omit<BadgeGlyph, 'y'> & { y0: number }): void => {
    const row = badgeRows.get(b.x) ?? 0;
    badgeRows.set(b.x, row + 1);
    badges.push({ ...b, y: b.y0 + row * 20 });
  };
  input.flows.forEach((f, i) => {
    const q = waitingAt(f.access.linkIndex).count;
    if (q > 0) badge({ key: `q${f.access.linkIndex}`, kind: 'queue', link: f.access.linkIndex, count: q, x: g.senderX + NODE_R + 4, y0: g.senderDy[i] - NODE_R - 6, text: `${q} waiting`, anchor: 'start' });
  });
  const below = g.badgeDy;
  input.hops.forEach((h, k) => {
    const q = waitingAt(h.linkIndex + 1).count;
    if (q > 0) badge({ key: `q${h.linkIndex + 1}`, kind: 'queue', link: h.linkIndex + 1, count: q, x: g.nodeX[k + 1], y0: below, text: `${q} ACK${q === 1 ? '' : 's'} waiting`, anchor: k + 1 === input.hops.length ? 'end' : 'middle' });
    const held = lane.heldAcks.get(h.linkIndex);
    if (held) {
      const n = stepAt(held, tNs, 0);
      badge({ key: `held${h.linkIndex}`, kind: 'held', link: h.linkIndex, count: n, x: g.nodeX[k], y0: below, text: `${n} ACK${n === 1 ? '' : 's'} held`, anchor: 'middle' });
    }
  });
  input.flows.forEach((f) => {
    const q = waitingAt(f.access.linkIndex + 1).count;
    if (q > 0) badge({ key: `q${f.access.linkIndex + 1}`, kind: 'queue', link: f.access.linkIndex + 1, count: q, x: g.nodeX[0], y0: below, text: `${q} ACK${q === 1 ? '' : 's'} waiting`, anchor: 'middle' });
  });

  const gauges = input.flows.flatMap((f, i) => {
    const s = lane.tokens[i];
    if (!s || f.bucketDepth === null) return [];
    const tokens = stepAt(s, tNs, f.bucketDepth);
    return [{ flow: i, x: g.senderX - NODE_R - 16, y: g.senderDy[i], frac: Math.min(1, tokens / f.bucketDepth), tokens, depth: f.bucketDepth }];
  });

  const bursts: BurstGlyph[] = recentDrops(lane.trace, tNs, input.lingerNs).flatMap((d) => {
    const style = CAUSE_STYLE[d.cause];
    const cause = style?.cause ?? 'unknown';
    const queueLoss = cause === 'queue-overflow' || cause === 'red-early' || cause === 'aqm-drop';
    let x: number;
    let yy: number;
    let leaderPx = 0;
    const hop = input.hops.findIndex((h) => h.linkIndex === d.link);
    if (queueLoss && hop >= 0) {
      x = g.nodeX[hop] + STACK_W / 2 + 16;
      yy = -NODE_R - 4 - g.stackH + 14;
    } else {
      const tr = trs.find((t) => t.link === d.link);
      if (!tr) return [];
      [x, yy] = at(tr, queueLoss ? 0 : WIRE_LOSS_AT);
      // clear of the hop's label (above the link) and the nodes' names (below it)
      leaderPx = tr.isAck ? -WIRE_BURST_PX : WIRE_BURST_PX;
      yy -= leaderPx;
    }
    const fade = input.still ? 1 : 1 - (0.6 * d.ageNs) / input.lingerNs;
    const label = `${d.count > 1 ? `${d.count} × ` : ''}${style?.label ?? cause}`;
    return [{ key: `${d.link}:${d.cause}`, link: d.link, cause, count: d.count, x, y: yy, colour: style?.colour ?? INK, label, leaderPx, opacity: fade }];
  });

  const channels: ChannelGlyph[] = [];
  for (const [link, s] of lane.channel) {
    const tr = trs.find((t) => t.link === link);
    if (!tr) continue;
    const code = stepAt(s, tNs, 0);
    channels.push({ link, state: channelName(code), x1: tr.x1, y1: tr.y1, x2: tr.x2, y2: tr.y2, colour: CHANNEL_COLOURS[code] ?? INK, labelX: (tr.x1 + tr.x2) / 2 });
  }
  const pendingAt: [number, number] = [g.nodeX[g.nodeX.length - 1] + NODE_R, -NODE_R - 4 - g.stackH - 6];
  return { key: lane.key, y, detail, pendingAt, packets, marks, bands, stacks, badges, bursts, channels, gauges };
}

type G = d3.Selection<SVGGElement, unknown, null, undefined>;

const CHANNEL_WORDS: Record<string, string> = { good: 'channel good', bad: 'channel bad', off: 'channel off (handoff)' };

function drawLane(lg: G, f: LaneFrame): void {
  layer(lg, 'channel-now')
    .selectAll<SVGLineElement, ChannelGlyph>('line.channel-now')
    .data(f.channels, (c) => String(c.link))
    .join('line')
    .attr('class', (c) => `channel-now ${c.state}`)
    .attr('data-link', (c) => c.link)
    .attr('data-state', (c) => c.state)
    .attr('x1', (c) => c.x1)
    .attr('y1', (c) => c.y1)
    .attr('x2', (c) => c.x2)
    .attr('y2', (c) => c.y2)
    .style('stroke', (c) => c.colour);
  layer(lg, 'channel-words')
    .selectAll<SVGTextElement, ChannelGlyph>('text.channel-word')
    .data(
      f.channels.filter((c) => c.state !== 'good' && !(c.link % 2)),
      (c) => String(c.link),
    )
    .join('text')
    .attr('class', 'channel-word')
    .attr('x', (c) => c.labelX)
    .attr('y', NODE_R + 22)
    .attr('text-anchor', 'middle')
    .text((c) => CHANNEL_WORDS[c.state] ?? c.state);

  layer(lg, 'stacks')
    .selectAll<SVGGElement, StackGlyph>('g.queue-stack')
    .data(f.stacks, (s) => String(s.link))
    .join((enter) => enter.append('g').attr('class', 'queue-stack').call((s) => s.append('text').attr('class', 'stack-count')))
    .attr('data-link', (s) => s.link)
    .attr('data-count', (s) => s.count)
    .attr('data-limit', (s) => s.limit)
    .call((s) =>
      s
        .select('text.stack-count')
        .attr('x', (d) => d.x)
        .attr('y', (d) => d.top - 6)
        .attr('text-anchor', 'middle')
        .text((d) => `${d.count}/${d.limit}`),
    )
    .selectAll<SVGRectElement, CellGlyph>('rect.cell')
    .data((s) => s.cells)
    .join('rect')
    .attr('class', (c) => (c.marked ? 'cell marked' : 'cell'))
    .attr('x', (c) => c.x + 2)
    .attr('y', (c) => c.y)
    .attr('width', STACK_W - 4)
    .attr('height', (c) => Math.max(1, c.h - (c.h >= MIN_CELL_PX + 1 ? 1 : 0)))
    .style('fill', (c) => c.colour);

  layer(lg, 'packets')
    .selectAll<SVGPathElement, PacketRun>('path.packets')
    .data(f.packets, (p) => p.key)
    .join('path')
    .attr('class', (p) => (p.isAck ? 'packets ack' : 'packets data'))
    .attr('data-link', (p) => p.link)
    .attr('data-count', (p) => p.count)
    .attr('d', (p) => p.d)
    .style('stroke', (p) => p.colour);
  layer(lg, 'marks')
    .selectAll<SVGCircleElement, LaneFrame['marks'][number]>('circle.packet-mark')
    .data(f.marks)
    .join('circle')
    .attr('class', 'packet-mark')
    .attr('r', 4)
    .attr('cx', (m) => m.x)
    .attr('cy', (m) => m.y)
    .style('fill', MARK_COLOURS.mark);
  layer(lg, 'bands')
    .selectAll<SVGGElement, BandGlyph>('g.packet-band')
    .data(f.bands, (b) => String(b.link))
    .join((enter) =>
      enter
        .append('g')
        .attr('class', 'packet-band')
        .call((b) => b.append('line'))
        .call((b) => b.append('text')),
    )
    .attr('data-link', (b) => b.link)
    .attr('data-count', (b) => b.count)
    .call((b) =>
      b
        .select('line')
        .attr('x1', (d) => d.x1)
        .attr('y1', (d) => d.y1)
        .attr('x2', (d) => d.x2)
        .attr('y2', (d) => d.y2)
        .style('stroke', (d) => d.colour),
    )
    .call((b) =>
      b
        .select('text')
        .attr('x', (d) => (d.x1 + d.x2) / 2)
        .attr('y', (d) => (d.y1 + d.y2) / 2 + (d.isAck ? 24 : -12))
        .attr('text-anchor', 'middle')
        .text((d) => `${d.count} ${d.isAck ? 'ACKs' : 'packets'}`),
    );

  layer(lg, 'badges')
    .selectAll<SVGTextElement, BadgeGlyph>('text.badge')
    .data(f.badges, (b) => b.key)
    .join('text')
    .attr('class', (b) => `badge ${b.kind}`)
    .attr('data-link', (b) => b.link)
    .attr('data-count', (b) => b.count)
    .attr('x', (b) => b.x)
    .attr('y', (b) => b.y)
    .attr('text-anchor', (b) => b.anchor)
    .text((b) => b.text);

  const gauges = layer(lg, 'gauges')
    .selectAll<SVGGElement, LaneFrame['gauges'][number]>('g.token-gauge')
    .data(f.gauges, (d) => String(d.flow))
    .join((enter) =>
      enter
        .append('g')
        .attr('class', 'token-gauge')
        .call((e) => e.append('rect').attr('class', 'gauge-frame'))
        .call((e) => e.append('rect').attr('class', 'gauge-fill'))
        .call((e) => e.append('text').attr('class', 'gauge-text')),
    )
    .attr('data-tokens', (d) => d.tokens)
    .attr('transform', (d) => `translate(${d.x},${d.y})`);
  gauges.select('rect.gauge-frame').attr('x', -7).attr('y', -22).attr('width', 14).attr('height', 44);
  gauges
    .select('rect.gauge-fill')
    .attr('x', -5)
    .attr('y', (d) => 20 - 40 * d.frac)
    .attr('width', 10)
    .attr('height', (d) => 40 * d.frac);
  gauges
    .select('text.gauge-text')
    .attr('x', 0)
    .attr('y', 40)
    .attr('text-anchor', 'middle')
    .text((d) => `${d.tokens} tok`);

  const bursts = layer(lg, 'bursts')
    .selectAll<SVGGElement, BurstGlyph>('g.drop-burst')
    .data(f.bursts, (b) => b.key)
    .join((enter) =>
      enter
        .append('g')
        .call((e) => e.append('line').attr('class', 'burst-leader'))
        .call((e) => e.append('path').attr('class', 'burst').attr('d', BURST_PATH))
        .call((e) => e.append('path').attr('class', 'burst-x').attr('d', shapePath('times', 60)))
        .call((e) => e.append('text').attr('class', 'burst-label')),
    )
    .attr('class', (b) => `drop-burst ${b.cause}`)
    .attr('data-link', (b) => b.link)
    .attr('data-cause', (b) => b.cause)
    .attr('data-count', (b) => b.count)
    .attr('transform', (b) => `translate(${b.x},${b.y})`)
    .style('opacity', (b) => b.opacity);
  bursts.select('path.burst').style('fill', (b) => b.colour);
  bursts
    .select('line.burst-leader')
    .attr('y2', (b) => b.leaderPx)
    .style('stroke', (b) => b.colour);
  bursts
    .select('text.burst-label')
    .attr('x', 18)
    .attr('y', 5)
    .attr('text-anchor', 'start')
    .text((b) => b.label);

  layer(lg, 'pending')
    .selectAll<SVGTextElement, LaneFrame>('text.detail-pending')
    .data(f.detail ? [] : [f])
    .join('text')
    .attr('class', 'detail-pending')
    .attr('x', (d) => d.pendingAt[0])
    .attr('y', (d) => d.pendingAt[1])
    .attr('text-anchor', 'end')
    .text('packets: computing…');
}

/** An eight-pointed burst around the origin. */
const BURST_PATH = (() => {
  const pts: string[] = [];
  for (let i = 0; i < 16; i++) {
    const r = i % 2 === 0 ? 14 : 6.5;
    const a = (Math.PI * i) / 8;
    pts.push(`${(r * Math.sin(a)).toFixed(1)},${(-r * Math.cos(a)).toFixed(1)}`);
  }
  return `M${pts.join('L')}Z`;
})();

export function pathCursor(el: SVGSVGElement, input: PathChartInput, size: ChartSize, tS: number | null): void {
  const svg = d3.select(el);
  const t = tS ?? 0;
  const tNs = Math.round(t * 1e9);
  const g = geometry(input, size);
  const trs = tracks(input, g);
  const frames = input.lanes.map((lane, i) => laneFrame(input, lane, g, trs, i, tNs));
  svg.attr('data-detail', frames.every((f) => f.detail) ? 'ready' : 'pending').attr('data-t-ns', tNs);
  layer(svg, 'lanes-now')
    .selectAll<SVGGElement, LaneFrame>('g.lane-now')
    .data(frames, (f) => f.key)
    .join('g')
    .attr('class', 'lane-now')
    .attr('data-lane', (f) => f.key)
    .attr('transform', (f) => `translate(0,${f.y})`)
    .each(function (f) {
      drawLane(d3.select(this) as unknown as G, f);
    });

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
