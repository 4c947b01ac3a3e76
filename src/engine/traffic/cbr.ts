/**
 * Constant-bit-rate cross traffic with a piecewise-constant rate schedule: fixed-size UDP-like
 * packets, no feedback. Models the New Jersey paper's (§5) reverse-path CBR that runs at 1 Mb/s,
 * goes silent, then jams the ACK path, then releases it ("1–5 s: 1 Mb/s; 5–10 s: none;
 * 10–15 s: jammed; …"): each step `{ atNs, rateBps }` holds until the next one; rate 0 is
 * silence; before the first step the source is silent.
 *
 * Timing: within a step that starts at s with rate r, packet k leaves at s + round(k·8·size/r)
 * (integer ns computed from k, so no drift however long the step). Every step restarts the
 * spacing at its own start: its first packet leaves at atNs even if the previous step sent one
 * a moment before (a rate change is a new run of the sender, not a retimed old one).
 */
import type { Handler, Simulator } from '../core/simulator.ts';
import type { Endpoint, Hop } from '../net/packet.ts';
import { checkPacketRate, packetOffsetNs, UdpEmitter } from './udp.ts';

/** From `atNs` (absolute simulated time) on, send at `rateBps` (0 = silent). */
export interface RateStep {
  atNs: number;
  rateBps: number;
}

export interface CbrParams {
  /** Bytes on the wire per packet. */
  packetBytes: number;
  /** Steps in strictly increasing time order. */
  schedule: readonly RateStep[];
  /** Links the packets cross, in order; may be empty (straight to the sink). */
  route: readonly Hop[];
  sink: Endpoint;
}

export class CbrSource {
  private readonly out: UdpEmitter;
  private started = false;
  // The step in force: its start, rate, end (next step's start) and next packet index.
  private stepStartNs = 0;
  private stepRateBps = 0;
  private stepEndNs = 0;
  private nextK = 0;

  private readonly onStep: Handler<number> = { fire: (i) => this.beginStep(i) };
  private readonly onPacket: Handler<null> = { fire: () => this.sendAndReschedule() };

  constructor(
    private readonly sim: Simulator,
    private readonly params: CbrParams,
  ) {
    const { packetBytes, schedule } = params;
    checkPacketRate('CBR source', packetBytes, 0);
    schedule.forEach((step, i) => {
      checkPacketRate(`CBR step ${i}`, packetBytes, step.rateBps);
      if (!Number.isInteger(step.atNs) || step.atNs < 0) {
        throw new RangeError(`CBR step ${i}: time ${step.atNs} ns must be a whole number ≥ 0`);
      }
      if (i > 0 && step.atNs <= schedule[i - 1].atNs) {
        throw new RangeError(`CBR step ${i}: time ${step.atNs} ns does not follow ${schedule[i - 1].atNs} ns`);
      }
    });
    this.out = new UdpEmitter(packetBytes, params.route, params.sink);
  }

  get sentPackets(): number {
    return this.out.sentPackets;
  }

  get sentBytes(): number {
    return this.out.sentBytes;
  }

  /** Schedule the steps; every step time must be ≥ now. Call once. */
  start(): void {
    if (this.started) throw new Error('CBR source started twice');
    this.started = true;
    this.params.schedule.forEach((step, i) => this.sim.scheduleAt(step.atNs, this.onStep, i));
  }

  private beginStep(i: number): void {
    const { schedule } = this.params;
    this.stepStartNs = this.sim.now();
    this.stepRateBps = schedule[i].rateBps;
    this.stepEndNs = i + 1 < schedule.length ? schedule[i + 1].atNs : Number.POSITIVE_INFINITY;
    this.nextK = 0;
    if (this.stepRateBps > 0) this.sendAndReschedule();
  }

  private sendAndReschedule(): void {
    this.out.emit();
    this.nextK++;
    const nextNs = this.stepStartNs + packetOffsetNs(this.nextK, this.out.packetBytes, this.stepRateBps);
    // A packet due at or after the next step belongs to no one: that step restarts the spacing.
    if (nextNs < this.stepEndNs) this.sim.scheduleAt(nextNs, this.onPacket, null);
  }
}
