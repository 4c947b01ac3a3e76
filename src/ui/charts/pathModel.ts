/**
 * The state of the path at one instant, from a packet window (engine/net/hop-log.ts) and the
 * run's trace: which packets wait in which queue, where each packet on a wire is (its leading
 * and trailing edge, as fractions of the link), which drops just happened and why, the channel,
 * token bucket and Ack Regulator at that time. Pure functions of columns: the chart draws it,
 * the tests count it.
 *
 * Positions are as simulated: a packet being transmitted has its leading edge (t − txStart) /
 * delay along the link and its trailing edge still at the transmitter; once sent, both edges
 * move at the link's actual propagation (end of transmission to arrival, which includes a
 * variable link's extra delay).
 */
import { CHANNEL_STATES, type TraceData } from '../../engine/core/trace.ts';
import type { PacketWindow } from '../../engine/net/hop-log.ts';
import { indexAtOrBefore, pick, rowsWhere } from './series.ts';

/** A packet on a wire. `lead` ≥ `trail`, both in [0, 1] from the link's transmitting end. */
export interface WirePacket {
  link: number;
  flow: number;
  isAck: boolean;
  seq: number;
  retransmit: boolean;
  marked: boolean;
  lead: number;
  trail: number;
}

/** A packet waiting in a queue; queues list them oldest (next to leave) first. */
export interface WaitingPacket {
  flow: number;
  isAck: boolean;
  retransmit: boolean;
  marked: boolean;
}

export interface PacketsAt {
  wire: WirePacket[];
  /** Waiting packets per link index (links with none are absent). */
  queues: Map<number, WaitingPacket[]>;
}

/** Longest stay of any visit in the window (ns): how far back from t a scan must look. */
const longestStay = new WeakMap<PacketWindow, number>();
function maxStayNs(w: PacketWindow): number {
  let m = longestStay.get(w);
  if (m === undefined) {
    m = 0;
    for (let i = 0; i < w.inNs.length; i++) m = Math.max(m, Math.min(w.endNs[i], w.toNs) - w.inNs[i]);
    longestStay.set(w, m);
  }
  return m;
}

/** The window covering the instant tNs (its visits then include every packet on the path at tNs), or null. */
export function windowAt(windows: readonly PacketWindow[], tNs: number): PacketWindow | null {
  return windows.find((w) => tNs >= w.fromNs && tNs <= w.toNs) ?? null;
}

/**
 * Every packet on the path at tNs (after the events at tNs). The scan starts at the last visit
 * that began by tNs and goes back only as far as the longest stay: the work grows with the
 * packets in flight, not with the run. `delayNs[link]` is the link's propagation delay.
 */
export function packetsAt(w: PacketWindow, tNs: number, delayNs: readonly number[]): PacketsAt {
  const wire: WirePacket[] = [];
  const queues = new Map<number, WaitingPacket[]>();
  const oldest = tNs - maxStayNs(w);
  for (let i = indexAtOrBefore(w.inNs, tNs); i >= 0 && w.inNs[i] >= oldest; i--) {
    if (w.endNs[i] <= tNs) continue; // gone: arrived, or dropped
    const link = w.link[i];
    const base = { flow: w.flow[i], isAck: w.isAck[i] === 1, retransmit: w.retransmit[i] === 1, marked: w.marked[i] === 1 };
    if (tNs < w.txNs[i]) {
      let q = queues.get(link);
      if (q === undefined) queues.set(link, (q = []));
      q.push(base);
      continue;
    }
    const tx = w.txNs[i];
    const out = w.outNs[i];
    let lead: number;
    let trail: number;
    if (tNs < out) {
      const d = delayNs[link] ?? 0;
      lead = d > 0 ? (tNs - tx) / d : 1;
      trail = 0;
    } else {
      const prop = w.endNs[i] - out;
      lead = prop > 0 ? (tNs - tx) / prop : 1;
      trail = prop > 0 ? (tNs - out) / prop : 1;
    }
    wire.push({ link, ...base, seq: w.seq[i], lead: Math.min(1, lead), trail: Math.min(1, trail) });
  }
  // the scan went newest first: queues read oldest first, wires in the order packets left
  for (const q of queues.values()) q.reverse();
  wire.reverse();
  return { wire, queues };
}

/** Drops of the last `lingerNs` before tNs, grouped by link and cause. */
export interface DropBurst {
  link: number;
  cause: number;
  count: number;
  /** Any of them was an ACK / a data packet. */
  acks: number;
  /** Time since the newest of them (ns). */
  ageNs: number;
}

export function recentDrops(trace: TraceData, tNs: number, lingerNs: number): DropBurst[] {
  const d = trace.drop;
  const out = new Map<string, DropBurst>();
  for (let i = indexAtOrBefore(d.tNs, tNs); i >= 0 && d.tNs[i] > tNs - lingerNs; i--) {
    const key = `${d.link[i]}:${d.cause[i]}`;
    const b = out.get(key);
    if (b) {
      b.count++;
      b.acks += d.isAck[i];
    } else out.set(key, { link: d.link[i], cause: d.cause[i], count: 1, acks: d.isAck[i], ageNs: tNs - d.tNs[i] });
  }
  return [...out.values()];
}

/** One key's rows of a keyed table (a link's or a flow's), split out once so a frame's lookup is a binary search. */
export interface Steps {
  tNs: Float64Array;
  v: Float64Array;
}

export function steps(tNsCol: Float64Array, keyCol: Float64Array, key: number, col: Float64Array): Steps {
  const rows = rowsWhere(keyCol, key);
  return { tNs: pick(tNsCol, rows), v: pick(col, rows) };
}

/** The value in force at tNs (the last row at or before it); `fallback` before the first row. */
export function stepAt(s: Steps, tNs: number, fallback: number): number {
  const i = indexAtOrBefore(s.tNs, tNs);
  return i < 0 ? fallback : s.v[i];
}

/** The state names of a channel-state code ('good' for a link that never reported one). */
export const channelName = (code: number): (typeof CHANNEL_STATES)[number] => CHANNEL_STATES[code] ?? 'good';
