/**
 * CUBIC (RFC 9438): the window follows a cubic function of the time since the last congestion
 * event, W_cubic(t) = C·(t − K)³ + W_max, so it climbs fast far from the previous saturation
 * point W_max, flattens out around it (t = K) and probes beyond it slowly, then faster. The
 * growth depends on elapsed time, not on the ACK rate, so long-RTT flows recover as fast as
 * short ones.
 *
 * - Window units are segments (cwnd/MSS), time is seconds, as in the RFC.
 * - Congestion avoidance (§4.2–4.5): on each new ACK, target = W_cubic(t + RTT) (RTT = SRTT)
 *   clamped to [cwnd, 1.5·cwnd], cwnd += (target − cwnd)/cwnd per acknowledged segment;
 *   W_est += α·segments_acked/cwnd (α = 3(1−β)/(1+β), 1 once W_est ≥ cwnd_prior) and if
 *   W_cubic(t) < W_est the window follows W_est (Reno-friendly region).
 * - A congestion event (§4.6–4.7): W_max = cwnd, or cwnd·(1+β)/2 if cwnd < the previous W_max
 *   (fast convergence); cwnd_prior = cwnd; ssthresh = max(cwnd·β, 2 MSS). The next congestion
 *   avoidance stage starts the epoch: t_epoch = now, cwnd_epoch = cwnd, W_est = cwnd_epoch,
 *   K = ∛((W_max − cwnd_epoch)/C).
 * - Timeout (§4.8): loss window of one segment, ssthresh = max(FlightSize·β, 2 MSS); the first
 *   congestion avoidance stage after it uses K = 0 and W_max = cwnd_epoch. The same holds for a
 *   first slow start that ends without a loss (§4.10: W_max undefined).
 * - Loss recovery is the flow's (NewReno, RFC 6582, by default; SACK + PRR with SACK on, as
 *   every current CUBIC stack) with ssthresh as above; slow start is RFC 5681's,
 *   ended early by HyStart++ (below) unless the tunable `hystart` is false.
 * - HyStart++ (RFC 9406; §4.10 SHOULD use it), in the initial slow start only (RFC 9406 §4.3's
 *   SHOULD: later slow starts stop at the ssthresh a loss or timeout set). A round ends at the
 *   ACK that covers windowEnd, the SND.NXT of the round's start. Each ACK adds its RTT sample to
 *   the round's minimum; once the round has N_RTT_SAMPLE = 8 samples, a minimum at least
 *   RttThresh = max(4 ms, min(lastRoundMinRTT/8, 16 ms)) above the previous round's starts
 *   Conservative Slow Start (CSS) with cssBaselineMinRtt = that minimum. In CSS cwnd grows by
 *   acked/CSS_GROWTH_DIVISOR (4) per ACK; a round minimum (≥ 8 samples) below the baseline resumes
 *   slow start; after CSS_ROUNDS = 5 rounds (the partial first one included) ssthresh = cwnd and
 *   congestion avoidance begins with K = 0, W_max = cwnd_epoch, cwnd_prior = cwnd (§4.10, W_max
 *   undefined). A loss, timeout or ECN reduction ends HyStart++ for the connection (the usual
 *   CUBIC reduction). inspect() shows `hystartPhase` ('ss', 'css', 'off').
 *
 * Deviations:
 * - ssthresh at a fast retransmit is cwnd·β (the RFC's "some implementations use cwnd"); growth
 *   stops while the sender is not cwnd-limited, the measure the RFC then requires. At a timeout
 *   FlightSize·β, the RFC's own formula: a backed-off second timeout (cwnd already 1 MSS) then
 *   does not collapse ssthresh to 2 MSS.
 * - The cubic increase is per acknowledged segment (segments_acked), not per ACK, so cwnd reaches
 *   the target within one RTT with delayed ACKs too (as Linux); identical with one ACK per segment.
 * - In the Reno-friendly region cwnd = max(cwnd, W_est): W_est never pulls the window down.
 * - Application-limited periods (not cwnd-limited) are cut out of t by moving t_epoch forward
 *   (§5.8's MUST), measured between ACKs.
 * - An ECN echo is a congestion event like a loss (the sender asks ssthresh('ecn')).
 * - HyStart++ with L = 1 segment (a slow-start ACK adds min(N, SMSS), RFC 5681's rule) instead
 *   of RFC 9406's L = 8 for a sender without pacing: slow start stays the same as with `hystart`
 *   off and as the other variants', only its end changes; in CSS an ACK adds min(N, SMSS)/4.
 * - HyStart++ rounds: the first ACK closes an empty round (windowEnd = SND.NXT before any data,
 *   as the RFC's initialisation at connection start), and windowEnd is SND.NXT before the ending
 *   ACK's own transmissions. An ACK without a valid RTT sample (Karn's rule) is no sample.
 *   Rounds are counted while the sender is not cwnd-limited too; only growth stops.
 * - No spurious-loss undo (§4.9).
 */
