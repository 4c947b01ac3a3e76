/**
 * The PFTK model of steady-state TCP Reno throughput with fast retransmit, timeouts (with exponential
 * backoff) and a receiver-window limit.
 *
 * Source: J. Padhye, V. Firoiu, D. Towsley, J. Kurose, "Modeling TCP Throughput: A Simple Model and
 * its Empirical Validation", ACM SIGCOMM 1998 (extended in IEEE/ACM Trans. Networking 8(2), 2000).
 *
 * Symbols (shared by both models below):
 * - B      throughput; the paper gives it in segments per second, these functions multiply by MSS·8
 *          to return bits per second.
 * - MSS    payload bytes per segment (`mssBytes`).
 * - RTT    round-trip time in seconds, assumed independent of the window (`rttS`).
 * - p      probability that a segment is lost, given that the previous segment of its round was
 *          not (`lossRate`); loss events are correlated within a round.
 * - b      segments acknowledged by one ACK: 1 without delayed ACKs, 2 with (`ackedPerAck`).
 * - T0     duration of the first retransmission timeout in seconds; later back-to-back timeouts
 *          double it up to 64·T0 (`rtoS`).
 * - Wmax   the largest window the receiver allows, in segments (`maxWindowSegments`; may be
 *          `Infinity` for "no limit").
 *
 * Neither model covers slow start or connection set-up: they describe long bulk transfers.
 */

import { dexp, dexpm1, dlog1p } from '../core/dmath.ts';

/** Inputs shared by {@link pftkThroughputBps} and {@link pftkFullThroughputBps}. */
export interface PftkParams {
  /** MSS: payload bytes per segment. Finite, > 0. */
  mssBytes: number;
  /** RTT: round-trip time in seconds. Finite, > 0. */
  rttS: number;
  /** p: segment loss probability. In (0, 1] for the approximate model, (0, 1) for the full one. */
  lossRate: number;
  /** b: segments acknowledged per ACK (1, or 2 with delayed ACKs). Finite, > 0. */
  ackedPerAck: number;
  /** T0: initial retransmission timeout in seconds. Finite, ≥ 0 (0 switches timeouts off). */
  rtoS: number;
  /** Wmax: receiver-window limit in segments. > 0; `Infinity` means unlimited. */
  maxWindowSegments: number;
}

/**
 * PFTK approximate model, in bits per second:
 *
 *     B = min( Wmax/RTT,  1 / ( RTT·√(2bp/3) + T0·min(1, 3·√(3bp/8))·p·(1 + 32p²) ) )  segments/s
 *
 * then × MSS·8. The first denominator term is Mathis' square-root law (triple-duplicate-ACK losses
 * only); the second is the time lost to timeouts: min(1, 3·√(3bp/8)) approximates the probability
 * that a loss is detected by timeout (Q̂ ≈ min(1, 3/E[W]) with E[W] ≈ √(8/(3bp))), and
 * p·(1 + 32p²) approximates the backoff factor f(p)·p/(1−p). With T0 = 0 and Wmax = ∞ this is
 * exactly Mathis' formula.
 *
 * @throws RangeError naming the parameter if any input is out of the range given in {@link PftkParams}.
 */
export function pftkThroughputBps(params: PftkParams): number {
  validate(params, 'approximate');
  const { mssBytes, rttS, lossRate: p, ackedPerAck: b, rtoS, maxWindowSegments } = params;
  const tripleDupTermS = rttS * Math.sqrt((2 * b * p) / 3);
  const timeoutTermS = rtoS * Math.min(1, 3 * Math.sqrt((3 * b * p) / 8)) * p * (1 + 32 * p * p);
  const segmentsPerS = Math.min(maxWindowSegments / rttS, 1 / (tripleDupTermS + timeoutTermS));
  return segmentsPerS * mssBytes * 8;
}

/**
 * PFTK full model (eq. 31 of the SIGCOMM '98 paper), in bits per second. With E[Wu] the mean
 * window the flow would reach without a receiver limit ({@link pftkUnconstrainedWindowSegments}),
 * Q̂ the timeout probability ({@link pftkTimeoutProbability}) and f(p) the backoff polynomial
 * ({@link pftkBackoffFactor}):
 *
 * if E[Wu] < Wmax:
 *
 *     B = [ (1−p)/p + E[Wu] + Q̂(E[Wu])/(1−p) ]
 *       / [ RTT·(b·E[Wu]/2 + 1) + Q̂(E[Wu])·T0·f(p)/(1−p) ]                       segments/s
 *
 * otherwise (window-limited; the window sits at Wmax for part of each cycle):
 *
 *     B = [ (1−p)/p + Wmax + Q̂(Wmax)/(1−p) ]
 *       / [ RTT·(b·Wmax/8 + (1−p)/(p·Wmax) + 2) + Q̂(Wmax)·T0·f(p)/(1−p) ]        segments/s
 *
 * then × MSS·8. Reading of the terms: (1−p)/p + W is the mean number of segments sent between two
 * loss indications, 1/(1−p) the mean number sent during a timeout sequence, RTT·(b·W/2 + 1) the
 * mean duration of a triple-duplicate period (b·W/2 rounds of growth plus the round carrying the
 * loss), T0·f(p)/(1−p) the mean duration of a timeout sequence. In the window-limited branch the
 * period has b·Wmax/2 growth rounds from Wmax/2 to Wmax plus (1−p)/(p·Wmax) + 1 − 3b·Wmax/8 rounds
 * at Wmax, i.e. b·Wmax/8 + (1−p)/(p·Wmax) + 1 rounds, plus the loss round.
 *
 * Replacing Q̂(w) by min(1, 3/w), E[Wu] by √(8/(3bp)) and keeping the leading terms in p gives the
 * approximate model {@link pftkThroughputBps}. The two agree within about 3 % for p ≤ 2 % (b = 1 or
 * 2, T0 = 2–30 RTT) and drift apart above that: at p = 5 % the full model is up to ~10 % higher,
 * at p = 20 % about twice as high, because the approximate form's timeout term p·(1 + 32p²) and
 * Q̂ ≈ 3/W overstate the timeout cost at high loss.
 *
 * @throws RangeError naming the parameter if any input is out of range; `lossRate` must be < 1
 *   here because the formula divides by 1 − p.
 */
