/**
 * NewReno fast recovery (RFC 6582): Reno's, kept open across partial ACKs so that several losses
 * in one window cost one reduction and one RTT each, not a timeout.
 *
 * - Entering (third duplicate ACK, only if the ACK covers more than `recover`, §3.2 step 2 — also
 *   after a timeout, which stops the false fast retransmit of go-back-N's echoes): recover =
 *   highest byte sent, the variant's ssthresh, retransmit, cwnd = ssthresh + 3·MSS. Further
 *   duplicates inflate cwnd by one MSS.
 * - Partial ACK (below recover): retransmit the next hole, deflate cwnd by the bytes acked and add
 *   back one MSS if at least one MSS was acked; stay in recovery.
 * - Full ACK: cwnd = min(ssthresh, max(FlightSize, MSS) + MSS) (§3.2 step 3, option 1), exit.
 *
 * Deviations: `recover` starts below the first data byte rather than at the ISN, so that a loss of
 * the very first segment can be fast-retransmitted (we model no SYN); the retransmission timer
 * restarts on every partial ACK ("Slow-but-Steady", §4) rather than only the first ("Impatient").
 */
import type { AckInfo, RecoveryConn } from '../cc/types.ts';
import { deflateTo, enterFastRecovery, inflate, pastRecoveryPoint, timeoutWindow } from './common.ts';
import type { Recovery } from './types.ts';

/** A partial ACK retransmits the next hole; the full ACK ends recovery (§3.2 steps 3–5). */
export function newrenoRecoveryAck(c: RecoveryConn, a: AckInfo): void {
  if (a.ackNo >= c.recoverSeq) {
    c.cwndBytes = Math.min(c.ssthreshBytes, Math.max(c.flightBytes, c.mssBytes) + c.mssBytes);
    c.exitRecovery();
    return;
  }
  c.noteLost();
  c.retransmit(c.sndUna);
  const deflated = c.cwndBytes - a.ackedBytes + (a.ackedBytes >= c.mssBytes ? c.mssBytes : 0);
  // A large partial ACK can deflate below one segment; the window never goes below one MSS.
  deflateTo(c, Math.max(deflated, c.mssBytes));
}

export function createNewReno(): Recovery {
  return {
    onDupAck(c, a) {
      if (c.inRecovery) inflate(c);
      else if (c.dupAcks === c.dupAckThreshold && pastRecoveryPoint(c)) enterFastRecovery(c, c.congestionEvent(a));
    },
    onRecoveryAck: newrenoRecoveryAck,
    onTimeout: timeoutWindow,
  };
}