import { dcbrt, dpowInt } from '../../core/dmath.ts';
import type { CaState } from '../../core/trace.ts';
import { classicPhase, renoGrowth } from './common.ts';
import { LinuxHyStart } from './hystart-linux.ts';
import type { AckInfo, CcPlugin, CongestionControl, Conn, ConnView, Estimate, HystartMode, ReductionEvent, Snapshot } from './types.ts';
import { RttRound } from './vegas.ts';

/** RFC 9438 §4.6: multiplicative decrease factor β_cubic (SHOULD 0.7). */
export const CUBIC_BETA = 0.7;
/** Linux's β in 1/1024 (tcp_cubic.c `beta`, 717/1024 ≈ 0.7002). */
const LINUX_BETA = 717;
/** RFC 9438 §5.1: C (SHOULD 0.4), segments / s³. */
export const CUBIC_C = 0.4;
/** RFC 9438 §4.3: α_cubic = 3(1 − β)/(1 + β), Reno's average window at the same loss rate. */
export const CUBIC_ALPHA = (3 * (1 - CUBIC_BETA)) / (1 + CUBIC_BETA);
/** RFC 9438 §4.7: fast convergence SHOULD be implemented (Linux: on by default). */
export const CUBIC_FAST_CONVERGENCE = true;
/** RFC 9438 §4.2: the target never exceeds this multiple of cwnd (growth slower than slow start). */
const TARGET_CAP = 1.5;

/** RFC 9406 §4.3: RttThresh never below this, ns. */
export const HYSTART_MIN_RTT_THRESH_NS = 4_000_000;
/** RFC 9406 §4.3: RttThresh never above this, ns. */
export const HYSTART_MAX_RTT_THRESH_NS = 16_000_000;
/** RFC 9406 §4.3: RttThresh is lastRoundMinRTT divided by this, within the two bounds. */
export const HYSTART_MIN_RTT_DIVISOR = 8;
/** RFC 9406 §4.3: RTT samples a round needs before its minimum is trusted. */
export const HYSTART_N_RTT_SAMPLE = 8;
/** RFC 9406 §4.3: in CSS an ACK adds a quarter of what slow start would. */
export const HYSTART_CSS_GROWTH_DIVISOR = 4;
/** RFC 9406 §4.3: rounds in CSS before congestion avoidance. */
export const HYSTART_CSS_ROUNDS = 5;
/**
 * L, segments: the most one ACK adds in slow start. RFC 9406 §4.3 says 8 without pacing (infinity
 * with); 1 keeps RFC 5681's slow start (see the header's deviations).
 */
export const HYSTART_L_SEGMENTS = 1;

/** RFC 9406 §4.2: RttThresh = max(MIN_RTT_THRESH, min(lastRoundMinRTT/MIN_RTT_DIVISOR, MAX_RTT_THRESH)), ns. */
export function hystartRttThreshNs(lastRoundMinRttNs: number): number {
  return Math.max(HYSTART_MIN_RTT_THRESH_NS, Math.min(lastRoundMinRttNs / HYSTART_MIN_RTT_DIVISOR, HYSTART_MAX_RTT_THRESH_NS));
}

export interface CubicTunables {
  /** HyStart++ (RFC 9406) in the initial slow start. RFC 9438 §4.10: SHOULD; Linux turns its (older) HyStart on by default. */
  hystart: boolean;
}

export const CUBIC_DEFAULTS: Readonly<CubicTunables> = { hystart: true };

