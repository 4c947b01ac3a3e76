/**
 * TCP Tahoe (Jacobson 1988; 4.3BSD-Tahoe): slow start, congestion avoidance, fast retransmit —
 * and no fast recovery: every loss, however detected, restarts slow start from one segment.
 *
 * Deviations / choices:
 * - After the fast retransmit the sender goes back to sndUna and resends (go-back-N), as ns-2's
 *   Tahoe agent does; the receiver discards what it already has.
 * - A second fast retransmit is not allowed until the ACK passes the highest byte sent at the
 *   first (ns-2's `bug_fix`, RFC 6582's `recover` test): duplicates of resent data would
 *   otherwise trigger spurious retransmits.
 */
import { classicWindow, pastRecoveryPoint, renoGrowth, renoSsthresh, timeoutWindow } from './common.ts';
import type { CcPlugin, CongestionControl } from './types.ts';

function create(): CongestionControl {
  return {
    ...classicWindow,
    onDupAck(c) {
      if (c.dupAcks !== c.dupAckThreshold || !pastRecoveryPoint(c)) return;
      timeoutWindow(c, renoSsthresh(c));
      c.markRecoverPoint();
      c.goBackN();
      c.fastRetransmit();
    },
    // Tahoe never enters recovery; the hook is required, so it treats an ACK like any other.
    onRecoveryAck(c, a) {
      c.cwndBytes = renoGrowth(c, a);
    },
  };
}

export const tahoe: CcPlugin = {
  name: 'tahoe',
  description: 'Tahoe: every loss restarts slow start from 1 segment',
  needsSack: false,
  create,
};
