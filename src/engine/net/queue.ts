/**
 * Queue disciplines at the entrance of a link: drop-tail, RED (Floyd & Jacobson 1993, with the
 * "gentle" variant and optional ECN marking) and the congestion-warning (CW) configuration of
 * TCP New Jersey (mark every forwarded packet while the average queue exceeds a threshold).
 *
 * Every arrival is offered to the discipline, also one that finds the link idle and goes straight
 * into service: RED's average must see it (and may still drop it). Limits count waiting packets
 * only, not the one being transmitted.
 */
import { dpow } from '../core/dmath.ts';
import type { RandomStream } from '../core/rng.ts';
import type { DropCause } from '../core/trace.ts';
import type { Packet } from './packet.ts';

export interface QueueDisc {
  /**
   * An arrival. With `linkIdle` the packet goes straight into service if accepted (the queue
   * does not store it). Returns the drop cause, or null if accepted. May set `p.ce` (a mark).
   */
  offer(p: Packet, nowNs: number, linkIdle: boolean): DropCause | null;
  /** The next packet to transmit, or undefined when empty (the link then goes idle). May mark it. */
  dequeue(nowNs: number): Packet | undefined;
  /** Waiting packets (not counting the one being transmitted). */
  readonly packets: number;
  readonly bytes: number;
  readonly limitPackets: number;
  /**
   * A timed change of the packet limit. Nothing already waiting is dropped: a limit below the
   * current occupancy refuses arrivals until the queue has drained below it.
   */
  setLimit(limitPackets: number): void;
  /** Average queue length the discipline acts on (RED/CW), for the trace; undefined for drop-tail. */
  readonly averagePackets?: number;
  /** Called when the discipline marks a packet that was not marked before (set by the link). */
  onMark: ((p: Packet) => void) | null;
  /**
   * Called when the discipline drops a packet it had already accepted (CoDel's head drops at
   * dequeue, FQ-CoDel's drop from the fattest flow on overflow); set by the link, which counts
   * and traces it like a drop on arrival. Disciplines that only refuse arrivals never call it.
   */
  onDrop?: ((p: Packet, cause: DropCause) => void) | null;
  /** A delay-based AQM's view of the packet that last went to the transmitter (the `aqm` trace table). */
  readonly aqm?: AqmView;
}

/** What a delay-based AQM reports about the packet it last let through, and its own state. */
export interface AqmView {
  /** DualPI2: 1 = the L4S queue, 0 = Classic; FQ-CoDel: the flow queue's index; 0 otherwise. */
  readonly lastQueue: number;
  readonly lastSojournNs: number;
  /** PIE's drop probability, DualPI2's base probability p′; 0 for CoDel. */
  readonly prob: number;
  /** CoDel (of the packet's flow queue, for FQ-CoDel) is in its dropping state. */
  readonly dropping: boolean;
  /** CoDel's drop count; PIE's and DualPI2's drops and marks so far. */
  readonly count: number;
  /**
   * DualPI2 only, for a packet out of its L4S queue: the marking probability it was judged with,
   * p_L = max(p_CL, the L4S queue's own ramp on its sojourn). 0 for Classic packets and other AQMs.
   */
  readonly probL?: number;
}

/** FIFO ring of packets with packet and byte counts. */
export class Fifo {
  private ring: (Packet | undefined)[];
  private head = 0;
  count = 0;
  byteCount = 0;

  constructor(initialSlots: number) {
    this.ring = new Array(Math.max(1, Math.min(initialSlots, 1024))).fill(undefined);
  }

  push(p: Packet): void {
    if (this.count === this.ring.length) this.grow();
    this.ring[(this.head + this.count) % this.ring.length] = p;
    this.count++;
    this.byteCount += p.sizeBytes;
  }

  /** The packet at the head, without removing it. */
  peek(): Packet | undefined {
    return this.count === 0 ? undefined : this.ring[this.head];
  }

