/**
 * A simplex link: a queue in front of a transmitter, then propagation. Serialization and
 * propagation are events; packets leave in FIFO order. An error model, if any, decides at the end
 * of transmission whether the packet is lost on the wire.
 *
 * The 3G paper's variable link is the same object with a rate model and an extra-delay model:
 * the service rate is drawn per packet or per time slot, each packet gets an extra exponential
 * delay (link-layer ARQ), and delivery stays in order — a packet never arrives before the one
 * sent ahead of it, as a link layer with in-order delivery guarantees.
 */
import type { RandomStream } from '../core/rng.ts';
import type { Simulator, Handler } from '../core/simulator.ts';
import type { RowWriter } from '../core/rows.ts';
import type { DropCause, TraceSink } from '../core/trace.ts';
import { writeAqm } from '../tables/aqm.ts';
import type { ErrorModel } from './loss.ts';
import type { DropLedger } from './drop-ledger.ts';
import { CROSS_TRAFFIC_FLOW, type Hop, type Packet } from './packet.ts';
import type { QueueDisc } from './queue.ts';
import type { HopObserver } from './hop-log.ts';

/** Service rate u(mean, sd): uniform on mean ± √3·sd, redrawn per packet (slotNs null) or per slot. */
export class UniformRate {
  private slot = -1;
  private slotRateBps = 0;

  constructor(
    /** Changed by a timed change of the link's rate: draws from then on are around the new mean. */
    public meanBps: number,
    readonly sdBps: number,
    private readonly slotNs: number | null,
    private readonly rng: RandomStream,
  ) {}

  /** The rate for a packet starting transmission now. */
  rateAt(nowNs: number): number {
    if (this.slotNs === null) return this.rng.uniformMeanSd(this.meanBps, this.sdBps);
    // One draw per slot, in slot order, whether or not a packet used the slot: the rate
    // timeline then depends on seed and time only.
    const k = Math.floor(nowNs / this.slotNs);
    while (this.slot < k) {
      this.slotRateBps = this.rng.uniformMeanSd(this.meanBps, this.sdBps);
      this.slot++;
    }
    return this.slotRateBps;
  }
}

/** Sees a link's buffer from the outside (an Ack Regulator): every arrival and every departure. */
export interface LinkWatcher {
  /** A packet was offered to the link: accepted (`dropCause` null) or dropped by the queue. */
  arrived(p: Packet, dropCause: DropCause | null): void;
  /** A waiting packet left the queue for the transmitter. */
  departed(p: Packet): void;
}

/** What a link direction is made of. */
export interface LinkOptions {
  id: string;
  /** Position in the result's link list and in the trace. */
  index: number;
  /** Mean service rate at the start. */
  rateBps: number;
  /** Propagation delay at the start. */
  delayNs: number;
  queue: QueueDisc;
  errors: ErrorModel | null;
  sim: Simulator;
  trace: TraceSink;
  /** Variable service rate (3G link); absent or null = constant rateBps. */
  variableRate?: UniformRate | null;
  /** Extra per-packet delay (mean ns) drawn from `delayRng`; absent or 0 = none. */
  extraDelayMeanNs?: number;
  delayRng?: RandomStream | null;
  /** Where data drops are recorded as ground truth for loss classification. */
  ledger?: DropLedger | null;
}

export class Link implements Hop {
  readonly id: string;
  /** Position in the result's link list and in the trace. */
  readonly index: number;
  readonly queue: QueueDisc;
  /** Mean service rate now (a timed change may set it: setRate). */
  private rateNowBps: number;
  /** Propagation delay now (a timed change may set it: setDelay). */
  private delayNowNs: number;
  /** The error model now (a timed change may replace it: setErrors). */
  private errorsNow: ErrorModel | null;
  private readonly sim: Simulator;
  private readonly trace: TraceSink;
  /** Where a delay-based AQM's state is traced (src/engine/tables/aqm.ts), if the trace keeps it. */
  private readonly aqmRows: RowWriter | null;
  /** Variable service rate (3G link); null = constant rateBps. */
  private readonly rate: UniformRate | null;
  /** Extra per-packet delay (mean ns) drawn from `delayRng`; 0 = none. */
  private readonly extraDelayMeanNs: number;
  private readonly delayRng: RandomStream | null;
  private busy = false;
  /** Waiting-packets × ns and waiting-packets² × ns, for the time-average and variance. */
  private queueAreaNs = 0;
  private queueSqAreaNs = 0;
  private lastQueueChangeNs = 0;
  /** Arrival time of the last packet put into propagation: delivery never goes before it. */
  private lastArrivalNs = 0;

