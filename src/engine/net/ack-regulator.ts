/**
 * The Ack Regulator (Chan & Ramjee, "TCP/IP Performance over 3G Wireless Links with Rate and
 * Delay Variation", MobiCom 2002, §5): a network element at the buffer in front of a variable
 * wireless downlink (the RNC's per-user queue) that also sees the flow's ACKs coming back over
 * the uplink. Rate and delay variation bunch the ACKs; a bunch of ACKs lets the sender release a
 * burst that overflows the small buffer several packets at a time (the paper's double and triple
 * losses, p2 and p3). The regulator holds ACKs back until the buffer has room for the data they
 * will bring, so the sender is clocked by the real wireless rate and overflows stay single.
 *
 * **Reconstruction** — the paper's §5 text is missing; this follows the reconstruction in docs/engine.md, rebuilt
 * from the paper's stated goal and the outline of the same authors' patent. Every rule uses
 * only what a node at the buffer sees (packets, sequence and ACK numbers) and knows (its link's
 * mean rate, the loop time below), never the sender's state:
 * - Release rule. A FIFO of held ACKs. Whenever an ACK arrives, a packet reaches or leaves the
 *   buffer, or an expectation lapses, held ACKs are released in arrival order while
 *     (queued − drained) + expected + cost(head) ≤ B − reserve,
 *   where queued = packets waiting in the buffer, expected = data packets already-released ACKs
 *   are still expected to bring, drained = whole packets the link surely sends (at its mean
 *   rate, at most `queued`) while the head ACK's data is on its way. `drained` is 0 on the 3G
 *   link (one packet takes 40 ms, the loop 2 ms); without it a fast link would have drained by
 *   the time the data comes, the buffer would never fill, and windows would grow into held ACKs.
 * - Cost of an ACK: the segments it newly acknowledges, at least 1 (a duplicate ACK may clock out
 *   one segment in fast recovery) and at most 2 (a cumulative ACK after a repair clocks out
 *   little: the sender's window has moved on) — so 1 per ACK without delayed ACKs, as the paper
 *   simulates. `conservative` mode doubles it while the flow is believed to be in slow start
 *   (there each ACK clocks out two segments); `non-conservative` never does, so in slow start,
 *   and for the one extra segment of window growth per RTT in congestion avoidance, a full
 *   buffer overflows by one: the single loss that tells TCP the pipe is full. The segment size
 *   is the largest payload seen from the flow.
 * - Expected decays as the flow's data packets arrive at the buffer (accepted or dropped): each
 *   arrival fulfils the oldest outstanding expectation. An expectation nobody fulfils (an ACK
 *   that clocked nothing out: the first half of fast recovery, a receiver-window limit, the end
 *   of the data) lapses `LAPSE_LOOPS` loop times after its release. The loop time — the ACK's
 *   trip on to the sender plus the data's trip back to the buffer — is given per flow from the
 *   topology (`routeLoopNs`: propagation plus one ACK's and one segment's transmission), as an
 *   operator would configure it. We tried measuring it (release → next data arrival): in an ACK
 *   bunch the next ACK comes off the uplink just as the previous one's data arrives, so samples
 *   pair with the second segment of that data, the estimate collapses to microseconds, and then
 *   every expectation lapses at once. A flow without a loop time never lapses. A timer wakes the
 *   regulator when an expectation lapses while ACKs wait.
 * - Slow-start belief (conservative mode): a flow starts in slow start. A retransmission arriving
 *   right after a duplicate ACK was released is a fast retransmit — TCP halves and goes on in
 *   congestion avoidance: belief off. A retransmission arriving with no expectation outstanding
 *   was sent by the sender's timer — TCP restarts in slow start: belief on. The second segment
 *   expected of a doubled ACK lapsing unfulfilled shows TCP has left slow start: belief off.
 * - `maxHeldAcks` is the ACK queue's capacity: beyond it the oldest ACK is released whatever the
 *   room. A conservative slow start never overflows the buffer, so without a bound a sender with
 *   no ssthresh yet would park an ever larger window here and the RTT would grow without limit —
 *   the paper's own criticism of ACK withholding that avoids all loss (its ref. [18]).
 * - ACKs of every scenario flow through the link share one FIFO and one buffer; cross-traffic
 *   packets in the buffer count as queued (ACKs of FTP cross traffic are not regulated). Probe
 *   replies (TCP-Probing) pass straight through: they clock out no data.
 */
import type { EventId, Handler, Simulator } from '../core/simulator.ts';
import type { RowWriter } from '../core/rows.ts';
import type { DropCause, TraceSink } from '../core/trace.ts';
import { writeAckReg } from '../tables/ackreg.ts';
import { CROSS_TRAFFIC_FLOW, HEADER_BYTES, TIMESTAMP_OPTION_BYTES, type Hop, type Packet } from './packet.ts';
import type { AckRegulatorSpec } from '../../scenario/schema.ts';