export function pftkFullThroughputBps(params: PftkParams): number {
  validate(params, 'full');
  const { mssBytes, rttS, lossRate: p, ackedPerAck: b, rtoS, maxWindowSegments: wMax } = params;
  const eWu = pftkUnconstrainedWindowSegments(p, b);
  const timeoutDurationFactor = (rtoS * pftkBackoffFactor(p)) / (1 - p);
  let segmentsPerS: number;
  if (eWu < wMax) {
    const q = pftkTimeoutProbability(p, eWu);
    const segments = (1 - p) / p + eWu + q / (1 - p);
    const durationS = rttS * ((b * eWu) / 2 + 1) + q * timeoutDurationFactor;
    segmentsPerS = segments / durationS;
  } else {
    const q = pftkTimeoutProbability(p, wMax);
    const segments = (1 - p) / p + wMax + q / (1 - p);
    const durationS = rttS * ((b * wMax) / 8 + (1 - p) / (p * wMax) + 2) + q * timeoutDurationFactor;
    segmentsPerS = segments / durationS;
  }
  return segmentsPerS * mssBytes * 8;
}

/**
 * E[Wu], PFTK eq. 13: the mean congestion window (segments) at the end of a triple-duplicate
 * period when the receiver window does not bind:
 *
 *     E[Wu] = (2+b)/(3b) + √( 8(1−p)/(3bp) + ((2+b)/(3b))² )
 *
 * For small p this is ≈ √(8/(3bp)). `p` in (0, 1), `b` > 0; not validated (internal helper).
 */
export function pftkUnconstrainedWindowSegments(p: number, b: number): number {
  const c = (2 + b) / (3 * b);
  return c + Math.sqrt((8 * (1 - p)) / (3 * b * p) + c * c);
}

/**
 * Q̂(w), PFTK's approximation of the probability that a loss in a window of w segments is detected
 * by a timeout rather than by three duplicate ACKs:
 *
 *     Q̂(w) = min( 1, (1 − (1−p)³)·(1 + (1−p)³·(1 − (1−p)^(w−3))) / (1 − (1−p)^w) )
 *
 * As p → 0 it tends to min(1, 3/w). Powers of (1−p) are evaluated through log1p/expm1 so that
 * tiny p does not cancel to 0/0. `p` in (0, 1), `w` > 0; not validated (internal helper).
 */
export function pftkTimeoutProbability(p: number, w: number): number {
  const lnKeep = dlog1p(-p); // ln(1 − p)
  const keepPow = (k: number): number => dexp(k * lnKeep); // (1 − p)^k
  const lossWithin = (k: number): number => -dexpm1(k * lnKeep); // 1 − (1 − p)^k
  const q = (lossWithin(3) * (1 + keepPow(3) * lossWithin(w - 3))) / lossWithin(w);
  return Math.min(1, q);
}

/**
 * f(p) = 1 + p + 2p² + 4p³ + 8p⁴ + 16p⁵ + 32p⁶ (called G(p) in some versions of the paper):
 * with T0 doubling on each back-to-back timeout up to 64·T0, a timeout sequence lasts
 * T0·f(p)/(1−p) seconds on average.
 */
export function pftkBackoffFactor(p: number): number {
  // Horner form: only + and ×
  return 1 + p * (1 + p * (2 + p * (4 + p * (8 + p * (16 + p * 32)))));
}

function validate(params: PftkParams, model: 'approximate' | 'full'): void {
  const { mssBytes, rttS, lossRate, ackedPerAck, rtoS, maxWindowSegments } = params;
  requirePositiveFinite('mssBytes', mssBytes);
  requirePositiveFinite('rttS', rttS);
  requirePositiveFinite('ackedPerAck', ackedPerAck);
  if (model === 'approximate' ? !(lossRate > 0 && lossRate <= 1) : !(lossRate > 0 && lossRate < 1)) {
    const range = model === 'approximate' ? '(0, 1]' : '(0, 1)';
    throw new RangeError(`lossRate must be in ${range}, got ${lossRate}`);
  }
  if (!(rtoS >= 0 && Number.isFinite(rtoS))) {
    throw new RangeError(`rtoS must be a finite number ≥ 0, got ${rtoS}`);
  }
  if (!(maxWindowSegments > 0)) {
    throw new RangeError(`maxWindowSegments must be > 0 (Infinity allowed), got ${maxWindowSegments}`);
  }
}

function requirePositiveFinite(name: string, value: number): void {
  if (!(value > 0 && Number.isFinite(value))) {
    throw new RangeError(`${name} must be a finite number > 0, got ${value}`);
  }
}
