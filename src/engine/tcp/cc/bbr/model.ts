/**
 * BBR v1's path model (draft-cardwell-iccrg-bbr-congestion-control-00 §4.1; Linux
 * net/ipv4/tcp_bbr.c and tcp_rate.c): delivery-rate samples, packet-timed rounds, the windowed
 * maximum of the delivery rate (BtlBw) and the windowed minimum RTT (RTprop).
 *
 * Delivery rate estimation (draft-cheng-iccrg-delivery-rate-estimation), simplified:
 * - Each data segment remembers, when it is (re)sent, the connection's delivered count and
 *   delivered time, the first-sent time of its sending interval and whether the sender was
 *   application-limited.
 * - `delivered` counts payload bytes. A cumulative ACK delivers the bytes it newly covers; without
 *   SACK a duplicate ACK counts one MSS at once (the segment that triggered it has left the
 *   network) and the later cumulative ACK counts only the rest, at least one MSS (Linux
 *   `tcp_add_reno_sack` / `tcp_remove_reno_sacks`).
 * - A cumulative ACK yields one sample from the most recently sent segment it fully covers:
 *   rate = (delivered now − delivered at its send) / max(send interval, ACK interval). A duplicate
 *   ACK yields none (which segment it reports is unknown without SACK). Samples whose interval is
 *   shorter than the connection's minimum RTT are discarded (they would overstate the rate).
 *
 * RTprop: a sample at or below the current minimum refreshes it (`<=`, as the draft and the
 * first Linux versions; later kernels take only a strictly smaller one), so a flow whose queue
 * empties now and then never needs PROBE_RTT.
 *
 * Deviations: the BtlBw filter is an exact maximum over the last 10 rounds (Linux keeps Nichols'
 * three-sample approximation); bytes instead of packets.
 */
import { sToNs } from '../../../core/simulator.ts';

/** BtlBw filter length, rounds (Linux bbr_bw_rtts = CYCLE_LEN + 2). */
export const BTLBW_FILTER_ROUNDS = 10;
/** RTprop filter length (Linux bbr_min_rtt_win_sec). */
export const MIN_RTT_WINDOW_NS = sToNs(10);

/**
 * Maximum of the samples taken in the latest `windowRounds` rounds: a sample from round r counts
 * through round r + windowRounds − 1. Samples expire when a newer one arrives (as Linux's filter):
 * the value holds while no sample comes.
 */
export class WindowedMax {
  /** Candidates, oldest first, values strictly decreasing: any of them may become the maximum. */
  private readonly rounds: number[] = [];
  private readonly values: number[] = [];

  constructor(readonly windowRounds: number) {}

  update(round: number, value: number): void {
    while (this.values.length > 0 && this.values[this.values.length - 1] <= value) {
      this.values.pop();
      this.rounds.pop();
    }
    this.values.push(value);
    this.rounds.push(round);
    while (this.rounds[0] <= round - this.windowRounds) {
      this.rounds.shift();
      this.values.shift();
    }
  }

  /** The current maximum, 0 before any sample. */
  get value(): number {
    return this.values.length > 0 ? this.values[0] : 0;
  }
}

/** The smallest RTT of the last 10 s; a sample after the window ran out replaces it outright. */
export class MinRttFilter {
  valueNs = Number.POSITIVE_INFINITY;
  /** When the value was last set (Linux min_rtt_stamp; the connection start at first). */
  stampNs = 0;

  constructor(readonly windowNs = MIN_RTT_WINDOW_NS) {}

  expired(nowNs: number): boolean {
    return nowNs > this.stampNs + this.windowNs;
  }

  /** Take an RTT sample (null = none on this ACK). Returns whether the window had run out before it. */
  update(rttNs: number | null, nowNs: number): boolean {
    const expired = this.expired(nowNs);
    if (rttNs !== null && (rttNs <= this.valueNs || expired)) {
      this.valueNs = rttNs;
      this.stampNs = nowNs;
    }
    return expired;
  }
}

