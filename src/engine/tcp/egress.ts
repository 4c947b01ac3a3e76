/**
 * What stands between the sender's window and the wire: a token gate (a token bucket in front of
 * the sender, one token per segment), the queue of segments held for a token, and pacing (a
 * variant's pacing rate spaces segments out). The sender decides what to send; this decides when.
 */
import type { Handler, Simulator } from '../core/simulator.ts';
import type { TraceSink } from '../core/trace.ts';

/**
 * A rate limiter in front of the sender (a token bucket): one token per segment put on the wire.
 * Segments wait for a token; new data is not even formed while the gate is closed.
 */
export interface SendGate {
  /** Take one token if there is one. */
  tryTake(nowNs: number): boolean;
  /** Integer ns until a token is available (0 if one is). */
  nsUntil(nowNs: number): number;
  /** Tokens available now (fractional), for the trace. */
  available(nowNs: number): number;
}

/** The sender as its egress sees it. */
export interface EgressOwner {
  readonly sndUna: number;
  /** Put the segment at `seq` on the wire now (it has its token). */
  emitNow(seq: number): void;
  /** Send what the window allows now (a token or the pacing clock became free). */
  resume(): void;
}

export class Egress {
  /** Set by the variant through the sender; 0 = no pacing. */
  pacingRateBps = 0;
  private nextPaceNs = 0;
  private paceWakeArmed = false;
  /** Segments (by sequence number) waiting for a token, oldest first. */
  private heldSeqs: number[] = [];
  private gateWakeArmed = false;
  private closed = false;

  private readonly gateWake: Handler<null> = { fire: () => this.onGateOpen() };
  private readonly paceWake: Handler<null> = {
    fire: () => {
      this.paceWakeArmed = false;
      this.owner.resume();
    },
  };

  constructor(
    private readonly owner: EgressOwner,
    private readonly gate: SendGate | null,
    private readonly sim: Simulator,
    private readonly trace: TraceSink,
    private readonly flow: number,
  ) {}

  /** True if a segment may be formed now; otherwise the owner is resumed when one may. */
  ready(): boolean {
    return this.gateReady() && this.paceReady();
  }

  /** True if the segment must wait for a token (it is then held, in order); false: send it now. */
  hold(seq: number): boolean {
    if (this.gate === null || (this.heldSeqs.length === 0 && this.takeToken())) return false;
    this.heldSeqs.push(seq);
    this.armGateWake();
    return true;
  }

  /** A segment of `sizeBytes` went out now: the next may go one serialization at the pacing rate later. */
  sent(nowNs: number, sizeBytes: number): void {
    if (this.pacingRateBps > 0) this.nextPaceNs = Math.max(nowNs, this.nextPaceNs) + Math.round((sizeBytes * 8 * 1e9) / this.pacingRateBps);
  }

  /** The connection closed: drop what is held, release nothing more. */
  close(): void {
    this.closed = true;
    this.heldSeqs = [];
  }

  /** True unless pacing holds the next segment back; then the owner wakes when it may go. */
  private paceReady(): boolean {
    if (this.pacingRateBps <= 0) return true;
    const now = this.sim.now();
    if (now >= this.nextPaceNs) return true;
    if (!this.paceWakeArmed) {
      this.paceWakeArmed = true;
      this.sim.schedule(this.nextPaceNs - now, this.paceWake, null);
    }
    return false;
  }

  private gateReady(): boolean {
    if (this.gate === null) return true;
    if (this.heldSeqs.length === 0 && this.gate.available(this.sim.now()) >= 1) return true;
    this.armGateWake();
    return false;
  }

  private armGateWake(): void {
    if (this.gateWakeArmed || this.gate === null) return;
    this.gateWakeArmed = true;
    this.sim.schedule(Math.max(1, this.gate.nsUntil(this.sim.now())), this.gateWake, null);
  }

  /** Tokens arrived: release held retransmissions first, then let the window send. */
  private onGateOpen(): void {
    this.gateWakeArmed = false;
    if (this.closed || this.gate === null) return;
    while (this.heldSeqs.length > 0) {
      // A held retransmission the receiver has acknowledged meanwhile costs no token.
      if (this.heldSeqs[0] < this.owner.sndUna) this.heldSeqs.shift();
      else if (this.takeToken()) this.owner.emitNow(this.heldSeqs.shift() as number);
      else break;
    }
    if (this.heldSeqs.length > 0) this.armGateWake();
    else this.owner.resume();
  }

  /** Take one token from the gate, tracing the bucket level after it; false if there is none. */
  private takeToken(): boolean {
    const gate = this.gate as SendGate;
    const now = this.sim.now();
    if (!gate.tryTake(now)) return false;
    this.trace.bucket(now, this.flow, gate.available(now));
    return true;
  }
}
