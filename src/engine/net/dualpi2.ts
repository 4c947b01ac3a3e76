/**
 * DualPI2 (RFC 9332, the coupled dual-queue AQM of L4S): ECT(1) and CE packets go to the L4S
 * queue, everything else to the Classic queue. A PI controller on the Classic queue's delay
 * (every t_update: p′ += α_U·(qdelay − target) + β_U·(qdelay − qdelay_old), the gains in Hz
 * times the update interval as the RFC derives α_U and β_U) gives one base
 * probability p′ that both queues use, coupled so that a Classic flow (rate ∝ 1/√p) and a
 * scalable L4S flow (rate ∝ 1/p) get about equal rates: the Classic queue drops (or, for
 * ECT(0), marks) with p_C = (p′)², the L4S queue marks with p_CL = k·p′ (k = 2) — or with its
 * own shallow ramp on the L4S queue's sojourn time (0 below minTh, 1 above minTh + range),
 * whichever is higher. The squared probability is drawn as p′ > max(u₁, u₂), as the RFC's
 * pseudo-code (Appendix A.1) does.
 *
 * Scheduling between the queues is a time-shifted FIFO: the head with the longer sojourn goes
 * first after the L4S head's sojourn is credited with `tshift`, so the L4S queue has priority
 * under load yet the Classic queue cannot starve.
 *
 * Simplifications (as the RFC's basic Appendix A.1 pseudo-code, not Linux's sch_dualpi2):
 * no overload handling beyond the shared packet limit; the PI input is the Classic queue's head
 * sojourn time (Linux takes the larger of the two queues'). The periodic update is lazy, as
 * in pie.ts: due updates run before each arrival and departure, which reads the same state a
 * timer would.
 */
import type { RandomStream } from '../core/rng.ts';
import type { DropCause } from '../core/trace.ts';
import { AqmBook } from './aqm-book.ts';
import type { Packet } from './packet.ts';
import { Fifo, type AqmView, type QueueDisc } from './queue.ts';

export interface DualPi2Params {
  /** Both queues together. */
  limitPackets: number;
  /** Classic queue delay target (RFC 9332 A.1: 15 ms). */
  targetNs: number;
  /** PI update interval (RFC 9332 A.1: 16 ms). */
  tUpdateNs: number;
  /** Integral gain in Hz (RFC 9332 A.1: 0.16). */
  alpha: number;
  /** Proportional gain in Hz (RFC 9332 A.1: 3.2). */
  beta: number;
  /** Coupling factor (RFC 9332: 2). */
  k: number;
  /** L4S ramp start (RFC 9332 A.1: 800 µs); with rangeNs 0 a step. */
  minThNs: number;
  /** L4S ramp width (RFC 9332 A.1: 400 µs); 0 = step at minTh. */
  rangeNs: number;
  /**
   * The native ramp marks only while the L4S queue holds more than this many packets, counting
   * the one leaving (RFC 9332 A.1's Th_len: 1). At low rates one packet's serialization exceeds
   * minTh, so a lone packet waiting behind one in service would otherwise be marked.
   */
  thLenPackets: number;
  /** Credit of the L4S head in the time-shifted FIFO. */
  tshiftNs: number;
  /** Mark ECT(0) packets in the Classic queue instead of dropping them. */
  ecn: boolean;
}

export class DualPi2Queue extends AqmBook implements QueueDisc {
  readonly lq: Fifo;
  readonly cq: Fifo;
  /** The base probability p′ (clamped to [0, 1]). */
  baseProb = 0;
  /** Classic queue delay at the last update (s). */
  private prevQdelayS = 0;
  private nextUpdateNs: number;
  /** The L4S ramp's probability at the last L4S dequeue (inside view). */
  lastNativeLProb = 0;
  /** p_L = max(native ramp, p_CL) the last L4S packet was judged with (inside view, traced). */
  lastLProb = 0;
  /** Sojourn (ns) of the last packet out of each queue (inside view). */
  lastLSojournNs = 0;
  lastCSojournNs = 0;
  /** Marks in each queue (`marks` counts both; `drops` are the Classic queue's). */
  lMarks = 0;
  cMarks = 0;

  constructor(
    private readonly p: DualPi2Params,
    private readonly rng: RandomStream,
  ) {
    super(p.limitPackets);
    this.lq = new Fifo(64);
    this.cq = new Fifo(64);
    this.nextUpdateNs = p.tUpdateNs;
    const me = this;
    this.aqm = {
      get lastQueue() {
        return me.lastWasL ? 1 : 0;
      },
      get lastSojournNs() {
        return me.lastWasL ? me.lastLSojournNs : me.lastCSojournNs;
      },
      get prob() {
        return me.baseProb;
      },
      dropping: false,
      get count() {
        return me.marks + me.drops;
      },
      get probL() {
        return me.lastWasL ? me.lastLProb : 0;
      },
    };
  }

