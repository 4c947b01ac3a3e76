/**
 * TCP Vegas (Brakmo & Peterson, IEEE JSAC 13(8), 1995; the window rules as Linux
 * `net/ipv4/tcp_vegas.c` implements them): delay-based congestion avoidance. Expected rate
 * cwnd/baseRTT, actual rate cwnd/RTT; their difference times baseRTT,
 *   Diff = cwnd − cwnd·baseRTT/RTT  (segments — the flow's packets sitting in queues),
 * is checked once per round trip (when the cumulative ACK reaches the first byte sent after the
 * previous check), with RTT = the smallest sample of that round (which filters delayed ACKs):
 * - congestion avoidance: Diff < α ⇒ cwnd + 1 segment, Diff > β ⇒ cwnd − 1 segment, else hold;
 * - slow start: Diff > γ ⇒ leave slow start with cwnd = min(cwnd, target + 1), target =
 *   cwnd·baseRTT/RTT in whole segments, ssthresh = cwnd − 1 segment; else slow start as usual.
 * baseRTT is the smallest RTT sample of the connection.
 *
 * Deviations / reconstruction:
 * - A round with fewer than 3 RTT samples (too few ACKs to trust its minimum: they may all be
 *   delayed ACKs) ends with Reno growth, and the next round grows as Reno on every ACK (Linux
 *   applies Reno growth to the round's last ACK only, which nearly freezes the window).
 *   **Reconstruction** of "behave as Reno": Vegas stays in charge from the first round with
 *   enough samples until a round without. The first ACK closes an empty round, so the
 *   connection starts as Reno.
 * - ssthresh at a loss is FlightSize/2 (Linux does the same), with the flow's recovery (NewReno
 *   by default, SACK + PRR with SACK on), not the original's 3/4 reduction and fine-grained
 *   retransmission timer.
 * - Growth needs a cwnd-limited sender (as Reno here); a decrease floors at 2 segments and pulls
 *   ssthresh to cwnd − 1 segment (Linux `tcp_vegas_ssthresh`), floored at 2 segments.
 * - A round ends at ackNo ≥ the round's end (Linux: strictly after).
 *
 * Exports the shared pieces of the delay-based family: `backlogSegments` (Vegas Diff = Veno N =
 * the NewReno-LP predictor V_P) and `RttRound` (per-round minimum and mean RTT tracking).
 */
import { classicSnapshot, renoGrowth, renoSsthresh } from './common.ts';
import type { AckInfo, CcPlugin, CongestionControl, Conn } from './types.ts';

export interface VegasParams {
  /** Below this Diff (segments) congestion avoidance adds a segment per round. Original paper 1; Linux/ns-3 2. */
  alphaSegments: number;
  /** Above this Diff (segments) congestion avoidance removes a segment per round. Original paper 3; Linux/ns-3 4. */
  betaSegments: number;
  /** Above this Diff (segments) slow start ends. Linux/ns-3 1. */
  gammaSegments: number;
  /** Fewest RTT samples in a round for Vegas to act on it (Linux: more than 2). */
  minRoundSamples: number;
}

/** Brakmo & Peterson's α = 1, β = 3 (the thresholds NewReno-LP's predictor also uses), Linux's γ = 1. */
export const VEGAS_DEFAULTS: Readonly<VegasParams> = { alphaSegments: 1, betaSegments: 3, gammaSegments: 1, minRoundSamples: 3 };

/**
 * Vegas's Diff, Veno's backlog N and NewReno-LP's V_P — one quantity: the segments of this
 * window that are queued rather than in flight on the links,
 *   (cwnd/baseRTT − cwnd/RTT)·baseRTT = cwnd·(RTT − baseRTT)/RTT.
 */
export function backlogSegments(cwndSegments: number, baseRttNs: number, rttNs: number): number {
  return (cwndSegments * (rttNs - baseRttNs)) / rttNs;
}

/**
 * One Vegas round: from the ACK that opened it until the cumulative ACK reaches `endSeq` (the
 * first byte not yet sent when it opened — everything outstanding then has been acknowledged).
 * Keeps the round's RTT samples, their minimum and their mean.
 */
export class RttRound {
  /** The round ends when the cumulative ACK reaches this byte; 0 at first, so the first ACK closes an empty round. */
  endSeq = 0;
  samples = 0;
  minRttNs = Number.POSITIVE_INFINITY;
  sumRttNs = 0;