/** Eq. 2: K = ∛((W_max − cwnd_epoch)/C), seconds (negative if cwnd_epoch > W_max). */
export function cubicK(wMaxSegments: number, cwndEpochSegments: number): number {
  return dcbrt((wMaxSegments - cwndEpochSegments) / CUBIC_C);
}

/** Eq. 1: W_cubic(t) = C·(t − K)³ + W_max, segments. */
export function wCubic(tS: number, kS: number, wMaxSegments: number): number {
  return CUBIC_C * dpowInt(tS - kS, 3) + wMaxSegments;
}

/** §4.7: the new W_max at a congestion event with window `cwndSegments`. */
export function fastConvergenceWmax(cwndSegments: number, prevWmaxSegments: number | null): number {
  if (CUBIC_FAST_CONVERGENCE && prevWmaxSegments !== null && cwndSegments < prevWmaxSegments) return (cwndSegments * (1 + CUBIC_BETA)) / 2;
  return cwndSegments;
}

type Region = 'slow-start' | 'reno-friendly' | 'concave' | 'convex' | 'recovery';

/** 'ss': slow start watching the RTT, 'css': Conservative Slow Start, 'off': HyStart++ no longer (or never) in charge. */
export type HystartPhase = 'ss' | 'css' | 'off';

/** RFC 9406 §4.2's state machine: decides how slow start grows and when it ends; the window stays the caller's. */
class HyStartPlusPlus {
  phase: HystartPhase;
  private readonly round = new RttRound();
  private lastRoundMinRttNs = Number.POSITIVE_INFINITY;
  cssBaselineMinRttNs = Number.POSITIVE_INFINITY;
  /** Rounds ended since CSS began, the partial round it began in included (§4.2). */
  cssRounds = 0;

  constructor(enabled: boolean) {
    this.phase = enabled ? 'ss' : 'off';
  }

  /** The slow-start growth for an ACK of `ackedBytes`, bytes: min(N, L·SMSS), a quarter of it in CSS. */
  growthBytes(ackedBytes: number, mssBytes: number): number {
    const bytes = Math.min(ackedBytes, HYSTART_L_SEGMENTS * mssBytes);
    return this.phase === 'css' ? bytes / HYSTART_CSS_GROWTH_DIVISOR : bytes;
  }

  /**
   * After the ACK's growth (the RFC's order): take its sample, move between slow start and CSS,
   * close the round if the ACK ends it. True when CSS has run its rounds: time for ssthresh = cwnd.
   */
  onAck(rttNs: number | null, ackNo: number, sndNxt: number): boolean {
    if (rttNs !== null) this.round.sample(rttNs);
    // With N_RTT_SAMPLE samples the round's minimum is finite; the previous round's may not be.
    const curNs = this.round.minRttNs;
    const enough = this.round.samples >= HYSTART_N_RTT_SAMPLE;
    if (this.phase === 'ss') {
      const lastNs = this.lastRoundMinRttNs;
      if (enough && Number.isFinite(lastNs) && curNs >= lastNs + hystartRttThreshNs(lastNs)) {
        this.phase = 'css';
        this.cssBaselineMinRttNs = curNs;
        this.cssRounds = 0;
      }
    } else if (enough && curNs < this.cssBaselineMinRttNs) {
      // The delay rise was jitter, not a queue: back to slow start (HyStart++ still watching).
      this.phase = 'ss';
      this.cssBaselineMinRttNs = Number.POSITIVE_INFINITY;
    }
    if (!this.round.ended(ackNo)) return false;
    this.lastRoundMinRttNs = curNs;
    this.round.restart(sndNxt);
    if (this.phase !== 'css' || ++this.cssRounds < HYSTART_CSS_ROUNDS) return false;
    this.phase = 'off';
    return true;
  }
}