  // Counters for metrics and the conservation invariant:
  // arrived = dropped + waiting + inService + propagating + delivered.
  arrived = 0;
  transmitted = 0;
  delivered = 0;
  propagating = 0;
  maxQueuePackets = 0;
  marks = 0;
  /** Busy time, for utilization. */
  busyNs = 0;
  private busySinceNs = 0;
  readonly drops = new Map<DropCause, number>();
  /** Where data drops are recorded as ground truth for loss classification. */
  private readonly ledger: DropLedger | null;
  /** Bytes of cross-traffic packets transmitted: the available-bandwidth truth subtracts them. */
  crossBytesTransmitted = 0;
  /** Told of arrivals and departures at the queue (set by the builder for an Ack Regulator). */
  watcher: LinkWatcher | null = null;
  /** Told where every packet is on this link (the path picture's packet window); null in ordinary runs. */
  hops: HopObserver | null = null;

  /** Rate × time since t = 0 (bps·ns) up to rateSinceNs: the mean rate when timed changes move it. */
  private rateAreaBpsNs = 0;
  private rateSinceNs = 0;

  private readonly txDone: Handler<Packet> = { fire: (p) => this.onTxDone(p) };
  private readonly arrive: Handler<Packet> = { fire: (p) => this.onArrive(p) };

  constructor(o: LinkOptions) {
    this.id = o.id;
    this.index = o.index;
    this.queue = o.queue;
    this.rateNowBps = o.rateBps;
    this.delayNowNs = o.delayNs;
    this.errorsNow = o.errors;
    this.sim = o.sim;
    this.trace = o.trace;
    this.aqmRows = o.trace.writer('aqm');
    this.rate = o.variableRate ?? null;
    this.extraDelayMeanNs = o.extraDelayMeanNs ?? 0;
    this.delayRng = o.delayRng ?? null;
    this.ledger = o.ledger ?? null;
    this.queue.onMark = (p) => this.mark(p);
    this.queue.onDrop = (p, cause) => this.dropQueued(p, cause);
  }

  get rateBps(): number {
    return this.rateNowBps;
  }

  get delayNs(): number {
    return this.delayNowNs;
  }

  get errors(): ErrorModel | null {
    return this.errorsNow;
  }

  /**
   * A timed change of the rate: the next packet to start transmission is serialized at it (the
   * one on the wire finishes at the rate it started with). A variable-rate link's mean moves.
   */
  setRate(rateBps: number): void {
    const now = this.sim.now();
    this.rateAreaBpsNs += this.rateNowBps * (now - this.rateSinceNs);
    this.rateSinceNs = now;
    this.rateNowBps = rateBps;
    if (this.rate !== null) this.rate.meanBps = rateBps;
  }

  /**
   * A timed change of the propagation delay, for packets that finish transmission from now on.
   * Packets already propagating keep theirs, and a shorter delay never lets a packet overtake
   * one ahead of it (delivery stays in order, as onTxDone guarantees).
   */
  setDelay(delayNs: number): void {
    this.delayNowNs = delayNs;
  }

  /** A timed change of the error model: packets finishing transmission from now on meet the new one. */
  setErrors(errors: ErrorModel | null): void {
    this.errorsNow = errors;
  }

  /** Time-weighted mean rate from t = 0 to `untilNs` (the configured rate unless timed changes moved it). */
  meanRateBps(untilNs: number): number {
    if (untilNs <= 0) return this.rateNowBps;
    return (this.rateAreaBpsNs + this.rateNowBps * (untilNs - this.rateSinceNs)) / untilNs;
  }

  get inService(): number {
    return this.busy ? 1 : 0;
  }

  receive(p: Packet): void {
    this.arrived++;
    const now = this.sim.now();
    // Only a busy link can store the packet; an idle one has had an empty queue since it emptied.
    if (this.busy) this.accountQueue();
    const cause = this.queue.offer(p, now, !this.busy);
    this.hops?.offered(this.index, p, now, cause);
    if (cause !== null) {
      this.drop(p, cause);
      this.watcher?.arrived(p, cause);
      return;
    }
    if (!this.busy) {
      this.traceAqm(now, p.flow);
      this.startTx(p);
      this.watcher?.arrived(p, null);
      return;
    }
    if (this.queue.packets > this.maxQueuePackets) this.maxQueuePackets = this.queue.packets;
    this.trace.queue(now, this.index, this.queue.packets, this.queue.bytes);
    this.watcher?.arrived(p, null);
  }

  /** Mean waiting packets from t = 0 to `untilNs`. */
  meanQueuePackets(untilNs: number): number {
    const area = this.queueAreaNs + this.queue.packets * (untilNs - this.lastQueueChangeNs);
    return untilNs > 0 ? area / untilNs : 0;
  }

