/**
 * TCP Jersey (Xu, Tian & Ansari, IEEE JSAC 2004, as summarised in their New Jersey paper §3.5
 * and §4.1): NewReno's slow start and congestion avoidance, plus
 *
 * - ABE, the available-bandwidth estimate (eq. (1), `AbeEstimator`):
 *   R_n = (RTT·R_{n−1} + L_n) / ((t_n − t_{n−1}) + RTT), t_n = the ACK's arrival time at the
 *   sender, L_n = bytes it newly acknowledges, RTT = "the TCP's estimation of the end-to-end
 *   round trip time" (the smoothed RTT); the optimal window ownd = RTT·R_n / MSS (eq. (2)).
 * - Congestion warning (CW): routers mark every packet while their average queue is above a
 *   threshold (net/queue.ts); the receiver echoes the mark in its ACK (`AckInfo.ece`).
 * - Window rule (a **reconstruction**, docs/engine.md's variant table): an unmarked ACK ⇒ NewReno; a CW-marked
 *   ACK ⇒ rate control, ssthresh = ownd, cwnd = min(cwnd, ownd), at most once per RTT (tunable
 *   spacing); a marked third duplicate ACK ⇒ congestion: the same rate control, then NewReno
 *   fast retransmit and recovery; an unmarked third duplicate ACK ⇒ a random (wireless) loss:
 *   fast retransmit and NewReno recovery without reducing the window (ssthresh = cwnd, so the
 *   recovery's exit restores it); timeout ⇒ standard (ssthresh = max(FlightSize/2, 2·MSS),
 *   cwnd = 1). `classify` reports marked ⇒ 'congestion', unmarked ⇒ 'wireless'; timeouts are
 *   handled as congestion.
 *
 * TCP New Jersey (new-jersey.ts) is the same machine with the receiver's arrival timestamp as
 * t_n (TABE) and ssthresh = ownd on every ACK of new data.
 *
 * Deviations and choices:
 * - The verdict reads the CW mark of the third duplicate ACK itself (the sender passes it to
 *   `classify`); the same verdict then drives the reaction, so what is reported is what was done.
 * - Rate control is not applied during loss recovery (the loss reaction already set the window)
 *   nor before the first ABE sample; ssthresh ≥ 2·MSS and cwnd ≥ 1·MSS floors as in RFC 5681.
 * - The rate-control spacing is measured in time (a multiple of the smoothed RTT) since the last
 *   cut; a loss reaction counts as a cut.
 * - Estimator choices, listed in bandwidth-estimators.ts: L_n counts a duplicate ACK as one
 *   delivered segment (Westwood's rule — a reconstruction); no estimate before the first RTT
 *   sample.
 */
import { AbeEstimator } from './bandwidth-estimators.ts';
import { classicSnapshot, renoGrowth, renoSsthresh } from './common.ts';
import type { AckInfo, CcPlugin, CongestionControl, Conn, EstimateInfo, LossKind } from './types.ts';
import type { Verdict } from '../../core/trace.ts';

export interface JerseyTunables {
  /** Least time between two window cuts for CW-marked ACKs, in smoothed RTTs ("at most once per RTT": 1). */
  rateControlSpacingRtts: number;
}

export const JERSEY_DEFAULTS: JerseyTunables = { rateControlSpacingRtts: 1 };

/** What distinguishes Jersey from New Jersey. */
export interface JerseyMode {
  /** t_n of eq. (1): the ACK's arrival at the sender (Jersey) or the receiver's arrival timestamp (TABE). */
  clock: 'ack-arrival' | 'receiver-timestamp';
  /** ssthresh = ownd on every ACK of new data (New Jersey §4.2). */
  ssthreshFollowsOwnd: boolean;
  /** Name and legend label of the rate estimate: abeBps 'ABE' or tabeBps 'TABE'. */
  estimate: Pick<EstimateInfo, 'key' | 'label'>;
}