class Cubic implements CongestionControl {
  /** W_max, segments; null until the first congestion event. */
  private wMax: number | null = null;
  /** cwnd_prior, segments: cwnd when ssthresh was last set. */
  private cwndPrior: number | null = null;
  /** Start of the current congestion avoidance stage; −1 = none yet (the next CA ACK starts one). */
  private epochStartNs = -1;
  private cwndEpoch = 0;
  private kS = 0;
  private wEst = 0;
  /** The next epoch uses K = 0, W_max = cwnd_epoch (after a timeout or a loss-free first slow start). */
  private kZeroNext = true;
  private lastAckNs = -1;
  private region: Region = 'slow-start';
  private readonly hystart: HyStartPlusPlus;
  /** Which slow-start exit the flow uses (c.hystart, unless the tunable turned HyStart off); set at the first ACK. */
  private mode: HystartMode | null;
  private readonly linuxHystart = new LinuxHyStart();

  constructor(t: Readonly<CubicTunables>) {
    this.hystart = new HyStartPlusPlus(t.hystart);
    this.mode = t.hystart ? null : 'off';
  }

  congAvoid(c: Conn, a: AckInfo): void {
    const now = c.nowNs;
    if (this.mode === null) {
      this.mode = c.hystart;
      if (this.mode !== 'hystart++') this.hystart.phase = 'off';
    }
    // Linux's HyStart runs before the ACK's growth (cubictcp_acked precedes cong_avoid) and
    // ends slow start by ssthresh = cwnd, so this ACK already grows as congestion avoidance.
    if (this.mode === 'linux' && c.cwndBytes < c.ssthreshBytes && this.linuxHystart.onAck(now, a.rttNs, c.sndUna, c.sndNxt, c.cwndBytes / c.mssBytes) !== null) {
      c.ssthreshBytes = c.cwndBytes;
    }
    // Slow start that reached ssthresh is over: HyStart++ only ever shapes the initial one.
    if (c.cwndBytes >= c.ssthreshBytes) this.hystart.phase = 'off';
    if (!c.cwndLimited) {
      // §5.8: t must not include application-limited time; the window does not grow either.
      if (this.epochStartNs >= 0 && this.lastAckNs >= 0) this.epochStartNs += now - this.lastAckNs;
    } else if (c.cwndBytes < c.ssthreshBytes) {
      c.cwndBytes = this.hystart.phase === 'off' ? renoGrowth(c, a) : c.cwndBytes + this.hystart.growthBytes(a.ackedBytes, c.mssBytes);
      this.region = 'slow-start';
    } else {
      this.congestionAvoidance(c, a);
    }
    // CSS done: the next ACK starts congestion avoidance, its epoch as after a loss-free slow start.
    if (this.hystart.phase !== 'off' && this.hystart.onAck(a.rttNs, a.ackNo, c.sndNxt)) c.ssthreshBytes = c.cwndBytes;
    this.lastAckNs = now;
  }

  private congestionAvoidance(c: Conn, a: AckInfo): void {
    const mss = c.mssBytes;
    let cwnd = c.cwndBytes / mss;
    if (this.epochStartNs < 0) this.startEpoch(c.nowNs, cwnd);
    const wMax = this.wMax as number;
    const tS = (c.nowNs - this.epochStartNs) / 1e9;
    const ackedSegments = a.ackedBytes / mss;
    const alpha = this.cwndPrior !== null && this.wEst >= this.cwndPrior ? 1 : CUBIC_ALPHA;
    this.wEst += (alpha * ackedSegments) / cwnd;
    if (wCubic(tS, this.kS, wMax) < this.wEst) {
      cwnd = Math.max(cwnd, this.wEst);
      this.region = 'reno-friendly';
    } else {
      // Linux looks ahead by the minimum RTT (bictcp_update: t += delay_min), the RFC by the RTT.
      const rttS = (c.ssthreshFromCwnd ? c.minRttNs : c.srttNs) / 1e9;
      const target = Math.min(Math.max(wCubic(tS + rttS, this.kS, wMax), cwnd), TARGET_CAP * cwnd);
      cwnd += ((target - cwnd) / cwnd) * ackedSegments;
      this.region = cwnd < wMax ? 'concave' : 'convex';
    }
    c.cwndBytes = cwnd * mss;
  }

  private startEpoch(nowNs: number, cwndSegments: number): void {
    this.epochStartNs = nowNs;
    this.cwndEpoch = cwndSegments;
    this.wEst = cwndSegments;
    if (this.kZeroNext || this.wMax === null) {
      this.wMax = cwndSegments;
      this.kS = 0;
      this.kZeroNext = false;
      if (this.cwndPrior === null) this.cwndPrior = cwndSegments; // §4.10: first slow start ended without loss
    } else {
      this.kS = cubicK(this.wMax, cwndSegments);
    }
  }