/** One delivery-rate sample. */
export interface RateSample {
  /** The connection's delivered count when the sampled segment was sent. */
  priorDeliveredBytes: number;
  /** Bytes delivered over the interval. */
  deliveredBytes: number;
  intervalNs: number;
  rateBps: number;
  /** The sampled segment left while the sender was application-limited. */
  appLimited: boolean;
}

/** What one ACK delivered. */
export interface AckDelivery {
  /** Bytes newly counted as delivered (BBR's `acked` for the window). */
  newlyDeliveredBytes: number;
  /** A valid rate sample, or null. */
  sample: RateSample | null;
}

interface SendRecord {
  lenBytes: number;
  sentNs: number;
  deliveredBytes: number;
  deliveredNs: number;
  firstSentNs: number;
  appLimited: boolean;
}

export class DeliveryRateSampler {
  deliveredBytes = 0;
  /** When `deliveredBytes` last grew. */
  deliveredNs = 0;
  /** Send time of the segment the latest sample came from: the start of the next send interval. */
  private firstSentNs = 0;
  /** Application-limited until `deliveredBytes` exceeds this; 0 = not limited. */
  private appLimitedUntilBytes = 0;
  /** Bytes already counted for duplicate ACKs, not yet covered by the cumulative ACK. */
  private dupCreditBytes = 0;
  /**
   * Of those, the ones still taken as having left the network (Linux's Reno sacked_out): the same
   * until a timeout, which forgets them for the pipe but not for delivery (counting them again
   * when the cumulative ACK covers them would fake a burst of delivery).
   */
  private dupPipeBytes = 0;
  /** Per-segment state at its latest transmission, by first byte. */
  private readonly records = new Map<number, SendRecord>();

  constructor(private readonly mssBytes: number) {}

  /** A segment went on the wire with `inflightBeforeBytes` outstanding before it. */
  onSend(seq: number, lenBytes: number, nowNs: number, inflightBeforeBytes: number): void {
    if (inflightBeforeBytes <= 0) {
      // Nothing in flight: a new send interval starts here, not at the last delivery.
      this.firstSentNs = nowNs;
      this.deliveredNs = nowNs;
    }
    this.records.set(seq, {
      lenBytes,
      sentNs: nowNs,
      deliveredBytes: this.deliveredBytes,
      deliveredNs: this.deliveredNs,
      firstSentNs: this.firstSentNs,
      appLimited: this.appLimitedUntilBytes > 0,
    });
  }

  /**
   * A duplicate ACK that reported `bytes` delivered (its SACKed bytes, or one segment without
   * SACK). `creditCapBytes` ≥ 0: without SACK the cumulative ACK will cover those bytes again, so
   * they are remembered (and not counted twice) — at most this much, one segment less than is
   * outstanding (Linux tcp_limit_reno_sacked: a duplicate provoked by a needless retransmission
   * reports nothing new); −1 with SACK.
   */
  onDupAck(nowNs: number, bytes: number, creditCapBytes: number): AckDelivery {
    if (creditCapBytes >= 0) {
      bytes = Math.max(Math.min(bytes, creditCapBytes - this.dupCreditBytes), 0);
      this.dupCreditBytes += bytes;
      this.dupPipeBytes += bytes;
    }
    this.deliveredBytes += bytes;
    if (bytes > 0) this.deliveredNs = nowNs;
    this.clearAppLimited();
    return { newlyDeliveredBytes: bytes, sample: null };
  }