  shift(): Packet | undefined {
    if (this.count === 0) return undefined;
    const p = this.ring[this.head] as Packet;
    this.ring[this.head] = undefined;
    this.head = (this.head + 1) % this.ring.length;
    this.count--;
    this.byteCount -= p.sizeBytes;
    return p;
  }

  private grow(): void {
    const bigger: (Packet | undefined)[] = new Array(this.ring.length * 2).fill(undefined);
    for (let i = 0; i < this.count; i++) bigger[i] = this.ring[(this.head + i) % this.ring.length];
    this.ring = bigger;
    this.head = 0;
  }
}

/** FIFO with a packet limit and an optional byte limit; arrivals that do not fit are dropped. */
export class DropTailQueue implements QueueDisc {
  protected readonly fifo: Fifo;
  onMark: ((p: Packet) => void) | null = null;

  private limitNowPackets: number;

  constructor(
    limitPackets: number,
    readonly limitBytes: number | null = null,
  ) {
    this.limitNowPackets = limitPackets;
    this.fifo = new Fifo(limitPackets);
  }

  get limitPackets(): number {
    return this.limitNowPackets;
  }

  setLimit(limitPackets: number): void {
    this.limitNowPackets = limitPackets;
  }

  get packets(): number {
    return this.fifo.count;
  }
  get bytes(): number {
    return this.fifo.byteCount;
  }

  /** Set congestion experienced; a packet already marked upstream is not counted again. */
  protected mark(p: Packet): void {
    if (p.ce) return;
    p.ce = true;
    this.onMark?.(p);
  }

  /** Whether a waiting slot (and byte room) is left for `p`. */
  protected fits(p: Packet): boolean {
    if (this.fifo.count >= this.limitNowPackets) return false;
    return this.limitBytes === null || this.fifo.byteCount + p.sizeBytes <= this.limitBytes;
  }

  offer(p: Packet, _nowNs: number, linkIdle: boolean): DropCause | null {
    if (linkIdle) return null;
    if (!this.fits(p)) return 'queue-overflow';
    this.fifo.push(p);
    return null;
  }

  dequeue(_nowNs: number): Packet | undefined {
    return this.fifo.shift();
  }
}

/**
 * The RED-style average queue length: an EWMA with weight w per arrival; after an idle period
 * it decays as if m = idle time / typical transmission time empty arrivals had happened
 * (Floyd & Jacobson 1993 §4), so a queue that drained long ago does not keep a stale average.
 */
export class QueueAverage {
  avg = 0;
  private idleSinceNs = 0;
  private idle = true;

  constructor(
    private readonly weight: number,
    /** Transmission time of a typical (1000-byte) packet on this link. */
    private readonly typicalTxNs: number,
  ) {}

  /** Update on an arrival that finds `waiting` packets queued. */
  onArrival(nowNs: number, waiting: number): number {
    if (this.idle) {
      const m = (nowNs - this.idleSinceNs) / this.typicalTxNs;
      this.avg *= dpow(1 - this.weight, m);
      this.idle = false;
    }
    this.avg = (1 - this.weight) * this.avg + this.weight * waiting;
    return this.avg;
  }

  /** The link went idle (nothing left to send). */
  onIdle(nowNs: number): void {
    this.idle = true;
    this.idleSinceNs = nowNs;
  }
}

/** A drop-tail store whose discipline acts on the average queue length (RED, CW). */
abstract class AveragedQueue extends DropTailQueue {
  protected readonly average: QueueAverage;

  constructor(limitPackets: number, weight: number, typicalTxNs: number) {
    super(limitPackets, null);
    this.average = new QueueAverage(weight, typicalTxNs);
  }

  get averagePackets(): number {
    return this.average.avg;
  }

  override dequeue(nowNs: number): Packet | undefined {
    const p = this.fifo.shift();
    if (p === undefined) this.average.onIdle(nowNs);
    else this.forwarded(p);
    return p;
  }

