/**
 * Where every packet is, hop by hop: the path picture's packet detail. A link with an observer
 * reports each packet's visit (offered to its queue, transmission start and end, arrival at the
 * far end or loss); a recorder keeps the visits that overlap a time window. Observing changes
 * nothing in the simulation (no event scheduled, no packet touched), so a run with a recorder
 * has the same trace as one without (tests/engine/packet-window.test.ts checks the hash).
 *
 * Per-hop timings for a whole run would be tens of bytes per packet per hop; runs are
 * deterministic, so the worker re-runs the scenario and keeps only the window around the
 * playhead (src/worker/packetWindow.ts).
 */
import type { DropCause } from '../core/trace.ts';
import { dropCauseCode } from '../core/trace.ts';
import type { Packet } from './packet.ts';

/** Told where packets are on a link (Link.hops); every method is required. */
export interface HopObserver {
  /** A packet was offered to the link's queue at nowNs: accepted (cause null) or dropped by the queue. */
  offered(link: number, p: Packet, nowNs: number, cause: DropCause | null): void;
  /** The packet's transmission started at nowNs and ends at endNs. */
  transmitting(link: number, p: Packet, nowNs: number, endNs: number): void;
  /** Its transmission ended at nowNs: lost on the wire (cause), or propagating until arriveNs. */
  transmitted(link: number, p: Packet, nowNs: number, arriveNs: number, cause: DropCause | null): void;
  /** The queue marked it (ECN or congestion warning); may come just before `offered` (a mark on arrival). */
  marked(link: number, p: Packet): void;
}

/**
 * One packet's stay on one link. Times not reached by the end of the window are Infinity, so the
 * state at any t ≤ window end reads uniformly: waiting while inNs ≤ t < txNs, being transmitted
 * while txNs ≤ t < outNs, propagating while outNs ≤ t < endNs. A packet dropped by the queue has
 * txNs = outNs = endNs = inNs; one lost on the wire has endNs = outNs.
 */
export const VISIT_COLUMNS = ['link', 'flow', 'isAck', 'seq', 'retransmit', 'marked', 'cause', 'inNs', 'txNs', 'outNs', 'endNs'] as const;
export type VisitColumn = (typeof VISIT_COLUMNS)[number];

/** The visits overlapping [fromNs, toNs], in order of arrival at their link; `cause` is -1 for none. */
export type PacketWindow = Record<VisitColumn, Float64Array> & { fromNs: number; toNs: number };

interface Visit {
  order: number;
  link: number;
  flow: number;
  isAck: boolean;
  /** Data: first payload byte; ACK: cumulative ACK number. */
  seq: number;
  retransmit: boolean;
  marked: boolean;
  cause: number;
  inNs: number;
  txNs: number;
  outNs: number;
  endNs: number;
}

export class PacketWindowRecorder implements HopObserver {
  /** Visits still on their link's queue or transmitter (a packet is on one link at a time). */
  private readonly open = new Map<Packet, Visit>();
  /** Visits that left their transmitter and still overlap the recorded time span. */
  private kept: Visit[] = [];
  private fromNs: number;
  private order = 0;
  /** A mark reported before its packet's `offered` (marking on arrival). */
  private markedOnArrival: { link: number; p: Packet } | null = null;

  constructor(fromNs: number) {
    this.fromNs = fromNs;
  }

  /**
   * Starts a later window at fromNs (not before the simulation's current time): visits already
   * over before it are forgotten, those still under way are kept.
   */
  restart(fromNs: number): void {
    this.fromNs = fromNs;
    this.kept = this.kept.filter((v) => v.endNs >= fromNs);
  }

  offered(link: number, p: Packet, nowNs: number, cause: DropCause | null): void {
    const marked = this.markedOnArrival !== null && this.markedOnArrival.p === p && this.markedOnArrival.link === link;
    this.markedOnArrival = null;
    const v: Visit = {
      order: this.order++,
      link,
      flow: p.flow,
      isAck: p.isAck,
      seq: p.isAck ? p.ackNo : p.seq,
      retransmit: p.retransmit,
      marked,
      cause: -1,
      inNs: nowNs,
      txNs: Infinity,
      outNs: Infinity,
      endNs: Infinity,
    };
    if (cause !== null) {
      v.cause = lostCause(p, cause);
      v.txNs = v.outNs = v.endNs = nowNs;
      this.close(v);
    } else this.open.set(p, v);
  }

  transmitting(_link: number, p: Packet, nowNs: number, endNs: number): void {
    const v = this.open.get(p);
    if (v === undefined) return;
    v.txNs = nowNs;
    v.outNs = endNs;
  }

  transmitted(_link: number, p: Packet, nowNs: number, arriveNs: number, cause: DropCause | null): void {
    const v = this.open.get(p);
    if (v === undefined) return;
    this.open.delete(p);
    v.outNs = nowNs;
    v.endNs = cause === null ? arriveNs : nowNs;
    if (cause !== null) v.cause = lostCause(p, cause);
    this.close(v);
  }

  marked(link: number, p: Packet): void {
    const v = this.open.get(p);
    if (v !== undefined && v.link === link) v.marked = true;
    else this.markedOnArrival = { link, p };
  }

  /** The window so far: every visit overlapping [fromNs, nowNs], as columns. */
  collect(nowNs: number): PacketWindow {
    const visits = [...this.kept, ...this.open.values()].filter((v) => v.endNs >= this.fromNs && v.inNs <= nowNs).sort((a, b) => a.order - b.order);
    const cols = {} as Record<VisitColumn, Float64Array>;
    for (const c of VISIT_COLUMNS) cols[c] = new Float64Array(visits.length);
    visits.forEach((v, i) => {
      cols.link[i] = v.link;
      cols.flow[i] = v.flow;
      cols.isAck[i] = v.isAck ? 1 : 0;
      cols.seq[i] = v.seq;
      cols.retransmit[i] = v.retransmit ? 1 : 0;
      cols.marked[i] = v.marked ? 1 : 0;
      cols.cause[i] = v.cause;
      // times still ahead of nowNs are known already: set when the transmission was scheduled
      cols.inNs[i] = v.inNs;
      cols.txNs[i] = v.txNs;
      cols.outNs[i] = v.outNs;
      cols.endNs[i] = v.endNs;
    });
    return { ...cols, fromNs: this.fromNs, toNs: nowNs };
  }

  private close(v: Visit): void {
    if (v.endNs >= this.fromNs) this.kept.push(v);
  }
}

/** As the drop trace records it: an ACK lost anywhere is a reverse-path loss (see Link.drop). */
const lostCause = (p: Packet, cause: DropCause): number => dropCauseCode(p.isAck ? 'reverse-path' : cause);