  readonly aqm: AqmView;
  /** The packet that last went through actOn was an L4S one. */
  private lastWasL = false;

  get packets(): number {
    return this.lq.count + this.cq.count;
  }
  get bytes(): number {
    return this.lq.byteCount + this.cq.byteCount;
  }

  /** Classic probability p_C = (p′)². */
  get classicProb(): number {
    return this.baseProb * this.baseProb;
  }
  /** Coupled L4S probability p_CL = min(k·p′, 1). */
  get coupledLProb(): number {
    return Math.min(1, this.p.k * this.baseProb);
  }

  /** L4S or not: ECT(1), or already CE (RFC 9332 §2.5.1.1 classifies CE into the L4S queue too). */
  static isL4s(p: Packet): boolean {
    return (p.ect && p.ect1) || p.ce;
  }

  /** Run every PI update due at or before `nowNs`; each reads the Classic head's sojourn then. */
  advance(nowNs: number): void {
    while (this.nextUpdateNs <= nowNs) {
      const t = this.nextUpdateNs;
      const head = this.cq.peek();
      const q = head === undefined ? 0 : (t - head.enqNs) / 1e9;
      const target = this.p.targetNs / 1e9;
      const tUpdateS = this.p.tUpdateNs / 1e9;
      const next = this.baseProb + this.p.alpha * tUpdateS * (q - target) + this.p.beta * tUpdateS * (q - this.prevQdelayS);
      this.baseProb = Math.min(1, Math.max(0, next));
      this.prevQdelayS = q;
      this.nextUpdateNs += this.p.tUpdateNs;
    }
  }

  /** The native L4S ramp on a sojourn time. */
  nativeLProb(sojournNs: number): number {
    const { minThNs, rangeNs } = this.p;
    if (sojournNs < minThNs) return 0;
    if (rangeNs === 0 || sojournNs >= minThNs + rangeNs) return 1;
    return (sojournNs - minThNs) / rangeNs;
  }

  /**
   * The AQM's verdict on a packet leaving its queue after `sojournNs`: true = dropped. A drop or
   * mark is counted here.
   */
  private actOn(pkt: Packet, sojournNs: number, l4s: boolean, lLength: number): boolean {
    this.lastWasL = l4s;
    if (l4s) {
      this.lastLSojournNs = sojournNs;
      const native = lLength > this.p.thLenPackets ? this.nativeLProb(sojournNs) : 0;
      this.lastNativeLProb = native;
      const pL = Math.max(native, this.coupledLProb);
      this.lastLProb = pL;
      // A ramp of 1 marks for certain: no draw, so a step threshold marks every packet above it.
      if (pL >= 1 || (pL > 0 && this.rng.next() < pL)) {
        this.lMarks++;
        this.marks++;
        this.setCe(pkt);
      }
      return false;
    }
    this.lastCSojournNs = sojournNs;
    const pPrime = this.baseProb;
    if (pPrime > 0 && pPrime > Math.max(this.rng.next(), this.rng.next())) {
      if (this.p.ecn && pkt.ect) {
        this.cMarks++;
        this.marks++;
        this.setCe(pkt);
        return false;
      }
      this.drops++;
      return true;
    }
    return false;
  }

  offer(pkt: Packet, nowNs: number, linkIdle: boolean): DropCause | null {
    this.advance(nowNs);
    if (!linkIdle && this.packets >= this.limitNow) return 'queue-overflow';
    pkt.enqNs = nowNs;
    const l4s = DualPi2Queue.isL4s(pkt);
    if (linkIdle) {
      // Straight into service: the dequeue-side AQM still acts on it, with a sojourn of 0.
      return this.actOn(pkt, 0, l4s, 1) ? 'aqm-drop' : null;
    }
    (l4s ? this.lq : this.cq).push(pkt);
    return null;
  }

  dequeue(nowNs: number): Packet | undefined {
    this.advance(nowNs);
    for (;;) {
      const l = this.lq.peek();
      const c = this.cq.peek();
      if (l === undefined && c === undefined) return undefined;
      const fromL = c === undefined || (l !== undefined && nowNs - l.enqNs + this.p.tshiftNs >= nowNs - c.enqNs);
      const lLength = this.lq.count;
      const pkt = (fromL ? this.lq : this.cq).shift() as Packet;
      if (this.actOn(pkt, nowNs - pkt.enqNs, fromL, lLength)) {
        this.onDrop?.(pkt, 'aqm-drop');
        continue;
      }
      return pkt;
    }
  }
}
