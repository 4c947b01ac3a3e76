/**
 * PIE (RFC 8033): a proportional-integral controller on queue delay. Every t_update the drop
 * probability moves by α·(qdelay − target) + β·(qdelay − qdelay_old), the step scaled down while
 * the probability is small (the RFC's auto-tuning table: ÷2 below 10 %, ÷8 below 1 %, … ÷2048
 * below 0.0001 %), capped at +2 % per update once it is 10 % or more, and decayed by 0.98 when
 * the queue has been empty for two updates. Arrivals are dropped at random with that
 * probability — not during the burst allowance (150 ms after a quiet period), not while the
 * delay is below half the target with the probability under 20 %, not when the queue holds two
 * packets or less. With `ecn`, ECN-capable arrivals are marked instead while the probability is
 * at most `maxEcnTh` (10 %).
 *
 * Queue delay is the sojourn time of the last packet dequeued (RFC 8033 §5.3's timestamp
 * option, which is also Linux's default since it dropped the rate estimator as default), 0 once
 * the queue is empty. The basic algorithm of the RFC's Appendix A: no de-randomisation.
 *
 * The periodic update is computed lazily: the state it reads changes only at arrivals and
 * departures, so running every update due before handling an event gives exactly what a timer
 * every t_update would, without scheduling anything.
 */
import type { RandomStream } from '../core/rng.ts';
import type { DropCause } from '../core/trace.ts';
import { AqmBook } from './aqm-book.ts';
import type { Packet } from './packet.ts';
import { Fifo, type AqmView, type QueueDisc } from './queue.ts';

export interface PieParams {
  limitPackets: number;
  /** QDELAY_REF (RFC 8033: 15 ms). */
  targetNs: number;
  /** T_UPDATE (RFC 8033: 15 ms). */
  tUpdateNs: number;
  /** α in Hz (RFC 8033: 0.125). */
  alpha: number;
  /** β in Hz (RFC 8033: 1.25). */
  beta: number;
  /** MAX_BURST (RFC 8033: 150 ms). */
  maxBurstNs: number;
  ecn: boolean;
  /** Mark instead of drop only while the probability is at most this (RFC 8033: 10 %). */
  maxEcnTh: number;
  /** MEAN_PKTSIZE: no early drop while the queue holds 2 of these or fewer bytes. */
  meanPacketBytes: number;
}

/** The RFC's auto-tuning: how much a step is scaled down at drop probability p. */
export function pieStepDivisor(p: number): number {
  if (p < 0.000001) return 2048;
  if (p < 0.00001) return 512;
  if (p < 0.0001) return 128;
  if (p < 0.001) return 32;
  if (p < 0.01) return 8;
  if (p < 0.1) return 2;
  return 1;
}

/** What PIE's periodic update reads and writes. */
export interface PieState {
  dropProb: number;
  /** Queue delay at the previous update (s). */
  qdelayOldS: number;
  burstAllowanceNs: number;
}

/** RFC 8033 calculate_drop_prob: the state after one update that sees queue delay `curS` (s). */
export function pieUpdate(s: PieState, curS: number, p: Pick<PieParams, 'alpha' | 'beta' | 'targetNs' | 'tUpdateNs' | 'maxBurstNs'>): PieState {
  const target = p.targetNs / 1e9;
  let step = p.alpha * (curS - target) + p.beta * (curS - s.qdelayOldS);
  step /= pieStepDivisor(s.dropProb);
  // Above 10 % the probability may rise by at most 2 points per update.
  if (s.dropProb >= 0.1 && step > 0.02) step = 0.02;
  let prob = s.dropProb + step;
  // An idle queue for two updates: decay, so the probability does not linger after congestion.
  if (curS === 0 && s.qdelayOldS === 0) prob *= 0.98;
  const dropProb = Math.min(1, Math.max(0, prob));
  let burstAllowanceNs = Math.max(0, s.burstAllowanceNs - p.tUpdateNs);
  if (dropProb === 0 && curS < target / 2 && s.qdelayOldS < target / 2) burstAllowanceNs = p.maxBurstNs;
  return { dropProb, qdelayOldS: curS, burstAllowanceNs };
}

