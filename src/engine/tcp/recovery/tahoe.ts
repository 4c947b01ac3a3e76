/**
 * Tahoe (Jacobson 1988; 4.3BSD-Tahoe): fast retransmit without fast recovery. The third duplicate
 * ACK is treated as a timeout that did not have to wait: the variant's ssthresh, cwnd = 1 MSS,
 * go back to sndUna and resend (go-back-N, as ns-2's Tahoe agent; the receiver discards what it
 * has). The CA state is `loss` until everything outstanding then is acknowledged.
 *
 * A second fast retransmit is not allowed until the ACK passes the highest byte sent at the first
 * (ns-2's `bug_fix`, RFC 6582's `recover` test): duplicates of resent data would otherwise
 * trigger spurious retransmits.
 */
import { pastRecoveryPoint, timeoutWindow } from './common.ts';
import type { Recovery } from './types.ts';

export function createTahoe(): Recovery {
  return {
    onDupAck(c, a) {
      if (c.dupAcks !== c.dupAckThreshold || !pastRecoveryPoint(c)) return;
      c.ssthreshBytes = c.congestionEvent(a);
      c.cwndBytes = c.mssBytes;
      c.enterLoss();
      c.goBackN();
      c.fastRetransmit();
    },
    // Tahoe never enters the recovery state (its episodes are `loss`): nothing reaches this.
    onRecoveryAck(c) {
      c.exitRecovery();
    },
    onTimeout: timeoutWindow,
  };
}
