/**
 * Reno fast recovery (RFC 5681 §3.2): on the third duplicate ACK, the variant's ssthresh,
 * retransmit, cwnd = ssthresh + 3·MSS; each further duplicate inflates cwnd by one MSS; the first
 * new ACK deflates cwnd to ssthresh and ends recovery. Several losses in one window therefore mean
 * several halvings, or a timeout — what NewReno fixes.
 *
 * The textbook weakness is kept: Reno has no `recover` point, so after a timeout duplicate ACKs
 * echoing the go-back-N retransmissions can start a (false) fast retransmit. Its ssthresh is then
 * taken from what is really in flight (the sender's FlightSize leaves out what the timeout
 * declared lost), never from the pre-timeout window.
 */
import { enterFastRecovery, inflate, timeoutWindow } from './common.ts';
import type { Recovery } from './types.ts';

export function createReno(): Recovery {
  return {
    onDupAck(c, a) {
      if (c.inRecovery) inflate(c);
      else if (c.dupAcks === c.dupAckThreshold) enterFastRecovery(c, c.congestionEvent(a));
    },
    onRecoveryAck(c) {
      c.cwndBytes = c.ssthreshBytes;
      c.exitRecovery();
    },
    onTimeout: timeoutWindow,
  };
}
