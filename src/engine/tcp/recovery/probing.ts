/**
 * TCP-Probing's loss recovery (Tsaoussidis & Lahanas, Computer Communications 2002, §3): the
 * suspend–probe–decide device, behind the same interface as the other recoveries; the variants
 * probing and probing-tahoe run it with Reno's window algorithm (cc/probing.ts). On a
 * loss — three duplicate ACKs or a timeout — the sender neither retransmits nor shrinks its
 * window: it suspends data and runs a probe cycle (probe-cycle.ts). When the cycle completes the
 * device decides:
 * - Immediate Recovery: cwnd stays the window before the loss; ssthresh and the retransmission
 *   timeout are not adjusted ("the timeout is not extended", §5.2). After duplicate ACKs the
 *   window is inflated by every duplicate counted (the three that triggered the cycle and those
 *   that came during it), the lost segment is retransmitted and the first new ACK deflates cwnd
 *   to the old window, as Reno's fast recovery deflates to ssthresh.
 * - Gentle Recovery: the same with the window cut to old/2 + ((worst − acprtt)/(worst − best))·old.
 * - "Reno" (left edge, a sample above acprtt): the base TCP's own answer to the loss — for Reno,
 *   fast retransmit and fast recovery after duplicate ACKs, slow start after a timeout; for
 *   Tahoe (probing-tahoe.ts), slow start either way.
 * - Slow Start: ssthresh = max(FlightSize/2, 2·MSS), cwnd = 1 segment, go back to sndUna.
 * During the cycle ACKs still move sndUna and grow cwnd as standard TCP would, but release no
 * data; duplicate ACKs are counted only when duplicate ACKs triggered the cycle (§3.2).
 *
 * Deviations / reconstructions:
 * - "The window before the loss" is cwnd when the cycle ends (the cycle never shrinks it, and
 *   ACKs during it grow it as standard TCP would); a timeout during a recovery episode first
 *   deflates the inflated window to the episode's target.
 * - Immediate and Gentle Recovery after a timeout. The paper says only that the sender "picks up
 *   from the point where the timeout event occurred". The sender has gone back to sndUna and,
 *   without SACK, cannot know how much of the old window the receiver holds; resending the whole
 *   window at once (a BSD TCP that kept cwnd across a timeout) mostly repeats data that arrived.
 *   So the holes are resent one at a time — one segment in flight (cwnd shows 1 MSS, phase
 *   immediate/gentle-recovery), each cumulative ACK naming the next hole — until the ACK passes
 *   the highest byte sent before the timeout; then the decided window is restored. If
 *   `BLOCK_LOSS_RUN` holes in a row come back acknowledged alone (the receiver held nothing
 *   after them), the rest of the window was lost as a block (a burst, a handoff) and the window
 *   is restored at once, going back from sndUna.
 * - The retransmission timer's backoff is cleared on Immediate and Gentle Recovery (§3.2, §5.2:
 *   "timeout and threshold values are not adjusted"): the sender has already doubled it for the
 *   timeout that triggered the cycle (or that expired during it).
 * - Duplicate ACKs start no cycle while the cumulative ACK is still inside data sent before a
 *   go-back (a timeout or a Slow Start decision): the receiver echoes resent segments it already
 *   holds, and each spurious cycle would cost two silent round trips (ns-2's Tahoe `bug_fix`,
 *   RFC 6582's `recover`). Reno proper has no such guard.
 * - The sender's retransmission timer keeps running during a cycle; if it expires the cycle goes
 *   on (the probes decide), but the sender has counted a timeout and gone back to sndUna, so the
 *   cycle continues as a timeout-triggered one.
 * - Recovery after duplicate ACKs ends on the first new ACK, as in Reno; a second loss in the
 *   window is a new cycle.
 */
import type { ConnView, ProbingConn, Snapshot } from '../cc/types.ts';
import { renoSsthresh } from '../cc/common.ts';
import { gentleWindowBytes, ProbeCycle, type CycleOutcome, type ProbeRttStats } from './probe-cycle.ts';
import { inflate } from './common.ts';
import type { Recovery } from './types.ts';

