/**
 * Short-lived FTP cross traffic — the New Jersey paper's (§5) bidirectional cross traffic: "All
 * short-lived FTP sessions have independent exponentially distributed inter-session gap with a
 * mean of 1 s, and the session durations are drawn from independent exponential distributions
 * with a mean of 3 s. These Poisson arrivals of cross traffic flows …".
 *
 * Reading: the paper calls the arrivals Poisson, so the gap runs from one session's start to
 * the next one's start, independent of durations, and sessions of one generator overlap (an
 * M/M/∞ system: on average meanDuration/meanGap = 3 sessions at once with the paper's values).
 * A gap measured from the previous session's end would make the arrivals not Poisson.
 *
 * This module only decides when sessions open and close; the caller builds the TCP flow in
 * `open` and stops it in `close` (a session lasts a time, not a byte count, in the paper).
 *
 * Draw order on the generator's own stream (tests replay it): at the start, exponential(gap) to
 * the first session; at each session start, exponential(duration) for that session, then
 * exponential(gap) to the next start. Times are rounded to whole ns; a session can last 0 ns
 * (its close then runs right after its open, at the same time).
 */
import type { RandomStream } from '../core/rng.ts';
import type { Handler, Simulator } from '../core/simulator.ts';

/** What `open` returns: the generator calls `close()` once, when the session's time is up. */
export interface FtpSession {
  close(): void;
}

/** Called at a session's start with its index (0, 1, …) and the current time. */
export type OpenFtpSession = (sessionIndex: number, nowNs: number) => FtpSession;

export interface FtpSessionParams {
  /** Mean time from one session's start to the next (paper: 1 s). */
  meanGapNs: number;
  /** Mean session duration (paper: 3 s). */
  meanDurationNs: number;
  /** The Poisson process starts here: the first session opens one gap later (default 0). */
  startNs?: number;
  /** No session opens at or after this time; open ones still run their full duration (default never). */
  stopNs?: number;
}

export class FtpSessionGenerator {
  sessionsStarted = 0;
  sessionsEnded = 0;
  private readonly startNs: number;
  private readonly stopNs: number;
  private started = false;

  private readonly onArrival: Handler<null> = { fire: () => this.openSession() };
  private readonly onEnd: Handler<FtpSession> = {
    fire: (session) => {
      this.sessionsEnded++;
      session.close();
    },
  };

  constructor(
    private readonly sim: Simulator,
    private readonly params: FtpSessionParams,
    private readonly rng: RandomStream,
    private readonly open: OpenFtpSession,
  ) {
    if (!(params.meanGapNs > 0 && params.meanDurationNs > 0)) {
      throw new RangeError(`FTP sessions: mean gap ${params.meanGapNs} ns and duration ${params.meanDurationNs} ns must be > 0`);
    }
    this.startNs = params.startNs ?? 0;
    this.stopNs = params.stopNs ?? Number.POSITIVE_INFINITY;
  }

  /** Sessions open now. */
  get activeSessions(): number {
    return this.sessionsStarted - this.sessionsEnded;
  }

  /** Schedule the first arrival, one gap after startNs (≥ now). Call once. */
  start(): void {
    if (this.started) throw new Error('FTP session generator started twice');
    this.started = true;
    this.scheduleArrival(this.startNs + this.drawGapNs());
  }

  private openSession(): void {
    const durationNs = Math.round(this.rng.exponential(this.params.meanDurationNs));
    const session = this.open(this.sessionsStarted++, this.sim.now());
    this.sim.schedule(durationNs, this.onEnd, session);
    this.scheduleArrival(this.sim.now() + this.drawGapNs());
  }

  private drawGapNs(): number {
    return Math.round(this.rng.exponential(this.params.meanGapNs));
  }

  private scheduleArrival(atNs: number): void {
    if (atNs < this.stopNs) this.sim.scheduleAt(atNs, this.onArrival, null);
  }
}