  /** §4.6–4.7 bookkeeping at a congestion event with window `cwndSegments` (before the reduction). */
  private congestionEvent(cwndSegments: number): void {
    this.wMax = fastConvergenceWmax(cwndSegments, this.wMax);
    this.cwndPrior = cwndSegments;
    this.epochStartNs = -1;
    this.kZeroNext = false;
    this.hystart.phase = 'off';
  }

  /**
   * Every reduction: a loss event or an ECN echo is a congestion event (§4.6–4.7), ssthresh =
   * max(cwnd·β, 2 MSS); a timeout (§4.8) takes FlightSize·β, and its cwnd_prior only from a real
   * window, not from the one-segment window of a previous timeout.
   */
  ssthresh(c: ConnView, event: ReductionEvent): number {
    if (event === 'rto') {
      if (c.cwndBytes > c.mssBytes) this.cwndPrior = c.cwndBytes / c.mssBytes;
      return Math.max(c.flightBytes * CUBIC_BETA, 2 * c.mssBytes);
    }
    this.congestionEvent(c.cwndBytes / c.mssBytes);
    // Linux: ⌊cwnd·717/1024⌋ whole segments of an integer cwnd (cubictcp_recalc_ssthresh).
    if (c.ssthreshFromCwnd) return Math.max(Math.floor((Math.floor(c.cwndBytes / c.mssBytes) * LINUX_BETA) / 1024), 2) * c.mssBytes;
    return Math.max(c.cwndBytes * CUBIC_BETA, 2 * c.mssBytes);
  }

  onStateChange(c: Conn, _from: CaState, to: CaState): void {
    if (to !== 'loss') return;
    // §4.8: W_max of the next stage is its cwnd_epoch (K = 0). RFC 9406 §4.3: the slow start
    // after a timeout stops at the ssthresh just set, without HyStart++.
    this.epochStartNs = -1;
    this.kZeroNext = true;
    this.hystart.phase = 'off';
    this.region = 'slow-start';
    // Linux re-arms its HyStart at a timeout (cubictcp_state: bictcp_reset, bictcp_hystart_reset).
    if (this.mode === 'linux') this.linuxHystart.reset(c.nowNs, c.sndNxt);
  }

  inspect(c: ConnView): Snapshot {
    const inEpoch = this.epochStartNs >= 0 && this.wMax !== null;
    const tS = inEpoch ? (c.nowNs - this.epochStartNs) / 1e9 : null;
    return {
      phase: classicPhase(c),
      region: c.inRecovery ? 'recovery' : this.region,
      cwndSegments: c.cwndBytes / c.mssBytes,
      ssthreshSegments: c.ssthreshBytes / c.mssBytes,
      cwndEpochSegments: inEpoch ? this.cwndEpoch : null,
      tSinceEpochS: tS,
      wCubicSegments: tS !== null ? wCubic(tS, this.kS, this.wMax as number) : null,
      wEstSegments: inEpoch ? this.wEst : null,
      hystartPhase: this.mode === 'linux' ? (this.linuxHystart.found === null && c.cwndBytes < c.ssthreshBytes ? 'ss' : 'off') : this.hystart.phase,
      hystartExit: this.linuxHystart.found,
      cssBaselineRttMs: this.hystart.phase === 'css' ? this.hystart.cssBaselineMinRttNs / 1e6 : null,
      cssRounds: this.hystart.phase === 'css' ? this.hystart.cssRounds : null,
    };
  }

  readonly estimates: readonly Estimate[] = [
    { key: 'kS', label: 'K', unit: 's', read: () => (this.epochStartNs >= 0 && this.wMax !== null ? this.kS : Number.NaN) },
    { key: 'wmaxSegments', label: 'Wmax', unit: 'segments', read: () => this.wMax ?? Number.NaN },
  ];
}

export function createCubic(t: Partial<CubicTunables> = {}): CongestionControl {
  return new Cubic({ ...CUBIC_DEFAULTS, ...t });
}

export const cubic: CcPlugin = {
  name: 'cubic',
  create: () => createCubic(),
};