/**
 * After a timeout, this many resent holes in a row acknowledged alone mean the rest of the old
 * window was lost as a block: restore the window instead of resending hole by hole. With two,
 * two random losses in a row would pass for a burst — at a 40 % loss rate one hole in six — and
 * the go-back resends what the receiver holds.
 */
export const BLOCK_LOSS_RUN = 3;

/** Which TCP the device is grafted onto: it answers the device's "Reno" branch. */
export type ProbingBase = 'reno' | 'tahoe';

type LossTrigger = 'dupack' | 'rto';
type RecoveryKind = 'fast-recovery' | 'immediate-recovery' | 'gentle-recovery';

/**
 * The suspend–probe–decide device of one flow: TCP-Probing's loss recovery, in place of the
 * scenario's. Besides the recovery hooks it takes the probe replies and the probe timer (the
 * variant passes them on) and reports its probe-cycle records, RTT statistics and state.
 */
export interface ProbingDevice extends Recovery<ProbingConn> {
  onProbeAck(c: ProbingConn, kind: 2 | 4, id: number): void;
  onTimer(c: ProbingConn, id: number): void;
  readonly records: ProbeCycle['records'];
  readonly stats: ProbeRttStats;
  /** The device's part of the flow's snapshot; `classic` is the window algorithm's phase outside recovery. */
  snapshot(c: ConnView, classic: string): Snapshot;
}

