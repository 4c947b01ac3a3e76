/**
 * CoDel (RFC 8289, Nichols & Jacobson's "Controlling Queue Delay"): acts on the sojourn time of
 * the packet leaving the queue, not on the queue's length. Once every packet has waited at least
 * `target` for a whole `interval`, CoDel enters its dropping state and drops (or ECN-marks) at the
 * head, the k-th drop coming interval/√k after the one before — the control law that raises the
 * drop rate until the sender backs off. It leaves the state as soon as one packet waited less than
 * target (or the queue holds at most one packet's worth of bytes).
 *
 * The dropping machinery follows the RFC's pseudo-code (§5.3–5.5) line by line, cross-checked
 * against Linux's include/net/codel_impl.h: the re-entry rule that resumes with the previous
 * cycle's drop count when the state is re-entered soon after leaving it, and ECN handled as
 * Linux does (an ECN-capable packet is marked and delivered instead of dropped; the next drop
 * time advances as if it had been dropped).
 *
 * `CodelCore` keeps the state of one queue; FQ-CoDel runs one per flow queue.
 */
import type { DropCause } from '../core/trace.ts';
import { AqmBook } from './aqm-book.ts';
import type { Packet } from './packet.ts';
import { Fifo, type AqmView, type QueueDisc } from './queue.ts';

export interface CodelParams {
  /** Acceptable standing sojourn time (RFC 8289: 5 ms). */
  targetNs: number;
  /** Sliding window over which the sojourn must stay above target before dropping (RFC 8289: 100 ms). */
  intervalNs: number;
  /** Mark ECN-capable packets instead of dropping them. */
  ecn: boolean;
}

/** What CoDel's decision made of one packet at the head. */
export interface CodelSink {
  drop(p: Packet): void;
  /** Set CE on an ECN-capable packet; false if the packet cannot be marked (not ECT). */
  mark(p: Packet): boolean;
}

/** The state of one CoDel-controlled FIFO (RFC 8289 §5.2's variables). */
export class CodelCore {
  /** When the sojourn time first stayed above target + interval; 0 = not above. */
  firstAboveNs = 0;
  /** When the next drop is due while dropping. */
  dropNextNs = 0;
  /** Drops (and marks) since entering the dropping state. */
  count = 0;
  /** count when the dropping state was last entered. */
  lastCount = 0;
  dropping = false;
  /** Sojourn time of the packet that left last (ns), for the inside view. */
  lastSojournNs = 0;
  /** Largest packet seen (RFC 8289's maxpacket): a queue holding no more than that is not standing. */
  maxPacketBytes = 0;

  constructor(private readonly p: CodelParams) {}

  /** An arrival into the FIFO this state controls. */
  onEnqueue(pkt: Packet, nowNs: number): void {
    pkt.enqNs = nowNs;
    if (pkt.sizeBytes > this.maxPacketBytes) this.maxPacketBytes = pkt.sizeBytes;
  }

  /**
   * A packet that finds the link idle goes straight into service: as an enqueue and a dequeue
   * at once, it waited 0 ns and left nothing behind — CoDel's "below target" branch, which
   * leaves the dropping state.
   */
  servedAtOnce(pkt: Packet, nowNs: number): void {
    this.onEnqueue(pkt, nowNs);
    this.firstAboveNs = 0;
    this.lastSojournNs = 0;
    this.dropping = false;
  }

  /** interval/√count after t (RFC 8289 §5.5 control_law). */
  controlLaw(tNs: number, count: number): number {
    return tNs + this.p.intervalNs / Math.sqrt(count);
  }

