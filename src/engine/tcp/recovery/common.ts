/** Steps the recoveries share instead of copying. */
import type { RecoveryConn } from '../cc/types.ts';

/**
 * May duplicate ACKs start a new loss recovery without SACK? Only once the cumulative ACK covers
 * more than the previous recovery point (RFC 6582 §3.2 step 2: `ack − 1 > recover`); before
 * that they may just echo the retransmissions of that episode or of a timeout's go-back-N.
 */
export function pastRecoveryPoint(c: RecoveryConn): boolean {
  return c.sndUna > c.recoverSeq;
}

/**
 * RFC 5681 §3.1 on timeout: the variant's ssthresh, a loss window of one segment. A timeout that
 * backs off an unfinished timeout episode (still in the loss state) keeps the ssthresh the first
 * one set, as Linux's tcp_enter_loss does: the one-segment flight of the retry says nothing new.
 */
export function timeoutWindow(c: RecoveryConn): void {
  if (c.caState !== 'loss') c.ssthreshBytes = c.ssthreshFor('rto');
  c.cwndBytes = c.mssBytes;
}

/** The window a loss event starts from: ssthresh, or for a variant that caps it (Westwood) at most the window it had. */
export function lossWindow(c: RecoveryConn, ssthreshBytes: number): number {
  return c.capsWindowAtLoss ? Math.min(c.cwndBytes, ssthreshBytes) : ssthreshBytes;
}

/**
 * Fast retransmit and the Reno-style entry (RFC 5681 §3.2 steps 2–4, RFC 6582 §3.2 step 2): the
 * variant's ssthresh, cwnd = ssthresh + dupThresh·MSS (the segments that left the network).
 */
export function enterFastRecovery(c: RecoveryConn, ssthreshBytes: number): void {
  const keptBytes = lossWindow(c, ssthreshBytes);
  c.enterRecovery();
  c.fastRetransmit();
  c.inflationBytes = c.dupAckThreshold * c.mssBytes;
  c.cwndBytes = keptBytes + c.inflationBytes;
}

/** RFC 5681 §3.2 step 4: a further duplicate in recovery inflates cwnd by one MSS (one more segment left the network). */
export function inflate(c: RecoveryConn): void {
  c.cwndBytes += c.mssBytes;
  c.inflationBytes += c.mssBytes;
}

/**
 * Sets cwnd to a deflated value in recovery (RFC 6582's partial ACK): the reduction takes the
 * inflation away first, so the textbook window (cwnd − inflation) only falls once no inflation is left.
 */
export function deflateTo(c: RecoveryConn, cwndBytes: number): void {
  c.inflationBytes = Math.max(0, c.inflationBytes - (c.cwndBytes - cwndBytes));
  c.cwndBytes = cwndBytes;
}
