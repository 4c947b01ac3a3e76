/**
 * Pareto ON/OFF UDP source — the NewReno-LP paper's (§3) cross traffic: each of N sources
 * alternates ON and OFF periods with Pareto-distributed lengths (shape 1.5, mean ON 100 ms, mean
 * OFF 200 ms there), sends fixed-size packets (1500 B) at a constant rate while ON, nothing while
 * OFF. Many such sources multiplexed give long-range-dependent aggregate traffic.
 *
 * How it differs from ns-2's POO_Traffic (the usual reference), and why:
 * - ns-2 draws the burst as a Pareto number of packets (rounded, at least 1) and sends them
 *   back to back before drawing the idle time; we draw both periods as times, so the ON/OFF state
 *   is a function of time (what a panel shows) and every packet leaves inside an ON period. The
 *   source is a fluid of `rateBps` gated by the ON periods: packet k (k = 0, 1, … over the whole
 *   run) leaves when the accumulated ON time reaches round(k·8·size/rate), so a fraction of a
 *   packet left at the end of one ON period carries into the next. Packets sent after T of ON
 *   time are within one of T·rate/(8·size): the long-run rate is rate·meanOn/(meanOn + meanOff)
 *   with no rounding bias, whereas "a packet at the start of every ON period" would add about
 *   half a packet per period (≈ 12 % at the paper's 100 ms ON, 0.5 Mb/s, 1500 B).
 * - ns-2 starts every source with a burst at its start time, so sources started together are
 *   synchronized. Here the first state is ON with the stationary probability
 *   meanOn/(meanOn + meanOff), and the first period is a uniformly random fraction of a freshly
 *   drawn period of that state. (The exact stationary residual of a Pareto(α) period has a
 *   Pareto(α − 1) tail — infinite mean for α = 1.5 — and would let one initial draw dominate a
 *   short run; the fraction keeps the start random without that.)
 *
 * Draw order on the source's own stream (tests replay it): at the start, next() < pOn decides
 * the state, then pareto(shape, mean of that state), then next() for the fraction; after that one
 * pareto(shape, mean of the new state) per period. Period lengths are rounded to whole ns.
 */
import { dpow } from '../core/dmath.ts';
import type { RandomStream } from '../core/rng.ts';
import type { Handler, Simulator } from '../core/simulator.ts';
import type { Endpoint, Hop } from '../net/packet.ts';
import { checkPacketRate, packetOffsetNs, UdpEmitter } from './udp.ts';

export interface ParetoOnOffParams {
  /** Bytes on the wire per packet (paper: 1500). */
  packetBytes: number;
  /** Sending rate while ON (paper: R_UDP). */
  rateBps: number;
  /** Pareto shape α > 1 of both period lengths (paper: 1.5). */
  shape: number;
  /** Mean ON period (paper: 100 ms). */
  meanOnNs: number;
  /** Mean OFF period (paper: 200 ms). */
  meanOffNs: number;
  route: readonly Hop[];
  sink: Endpoint;
  /** When the source begins (default 0). */
  startNs?: number;
  /** No packet is sent at or after this time (default never stops). */
  stopNs?: number;
}

export class ParetoOnOffSource {
  private readonly out: UdpEmitter;
  private readonly startNs: number;
  private readonly stopNs: number;
  private started = false;
  private on = false;
  /** ON time accumulated before the current ON period. */
  private onBeforeNs = 0;
  /** Wall-clock start and length of the current period. */
  private periodStartNs = 0;
  private periodNs = 0;
  /** Index of the next packet to send. */
  private nextK = 0;

  private readonly onBegin: Handler<null> = { fire: () => this.beginFirstPeriod() };
  private readonly onPeriodEnd: Handler<null> = { fire: () => this.endPeriod() };
  private readonly onPacket: Handler<null> = { fire: () => this.sendAndReschedule() };
  private readonly onStop: Handler<null> = {
    fire: () => {
      this.on = false;
    },
  };

