/**
 * A simplex link: a queue in front of a transmitter of `rateBps`, then `delayNs` of propagation.
 * Serialization and propagation are events; packets leave in FIFO order. An error model, if any,
 * decides at the end of transmission whether the packet is lost on the wire.
 */
import type { Simulator, Handler } from '../core/simulator.ts';
import type { DropCause, TraceSink } from '../core/trace.ts';
import type { ErrorModel } from './loss.ts';
import type { Hop, Packet } from './packet.ts';
import type { QueueDisc } from './queue.ts';

export class Link implements Hop {
  private busy = false;
  /** Waiting-packets × ns, for the time-average queue length. */
  private queueAreaNs = 0;
  private lastQueueChangeNs = 0;

  // Counters for metrics and the conservation invariant:
  // arrived = dropped + waiting + inService + propagating + delivered.
  arrived = 0;
  transmitted = 0;
  delivered = 0;
  propagating = 0;
  maxQueuePackets = 0;
  readonly drops = new Map<DropCause, number>();

  private readonly txDone: Handler<Packet> = { fire: (p) => this.onTxDone(p) };
  private readonly arrive: Handler<Packet> = { fire: (p) => this.onArrive(p) };

  constructor(
    readonly id: string,
    /** Position in the result's link list and in the trace. */
    readonly index: number,
    readonly rateBps: number,
    readonly delayNs: number,
    readonly queue: QueueDisc,
    private readonly errors: ErrorModel | null,
    private readonly sim: Simulator,
    private readonly trace: TraceSink,
  ) {}

  get inService(): number {
    return this.busy ? 1 : 0;
  }

  receive(p: Packet): void {
    this.arrived++;
    if (!this.busy) {
      this.startTx(p);
      return;
    }
    this.accountQueue();
    if (this.queue.enqueue(p)) {
      if (this.queue.packets > this.maxQueuePackets) this.maxQueuePackets = this.queue.packets;
      this.trace.queue(this.sim.now(), this.index, this.queue.packets, this.queue.bytes);
    } else {
      this.drop(p, 'queue-overflow');
    }
  }

  /** Mean waiting packets from t = 0 to `untilNs`. */
  meanQueuePackets(untilNs: number): number {
    const area = this.queueAreaNs + this.queue.packets * (untilNs - this.lastQueueChangeNs);
    return untilNs > 0 ? area / untilNs : 0;
  }

  private drop(p: Packet, cause: DropCause): void {
    this.drops.set(cause, (this.drops.get(cause) ?? 0) + 1);
    this.trace.drop(this.sim.now(), this.index, p.flow, p.isAck ? p.ackNo : p.seq, p.isAck, cause);
  }

  private startTx(p: Packet): void {
    this.busy = true;
    this.sim.schedule(Math.round((p.sizeBytes * 8 * 1e9) / this.rateBps), this.txDone, p);
  }

  private onTxDone(p: Packet): void {
    this.transmitted++;
    const cause = this.errors ? this.errors.corrupts(p, this.sim.now()) : null;
    if (cause !== null) this.drop(p, cause);
    else {
      this.propagating++;
      this.sim.schedule(this.delayNs, this.arrive, p);
    }
    this.busy = false;
    this.accountQueue();
    const next = this.queue.dequeue();
    if (next !== undefined) {
      this.trace.queue(this.sim.now(), this.index, this.queue.packets, this.queue.bytes);
      this.startTx(next);
    }
  }

  private onArrive(p: Packet): void {
    this.propagating--;
    this.delivered++;
    p.forward();
  }

  private accountQueue(): void {
    const now = this.sim.now();
    this.queueAreaNs += this.queue.packets * (now - this.lastQueueChangeNs);
    this.lastQueueChangeNs = now;
  }

  /** Packets lost on this link, all causes. */
  get dropped(): number {
    let n = 0;
    for (const v of this.drops.values()) n += v;
    return n;
  }
}