export function createJersey(mode: JerseyMode, t: Partial<JerseyTunables> = {}): CongestionControl {
  const { rateControlSpacingRtts } = { ...JERSEY_DEFAULTS, ...t };
  const abe = new AbeEstimator();
  let lastCutNs = Number.NEGATIVE_INFINITY;
  let rateControls = 0;
  /** The verdict classify gave for the loss event being handled now; null when none is pending. */
  let pendingVerdict: Verdict | null = null;
  let lastVerdict: Verdict | null = null;

  /** ownd of eq. (2) in bytes: SRTT · R_n. */
  const owndBytes = (c: Conn): number => (c.srttNs / 1e9) * abe.bytesPerS;
  const owndSsthresh = (c: Conn): number => Math.max(owndBytes(c), 2 * c.mssBytes);

  function sample(c: Conn, a: AckInfo): void {
    const tNs = mode.clock === 'receiver-timestamp' && a.rcvTsNs >= 0 ? a.rcvTsNs : c.nowNs;
    abe.onAck(tNs, a.ackedBytes, c.mssBytes, c.srttNs);
    if (mode.ssthreshFollowsOwnd && a.ackedBytes > 0 && abe.samples > 0) c.ssthreshBytes = owndSsthresh(c);
  }

  /** Jersey's rate control: ssthresh = ownd, cwnd = min(cwnd, ownd). */
  function rateControl(c: Conn): void {
    c.ssthreshBytes = owndSsthresh(c);
    c.cwndBytes = Math.max(Math.min(c.cwndBytes, owndBytes(c)), c.mssBytes);
    noteCut(c);
  }

  function noteCut(c: Conn): void {
    lastCutNs = c.nowNs;
    rateControls++;
  }

  function verdictFor(marked: boolean): Verdict {
    return marked ? 'congestion' : 'wireless';
  }

  return {
    estimates: [
      { ...mode.estimate, unit: 'bit/s', read: () => abe.bytesPerS * 8 },
      { key: 'owndSegments', label: 'ownd', unit: 'segments', read: (c) => owndBytes(c) / c.mssBytes },
    ],
    onAckSeen: sample,
    // Rate control at a congestion loss: cwnd = min(cwnd, ownd), as for a CW mark.
    capWindowAtLoss: true,
    congAvoid(c, a) {
      c.cwndBytes = renoGrowth(c, a);
    },
    ssthresh(c, event) {
      if (event === 'rto') {
        // Timeout ⇒ the standard reaction.
        lastVerdict = 'congestion';
        return renoSsthresh(c);
      }
      // A loss event: classify just judged it by the third duplicate ACK's mark.
      const verdict = pendingVerdict ?? 'congestion';
      pendingVerdict = null;
      lastVerdict = verdict;
      if (verdict === 'wireless') return Math.max(c.cwndBytes, 2 * c.mssBytes);
      noteCut(c);
      return owndSsthresh(c);
    },
    classify(_c: Conn, loss: LossKind, a?: AckInfo): Verdict {
      pendingVerdict = loss === 'rto' ? 'congestion' : verdictFor(a?.ece ?? false);
      return pendingVerdict;
    },
    onEcnEcho(c) {
      // No estimate yet (no RTT sample): ownd would be 0, a cut to one segment on no evidence.
      if (c.inRecovery || abe.samples === 0) return;
      if (c.nowNs - lastCutNs < rateControlSpacingRtts * c.srttNs) return;
      rateControl(c);
    },
    inspect: (c) => ({
      ...classicSnapshot(c),
      rateControls,
      lastVerdict,
      abeSamples: abe.samples,
    }),
  };
}

export const jersey: CcPlugin = {
  name: 'jersey',
  create: () => createJersey({ clock: 'ack-arrival', ssthreshFollowsOwnd: false, estimate: { key: 'abeBps', label: 'ABE' } }),
};