export class PieQueue extends AqmBook implements QueueDisc {
  private readonly fifo: Fifo;

  /** drop_prob_ */
  dropProb = 0;
  /** Queue delay now (s): sojourn of the last packet dequeued, 0 when the queue is empty. */
  qdelayS = 0;
  /** qdelay_old_ (s): the delay at the last update. */
  qdelayOldS = 0;
  /** burst_allowance_ (ns) */
  burstAllowanceNs: number;
  /** Time of the next periodic update. */
  private nextUpdateNs: number;

  constructor(
    private readonly p: PieParams,
    private readonly rng: RandomStream,
  ) {
    super(p.limitPackets);
    this.fifo = new Fifo(p.limitPackets);
    this.burstAllowanceNs = p.maxBurstNs;
    this.nextUpdateNs = p.tUpdateNs;
    const me = this;
    this.aqm = {
      lastQueue: 0,
      get lastSojournNs() {
        return me.lastSojournNs;
      },
      get prob() {
        return me.dropProb;
      },
      dropping: false,
      get count() {
        return me.drops + me.marks;
      },
    };
  }

  readonly aqm: AqmView;
  /** Sojourn of the packet that last went to the transmitter (0 for one that found the link idle). */
  private lastSojournNs = 0;

  get packets(): number {
    return this.fifo.count;
  }
  get bytes(): number {
    return this.fifo.byteCount;
  }

  /** Run every periodic update due at or before `nowNs`. */
  advance(nowNs: number): void {
    while (this.nextUpdateNs <= nowNs) {
      this.update();
      this.nextUpdateNs += this.p.tUpdateNs;
    }
  }

  /** RFC 8033 calculate_drop_prob, once. */
  private update(): void {
    const next = pieUpdate({ dropProb: this.dropProb, qdelayOldS: this.qdelayOldS, burstAllowanceNs: this.burstAllowanceNs }, this.qdelayS, this.p);
    this.dropProb = next.dropProb;
    this.qdelayOldS = next.qdelayOldS;
    this.burstAllowanceNs = next.burstAllowanceNs;
  }

  /** RFC 8033 drop_early: whether this arrival is to be dropped (or marked). */
  private dropEarly(): boolean {
    const target = this.p.targetNs / 1e9;
    if ((this.qdelayOldS < target / 2 && this.dropProb < 0.2) || this.fifo.byteCount <= 2 * this.p.meanPacketBytes) return false;
    return this.rng.next() < this.dropProb;
  }

  offer(pkt: Packet, nowNs: number, linkIdle: boolean): DropCause | null {
    this.advance(nowNs);
    if (!linkIdle && this.fifo.count >= this.limitNow) return 'queue-overflow';
    if (this.burstAllowanceNs === 0 && this.dropEarly()) {
      if (!(this.p.ecn && this.dropProb <= this.p.maxEcnTh && this.markEct(pkt))) {
        // Refused on arrival: the link counts it from the returned cause, not through onDrop.
        this.drops++;
        return 'aqm-drop';
      }
    }
    pkt.enqNs = nowNs;
    if (linkIdle) {
      // Straight into service: dequeued at once after waiting 0 ns, leaving the queue empty.
      this.qdelayS = 0;
      this.lastSojournNs = 0;
      return null;
    }
    this.fifo.push(pkt);
    return null;
  }

  dequeue(nowNs: number): Packet | undefined {
    this.advance(nowNs);
    const pkt = this.fifo.shift();
    if (pkt === undefined) {
      this.qdelayS = 0;
      return undefined;
    }
    this.lastSojournNs = nowNs - pkt.enqNs;
    this.qdelayS = this.fifo.count === 0 ? 0 : this.lastSojournNs / 1e9;
    return pkt;
  }
}
