/**
 * Linux's HyStart (net/ipv4/tcp_cubic.c, v5.7 and later; Ha & Rhee, "Taming the elephants: New
 * TCP slow start", Computer Networks 2011): CUBIC's slow start ends, ssthresh = cwnd, when either
 * detector fires in a round (a round begins at the first ACK after the cumulative ACK passed the
 * SND.NXT of the previous round's start):
 *
 * - ACK train: ACKs keep arriving at most `HYSTART_ACK_DELTA_NS` (2 ms) apart, and the train has
 *   lasted longer than (delay_min + ack_delay)/2 since the round began — about as long as the
 *   window it acknowledges takes at the bottleneck rate, so the window is about the BDP.
 * - Delay increase: once the round has `HYSTART_MIN_SAMPLES` (8) RTT samples, its minimum RTT
 *   exceeds delay_min + clamp(delay_min/8, 4 ms, 16 ms) — a standing queue.
 *
 * Neither acts below `HYSTART_LOW_WINDOW` (16) segments, and the samples of those ACKs are not
 * counted. delay_min is the smallest RTT sample since the last reset. Like the kernel
 * (cubictcp_state → bictcp_reset, bictcp_hystart_reset), a timeout re-arms HyStart for the slow
 * start that follows it; in that slow start cwnd usually reaches the ssthresh the timeout set first.
 *
 * Deviations:
 * - ack_delay (hystart_ack_delay) is min(1 ms, 4·GSO size / pacing rate) in the kernel; with a
 *   64 KB GSO size it is 1 ms at any pacing rate below 262 MB/s, so we take 1 ms.
 * - The threshold is halved as the kernel does for a sender that does not pace (sk_pacing_status
 *   NONE, CUBIC without the fq qdisc) — every sender here but BBR.
 * - The kernel's first round starts when the connection is set up; ours at the first ACK (our
 *   connections start established), which is when the kernel's first reset happens anyway.
 * - "Discard delay samples right after fast recovery" (the first second of a CUBIC epoch) is not
 *   needed: HyStart only runs in slow start, which after a fast recovery never happens here.
 */

/** Linux hystart_low_window: no detection below this cwnd, segments. */
export const HYSTART_LOW_WINDOW = 16;
/** Linux hystart_ack_delta_us: the most two ACKs of one train may be apart, ns. */
export const HYSTART_ACK_DELTA_NS = 2_000_000;
/** Linux HYSTART_MIN_SAMPLES: RTT samples a round takes before the delay test. */
export const HYSTART_MIN_SAMPLES = 8;
/** Linux HYSTART_DELAY_MIN / _MAX: the delay threshold delay_min/8 is clamped to these, ns. */
export const HYSTART_DELAY_MIN_NS = 4_000_000;
export const HYSTART_DELAY_MAX_NS = 16_000_000;
/** hystart_ack_delay() at the rates we simulate (see the header), ns. */
export const HYSTART_ACK_DELAY_NS = 1_000_000;

/** Linux HYSTART_DELAY_THRESH(delay_min >> 3), ns. */
export function linuxHystartDelayThreshNs(delayMinNs: number): number {
  return Math.min(Math.max(delayMinNs / 8, HYSTART_DELAY_MIN_NS), HYSTART_DELAY_MAX_NS);
}

/** Linux's ACK-train threshold since the round began, ns (halved: no pacing). */
export function linuxHystartTrainThreshNs(delayMinNs: number): number {
  return (delayMinNs + HYSTART_ACK_DELAY_NS) / 2;
}

export type LinuxHystartExit = 'ack-train' | 'delay' | null;

export class LinuxHyStart {
  /** Slow start was ended by a detector (`found` in the kernel); nothing more until reset. */
  found: LinuxHystartExit = null;
  private roundStartNs = 0;
  private lastAckNs = 0;
  /** The round ends when the cumulative ACK passes this byte (the kernel's after(snd_una, end_seq)). */
  private endSeq = 0;
  private currRttNs = Number.POSITIVE_INFINITY;
  private sampleCnt = 0;
  /** Smallest RTT sample since the last reset; 0 = none (the kernel's delay_min). */
  delayMinNs = 0;

  /** bictcp_reset + bictcp_hystart_reset at a timeout: everything forgotten, detection re-armed. */
  reset(nowNs: number, sndNxt: number): void {
    this.found = null;
    this.delayMinNs = 0;
    this.roundReset(nowNs, sndNxt);
  }

  private roundReset(nowNs: number, sndNxt: number): void {
    this.roundStartNs = nowNs;
    this.lastAckNs = nowNs;
    this.endSeq = sndNxt;
    this.currRttNs = Number.POSITIVE_INFINITY;
    this.sampleCnt = 0;
  }

  /**
   * cubictcp_acked for an ACK in slow start (before its growth): the detector that fired, or null.
   * `sndUna` is after the ACK, `sndNxt` before anything it releases, as in the kernel.
   */
  onAck(nowNs: number, rttNs: number | null, sndUna: number, sndNxt: number, cwndSegments: number): LinuxHystartExit {
    if (rttNs === null || this.found !== null) return null;
    const delay = Math.max(rttNs, 1);
    if (this.delayMinNs === 0 || this.delayMinNs > delay) this.delayMinNs = delay;
    if (sndUna > this.endSeq) this.roundReset(nowNs, sndNxt);
    if (cwndSegments < HYSTART_LOW_WINDOW) return null;
    if (nowNs - this.lastAckNs <= HYSTART_ACK_DELTA_NS) {
      this.lastAckNs = nowNs;
      if (nowNs - this.roundStartNs > linuxHystartTrainThreshNs(this.delayMinNs)) this.found = 'ack-train';
    }
    if (this.found === null) {
      if (this.currRttNs > delay) this.currRttNs = delay;
      if (this.sampleCnt < HYSTART_MIN_SAMPLES) this.sampleCnt++;
      else if (this.currRttNs > this.delayMinNs + linuxHystartDelayThreshNs(this.delayMinNs)) this.found = 'delay';
    }
    return this.found;
  }
}
