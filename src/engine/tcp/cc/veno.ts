/**
 * TCP Veno (Fu & Liew, "TCP Veno: TCP enhancement for transmission over wireless access
 * networks", IEEE JSAC 21(2), 2003; Linux `net/ipv4/tcp_veno.c`): Reno whose window decisions
 * consult Vegas's backlog estimate
 *   N = cwnd·(RTT − baseRTT)/RTT  (segments queued; `backlogSegments` in vegas.ts), β = 3.
 * - Loss (third duplicate ACK or timeout): N < β ⇒ the loss is deemed random (wireless) and
 *   ssthresh = cwnd·4/5; otherwise congestive, ssthresh = cwnd/2.
 * - Congestion avoidance: N < β ⇒ Reno growth on every new ACK; N ≥ β ⇒ the link is already
 *   full, so Reno growth on every other new ACK only (one segment per two RTTs).
 * - Slow start unchanged.
 *
 * Deviations / choices:
 * - RTT in N is the latest RTT sample (Linux recomputes N on every ACK from the samples since
 *   the previous ACK; the paper speaks of the measured RTT); baseRTT the smallest sample. Before
 *   the first sample N is unknown: growth is Reno's and a loss counts as congestive.
 * - Fast recovery is the flow's (NewReno, RFC 6582, by default; SACK + PRR with SACK on) with
 *   Veno's ssthresh, so several losses in one window cost one reduction (the paper builds on Reno).
 * - ssthresh floors at 2 segments; after a timeout cwnd = 1 segment with Veno's ssthresh.
 * - "cwnd" in N and in the 4/5 and 1/2 rules is the window without fast-recovery inflation (a
 *   timeout inside NewReno recovery would otherwise take 4/5 of ssthresh plus every duplicate).
 * - The window is the paper's and Linux's cwnd, not ns-3's: TcpVeno::GetSsThresh takes 4/5 of
 *   bytes in flight, from which ns-3 has already taken the segments the duplicate ACKs reported
 *   (4/5·(W − 3) at the third one). At the few-segment windows of PER 2–5 % that is 30–50 % less
 *   threshold, the reported gap to ns-3's goodput (docs/validation.md).
 * - The parity of "every other ACK" runs on while N ≥ β and restarts when N drops below β.
 */
import { classicSnapshot, renoGrowth } from './common.ts';
import type { CcPlugin, CongestionControl, Conn } from './types.ts';
import type { Verdict } from '../../core/trace.ts';
import { backlogSegments } from './vegas.ts';

export interface VenoParams {
  /** Backlog (segments) at or above which the path counts as congested. Paper and Linux: 3. */
  betaSegments: number;
  /** ssthresh as a fraction of cwnd after a loss deemed random. Paper: 4/5. */
  randomLossFactor: number;
  /** ssthresh as a fraction of cwnd after a loss deemed congestive. Paper: 1/2 (Reno). */
  congestiveLossFactor: number;
}

export const VENO_DEFAULTS: Readonly<VenoParams> = { betaSegments: 3, randomLossFactor: 4 / 5, congestiveLossFactor: 1 / 2 };

/**
 * The window Veno's rules read: cwnd without NewReno's fast-recovery inflation. The inflation
 * counts segments that left the network, not window; Linux's snd_cwnd never holds it, so its
 * tcp_veno_ssthresh at a timeout inside recovery takes 4/5 of the real window.
 */
function venoWindowBytes(c: Conn): number {
  return c.cwndBytes - c.inflationBytes;
}

/** Veno's N now: the window, latest RTT sample, baseRTT; NaN before any sample. */
export function venoBacklogSegments(c: Conn): number {
  if (!Number.isFinite(c.minRttNs) || c.latestRttNs <= 0) return Number.NaN;
  return backlogSegments(venoWindowBytes(c) / c.mssBytes, c.minRttNs, c.latestRttNs);
}

export function createVeno(params: Readonly<VenoParams> = VENO_DEFAULTS): CongestionControl {
  /** New ACKs seen in a row with N ≥ β; growth on every second one. */
  let congestiveAcks = 0;
  let verdict: Verdict | null = null;

  /** Unknown N (no sample yet) counts as congestive: the standard reaction. */
  const isRandom = (c: Conn): boolean => venoBacklogSegments(c) < params.betaSegments;

  function lossSsthresh(c: Conn, v: Verdict): number {
    const factor = v === 'wireless' ? params.randomLossFactor : params.congestiveLossFactor;
    return Math.max(venoWindowBytes(c) * factor, 2 * c.mssBytes);
  }

  return {
    congAvoid(c, a) {
      if (c.cwndBytes < c.ssthreshBytes || !(venoBacklogSegments(c) >= params.betaSegments)) {
        congestiveAcks = 0;
        c.cwndBytes = renoGrowth(c, a);
        return;
      }
      congestiveAcks++;
      if (congestiveAcks % 2 === 0) c.cwndBytes = renoGrowth(c, a);
    },
    /** A mark is congestion; a loss or a timeout is judged by the backlog N. */
    ssthresh: (c, event) => lossSsthresh(c, event === 'ecn' || !isRandom(c) ? 'congestion' : 'wireless'),
    classify(c) {
      verdict = isRandom(c) ? 'wireless' : 'congestion';
      return verdict;
    },
    inspect(c) {
      const n = venoBacklogSegments(c);
      return {
        ...classicSnapshot(c),
        state: Number.isFinite(n) ? (n < params.betaSegments ? 'non-congestive' : 'congestive') : 'unknown',
        baseRttMs: Number.isFinite(c.minRttNs) ? c.minRttNs / 1e6 : null,
        rttMs: c.latestRttNs > 0 ? c.latestRttNs / 1e6 : null,
        lastVerdict: verdict,
      };
    },
    estimates: [{ key: 'backlogSegments', label: 'backlog', unit: 'segments', read: (c) => venoBacklogSegments(c) }],
  };
}

export const veno: CcPlugin = {
  name: 'veno',
  create: () => createVeno(),
};
