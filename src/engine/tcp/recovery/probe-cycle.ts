/**
 * TCP-Probing's probing device (Tsaoussidis & Lahanas, "Exploiting the adaptive properties of a
 * probing device for TCP in heterogeneous networks", Computer Communications 2002, §3): the probe
 * cycle PROBE1 → PR1_ACK → PROBE2 → PR2_ACK and the decision taken when it completes. Shared by
 * the variants that graft it onto Reno (`probing`) and Tahoe (`probing-tahoe`); what the sender
 * does with the decision is theirs (probing.ts).
 *
 * The cycle (§3.1): PROBE1 goes out header-only; its PR1_ACK gives the first probe RTT and
 * releases PROBE2, whose PR2_ACK gives the second. The probe timer is "the estimated RTT value
 * current at the time the probe cycle is triggered" — read as RFC 6298's estimate of how long a
 * reply may take, SRTT + 4·RTTVAR (see below); when it expires (PROBE1, PR1_ACK, PROBE2 or
 * PR2_ACK lost) the
 * exchange starts again from PROBE1 under a new id, so replies of the abandoned exchange are
 * recognised by their id and ignored. The cycle therefore lasts as long as the path keeps losing
 * probes: the sender "sits out" bursts and handoffs.
 *
 * The decision (§3.2 pseudo-code): acprtt = 0.2·acprtt + 0.8·sample, bestprtt and worstprtt the
 * smallest and largest probe RTT of the connection.
 *   acprtt ≤ (best + worst)/2 (left edge): both samples ≤ acprtt ⇒ Immediate Recovery, else the
 *     base TCP's congestion response ("Reno");
 *   acprtt > (best + worst)/2 (right edge): both samples ≤ acprtt ⇒ Gentle Recovery with
 *     cwnd = old/2 + ((worst − acprtt)/(worst − best))·old, else Slow Start.
 *
 * Reconstructions (the paper leaves these open):
 * - A cycle has two samples and the pseudo-code folds "sampleprobeRTT" into acprtt: we fold both,
 *   in the order measured, when the cycle completes (samples of an abandoned exchange are not
 *   used). The very first sample initialises acprtt (as SRTT's first sample does, RFC 6298).
 * - Ties: the pseudo-code's tests are strict (<, >) and cover neither acprtt = midpoint nor a
 *   sample equal to acprtt. A deterministic path gives exactly equal RTTs when nothing changed,
 *   which the paper's text reads as "no congestion is indicated", so equality counts as good:
 *   samples ≤ acprtt, and acprtt = midpoint is the left edge.
 * - Gentle Recovery's fraction: the pseudo-code writes (worst − sample)/(worst − best) applied to
 *   the full old window, which for a sample near best would give up to 1.5 × the old window; the
 *   text fixes the range — "a value from the range (half previous window, full previous window)
 *   … in reverse proportion to the location of the acprtt in the space [bestprtt, worstprtt]" —
 *   so we use acprtt's position: on the right edge (worst − acprtt)/(worst − best) < 1/2 and the
 *   pseudo-code's formula lands in [old/2, old) as the text says.
 * - The probe timer is SRTT + 4·RTTVAR (RFC 6298's RTO formula without its minimum and backoff),
 *   not SRTT. A timer at the mean RTT expires for every reply slower than the mean, and a loss
 *   from a full queue is exactly when the probes are slow: PROBE1 waits behind the queue the
 *   sender just stopped feeding. With SRTT the exchange restarted after the queue had drained,
 *   every sample equalled the base RTT, the decision was always Immediate Recovery at the
 *   overshooting window, and on reference-2mbps without any random loss Probing ran at 0.2 Mb/s
 *   with ~50 timeouts per 100 s. The paper expects congestion to show in the probe RTTs ("in the
 *   event of congestion with deteriorating RTTs … Slow Start"). The RTO's minimum (1 s classic)
 *   would make every lost probe cost a second on a short path, where the paper's cycle is meant
 *   to sit out an error burst and resume at once.
 * - The paper's separate "measurement timer" is the simulator clock here.
 * - Probe RTTs are kept in whole nanoseconds (acprtt rounded), so equal samples give an equal
 *   average rather than one a rounding error away.
 */
import type { ProbeEvent, ProbeRecord } from '../../tables/probe.ts';
import type { ProbingConn } from '../cc/types.ts';

/** EWMA weights of §3.2: acprtt = a·acprtt + b·sample. */
export const ACPRTT_OLD_WEIGHT = 0.2;
export const ACPRTT_SAMPLE_WEIGHT = 0.8;

/** Where the exchange stands: which probe is out, awaiting its reply. */
export type ProbeState = 'idle' | 'probe1-sent' | 'probe2-sent';

/** What the device concludes at the end of a cycle. */
export type ProbeDecision = 'immediate' | 'gentle' | 'reno' | 'slow-start';

/** The probe-RTT history the decision uses; NaN / ±Infinity before the first sample. */
export interface ProbeRttStats {
  acprttNs: number;
  bestNs: number;
  worstNs: number;
}

export function emptyStats(): ProbeRttStats {
  return { acprttNs: Number.NaN, bestNs: Number.POSITIVE_INFINITY, worstNs: Number.NEGATIVE_INFINITY };
}

/** Fold one probe RTT into the history (returns the new history). */
export function foldSample(s: ProbeRttStats, sampleNs: number): ProbeRttStats {
  const acprttNs = Number.isNaN(s.acprttNs) ? sampleNs : Math.round(ACPRTT_OLD_WEIGHT * s.acprttNs + ACPRTT_SAMPLE_WEIGHT * sampleNs);
  return { acprttNs, bestNs: Math.min(s.bestNs, sampleNs), worstNs: Math.max(s.worstNs, sampleNs) };
}