export function createProbingDevice(base: ProbingBase): ProbingDevice {
  const cycle = new ProbeCycle();
  /** What started the running cycle (null outside a cycle). */
  let trigger: LossTrigger | null = null;
  /** sndUna when the cycle began: the segment presumed lost. */
  let lossSeq = -1;
  /** Duplicate ACKs counted for a duplicate-triggered cycle. */
  let dupCount = 0;
  let recovery: RecoveryKind = 'fast-recovery';
  /** cwnd at the end of the current recovery episode. */
  let deflateBytes = 0;
  /** The episode resends holes one at a time (after a timeout); how many came back alone in a row. */
  let holeByHole = false;
  let loneHoles = 0;
  /** Duplicate ACKs are echoes of a go-back until the cumulative ACK passes this byte. */
  let echoUntil = -1;
  let lastDecision: string | null = null;

  function startCycle(c: ProbingConn, t: LossTrigger): void {
    trigger = t;
    lossSeq = c.sndUna;
    dupCount = t === 'dupack' ? c.dupAcks : 0;
    c.setDataSuspended(true);
    cycle.start(c);
  }

  function openEpisode(c: ProbingConn, kind: RecoveryKind, deflate: number): void {
    recovery = kind;
    deflateBytes = deflate;
    holeByHole = false;
    c.inflationBytes = 0;
    c.enterRecovery();
  }

  /** After duplicate ACKs: retransmit the lost segment, inflate by the duplicates counted. */
  function fastRecovery(c: ProbingConn, kind: RecoveryKind, deflate: number): void {
    openEpisode(c, kind, deflate);
    c.fastRetransmit();
    c.inflationBytes = dupCount * c.mssBytes;
    c.cwndBytes = deflate + c.inflationBytes;
  }

  /** After a timeout (the sender went back to sndUna): resend hole by hole, then `target`. */
  function holeRecovery(c: ProbingConn, kind: RecoveryKind, target: number): void {
    openEpisode(c, kind, target);
    holeByHole = true;
    loneHoles = 0;
    c.cwndBytes = c.mssBytes;
  }

  function endEpisode(c: ProbingConn): void {
    holeByHole = false;
    c.cwndBytes = deflateBytes;
    c.inflationBytes = 0;
    c.exitRecovery();
  }

  function applyDecision(c: ProbingConn, o: CycleOutcome): void {
    c.setDataSuspended(false);
    const t = trigger;
    trigger = null;
    // After duplicate ACKs: the lost segment, unless an ACK has covered it meanwhile. After a
    // timeout the sender has already gone back to sndUna: whatever is outstanding is to resend.
    const outstanding = c.sndMax > c.sndUna;
    const lost = t === 'rto' ? outstanding : c.sndUna === lossSeq && outstanding;
    const decision = base === 'tahoe' && o.decision === 'reno' ? 'slow-start' : o.decision;
    if (decision === 'immediate' || decision === 'gentle') {
      c.clearRtoBackoff();
      const old = c.cwndBytes;
      const target = decision === 'immediate' ? old : Math.max(c.mssBytes, gentleWindowBytes(old, o.stats));
      const kind = decision === 'immediate' ? 'immediate-recovery' : 'gentle-recovery';
      if (!lost) c.cwndBytes = target;
      else if (t === 'dupack') fastRecovery(c, kind, target);
      else holeRecovery(c, kind, target);
      cycle.recordDecision(c, kind, o);
    } else if (decision === 'reno' && t === 'dupack') {
      c.ssthreshBytes = renoSsthresh(c);
      if (lost) fastRecovery(c, 'fast-recovery', c.ssthreshBytes);
      else c.cwndBytes = c.ssthreshBytes;
      cycle.recordDecision(c, 'reno-recovery', o);
    } else {
      // Slow Start, and Reno's own answer to a timeout.
      // Half of what was outstanding when the cycle began (a timeout's FlightSize, RFC 5681 eq. 4).
      c.ssthreshBytes = Math.max((c.sndMax - c.sndUna) / 2, 2 * c.mssBytes);
      c.cwndBytes = c.mssBytes;
      if (lost && t === 'dupack') {
        echoUntil = c.sndMax;
        c.enterLoss();
        c.goBackN();
        c.fastRetransmit();
      }
      cycle.recordDecision(c, decision === 'reno' ? 'reno-recovery' : 'slow-start', o);
    }
    lastDecision = decision;
  }

  return {
    onDupAck(c) {
      if (cycle.active) {
        if (trigger === 'dupack') dupCount++;
        return;
      }
      if (c.inRecovery) {
        // Resending hole by hole, a late duplicate must not open the window to data the
        // receiver already holds.
        if (!holeByHole) inflate(c);
        return;
      }
      if (c.dupAcks === c.dupAckThreshold && c.sndUna > echoUntil) startCycle(c, 'dupack');
    },
    onRecoveryAck(c, a) {
      if (holeByHole && c.sndUna < c.recoverSeq) {
        // The ACK names the next hole; the sender resends it (cwnd one segment, sndNxt = sndUna).
        loneHoles = a.ackedBytes <= c.mssBytes ? loneHoles + 1 : 0;
        if (loneHoles < BLOCK_LOSS_RUN) return;
      }
      endEpisode(c);
    },
    // The window stays as it is while the probes decide (data is suspended meanwhile).
    onTimeout(c) {
      echoUntil = c.sndMax; // the sender goes back to sndUna after this hook
      if (cycle.active) {
        trigger = 'rto';
        dupCount = 0;
        return;
      }
      if (c.inRecovery) {
        c.cwndBytes = deflateBytes;
        c.inflationBytes = 0;
      }
      holeByHole = false;
      startCycle(c, 'rto');
    },
      onProbeAck(c, kind, id) {
      const o = cycle.onProbeAck(c, kind, id);
      if (o !== null) applyDecision(c, o);
    },
    onTimer(c, id) {
      cycle.onTimer(c, id);
    },
    records: cycle.records,
    get stats() {
      return cycle.stats;
    },
    snapshot(c, classic) {
      return {
        phase: cycle.active ? 'probing' : c.inRecovery ? recovery : classic,
        inCycle: cycle.active,
        probeState: cycle.state,
        probeId: cycle.id,
        trigger,
        lastDecision,
        cycles: cycle.cycles,
        probeTimeouts: cycle.probeTimeouts,
      };
    },
  };
}