  constructor(
    private readonly sim: Simulator,
    private readonly params: ParetoOnOffParams,
    private readonly rng: RandomStream,
  ) {
    checkPacketRate('Pareto ON/OFF source', params.packetBytes, params.rateBps);
    if (!(params.shape > 1)) throw new RangeError(`Pareto ON/OFF source: shape ${params.shape} must be > 1`);
    if (!(params.meanOnNs > 0 && params.meanOffNs > 0)) {
      throw new RangeError(`Pareto ON/OFF source: mean ON ${params.meanOnNs} ns and OFF ${params.meanOffNs} ns must be > 0`);
    }
    this.startNs = params.startNs ?? 0;
    this.stopNs = params.stopNs ?? Number.POSITIVE_INFINITY;
    this.out = new UdpEmitter(params.packetBytes, params.route, params.sink);
  }

  get sentPackets(): number {
    return this.out.sentPackets;
  }

  get sentBytes(): number {
    return this.out.sentBytes;
  }

  /** In an ON period now (false before startNs and from stopNs on). */
  get isOn(): boolean {
    return this.on;
  }

  /** Schedule the first period at startNs (≥ now). Call once. */
  start(): void {
    if (this.started) throw new Error('Pareto ON/OFF source started twice');
    this.started = true;
    if (this.startNs >= this.stopNs) return;
    this.sim.scheduleAt(this.startNs, this.onBegin, null);
    if (Number.isFinite(this.stopNs)) this.sim.scheduleAt(this.stopNs, this.onStop, null);
  }

  private beginFirstPeriod(): void {
    const { meanOnNs, meanOffNs, shape } = this.params;
    const on = this.rng.next() < meanOnNs / (meanOnNs + meanOffNs);
    const full = pareto(this.rng, shape, on ? meanOnNs : meanOffNs);
    this.enter(on, Math.round(full * this.rng.next()));
  }

  private endPeriod(): void {
    if (this.on) this.onBeforeNs += this.periodNs;
    const on = !this.on;
    const { meanOnNs, meanOffNs, shape } = this.params;
    this.enter(on, Math.round(pareto(this.rng, shape, on ? meanOnNs : meanOffNs)));
  }

  private enter(on: boolean, lengthNs: number): void {
    this.on = on;
    this.periodStartNs = this.sim.now();
    this.periodNs = lengthNs;
    const endNs = this.periodStartNs + lengthNs;
    if (endNs < this.stopNs) this.sim.scheduleAt(endNs, this.onPeriodEnd, null);
    if (on) this.scheduleNextPacket();
  }

  /** The next packet's time if its ON-time instant falls in this ON period (and before stop). */
  private scheduleNextPacket(): void {
    if (this.params.rateBps === 0) return;
    const intoPeriodNs = packetOffsetNs(this.nextK, this.params.packetBytes, this.params.rateBps) - this.onBeforeNs;
    if (intoPeriodNs >= this.periodNs) return;
    const atNs = this.periodStartNs + intoPeriodNs;
    if (atNs < this.stopNs) this.sim.scheduleAt(atNs, this.onPacket, null);
  }

  private sendAndReschedule(): void {
    this.out.emit();
    this.nextK++;
    this.scheduleNextPacket();
  }
}

/**
 * Classic (type I) Pareto with the given shape α > 1 and mean, from one uniform draw of `s`:
 * scale xm = mean·(α − 1)/α, support [xm, ∞), by inverse transform xm / (1 − u)^(1/α) (1 − u ∈
 * (0, 1], so never infinite). For α ≤ 2 the variance is infinite: sample means converge slowly.
 * Here, not a method of RandomStream, so code that never draws one (the simulation worker's
 * first chunk) carries neither it nor dpow.
 */
export function pareto(s: RandomStream, shape: number, mean: number): number {
  if (!(shape > 1)) throw new RangeError(`pareto: shape ${shape} must be > 1 for a finite mean`);
  if (!(mean > 0)) throw new RangeError(`pareto: mean ${mean} must be > 0`);
  const scale = (mean * (shape - 1)) / shape;
  return scale / dpow(1 - s.next(), 1 / shape);
}
