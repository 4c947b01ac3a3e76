/**
 * Queue disciplines at the entrance of a link: what they share, and drop-tail. The disciplines
 * on the average queue length (RED and New Jersey's congestion warning) are in ./red.ts, the
 * delay-based AQMs in files of their own; the simulation worker loads those on demand.
 *
 * Every arrival is offered to the discipline, also one that finds the link idle and goes straight
 * into service: RED's average must see it (and may still drop it). Limits count waiting packets
 * only, not the one being transmitted.
 */
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
