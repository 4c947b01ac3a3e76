/**
 * Deterministic sawtooth model of one long-lived TCP Reno flow in congestion avoidance through a
 * single bottleneck with constant service rate and constant propagation delay.
 *
 * Source: M. C. Chan, R. Ramjee, "TCP/IP Performance over 3G Wireless Links with Rate and Delay
 * Variation", ACM MobiCom 2002, §3, eq. (1)–(4).
 *
 * Symbols (all windows in packets, all times in seconds):
 * - µ     constant service rate of the bottleneck, packets/s (`serviceRatePps`).
 * - τ     constant round-trip propagation delay (`propagationRttS`).
 * - T     minimum round-trip time, T = τ + 1/µ (propagation plus one packet's service time).
 * - µT    window that exactly fills the pipe (= µτ + 1); beyond it packets queue at the bottleneck.
 * - B     bottleneck buffer in packets (`bufferPackets`).
 * - Wmax  window at which the buffer overflows and one packet is lost: Wmax = µτ + B + 1 = µT + B.
 * - W0    window after the loss (multiplicative decrease): W0 = Wmax/2.
 * - t_A, n_A  duration and packets sent in epoch A (cwnd from W0 to µT; queue empty).
 * - t_B, n_B  duration and packets sent in epoch B (cwnd from µT to Wmax; queue non-empty).
 *
 * It is a fluid model: windows are real numbers, the window grows continuously by one packet per
 * RTT, slow start and the fast-recovery transient are ignored, and each sawtooth ends with exactly
 * one loss when W reaches Wmax.
 *
 * Derivation (reproducing the paper's equations, and extending them to W0 ≥ µT):
 *
 * Window growth of one packet per RTT is dW/dt = 1/RTT(t), and the sending rate is W/RTT(t).
 *
 * Epoch A, W < µT: the queue is empty, so RTT = T. Then W(t) = W0 + t/T and W reaches µT after
 *   t_A = T·(µT − W0)                                                   (1)
 *   n_A = ∫₀^{t_A} W(t)/T dt = (W0·t_A + t_A²/(2T)) / T                  (2)
 *   ∫₀^{t_A} W(t) dt = W0·t_A + t_A²/(2T) = T·n_A.
 *
 * Epoch B, W ≥ µT: the bottleneck is busy all the time and W − µT packets wait in the queue, so
 * RTT = W/µ and the sending rate W/RTT = µ. Then dW/dt = µ/W, i.e. d(W²)/dt = 2µ, so starting from
 * window Ws at the start of the epoch, W(t) = √(Ws² + 2µt), and W reaches Wmax after
 *   t_B = (Wmax² − Ws²)/(2µ)                                             (3) with Ws = µT
 *   n_B = µ·t_B                                                         (4)
 *   ∫₀^{t_B} W(t) dt = [(Ws² + 2µt)^{3/2} / (3µ)]₀^{t_B} = (Wmax³ − Ws³)/(3µ).
 *
 * Case W0 ≥ µT (equivalently B ≥ µT: the buffer holds at least one bandwidth-delay product). After
 * the halving there are still W0 − µT packets queued, so epoch A never happens (eq. (1) would give
 * t_A ≤ 0) and the epoch-B dynamics above apply from t = 0 with Ws = W0:
 *   t_A = n_A = 0,  t_B = (Wmax² − W0²)/(2µ) = 3·Wmax²/(8µ),  n_B = µ·t_B,
 * so the link never idles, the throughput is exactly µ and the mean window is
 * ((Wmax³ − W0³)/(3µ)) / t_B = 7·Wmax/9. At B = µT both branches give the same result (t_A = 0).
 *
 * Results over one period t_A + t_B:
 *   throughput (ignoring slow start) = (n_A + n_B)/(t_A + t_B)   packets/s
 *   mean cwnd (time average)         = (T·n_A + (Wmax³ − Ws³)/(3µ)) / (t_A + t_B)   packets
 */

import { dpowInt } from '../core/dmath.ts';

/** Inputs of {@link sawtoothModel}. */
export interface SawtoothParams {
  /** µ: bottleneck service rate in packets per second. Finite, > 0. */
  serviceRatePps: number;
  /** τ: round-trip propagation delay in seconds (excluding the bottleneck's service time). Finite, ≥ 0. */
  propagationRttS: number;
  /** B: bottleneck buffer in packets. Finite, ≥ 0. */
  bufferPackets: number;
}