  /** A packet leaves the queue for the transmitter. */
  protected forwarded(_p: Packet): void {}
}

export interface RedParams {
  limitPackets: number;
  minThPackets: number;
  maxThPackets: number;
  maxP: number;
  weight: number;
  ecn: boolean;
  gentle: boolean;
}

/**
 * RED. Between minTh and maxTh the base probability pb = maxP·(avg − minTh)/(maxTh − minTh) is
 * spread by the count since the last mark, pa = pb / (1 − count·pb), so marks come at roughly
 * even intervals (Floyd & Jacobson §7). With `gentle`, pb rises from maxP to 1 between maxTh and
 * 2·maxTh; above that (or above maxTh without gentle) every arrival is dropped. ECN-capable
 * packets are marked instead of dropped in the probabilistic region only; forced drops stay
 * drops (as in ns-2).
 */
export class RedQueue extends AveragedQueue {
  /** Packets since the last early mark/drop; −1 while the average is below minTh. */
  private count = -1;

  constructor(
    private readonly p: RedParams,
    typicalTxNs: number,
    private readonly rng: RandomStream,
  ) {
    super(p.limitPackets, p.weight, typicalTxNs);
  }

  override offer(pkt: Packet, nowNs: number, linkIdle: boolean): DropCause | null {
    const avg = this.average.onArrival(nowNs, this.fifo.count);
    if (!linkIdle && !this.fits(pkt)) {
      this.count = 0;
      return 'queue-overflow';
    }
    const verdict = this.early(avg);
    if (verdict === 'drop') return 'red-early';
    if (verdict === 'mark') {
      if (this.p.ecn && pkt.ect) this.mark(pkt);
      else return 'red-early';
    }
    if (!linkIdle) this.fifo.push(pkt);
    return null;
  }

  /** The early decision for an arrival at average `avg`: none, a probabilistic mark/drop, or a forced drop. */
  private early(avg: number): 'none' | 'mark' | 'drop' {
    const { minThPackets: minTh, maxThPackets: maxTh, maxP, gentle } = this.p;
    if (avg < minTh) {
      this.count = -1;
      return 'none';
    }
    const forcedAbove = gentle ? 2 * maxTh : maxTh;
    if (avg >= forcedAbove) {
      this.count = 0;
      return 'drop';
    }
    this.count++;
    const pb = avg < maxTh ? (maxP * (avg - minTh)) / (maxTh - minTh) : maxP + ((1 - maxP) * (avg - maxTh)) / maxTh;
    const denom = 1 - this.count * pb;
    const pa = denom <= 0 ? 1 : Math.min(1, pb / denom);
    if (this.rng.next() < pa) {
      this.count = 0;
      return 'mark';
    }
    return 'none';
  }
}

/**
 * Congestion warning (TCP New Jersey §4): drop-tail storage; an EWMA of the queue length (per
 * arrival, RED-style weight) and, while it exceeds the threshold, every packet the queue
 * forwards is marked. The threshold is a reconstruction (docs/engine.md, Network): one third of the buffer
 * unless given.
 */
export class CwQueue extends AveragedQueue {
  constructor(
    limitPackets: number,
    /** null = one third of the limit, following it when a timed change moves the limit. */
    private readonly threshold: number | null,
    weight: number,
    typicalTxNs: number,
  ) {
    super(limitPackets, weight, typicalTxNs);
  }

  get thresholdPackets(): number {
    return this.threshold ?? this.limitPackets / 3;
  }

  override offer(p: Packet, nowNs: number, linkIdle: boolean): DropCause | null {
    this.average.onArrival(nowNs, this.fifo.count);
    const cause = super.offer(p, nowNs, linkIdle);
    // A packet that goes straight into service is forwarded too.
    if (cause === null && linkIdle && this.average.avg > this.thresholdPackets) this.mark(p);
    return cause;
  }

  protected override forwarded(p: Packet): void {
    if (this.average.avg > this.thresholdPackets) this.mark(p);
  }
}
