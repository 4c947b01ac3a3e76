/**
 * The sender's retransmission timer (RFC 6298 §5): started when data goes out with none
 * outstanding, restarted on every ACK of new data, stopped when all is acknowledged.
 *
 * One pending event at most: moving the deadline later just lets the event find it moved and
 * re-arm, so restarting the timer on every ACK costs no heap work.
 */
import type { Handler, Simulator } from '../core/simulator.ts';

export class RetransmitTimer {
  private deadlineNs = -1;
  private eventAtNs = -1;
  private readonly fire: Handler<number> = { fire: (at) => this.onEvent(at) };

  constructor(
    private readonly sim: Simulator,
    /** Called when the deadline passes with the timer still running. */
    private readonly onExpire: () => void,
  ) {}

  get running(): boolean {
    return this.deadlineNs >= 0;
  }

  /** (Re)start: expire `rtoNs` from now. */
  restart(rtoNs: number): void {
    this.deadlineNs = this.sim.now() + rtoNs;
    if (this.eventAtNs < 0 || this.eventAtNs > this.deadlineNs) {
      this.eventAtNs = this.deadlineNs;
      this.sim.scheduleAt(this.deadlineNs, this.fire, this.deadlineNs);
    }
  }

  stop(): void {
    this.deadlineNs = -1;
  }

  private onEvent(atNs: number): void {
    if (atNs !== this.eventAtNs) return; // superseded by an earlier deadline
    this.eventAtNs = -1;
    if (this.deadlineNs < 0) return; // stopped
    if (this.deadlineNs > this.sim.now()) {
      this.eventAtNs = this.deadlineNs;
      this.sim.scheduleAt(this.deadlineNs, this.fire, this.deadlineNs);
      return;
    }
    this.onExpire();
  }
}