/** §3.2's decision for a completed cycle, with the cycle's samples already folded into `s`. */
export function decide(s: ProbeRttStats, rtt1Ns: number, rtt2Ns: number): ProbeDecision {
  const noCongestion = rtt1Ns <= s.acprttNs && rtt2Ns <= s.acprttNs;
  if (s.acprttNs <= (s.bestNs + s.worstNs) / 2) return noCongestion ? 'immediate' : 'reno';
  return noCongestion ? 'gentle' : 'slow-start';
}

/**
 * Gentle Recovery's window: old/2 + ((worst − acprtt)/(worst − best))·old. Only reached on the
 * right edge, where worst > best (acprtt lies between them and above their midpoint).
 */
export function gentleWindowBytes(oldBytes: number, s: ProbeRttStats): number {
  return oldBytes / 2 + ((s.worstNs - s.acprttNs) / (s.worstNs - s.bestNs)) * oldBytes;
}

/** A completed cycle: its two samples, the history after them and the decision. */
export interface CycleOutcome {
  id: number;
  rtt1Ns: number;
  rtt2Ns: number;
  stats: ProbeRttStats;
  decision: ProbeDecision;
}

/** -1 for what is not known yet, as the `probe` trace table wants. */
function orMinusOne(ns: number): number {
  return Number.isFinite(ns) ? ns : -1;
}

/** The probe exchange of one connection. The owner suspends and releases data around it. */
export class ProbeCycle {
  state: ProbeState = 'idle';
  /** Id of the current exchange (0 before the first). */
  id = 0;
  stats: ProbeRttStats = emptyStats();
  /** Completed cycles and restarted exchanges, for the snapshot. */
  cycles = 0;
  probeTimeouts = 0;
  /** Probe timer for this cycle: the RTT estimate when it was triggered. */
  private timerNs = 0;
  /** Token of the one live probe timer; older timers that fire are stale. */
  private timerToken = 0;
  private sentAtNs = 0;
  private rtt1Ns = -1;
  /** Events for the `probe` trace table, until the framework takes them (CongestionControl.probeRecords). */
  readonly records: ProbeRecord[] = [];

  get active(): boolean {
    return this.state !== 'idle';
  }

  /** Begin a cycle (the owner has just suspended data). */
  start(c: ProbingConn): void {
    // SRTT + 4·RTTVAR then (see the header: SRTT alone cuts off every slow reply); before any RTT
    // sample, the retransmission timeout, the sender's only notion of a round trip then.
    this.timerNs = c.srttNs > 0 ? c.srttNs + 4 * c.rttVarNs : c.rtoNs;
    this.record('cycle-start', this.id + 1, -1);
    this.sendProbe1(c);
  }

  /** A probe reply; returns the outcome when it completes the cycle, else null. */
  onProbeAck(c: ProbingConn, kind: 2 | 4, id: number): CycleOutcome | null {
    if (id !== this.id) return null; // a reply to an abandoned exchange
    if (kind === 2 && this.state === 'probe1-sent') {
      this.rtt1Ns = c.nowNs - this.sentAtNs;
      this.record('pr1-ack', id, this.rtt1Ns);
      this.send(c, 3);
      return null;
    }
    if (kind !== 4 || this.state !== 'probe2-sent') return null;
    const rtt2Ns = c.nowNs - this.sentAtNs;
    this.record('pr2-ack', id, rtt2Ns);
    this.state = 'idle';
    this.timerToken++; // disarm
    this.stats = foldSample(foldSample(this.stats, this.rtt1Ns), rtt2Ns);
    this.cycles++;
    return { id, rtt1Ns: this.rtt1Ns, rtt2Ns, stats: this.stats, decision: decide(this.stats, this.rtt1Ns, rtt2Ns) };
  }

  /** A variant timer fired; if it is the live probe timer, the exchange restarts with a new id. */
  onTimer(c: ProbingConn, token: number): void {
    if (token !== this.timerToken || this.state === 'idle') return;
    this.probeTimeouts++;
    this.record('probe-timeout', this.id, -1);
    this.sendProbe1(c);
  }

  /** Record a decision the owner applied, with the window it chose. */
  recordDecision(c: ProbingConn, event: ProbeEvent, o: CycleOutcome): void {
    this.records.push({
      event,
      id: o.id,
      rttNs: -1,
      acprttNs: orMinusOne(o.stats.acprttNs),
      bestNs: orMinusOne(o.stats.bestNs),
      worstNs: orMinusOne(o.stats.worstNs),
      cwndBytes: c.cwndBytes,
    });
  }

  private sendProbe1(c: ProbingConn): void {
    this.id++;
    this.rtt1Ns = -1;
    this.send(c, 1);
  }

  private send(c: ProbingConn, kind: 1 | 3): void {
    // The state and the trace event share their names: 'probe1-sent' / 'probe2-sent'.
    const sent = kind === 1 ? 'probe1-sent' : 'probe2-sent';
    this.state = sent;
    this.sentAtNs = c.nowNs;
    c.sendProbe(kind, this.id);
    this.record(sent, this.id, -1);
    c.setTimer(this.timerNs, ++this.timerToken);
  }

  private record(event: ProbeEvent, id: number, rttNs: number): void {
    this.records.push({
      event,
      id,
      rttNs,
      acprttNs: orMinusOne(this.stats.acprttNs),
      bestNs: orMinusOne(this.stats.bestNs),
      worstNs: orMinusOne(this.stats.worstNs),
      cwndBytes: -1,
    });
  }
}