  sample(rttNs: number): void {
    this.samples++;
    this.sumRttNs += rttNs;
    if (rttNs < this.minRttNs) this.minRttNs = rttNs;
  }

  /** The mean of the round's samples (ns-2 Vegas's RTT), NaN without samples. */
  get meanRttNs(): number {
    return this.samples > 0 ? this.sumRttNs / this.samples : Number.NaN;
  }

  ended(ackNo: number): boolean {
    return ackNo >= this.endSeq;
  }

  /** Begin a new round that ends once everything below `sndNxt` is acknowledged. */
  restart(sndNxt: number): void {
    this.endSeq = sndNxt;
    this.samples = 0;
    this.minRttNs = Number.POSITIVE_INFINITY;
    this.sumRttNs = 0;
  }
}

const finiteOrNull = (v: number): number | null => (Number.isFinite(v) ? v : null);

export function createVegas(params: Readonly<VegasParams> = VEGAS_DEFAULTS): CongestionControl {
  const round = new RttRound();
  /** The last completed round had enough samples: Vegas (not Reno) sizes cwnd. */
  let vegasActive = false;
  /** Diff of the last round Vegas acted on, segments; NaN before the first. */
  let diffSegments = Number.NaN;
  /** RTT Vegas used for it (that round's minimum), ns. */
  let lastRoundRttNs = Number.NaN;

  /** The once-per-round decision, before this ACK's own growth. */
  function endOfRound(c: Conn, a: AckInfo, rttNs: number): void {
    const mss = c.mssBytes;
    const cwndSegments = c.cwndBytes / mss;
    const baseRttNs = c.minRttNs;
    diffSegments = backlogSegments(cwndSegments, baseRttNs, rttNs);
    lastRoundRttNs = rttNs;
    const slowStart = c.cwndBytes < c.ssthreshBytes;
    if (slowStart) {
      if (diffSegments > params.gammaSegments) {
        // Going too fast already: send at the actual rate (plus one segment, since the target
        // is rounded down) and continue in congestion avoidance.
        const targetSegments = Math.floor((cwndSegments * baseRttNs) / rttNs);
        c.cwndBytes = Math.max(Math.min(c.cwndBytes, (targetSegments + 1) * mss), 2 * mss);
        c.ssthreshBytes = Math.max(Math.min(c.ssthreshBytes, c.cwndBytes - mss), 2 * mss);
      } else {
        c.cwndBytes = renoGrowth(c, a);
      }
      return;
    }
    if (diffSegments > params.betaSegments) {
      c.cwndBytes = Math.max(c.cwndBytes - mss, 2 * mss);
      c.ssthreshBytes = Math.max(Math.min(c.ssthreshBytes, c.cwndBytes - mss), 2 * mss);
    } else if (diffSegments < params.alphaSegments && c.cwndLimited) {
      c.cwndBytes += mss;
    }
  }

  return {
    congAvoid(c, a) {
      if (a.rttNs !== null) round.sample(a.rttNs);
      if (round.ended(a.ackNo)) {
        const enough = round.samples >= params.minRoundSamples;
        const rttNs = round.minRttNs;
        round.restart(c.sndNxt);
        vegasActive = enough;
        if (enough) endOfRound(c, a, rttNs);
        else c.cwndBytes = renoGrowth(c, a);
        return;
      }
      // Mid-round: slow start grows per ACK; congestion avoidance waits for the round's end
      // unless Vegas is standing down for lack of samples.
      if (c.cwndBytes < c.ssthreshBytes || !vegasActive) c.cwndBytes = renoGrowth(c, a);
    },
    ssthresh: (c) => renoSsthresh(c),
    onStateChange(c, from, to) {
      // Samples from recovery or a timeout's go-back mix retransmissions and queue drain:
      // measure afresh once recovery is over, and from a timeout on.
      if (from === 'recovery' || to === 'loss') round.restart(c.sndNxt);
    },
    inspect(c) {
      return {
        ...classicSnapshot(c),
        vegasActive,
        baseRttMs: finiteOrNull(c.minRttNs / 1e6),
        roundMinRttMs: finiteOrNull(round.minRttNs / 1e6),
        roundSamples: round.samples,
        lastRoundRttMs: finiteOrNull(lastRoundRttNs / 1e6),
      };
    },
    estimates: [{ key: 'diffSegments', label: 'diff', unit: 'segments', read: () => diffSegments }],
  };
}

export const vegas: CcPlugin = {
  name: 'vegas',
  create: () => createVegas(),
};
