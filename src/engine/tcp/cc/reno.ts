/**
 * TCP Reno (RFC 5681 §3.2): fast retransmit and fast recovery. On the third duplicate ACK:
 * ssthresh = max(FlightSize/2, 2·MSS), retransmit, cwnd = ssthresh + 3·MSS; each further
 * duplicate inflates cwnd by one MSS; the first new ACK deflates cwnd to ssthresh and ends
 * recovery. Several losses in one window therefore mean several halvings, or a timeout —
 * exactly what NewReno fixes.
 *
 * Deviations: no limited transmit (RFC 3042).
 */
import { classicWindow, renoSsthresh } from './common.ts';
import type { CcPlugin, CongestionControl } from './types.ts';

function create(): CongestionControl {
  return {
    ...classicWindow,
    onDupAck(c) {
      if (c.inRecovery) {
        c.cwndBytes += c.mssBytes;
        return;
      }
      if (c.dupAcks !== c.dupAckThreshold) return;
      c.ssthreshBytes = renoSsthresh(c);
      c.enterRecovery();
      c.fastRetransmit();
      c.cwndBytes = c.ssthreshBytes + c.dupAckThreshold * c.mssBytes;
    },
    onRecoveryAck(c) {
      c.cwndBytes = c.ssthreshBytes;
      c.exitRecovery();
    },
  };
}

export const reno: CcPlugin = {
  name: 'reno',
  description: 'Reno: fast recovery, but one halving per loss — several losses in a window hurt',
  needsSack: false,
  create,
};
