/** Helpers the classic variants share instead of copying (RFC 5681 window rules). */
import type { AckInfo, CongestionControl, Conn, ConnView, Snapshot } from './types.ts';

/** RFC 3465 §2.2: L, the most one ACK adds in slow start, segments (L = 1 after a timeout, §2.3). */
export const ABC_L_SEGMENTS = 2;

/**
 * RFC 5681 §3.1 growth for one new ACK, returned rather than set: slow start adds
 * min(acked, MSS) while cwnd < ssthresh; congestion avoidance adds MSS·MSS/cwnd (≈ one segment
 * per RTT). No growth unless the window was the limit (RFC 7661's concern: an application- or
 * receiver-limited sender must not inflate a window it is not using).
 *
 * With byte counting (c.byteCounting, RFC 3465) a delayed ACK covering two segments counts as
 * two: slow start adds min(acked, L·MSS) with L = 2 (L = 1 in the slow start after a timeout,
 * §2.3, where the ACKs of go-back-N's resent data may cover much more); congestion avoidance adds
 * the acked bytes to bytes_acked (c.caAckedBytes) and one MSS each time bytes_acked reaches
 * cwnd (§2.1) — as Linux's tcp_cong_avoid_ai does with `acked` segments.
 */
export function renoGrowth(c: Conn, a: AckInfo): number {
  if (!c.cwndLimited) return c.cwndBytes;
  if (!c.byteCounting) {
    if (c.cwndBytes < c.ssthreshBytes) return c.cwndBytes + Math.min(a.ackedBytes, c.mssBytes);
    return c.cwndBytes + (c.mssBytes * c.mssBytes) / c.cwndBytes;
  }
  if (c.cwndBytes < c.ssthreshBytes) {
    const l = c.caState === 'loss' ? 1 : ABC_L_SEGMENTS;
    return c.cwndBytes + Math.min(a.ackedBytes, l * c.mssBytes);
  }
  c.caAckedBytes += a.ackedBytes;
  if (c.caAckedBytes < c.cwndBytes) return c.cwndBytes;
  c.caAckedBytes -= c.cwndBytes;
  return c.cwndBytes + c.mssBytes;
}

/**
 * RFC 5681 eq. (4): ssthresh = max(FlightSize / 2, 2·SMSS). Linux (tcp_reno_ssthresh) halves
 * cwnd in whole segments instead, max(⌊cwnd/2⌋, 2): with limited transmit FlightSize is up to two
 * segments above cwnd, and the kernel never keeps half a segment (c.ssthreshFromCwnd).
 */
export function renoSsthresh(c: ConnView): number {
  if (c.ssthreshFromCwnd) return Math.max(Math.floor(c.cwndBytes / c.mssBytes / 2), 2) * c.mssBytes;
  return Math.max(c.flightBytes / 2, 2 * c.mssBytes);
}

/** Phase names shared by every window-based variant's snapshot. */
export function classicPhase(c: ConnView): string {
  if (c.inRecovery) return 'fast-recovery';
  return c.cwndBytes < c.ssthreshBytes ? 'slow-start' : 'congestion-avoidance';
}

export function classicSnapshot(c: ConnView): Snapshot {
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
