/**
 * Proportional Rate Reduction (RFC 6937 §3): during recovery the window comes down to ssthresh
 * in proportion to what the network delivers, instead of all at once (RFC 6675: cwnd = ssthresh
 * at the third duplicate ACK, then silence for half an RTT) or by inflation (Reno).
 *
 *   on entry:  prr_delivered = prr_out = 0, RecoverFS = FlightSize
 *   each ACK:  prr_delivered += DeliveredData
 *              pipe > ssthresh:  sndcnt = ⌈prr_delivered·ssthresh / RecoverFS⌉ − prr_out
 *              otherwise (slow-start reduction bound, the RFC's default):
 *                        sndcnt = min(ssthresh − pipe, max(prr_delivered − prr_out, DeliveredData) + MSS)
 *              cwnd = pipe + max(sndcnt, 0)
 *   each send: prr_out += bytes sent
 *   exit:      cwnd = ssthresh
 *
 * The proportional part is rounded up to whole segments (Linux counts packets): segments are
 * MSS-sized, so a byte-exact ceiling would hold back a half segment the RFC's examples send.
 *
 * `conservative` selects the conservative reduction bound (sndcnt = min(ssthresh − pipe,
 * prr_delivered − prr_out)), which never sends more than was delivered.
 */
export class Prr {
  deliveredBytes = 0;
  outBytes = 0;
  recoverFsBytes = 0;
  /** The last ACK's sndcnt, bytes (for the snapshot and the tests). */
  sndcntBytes = 0;

  constructor(readonly conservative = false) {}

  start(flightBytes: number): void {
    this.deliveredBytes = 0;
    this.outBytes = 0;
    this.recoverFsBytes = Math.max(flightBytes, 1);
    this.sndcntBytes = 0;
  }

  /** One ACK in recovery: the new cwnd, bytes. */
  onAck(deliveredBytes: number, pipeBytes: number, ssthreshBytes: number, mssBytes: number): number {
    this.deliveredBytes += deliveredBytes;
    let sndcnt: number;
    if (pipeBytes > ssthreshBytes) {
      sndcnt = Math.ceil((this.deliveredBytes * ssthreshBytes) / this.recoverFsBytes / mssBytes) * mssBytes - this.outBytes;
    } else {
      const limit = this.conservative
        ? this.deliveredBytes - this.outBytes
        : Math.max(this.deliveredBytes - this.outBytes, deliveredBytes) + mssBytes;
      sndcnt = Math.min(ssthreshBytes - pipeBytes, limit);
    }
    this.sndcntBytes = Math.max(sndcnt, 0);
    return pipeBytes + this.sndcntBytes;
  }

  sent(bytes: number): void {
    this.outBytes += bytes;
  }
}
