/** Helpers the classic variants share instead of copying (RFC 5681 window rules). */
import type { AckInfo, CongestionControl, Conn, Snapshot } from './types.ts';

/**
 * RFC 5681 §3.1 growth for one new ACK, returned rather than set: slow start adds
 * min(acked, MSS) while cwnd < ssthresh; congestion avoidance adds MSS·MSS/cwnd (≈ one segment
 * per RTT). No growth unless the window was the limit (RFC 7661's concern: an application- or
 * receiver-limited sender must not inflate a window it is not using).
 */
export function renoGrowth(c: Conn, a: AckInfo): number {
  if (!c.cwndLimited) return c.cwndBytes;
  if (c.cwndBytes < c.ssthreshBytes) return c.cwndBytes + Math.min(a.ackedBytes, c.mssBytes);
  return c.cwndBytes + (c.mssBytes * c.mssBytes) / c.cwndBytes;
}

/** RFC 5681 eq. (4): ssthresh = max(FlightSize / 2, 2·SMSS). */
export function renoSsthresh(c: Conn): number {
  return Math.max(c.flightBytes / 2, 2 * c.mssBytes);
}

/** RFC 5681 §3.1 on timeout: loss window of one segment (ssthresh from the variant). */
export function timeoutWindow(c: Conn, ssthreshBytes: number): void {
  c.ssthreshBytes = ssthreshBytes;
  c.cwndBytes = c.mssBytes;
}

/**
 * May duplicate ACKs start a new loss recovery without SACK? Only once the cumulative ACK covers
 * more than the previous recovery point (RFC 6582 §3.2 step 2: `ack − 1 > recover`); before
 * that they may just echo the retransmissions of that episode or of a timeout's go-back-N.
 * (SACK tells echoes apart by their blocks instead: see sack.ts.)
 */
export function pastRecoveryPoint(c: Conn): boolean {
  return c.sndUna > c.recoverSeq;
}

/** Phase names shared by every window-based variant's snapshot. */
export function classicPhase(c: Conn): string {
  if (c.inRecovery) return 'fast-recovery';
  return c.cwndBytes < c.ssthreshBytes ? 'slow-start' : 'congestion-avoidance';
}

export function classicSnapshot(c: Conn): Snapshot {
  return {
    phase: classicPhase(c),
    cwndSegments: c.cwndBytes / c.mssBytes,
    ssthreshSegments: c.ssthreshBytes / c.mssBytes,
    dupAcks: c.dupAcks,
    recoverSeq: c.recoverSeq,
  };
}

/** The window half of a classic variant: RFC 5681 growth, ssthresh and snapshot. */
export const classicWindow: Pick<CongestionControl, 'onAck' | 'ssthresh' | 'inspect'> = {
  onAck(c, a) {
    c.cwndBytes = renoGrowth(c, a);
  },
  ssthresh: (c) => renoSsthresh(c),
  inspect: (c) => classicSnapshot(c),
};