  /**
   * The cumulative ACK moved from `fromSeq` to `toSeq`. `minRttNs` bounds the sample interval from
   * below. `newlyBytes`: what it delivered when the ACK says so (SACK), −1 to work it out from the
   * duplicate ACKs' credit (at least one segment, Linux tcp_remove_reno_sacks).
   */
  onCumulativeAck(fromSeq: number, toSeq: number, nowNs: number, minRttNs: number, newlyBytes = -1): AckDelivery {
    const acked = toSeq - fromSeq;
    const firstMss = Math.min(acked, this.mssBytes);
    const newly = newlyBytes >= 0 ? newlyBytes : Math.max(acked - this.dupCreditBytes, firstMss);
    if (newlyBytes < 0) {
      this.dupCreditBytes = Math.max(0, this.dupCreditBytes - (acked - firstMss));
      this.dupPipeBytes = Math.max(0, this.dupPipeBytes - (acked - firstMss));
    }
    this.deliveredBytes += newly;
    this.deliveredNs = nowNs;
    this.clearAppLimited();

    let best: SendRecord | null = null;
    for (let seq = fromSeq - (fromSeq % this.mssBytes); seq < toSeq; seq += this.mssBytes) {
      const r = this.records.get(seq);
      if (r === undefined || seq + r.lenBytes > toSeq) continue;
      this.records.delete(seq);
      if (best === null || r.deliveredBytes > best.deliveredBytes || (r.deliveredBytes === best.deliveredBytes && r.sentNs > best.sentNs)) best = r;
    }
    if (best === null) return { newlyDeliveredBytes: newly, sample: null };
    this.firstSentNs = best.sentNs;
    const intervalNs = Math.max(best.sentNs - best.firstSentNs, this.deliveredNs - best.deliveredNs);
    const deliveredBytes = this.deliveredBytes - best.deliveredBytes;
    if (intervalNs <= 0 || intervalNs < minRttNs) return { newlyDeliveredBytes: newly, sample: null };
    return {
      newlyDeliveredBytes: newly,
      sample: {
        priorDeliveredBytes: best.deliveredBytes,
        deliveredBytes,
        intervalNs,
        rateBps: (deliveredBytes * 8 * 1e9) / intervalNs,
        appLimited: best.appLimited,
      },
    };
  }

  /**
   * A timeout: without SACK the duplicates counted so far no longer say what is in flight once
   * everything outstanding is declared lost and sent again (Linux tcp_enter_loss →
   * tcp_reset_reno_sack). Their delivery stays counted.
   */
  forgetDupAcksForPipe(): void {
    this.dupPipeBytes = 0;
  }

  /** Bytes the duplicate ACKs reported delivered that the cumulative ACK has not covered yet and that are taken to have left the network. */
  get dupAckedBytes(): number {
    return this.dupPipeBytes;
  }

  /** The sender has nothing to send although the window would allow it (or BBR holds back in PROBE_RTT). */
  markAppLimited(inflightBytes: number): void {
    this.appLimitedUntilBytes = Math.max(this.deliveredBytes + inflightBytes, 1);
  }

  private clearAppLimited(): void {
    if (this.appLimitedUntilBytes > 0 && this.deliveredBytes > this.appLimitedUntilBytes) this.appLimitedUntilBytes = 0;
  }
}

/**
 * Packet-timed rounds: a round ends when a segment sent after the round began is delivered, i.e.
 * when a sample's prior delivered count reaches the delivered count at the round's start.
 */
export class RoundCounter {
  count = 0;
  /** This ACK began a new round. */
  roundStart = false;
  private nextRoundDeliveredBytes = 0;

  /** Called on every ACK, with its sample (null = none, which never starts a round). */
  onAck(sample: RateSample | null, deliveredBytes: number): void {
    this.roundStart = false;
    if (sample === null || sample.priorDeliveredBytes < this.nextRoundDeliveredBytes) return;
    this.nextRoundDeliveredBytes = deliveredBytes;
    this.count++;
    this.roundStart = true;
  }

  /** Start the next round now (recovery, PROBE_RTT): it ends when data sent from now on is delivered. */
  startNow(deliveredBytes: number): void {
    this.nextRoundDeliveredBytes = deliveredBytes;
  }
}

/**
 * Linux bbr_inflight(): gain·BDP rounded up to whole segments, plus 3 segments for the segments
 * in the end hosts (the send quantum is one segment here: no offload batching); 10 segments
 * (TCP's initial window) before the first RTT sample.
 */
export function inflightTargetBytes(btlBwBps: number, minRttNs: number, gain: number, mssBytes: number): number {
  if (!Number.isFinite(minRttNs)) return 10 * mssBytes;
  const bdpBytes = (btlBwBps / 8) * (minRttNs / 1e9);
  return (Math.ceil((gain * bdpBytes) / mssBytes) + 3) * mssBytes;
}
