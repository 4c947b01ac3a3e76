/** Queue disciplines. Drop-tail for now; RED and congestion-warning marking come with the path models. */
import type { Packet } from './packet.ts';

export interface QueueDisc {
  /** Offer a packet; false means it was dropped (the caller records the cause). */
  enqueue(p: Packet): boolean;
  /** The next packet to transmit, or undefined when empty. */
  dequeue(): Packet | undefined;
  /** Waiting packets (not counting the one being transmitted). */
  readonly packets: number;
  readonly bytes: number;
  readonly limitPackets: number;
}

/** FIFO with a packet limit and an optional byte limit; arrivals that do not fit are dropped. */
export class DropTailQueue implements QueueDisc {
  private ring: (Packet | undefined)[];
  private head = 0;
  private count = 0;
  private byteCount = 0;

  constructor(
    readonly limitPackets: number,
    readonly limitBytes: number | null,
  ) {
    this.ring = new Array(Math.min(limitPackets, 1024)).fill(undefined);
  }

  get packets(): number {
    return this.count;
  }
  get bytes(): number {
    return this.byteCount;
  }

  enqueue(p: Packet): boolean {
    if (this.count >= this.limitPackets) return false;
    if (this.limitBytes !== null && this.byteCount + p.sizeBytes > this.limitBytes) return false;
    if (this.count === this.ring.length) this.grow();
    this.ring[(this.head + this.count) % this.ring.length] = p;
    this.count++;
    this.byteCount += p.sizeBytes;
    return true;
  }

  dequeue(): Packet | undefined {
    if (this.count === 0) return undefined;
    const p = this.ring[this.head];
    this.ring[this.head] = undefined;
    this.head = (this.head + 1) % this.ring.length;
    this.count--;
    this.byteCount -= (p as Packet).sizeBytes;
    return p;
  }

  private grow(): void {
    const bigger: (Packet | undefined)[] = new Array(this.ring.length * 2).fill(undefined);
    for (let i = 0; i < this.count; i++) bigger[i] = this.ring[(this.head + i) % this.ring.length];
    this.ring = bigger;
    this.head = 0;
  }
}