  /**
   * RFC 8289 dodequeue: take the head and say whether CoDel may drop it — the sojourn time has
   * been at or above target for at least an interval. `fifo.byteCount` is what stays behind.
   */
  private doDequeue(fifo: Fifo, nowNs: number): { pkt: Packet | undefined; okToDrop: boolean } {
    const pkt = fifo.shift();
    if (pkt === undefined) {
      this.firstAboveNs = 0;
      return { pkt, okToDrop: false };
    }
    const sojourn = nowNs - pkt.enqNs;
    this.lastSojournNs = sojourn;
    let okToDrop = false;
    if (sojourn < this.p.targetNs || fifo.byteCount <= this.maxPacketBytes) {
      this.firstAboveNs = 0;
    } else if (this.firstAboveNs === 0) {
      this.firstAboveNs = nowNs + this.p.intervalNs;
    } else if (nowNs >= this.firstAboveNs) {
      okToDrop = true;
    }
    return { pkt, okToDrop };
  }

  /** RFC 8289 dequeue: the packet to send, after the drops (or marks) the state machine decides. */
  dequeue(fifo: Fifo, nowNs: number, sink: CodelSink): Packet | undefined {
    let r = this.doDequeue(fifo, nowNs);
    if (r.pkt === undefined) {
      this.dropping = false;
      return undefined;
    }
    if (this.dropping) {
      if (!r.okToDrop) this.dropping = false;
      while (this.dropping && nowNs >= this.dropNextNs && r.pkt !== undefined) {
        this.count++;
        if (this.p.ecn && sink.mark(r.pkt)) {
          // Linux: the marked packet goes out; the schedule moves on as if it had been dropped.
          this.dropNextNs = this.controlLaw(this.dropNextNs, this.count);
          return r.pkt;
        }
        sink.drop(r.pkt);
        r = this.doDequeue(fifo, nowNs);
        if (!r.okToDrop) this.dropping = false;
        else this.dropNextNs = this.controlLaw(this.dropNextNs, this.count);
      }
    } else if (r.okToDrop) {
      const marked = this.p.ecn && sink.mark(r.pkt);
      if (!marked) {
        sink.drop(r.pkt);
        r = this.doDequeue(fifo, nowNs);
      }
      this.dropping = true;
      // Re-entering soon after the last cycle: start from the drop rate that controlled it.
      const delta = this.count - this.lastCount;
      this.count = delta > 1 && nowNs - this.dropNextNs < 16 * this.p.intervalNs ? delta : 1;
      this.dropNextNs = this.controlLaw(nowNs, this.count);
      this.lastCount = this.count;
    }
    return r.pkt;
  }
}

export interface CodelQueueParams extends CodelParams {
  limitPackets: number;
}

/** A single FIFO under CoDel, with a packet limit (tail drop beyond it, as Linux's sch_codel). */
export class CodelQueue extends AqmBook implements QueueDisc {
  private readonly fifo: Fifo;
  readonly core: CodelCore;
  private readonly sink: CodelSink = {
    drop: (p) => this.dropAccepted(p),
    mark: (p) => this.markEct(p),
  };

  constructor(params: CodelQueueParams) {
    super(params.limitPackets);
    this.fifo = new Fifo(params.limitPackets);
    this.core = new CodelCore(params);
    const core = this.core;
    this.aqm = {
      lastQueue: 0,
      get lastSojournNs() {
        return core.lastSojournNs;
      },
      prob: 0,
      get dropping() {
        return core.dropping;
      },
      get count() {
        return core.count;
      },
    };
  }

  readonly aqm: AqmView;

  get packets(): number {
    return this.fifo.count;
  }
  get bytes(): number {
    return this.fifo.byteCount;
  }

  offer(p: Packet, nowNs: number, linkIdle: boolean): DropCause | null {
    if (linkIdle) {
      this.core.servedAtOnce(p, nowNs);
      return null;
    }
    if (this.fifo.count >= this.limitNow) return 'queue-overflow';
    this.core.onEnqueue(p, nowNs);
    this.fifo.push(p);
    return null;
  }

  dequeue(nowNs: number): Packet | undefined {
    return this.core.dequeue(this.fifo, nowNs, this.sink);
  }
}
