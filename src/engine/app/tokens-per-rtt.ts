/**
 * TCP-Real's token metric (§3, §4.4, Figure 10): "The token consumption rate every RTT is
 * measured … [and] contrasted to the permitted rate". The paper reports the average consumed per
 * RTT in KB (one token = one 1 KB packet: TCP-Real 11.12 KB, Reno 5.82, Tahoe 3.65 at 15 ms
 * one-way delay, 20 % PER in ON phases).
 *
 * Definitions (the paper gives no formula; this is ours):
 * - the run [fromNs, toNs) is cut into consecutive bins of one RTT from fromNs; only whole bins
 *   count (a trailing partial bin would look like a drop in consumption). The caller picks the RTT
 *   — the path's base RTT, or the flow's mean RTT — since "every RTT" needs one bin width to plot
 *   against a single permitted line;
 * - consumed per bin = tokens taken by the sender in it;
 * - permitted per RTT = r·RTT/interval, the bucket's long-run allowance. A full bucket lets one RTT
 *   take up to depth more than that, but not RTT after RTT, so this is the fair yardstick;
 * - utilization = mean consumed per bin / permitted per RTT.
 */

export interface TokensPerRttInput {
  /** When tokens were taken (ns), in any order. */
  takeTimesNs: ArrayLike<number>;
  /** Tokens taken at each time (default 1 each). */
  takeCounts?: ArrayLike<number>;
  rttNs: number;
  fromNs: number;
  toNs: number;
  /** The bucket's r and interval. */
  tokensPerInterval: number;
  intervalNs: number;
}

export interface TokensPerRtt {
  /** Start of each whole RTT bin. */
  binStartNs: number[];
  /** Tokens taken in each bin. */
  consumed: number[];
  /** Mean of `consumed`; 0 when there is no whole bin. */
  meanConsumed: number;
  permittedPerRtt: number;
  /** meanConsumed / permittedPerRtt. */
  utilization: number;
}

export function tokensPerRtt(input: TokensPerRttInput): TokensPerRtt {
  const { takeTimesNs, takeCounts, rttNs, fromNs, toNs, tokensPerInterval, intervalNs } = input;
  if (!(rttNs > 0)) throw new RangeError(`tokens per RTT: RTT ${rttNs} ns must be > 0`);
  if (!(intervalNs > 0)) throw new RangeError(`tokens per RTT: interval ${intervalNs} ns must be > 0`);
  if (takeCounts !== undefined && takeCounts.length !== takeTimesNs.length) {
    throw new RangeError(`tokens per RTT: ${takeCounts.length} counts for ${takeTimesNs.length} times`);
  }
  const bins = Math.max(0, Math.floor((toNs - fromNs) / rttNs));
  const binStartNs = Array.from({ length: bins }, (_, i) => fromNs + i * rttNs);
  const consumed = new Array<number>(bins).fill(0);
  for (let i = 0; i < takeTimesNs.length; i++) {
    const bin = Math.floor((takeTimesNs[i] - fromNs) / rttNs);
    if (bin >= 0 && bin < bins) consumed[bin] += takeCounts ? takeCounts[i] : 1;
  }
  const meanConsumed = bins > 0 ? consumed.reduce((a, b) => a + b, 0) / bins : 0;
  const permittedPerRtt = (tokensPerInterval * rttNs) / intervalNs;
  return { binStartNs, consumed, meanConsumed, permittedPerRtt, utilization: meanConsumed / permittedPerRtt };
}