  /** Time-weighted standard deviation of waiting packets from t = 0 to `untilNs`. */
  queueSdPackets(untilNs: number): number {
    if (untilNs <= 0) return 0;
    const dt = untilNs - this.lastQueueChangeNs;
    const mean = (this.queueAreaNs + this.queue.packets * dt) / untilNs;
    const meanSq = (this.queueSqAreaNs + this.queue.packets * this.queue.packets * dt) / untilNs;
    return Math.sqrt(Math.max(0, meanSq - mean * mean));
  }

  /** Fraction of time from 0 to `untilNs` the transmitter was busy. */
  utilization(untilNs: number): number {
    const busy = this.busyNs + (this.busy ? untilNs - this.busySinceNs : 0);
    return untilNs > 0 ? busy / untilNs : 0;
  }

  private drop(p: Packet, cause: DropCause): void {
    // An ACK lost anywhere is, from the data flow's point of view, a reverse-path loss.
    const c: DropCause = p.isAck ? 'reverse-path' : cause;
    this.drops.set(c, (this.drops.get(c) ?? 0) + 1);
    if (!p.isAck && this.ledger !== null) this.ledger.record(p.flow, p.seq, c);
    this.trace.drop(this.sim.now(), this.index, p.flow, p.isAck ? p.ackNo : p.seq, p.isAck, c);
  }

  /**
   * A packet the queue had accepted and now throws away (an AQM's head drop): it never reaches
   * the transmitter, so the path picture closes its visit where it stands.
   */
  private dropQueued(p: Packet, cause: DropCause): void {
    const now = this.sim.now();
    this.drop(p, cause);
    this.hops?.transmitting(this.index, p, now, now);
    this.hops?.transmitted(this.index, p, now, now, cause);
    this.watcher?.departed(p);
  }

  /** A packet of `flow` left a delay-based AQM for the transmitter: its sojourn and the AQM's state. */
  private traceAqm(now: number, flow: number): void {
    const a = this.queue.aqm;
    if (a !== undefined && this.aqmRows !== null) writeAqm(this.aqmRows, now, this.index, a.lastQueue, a.lastSojournNs, a.prob, a.dropping, a.count, flow, a.probL ?? 0);
  }

  private mark(p: Packet): void {
    this.marks++;
    this.hops?.marked(this.index, p);
    this.trace.mark(this.sim.now(), this.index, p.flow, p.isAck ? p.ackNo : p.seq);
  }

  private startTx(p: Packet): void {
    const now = this.sim.now();
    if (!this.busy) {
      this.busy = true;
      this.busySinceNs = now;
    }
    const rate = this.rate ? this.rate.rateAt(now) : this.rateNowBps;
    const txNs = Math.max(1, Math.round((p.sizeBytes * 8 * 1e9) / rate));
    this.hops?.transmitting(this.index, p, now, now + txNs);
    this.sim.schedule(txNs, this.txDone, p);
  }

  private onTxDone(p: Packet): void {
    const now = this.sim.now();
    this.transmitted++;
    if (p.flow === CROSS_TRAFFIC_FLOW) this.crossBytesTransmitted += p.sizeBytes;
    const cause = this.errorsNow ? this.errorsNow.corrupts(p, now) : null;
    if (cause !== null) {
      this.drop(p, cause);
      this.hops?.transmitted(this.index, p, now, now, cause);
    } else {
      this.propagating++;
      let delay = this.delayNowNs;
      if (this.delayRng !== null) delay += Math.round(this.delayRng.exponential(this.extraDelayMeanNs));
      // In order: equal arrival times keep FIFO order through the simulator's insertion sequence.
      const at = Math.max(now + delay, this.lastArrivalNs);
      this.lastArrivalNs = at;
      this.hops?.transmitted(this.index, p, now, at, null);
      // As a delay rather than scheduleAt: V8 inlines this path (see Simulator.scheduleAt).
      this.sim.schedule(at - now, this.arrive, p);
    }
    this.accountQueue();
    const next = this.queue.dequeue(now);
    if (next !== undefined) {
      this.trace.queue(now, this.index, this.queue.packets, this.queue.bytes);
      this.traceAqm(now, next.flow);
      this.startTx(next); // still busy: the busy period goes on
      this.watcher?.departed(next);
    } else {
      this.busy = false;
      this.busyNs += now - this.busySinceNs;
    }
  }

  private onArrive(p: Packet): void {
    this.propagating--;
    this.delivered++;
    p.forward();
  }

  private accountQueue(): void {
    const now = this.sim.now();
    const dt = now - this.lastQueueChangeNs;
    const q = this.queue.packets;
    this.queueAreaNs += q * dt;
    this.queueSqAreaNs += q * q * dt;
    this.lastQueueChangeNs = now;
  }

  /** Packets lost on this link, all causes. */
  get dropped(): number {
    let n = 0;
    for (const v of this.drops.values()) n += v;
    return n;
  }
}