export interface AckRegulatorParams {
  /** `conservative`: an ACK of a flow believed in slow start is expected to bring twice its cost; `non-conservative`: never. */
  mode: AckRegulatorSpec['mode'];
  /** B: the buffer size the release rule plans with, in waiting packets (normally the queue's limit). */
  bufferPackets: number;
  /** Slots kept free for data nobody expects (window growth, retransmissions); 0 = plan with all of B. */
  reservePackets: number;
  /** Capacity of the ACK queue: beyond it the oldest ACK is released whatever the room. */
  maxHeldAcks: number;
}

/** Expectations lapse after this many loop times (release → data arrival) unfulfilled. */
export const LAPSE_LOOPS = 2;

/** Wire size of a data segment as the regulator plans with it (timestamps on, as in the 3G presets). */
const segmentWireBytes = (mssBytes: number): number => mssBytes + HEADER_BYTES + TIMESTAMP_OPTION_BYTES;

/** The link whose buffer the regulator guards (a Link): found on flows' data routes, its queue read. */
export interface WatchedLink extends Hop {
  /** `packets`: waiting, not counting the one being transmitted. */
  readonly queue: { readonly packets: number };
  /** Mean transmission rate. */
  readonly rateBps: number;
}

/** One flow as the regulator sees it. */
class FlowView {
  /** Release times of the data packets released ACKs are still expected to bring, oldest first. */
  readonly expectNs: number[] = [];
  /** Parallel to expectNs: the second segment of a slow-start-doubled ACK. */
  readonly expectDoubled: boolean[] = [];
  /** Time from releasing an ACK to its data reaching the buffer; -1 = unknown (expectations never lapse). */
  loopNs = -1;
  slowStart = true;
  /** Highest ACK number released, -1 before the first. */
  lastAckNo = -1;
  /** The last released ACK repeated the one before (a duplicate ACK). */
  lastWasDuplicate = false;
  /** Highest data byte end seen arriving, to tell retransmissions from new data. */
  maxEndSeen = 0;
  /** Largest payload seen: the flow's segment size. */
  mssBytes = 0;

  lapseNs(): number {
    return this.loopNs < 0 ? Number.POSITIVE_INFINITY : LAPSE_LOOPS * this.loopNs;
  }

  expect(nowNs: number, doubled: boolean): void {
    this.expectNs.push(nowNs);
    this.expectDoubled.push(doubled);
  }

  /** Remove the oldest expectation; true if it was a doubled one. */
  removeOldest(): boolean {
    this.expectNs.shift();
    return this.expectDoubled.shift() === true;
  }
}

export interface AckRegulatorStats {
  /** ACKs released (including those that never had to wait). */
  releasedAcks: number;
  /** ACKs that found no room on arrival and had to wait. */
  heldAcks: number;
  /** Most ACKs held at once. */
  maxHeldAcks: number;
  /** Releases forced by a full ACK queue (`maxHeldAcks`). */
  forcedReleases: number;
  /** Data arrivals no expectation accounted for (window growth, slow start, timer retransmissions). */
  unexpectedArrivals: number;
  /** Expectations that lapsed unfulfilled. */
  lapsedExpectations: number;
}

export class AckRegulator implements Hop {
  private readonly held: Packet[] = [];
  private heldHead = 0;
  private readonly flows = new Map<number, FlowView>();
  private expectedTotal = 0;
  private timerId: EventId = -1;
  private timerAtNs = -1;
  /** Set while releasing: a release can make data arrive at once (zero-delay hops); that arrival only does its accounting. */
  private releasing = false;
  private readonly lapseTimer: Handler<null> = {
    fire: () => {
      this.timerId = -1;
      this.timerAtNs = -1;
      this.settle(0);
    },
  };
  private readonly traced = { held: -1, queued: -1, expected: -1 };
  /** Where the regulator's state is traced, if the trace keeps it. */
  private readonly rows: RowWriter | null;
  private readonly s: AckRegulatorStats = { releasedAcks: 0, heldAcks: 0, maxHeldAcks: 0, forcedReleases: 0, unexpectedArrivals: 0, lapsedExpectations: 0 };

  constructor(
    readonly params: AckRegulatorParams,
    /** Trace index of the link whose buffer is watched. */
    readonly linkIndex: number,
    readonly watched: WatchedLink,
    private readonly sim: Simulator,
    trace: TraceSink,
  ) {
    this.rows = trace.writer('ackreg');
    if (!(params.bufferPackets >= 1)) throw new RangeError(`AckRegulator: bufferPackets must be ≥ 1, got ${params.bufferPackets}`);
    if (!(params.reservePackets >= 0)) throw new RangeError(`AckRegulator: reservePackets must be ≥ 0, got ${params.reservePackets}`);
    if (!(params.maxHeldAcks >= 1)) throw new RangeError(`AckRegulator: maxHeldAcks must be ≥ 1, got ${params.maxHeldAcks}`);
  }

