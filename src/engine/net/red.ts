/**
 * The disciplines that act on the average queue length: RED (Floyd & Jacobson 1993, with the
 * "gentle" variant and optional ECN marking) and the congestion-warning (CW) configuration of
 * TCP New Jersey (mark every forwarded packet while the average queue exceeds a threshold).
 * Drop-tail, which both build on, is in ./queue.ts.
 */
import { dpow } from '../core/dmath.ts';
import type { RandomStream } from '../core/rng.ts';
import type { DropCause } from '../core/trace.ts';
import type { Packet } from './packet.ts';
import { DropTailQueue } from './queue.ts';

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