/** Output of {@link sawtoothModel}; see the module comment for the symbols. */
export interface SawtoothResult {
  /** Wmax = µτ + B + 1: window at which the buffer overflows, packets. */
  wMaxPackets: number;
  /** W0 = Wmax/2: window right after the loss, packets. */
  w0Packets: number;
  /** t_A: duration of epoch A (queue empty), seconds; 0 when W0 ≥ µT. */
  tAS: number;
  /** n_A: packets sent during epoch A; 0 when W0 ≥ µT. */
  nA: number;
  /** t_B: duration of epoch B (queue non-empty), seconds. */
  tBS: number;
  /** n_B: packets sent during epoch B. */
  nB: number;
  /** t_A + t_B: length of one sawtooth, seconds. */
  periodS: number;
  /** (n_A + n_B)/(t_A + t_B): long-run sending rate, packets per second (≤ µ). */
  throughputPps: number;
  /** Time-average of the congestion window over one period, packets. */
  meanCwndPackets: number;
}

/**
 * Chan & Ramjee's constant-rate, constant-delay sawtooth (eq. (1)–(4)), extended to the W0 ≥ µT
 * case and to the time-average window; derivation in the module comment.
 *
 * @throws RangeError naming the parameter if `serviceRatePps` is not finite and > 0, or
 *   `propagationRttS` / `bufferPackets` are not finite and ≥ 0 (NaN is rejected as well).
 */
export function sawtoothModel(params: SawtoothParams): SawtoothResult {
  validate(params);
  const { serviceRatePps: mu, propagationRttS: tau, bufferPackets: buffer } = params;
  const minRttS = tau + 1 / mu; // T
  const pipePackets = mu * tau + 1; // µT, written as µτ + 1 to avoid rounding in µ·(τ + 1/µ)
  const wMax = mu * tau + buffer + 1;
  const w0 = wMax / 2;

  let tA = 0;
  let nA = 0;
  let epochBStart = w0; // Ws: window at the start of epoch B
  if (w0 < pipePackets) {
    tA = minRttS * (pipePackets - w0); // (1)
    nA = (w0 * tA + (tA * tA) / (2 * minRttS)) / minRttS; // (2)
    epochBStart = pipePackets;
  }
  const tB = (wMax * wMax - epochBStart * epochBStart) / (2 * mu); // (3), or its W0 ≥ µT form
  const nB = mu * tB; // (4)
  const period = tA + tB;
  const cwndAreaA = minRttS * nA; // ∫ W dt over epoch A
  const cwndAreaB = (dpowInt(wMax, 3) - dpowInt(epochBStart, 3)) / (3 * mu); // ∫ W dt over epoch B

  return {
    wMaxPackets: wMax,
    w0Packets: w0,
    tAS: tA,
    nA,
    tBS: tB,
    nB,
    periodS: period,
    throughputPps: (nA + nB) / period,
    meanCwndPackets: (cwndAreaA + cwndAreaB) / period,
  };
}

/**
 * The model's congestion window at time `tS` seconds after a loss, for drawing the sawtooth
 * (periodic: `tS` is taken modulo the period; negative times count back from the next loss).
 * W(t) = W0 + t/T in epoch A, √(Ws² + 2µ(t − t_A)) in epoch B, as derived in the module comment.
 *
 * @throws RangeError as {@link sawtoothModel}, or if `tS` is not finite.
 */
export function sawtoothCwndPackets(params: SawtoothParams, tS: number): number {
  if (!Number.isFinite(tS)) throw new RangeError(`tS must be finite, got ${tS}`);
  const m = sawtoothModel(params);
  const mu = params.serviceRatePps;
  const minRttS = params.propagationRttS + 1 / mu;
  const t = ((tS % m.periodS) + m.periodS) % m.periodS;
  if (t < m.tAS) return m.w0Packets + t / minRttS;
  const epochBStart = m.tAS > 0 ? mu * params.propagationRttS + 1 : m.w0Packets;
  return Math.sqrt(epochBStart * epochBStart + 2 * mu * (t - m.tAS));
}

function validate(params: SawtoothParams): void {
  const { serviceRatePps, propagationRttS, bufferPackets } = params;
  if (!(serviceRatePps > 0 && Number.isFinite(serviceRatePps))) {
    throw new RangeError(`serviceRatePps must be a finite number > 0, got ${serviceRatePps}`);
  }
  if (!(propagationRttS >= 0 && Number.isFinite(propagationRttS))) {
    throw new RangeError(`propagationRttS must be a finite number ≥ 0, got ${propagationRttS}`);
  }
  if (!(bufferPackets >= 0 && Number.isFinite(bufferPackets))) {
    throw new RangeError(`bufferPackets must be a finite number ≥ 0, got ${bufferPackets}`);
  }
}
