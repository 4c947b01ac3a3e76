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

/** A classic variant: RFC 5681 growth, ssthresh and snapshot. */
export const classicWindow: Pick<CongestionControl, 'congAvoid' | 'ssthresh' | 'inspect'> = {
  congAvoid(c, a) {
    c.cwndBytes = renoGrowth(c, a);
  },
  ssthresh: (c) => renoSsthresh(c),
  inspect: (c) => classicSnapshot(c),
};
