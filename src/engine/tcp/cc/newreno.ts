/**
 * TCP NewReno (RFC 6582): Reno's fast recovery, kept open across partial ACKs so that several
 * losses in one window cost one halving and one RTT each, not a timeout.
 *
 * - Entering (third duplicate ACK, only if the ACK covers more than `recover`, RFC 6582 §3.2 step 2):
 *   recover = highest byte sent, ssthresh = max(FlightSize/2, 2·MSS), retransmit,
 *   cwnd = ssthresh + 3·MSS. Further duplicates inflate cwnd by one MSS.
 * - Partial ACK (below recover): retransmit the next hole, deflate cwnd by the bytes acked and
 *   add back one MSS if at least one MSS was acked; stay in recovery.
 * - Full ACK: cwnd = min(ssthresh, max(FlightSize, MSS) + MSS) (§3.2 step 3, option 1), exit.
 *
 * Deviations: `recover` starts below the first data byte rather than at the ISN, so that a loss of
 * the very first segment can be fast-retransmitted (we model no SYN); the retransmission timer restarts on every partial ACK ("Slow-but-Steady",
 * RFC 6582 §4) rather than only the first ("Impatient"); no limited transmit (RFC 3042).
 * Exported hooks let the loss-differentiating variants reuse this recovery with their own ssthresh.
 */
import { classicWindow, pastRecoveryPoint, renoSsthresh } from './common.ts';
import type { AckInfo, CcPlugin, CongestionControl, Conn } from './types.ts';

/** Third duplicate ACK outside recovery, with ssthresh already chosen by the caller. */
export function newrenoEnterRecovery(c: Conn, ssthreshBytes: number): void {
  c.ssthreshBytes = ssthreshBytes;
  c.enterRecovery();
  c.fastRetransmit();
  c.cwndBytes = ssthreshBytes + c.dupAckThreshold * c.mssBytes;
}

/** True if a third duplicate ACK may start a new recovery (RFC 6582 §3.2 step 2). */
export function newrenoMayEnter(c: Conn): boolean {
  return !c.inRecovery && c.dupAcks === c.dupAckThreshold && pastRecoveryPoint(c);
}

export function newrenoRecoveryAck(c: Conn, a: AckInfo): void {
  if (a.ackNo >= c.recoverSeq) {
    c.cwndBytes = Math.min(c.ssthreshBytes, Math.max(c.flightBytes, c.mssBytes) + c.mssBytes);
    c.exitRecovery();
    return;
  }
  c.retransmit(c.sndUna);
  const deflated = c.cwndBytes - a.ackedBytes + (a.ackedBytes >= c.mssBytes ? c.mssBytes : 0);
  // A large partial ACK can deflate below one segment; the window never goes below one MSS.
  c.cwndBytes = Math.max(deflated, c.mssBytes);
}

function create(): CongestionControl {
  return {
    ...classicWindow,
    onDupAck(c) {
      if (c.inRecovery) c.cwndBytes += c.mssBytes;
      else if (newrenoMayEnter(c)) newrenoEnterRecovery(c, renoSsthresh(c));
    },
    onRecoveryAck: newrenoRecoveryAck,
  };
}

export const newreno: CcPlugin = {
  name: 'newreno',
  description: 'NewReno: stays in fast recovery across partial ACKs — one halving per window of losses',
  needsSack: false,
  create,
};