  /** ACKs waiting now. */
  get heldAcks(): number {
    return this.held.length - this.heldHead;
  }

  /** Data packets released ACKs are still expected to bring (as of the last event). */
  get expectedPackets(): number {
    return this.expectedTotal;
  }

  /** The regulator's slow-start belief about a flow (true before it has seen the flow). */
  believesSlowStart(flow: number): boolean {
    return this.flows.get(flow)?.slowStart ?? true;
  }

  /**
   * How long a released ACK of `flow` takes to bring its data back to the buffer: the ACK's trip
   * on to the sender plus the data's trip from the sender to here (see `routeLoopNs`).
   */
  setLoopNs(flow: number, loopNs: number): void {
    if (!(loopNs > 0)) throw new RangeError(`AckRegulator: loop time must be > 0, got ${loopNs}`);
    this.flow(flow).loopNs = Math.ceil(loopNs);
  }

  /** The flow's loop time in ns; -1 if it has none. */
  loopNs(flow: number): number {
    return this.flows.get(flow)?.loopNs ?? -1;
  }

  stats(): AckRegulatorStats {
    return { ...this.s };
  }

  /** An ACK coming off the uplink (the regulator is a hop of the ACK route). */
  receive(ack: Packet): void {
    if (ack.probe !== 0 || !ack.isAck || ack.flow === CROSS_TRAFFIC_FLOW) {
      ack.forward();
      return;
    }
    this.held.push(ack);
    this.settle(1);
  }

  /** A packet offered to the watched buffer: accepted (dropCause null) or dropped there. */
  arrived(p: Packet, _dropCause: DropCause | null): void {
    if (!p.isAck && p.flow !== CROSS_TRAFFIC_FLOW && p.lenBytes > 0) this.dataArrived(p);
    if (!this.releasing) this.settle(0);
  }

  /** A packet left the watched buffer for the link: one slot freed. */
  departed(_p: Packet): void {
    if (!this.releasing) this.settle(0);
  }

  private dataArrived(p: Packet): void {
    const f = this.flow(p.flow);
    this.lapse(this.sim.now());
    if (p.lenBytes > f.mssBytes) f.mssBytes = p.lenBytes;
    const end = p.seq + p.lenBytes;
    if (end <= f.maxEndSeen) {
      // A retransmission: the sender has reacted to a loss.
      if (f.expectNs.length === 0) f.slowStart = true; // sent by its timer: slow start again
      else if (f.lastWasDuplicate) f.slowStart = false; // a fast retransmit: halve, then avoid congestion
    } else f.maxEndSeen = end;
    if (f.expectNs.length > 0) {
      f.removeOldest();
      this.expectedTotal--;
    } else this.s.unexpectedArrivals++;
  }

  private flow(id: number): FlowView {
    let f = this.flows.get(id);
    if (f === undefined) {
      f = new FlowView();
      this.flows.set(id, f);
    }
    return f;
  }

  /** Segments releasing `ack` is expected to clock out, before slow-start doubling. */
  private plainCost(f: FlowView, ack: Packet): number {
    if (f.lastAckNo < 0 || f.mssBytes === 0 || ack.ackNo <= f.lastAckNo) return 1;
    return Math.min(2, Math.max(1, Math.ceil((ack.ackNo - f.lastAckNo) / f.mssBytes)));
  }

  /** Whole packets the link surely sends (at its mean rate) while a released ACK's data is on its way. */
  private drainedDuringLoop(f: FlowView): number {
    if (f.loopNs < 0 || f.mssBytes === 0) return 0;
    return Math.floor((f.loopNs * this.watched.rateBps) / (segmentWireBytes(f.mssBytes) * 8 * 1e9));
  }

  /** Drop expectations older than their flow's lapse time. */
  private lapse(nowNs: number): void {
    for (const f of this.flows.values()) {
      const lapseNs = f.lapseNs();
      while (f.expectNs.length > 0 && f.expectNs[0] + lapseNs <= nowNs) {
        // The second segment of a doubled ACK never came: the sender is past slow start.
        if (f.removeOldest()) f.slowStart = false;
        this.expectedTotal--;
        this.s.lapsedExpectations++;
      }
    }
  }

