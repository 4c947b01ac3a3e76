/**
 * The Mathis "macroscopic" model of steady-state TCP Reno throughput (the square-root formula).
 *
 * Source: M. Mathis, J. Semke, J. Mahdavi, T. Ott, "The Macroscopic Behavior of the TCP Congestion
 * Avoidance Algorithm", ACM SIGCOMM Computer Communication Review 27(3), July 1997:
 *
 *     BW = (MSS / RTT) · C / √p,   C = √(3/2)  (every segment ACKed)
 *
 * The constant follows from a periodic-loss sawtooth: the window grows by one segment per RTT from
 * W/2 to W, so one loss is seen every (3/8)·W² segments. If the receiver ACKs every b-th segment the
 * window grows by 1/b per RTT instead, which gives C = √(3/(2b)); that is how Padhye, Firoiu, Towsley
 * and Kurose ("Modeling TCP Throughput: A Simple Model and its Empirical Validation", SIGCOMM 1998)
 * carry b through the same derivation, and Mathis et al. note C = √(3/4) for delayed ACKs (b = 2).
 *
 * The model ignores timeouts, slow start and any receiver-window limit: it is an upper yardstick,
 * valid for small loss rates (roughly p < 1 %). See `pftk.ts` for the model that adds timeouts.
 */

/** Inputs of {@link mathisThroughputBps}. */
export interface MathisParams {
  /** MSS: payload bytes per segment. Must be finite and > 0. */
  mssBytes: number;
  /** RTT: round-trip time in seconds (assumed constant). Must be finite and > 0. */
  rttS: number;
  /** p: probability that a segment is lost (loss events per segment sent), in (0, 1]. */
  lossRate: number;
  /** b: segments acknowledged by each ACK (1 without delayed ACKs, 2 with). Must be finite and > 0. */
  ackedPerAck: number;
}

/**
 * Mathis et al. (1997) throughput with the delayed-ACK factor b:
 *
 *     B = (MSS·8 / RTT) · √(3 / (2·b·p))   bits per second
 *
 * MSS·8/RTT is one segment per round trip in bits/s, √(3/(2bp)) the mean window in segments.
 *
 * @throws RangeError naming the offending parameter if `lossRate` ≤ 0 or > 1, `rttS` ≤ 0, or
 *   `mssBytes` / `ackedPerAck` are not positive finite numbers (NaN is rejected as well).
 */
export function mathisThroughputBps(params: MathisParams): number {
  const { mssBytes, rttS, lossRate, ackedPerAck } = params;
  requirePositiveFinite('mssBytes', mssBytes);
  requirePositiveFinite('rttS', rttS);
  requirePositiveFinite('ackedPerAck', ackedPerAck);
  if (!(lossRate > 0 && lossRate <= 1)) {
    throw new RangeError(`lossRate must be in (0, 1], got ${lossRate}`);
  }
  const segmentsPerS = (1 / rttS) * Math.sqrt(3 / (2 * ackedPerAck * lossRate));
  return segmentsPerS * mssBytes * 8;
}

function requirePositiveFinite(name: string, value: number): void {
  if (!(value > 0 && Number.isFinite(value))) {
    throw new RangeError(`${name} must be a finite number > 0, got ${value}`);
  }
}