  /** Apply the release rule after a change; `arrivedAcks` = ACKs that just joined the queue. */
  private settle(arrivedAcks: number): void {
    const now = this.sim.now();
    this.lapse(now);
    const limit = this.params.bufferPackets - this.params.reservePackets;
    let released = 0;
    this.releasing = true;
    while (this.heldAcks > 0) {
      const ack = this.held[this.heldHead];
      const f = this.flow(ack.flow);
      const plain = this.plainCost(f, ack);
      const doubled = this.params.mode === 'conservative' && f.slowStart;
      const k = doubled ? 2 * plain : plain;
      const queued = this.watched.queue.packets;
      const room = limit - (queued - Math.min(queued, this.drainedDuringLoop(f))) - this.expectedTotal;
      if (k > room) {
        if (this.heldAcks <= this.params.maxHeldAcks) break;
        this.s.forcedReleases++;
      }
      this.held[this.heldHead++] = undefined as unknown as Packet;
      for (let i = 0; i < k; i++) f.expect(now, doubled && i >= plain);
      this.expectedTotal += k;
      f.lastWasDuplicate = ack.ackNo === f.lastAckNo;
      if (ack.ackNo > f.lastAckNo) f.lastAckNo = ack.ackNo;
      released++;
      ack.forward();
    }
    this.releasing = false;
    this.compact();
    this.s.releasedAcks += released;
    // The queue is FIFO: an ACK that just joined (at the tail) waits iff anything is left.
    if (this.heldAcks > 0) this.s.heldAcks += arrivedAcks;
    if (this.heldAcks > this.s.maxHeldAcks) this.s.maxHeldAcks = this.heldAcks;
    this.armLapseTimer();
    this.traceState(now, released);
  }

  /** Reclaim the consumed front of the held FIFO now and then. */
  private compact(): void {
    if (this.heldHead > 64 && this.heldHead * 2 > this.held.length) {
      this.held.splice(0, this.heldHead);
      this.heldHead = 0;
    }
  }

  /** While ACKs wait, wake up when the earliest expectation lapses: that frees room. */
  private armLapseTimer(): void {
    if (this.heldAcks === 0) return;
    let next = Number.POSITIVE_INFINITY;
    for (const f of this.flows.values()) {
      if (f.expectNs.length > 0) next = Math.min(next, f.expectNs[0] + f.lapseNs());
    }
    if (!Number.isFinite(next)) return;
    if (this.timerAtNs >= 0 && this.timerAtNs <= next) return;
    if (this.timerId >= 0) this.sim.cancel(this.timerId);
    this.timerAtNs = next;
    this.timerId = this.sim.scheduleAt(next, this.lapseTimer, null);
  }

  private traceState(nowNs: number, released: number): void {
    const held = this.heldAcks;
    const queued = this.watched.queue.packets;
    const expected = this.expectedTotal;
    const t = this.traced;
    if (released === 0 && t.held === held && t.queued === queued && t.expected === expected) return;
    t.held = held;
    t.queued = queued;
    t.expected = expected;
    if (this.rows !== null) writeAckReg(this.rows, nowNs, this.linkIndex, { heldAcks: held, queuedPackets: queued, expectedPackets: expected, released });
  }
}

/** A hop whose fixed delay the loop time adds up (a Link). */
export interface TimedHop extends Hop {
  readonly rateBps: number;
  readonly delayNs: number;
}

const isTimed = (h: Hop): h is TimedHop => typeof (h as Partial<TimedHop>).rateBps === 'number' && typeof (h as Partial<TimedHop>).delayNs === 'number';
const txNs = (bytes: number, rateBps: number): number => (bytes * 8 * 1e9) / rateBps;

/**
 * Loop time of a flow at a regulator: the hops its released ACKs still cross to the sender, then
 * the hops its data crosses to the watched buffer — propagation plus one ACK's and one full
 * segment's transmission at each hop's (mean) rate, in whole ns. Queueing and random extra delay
 * on the way are not included; `LAPSE_LOOPS` leaves room for them.
 */
export function routeLoopNs(ackHopsAfter: readonly Hop[], dataHopsBefore: readonly Hop[], mssBytes: number): number {
  const ackBytes = HEADER_BYTES + TIMESTAMP_OPTION_BYTES;
  let ns = 0;
  for (const h of ackHopsAfter) if (isTimed(h)) ns += h.delayNs + txNs(ackBytes, h.rateBps);
  for (const h of dataHopsBefore) if (isTimed(h)) ns += h.delayNs + txNs(segmentWireBytes(mssBytes), h.rateBps);
  return Math.max(1, Math.ceil(ns));
}

/** Tell every Ack Regulator on a flow's ACK route the flow's loop time (the builder calls this per flow). */
export function introduceFlow(flow: number, mssBytes: number, dataRoute: readonly Hop[], ackRoute: readonly Hop[]): void {
  ackRoute.forEach((hop, i) => {
    if (!(hop instanceof AckRegulator)) return;
    const watched = dataRoute.indexOf(hop.watched);
    if (watched < 0) return; // the flow's data does not cross the watched buffer
    hop.setLoopNs(flow, routeLoopNs(ackRoute.slice(i + 1), dataRoute.slice(0, watched), mssBytes));
  });
}
