/**
 * The congestion-control plug-in interface, in the shape of Linux's `tcp_congestion_ops` and
 * ns-3's `TcpCongestionOps`: a variant is the window algorithm only (how cwnd grows, what
 * ssthresh a reduction sets). Loss detection and repair are the recovery's (../recovery), the CA
 * state machine and reliability (sequence space, RTO timer, scoreboard, sending) the sender's;
 * both reach the connection through `Conn`.
 */

import type { CaState, DropCause, Verdict } from '../../core/trace.ts';
import type { ProbeRecord } from '../../tables/probe.ts';
import type { WaveRecord } from '../../tables/wave.ts';

/**
 * The connection as a hook that only reads sees it (ns-3 hands `GetSsThresh` a
 * `Ptr<const TcpSocketState>`): the variant's `ssthresh` on a reduction, its classifier, its
 * estimates and snapshot. Every field is read-only here.
 */
export interface ConnView {
  readonly mssBytes: number;
  readonly nowNs: number;
  /** Congestion window and slow-start threshold, bytes. */
  readonly cwndBytes: number;
  readonly ssthreshBytes: number;
  /**
   * The part of cwnd a Reno-style fast recovery added for segments that have left the network
   * (RFC 5681 §3.2 steps 3–4: dupThresh·MSS at entry, one MSS per further duplicate; RFC 6582's
   * partial ACK deflates it first). cwnd − inflationBytes is the window as the textbook draws it
   * (halved at a fast retransmit), which the charts plot; the sender sets it to 0 whenever the
   * flow leaves recovery. Recoveries that do not inflate (Tahoe, SACK, PRR) leave it at 0.
   */
  readonly inflationBytes: number;
  /** Oldest unacknowledged byte, next byte to send, one past the highest byte ever sent. */
  readonly sndUna: number;
  readonly sndNxt: number;
  readonly sndMax: number;
  /**
   * RFC 5681's FlightSize, sndMax − sndUna; in the loss state (after a timeout) only what was sent
   * again since (sndNxt − sndUna): what the timeout declared lost is not in flight (Linux
   * packets_in_flight), so a later reduction never halves data already written off.
   */
  readonly flightBytes: number;
  /** Duplicate ACKs in a row (already counting the one being handled). */
  readonly dupAcks: number;
  readonly dupAckThreshold: number;
  /** The CA state (open, disorder, recovery, loss, cwr); the sender traces every change. */
  readonly caState: CaState;
  /** caState === 'recovery': between enterRecovery() and exitRecovery(). */
  readonly inRecovery: boolean;
  /** One past the highest byte sent when recovery (or the last timeout) began: RFC 6582's `recover` + 1; −1 before any loss. */
  readonly recoverSeq: number;
  /** The last send attempt was stopped by cwnd (not by the receiver window or lack of data). */
  readonly cwndLimited: boolean;
  /**
   * Window growth counts the bytes each ACK covers (RFC 3465 appropriate byte counting, L = 2 in
   * slow start) instead of one step per ACK (RFC 5681's equations). Resolved per flow from
   * `tcp.byteCounting` and the profile; renoGrowth honours it.
   */
  readonly byteCounting: boolean;
  /**
   * RFC 3465's bytes_acked (Linux snd_cwnd_cnt in bytes): what congestion avoidance has counted
   * towards the next one-segment increase. The sender clears it at every reduction.
   */
  readonly caAckedBytes: number;
  /**
   * Reno-style halving takes ⌊cwnd/2⌋ whole segments, as Linux's tcp_reno_ssthresh, instead of
   * RFC 5681's FlightSize/2 (the linux profile's kernel arithmetic).
   */
  readonly ssthreshFromCwnd: boolean;
  /** Slow-start exit detector a variant with one should use (CUBIC): from `tcp.hystart` and the profile. */
  readonly hystart: HystartMode;
  readonly srttNs: number;
  /** RFC 6298 RTTVAR, ns (0 before the first sample). */
  readonly rttVarNs: number;
  /** Smallest RTT sample so far; Infinity before the first. */
  readonly minRttNs: number;
  readonly latestRttNs: number;
  /** Unsent data exists and the receiver window has room for its next segment. */
  canSendNewData(): boolean;
  /** Segments declared lost so far (fast retransmits, partial-ACK holes, SACK IsLost repairs): Linux rs->losses, for BBR. */
  readonly lostSegments: number;
  /** In recovery the sender sends by the recovery's pipe (RFC 6675 NextSeg), not by FlightSize. */
  readonly sendsByPipe: boolean;
  /** The flow's recovery brings cwnd down to ssthresh gradually and sets it on exit (PRR): Recovery.reducesGradually. */
  readonly recoveryReducesGradually: boolean;
  /** The variant's `capWindowAtLoss`: a loss event never raises cwnd to a larger ssthresh. */
  readonly capsWindowAtLoss: boolean;
  /** SACK scoreboard view (all false / zero when SACK is off). */
  readonly sack: SackView;
  /** Current retransmission timeout (RFC 6298, with backoff), ns. */
  readonly rtoNs: number;
  /**
   * Pacing rate, bits/s: segments leave at most this fast (BBR). 0 = no pacing: send as soon as
   * the window allows, the classic ACK clock.
   */
  readonly pacingRateBps: number;
  /** Data sending is suspended (see ProbingConn.setDataSuspended). */
  readonly dataSuspended: boolean;
  /**
   * Ground truth, for the ideal classifier (NewReno-Ideal-LP) only: the cause of the latest
   * drop of the data segment holding byte `seq`, or null if it was never dropped. No real
   * sender can know this; it is the upper bound the paper compares against.
   */
  lossCause(seq: number): DropCause | null;
}

/**
 * The connection as a window algorithm acts on it (Linux's `cong_avoid` and `cong_control`):
 * the controls it owns — cwnd, ssthresh where slow start ends, the byte counter of congestion
 * avoidance, the pacing rate, and the inflation for an algorithm that owns the whole window
 * (TCP-Real) — and nothing that moves the sender's state machine or sends.
 */
export interface Conn extends ConnView {
  cwndBytes: number;
  ssthreshBytes: number;
  inflationBytes: number;
  caAckedBytes: number;
  pacingRateBps: number;
}

/**
 * What TCP-Probing's hooks (its timer, its probe replies, its own recovery, which all belong to
 * its probe cycle) may do besides a recovery's actions: stop and restart data, send probes, set
 * timers, and undo the timeout's backoff.
 */
export interface ProbingConn extends RecoveryConn {
  /**
   * While suspended no data segment (new or retransmitted) is sent; ACKs are still processed
   * and the variant may still change the window (TCP-Probing's probe cycle). Clearing it sends
   * what the window allows at once.
   */
  setDataSuspended(suspended: boolean): void;
  /** Send a header-only probe segment of TCP-Probing's exchange (kind 1 = PROBE1, 3 = PROBE2). Counted in overhead. */
  sendProbe(kind: 1 | 3, id: number): void;
  /**
   * Call `cc.onTimer(c, id)` after `delayNs` (a variant's own timer, e.g. the probe timer).
   * Timers cannot be cancelled: the variant ignores stale ones by `id`.
   */
  setTimer(delayNs: number, id: number): void;
  /**
   * Undo the timeout's exponential backoff now instead of at the next valid RTT sample (RFC 6298
   * §5.7): TCP-Probing's Immediate/Gentle Recovery leaves the timeout "not adjusted" (§3.2).
   */
  clearRtoBackoff(): void;
}

/** The connection as a loss recovery acts on it: the window's controls, retransmissions and the CA state machine. */
export interface RecoveryConn extends Conn {
  /** Retransmit the segment starting at `seq` now, regardless of cwnd and rwnd. */
  retransmit(seq: number): void;
  /** Fast retransmit of the segment at sndUna: counted and traced as such. */
  fastRetransmit(): void;
  /**
   * A loss event: the variant classifies it (if it does), then chooses ssthresh for it
   * (`cc.ssthresh`); the sender sets ssthreshBytes and returns it. `a`: the ACK that revealed it.
   */
  congestionEvent(a: AckInfo): number;
  /** The variant's ssthresh for a reduction of this kind (cc.ssthresh), not set: for a timeout's cwnd. */
  ssthreshFor(event: ReductionEvent): number;
  /** Begin a recovery episode: recoverSeq = sndMax (RFC 6582's `recover`), caState = 'recovery'. */
  enterRecovery(): void;
  /** caState = 'loss' until sndUna passes recoverSeq (Tahoe's fast retransmit: a timeout without the wait). */
  enterLoss(): void;
  /** End the recovery episode (caState = 'open'). */
  exitRecovery(): void;
  /** One more segment declared lost (retransmit() does not count it itself). */
  noteLost(): void;
  /** Send again from sndUna as the window allows (Tahoe's and the timeout's go-back-N). */
  goBackN(): void;
}

/** What the SACK scoreboard tells a variant (RFC 6675 terms). */
export interface SackView {
  readonly enabled: boolean;
  /** Segment-granular: is the segment holding byte `seq` SACKed? */
  isSacked(seq: number): boolean;
  /** RFC 6675 IsLost: at least dupThresh SACKed segments above `seq`. */
  isLost(seq: number): boolean;
  /** Highest SACKed byte + 1, or sndUna if none. */
  readonly highSacked: number;
  /** Every unSACKed byte below this one IsLost (the dupThresh-th highest SACKed segment's start); -1 if none is. */
  readonly lostBoundary: number;
  /** Changes whenever the scoreboard does (new SACKs, a cumulative ACK): lets variants cache. */
  readonly version: number;
  /** Bytes SACKed above the cumulative ACK (segment-granular). */
  readonly sackedBytes: number;
  /** The first byte at or above `seq`, in steps of one segment, whose segment is not SACKed. */
  nextUnsacked(seq: number): number;
  /**
   * RFC 6675 SetPipe() over [sndUna, sndMax) with HighRxt + 1 = `highRxtEnd`, without walking
   * the window; sndUna must lie on a segment boundary.
   */
  pipe(highRxtEnd: number): number;
}

export interface AckInfo {
  ackNo: number;
  /** Bytes newly acknowledged cumulatively (0 for a duplicate). */
  ackedBytes: number;
  /** A valid RTT sample carried by this ACK, or null. */
  rttNs: number | null;
  /** Segments this ACK's SACK blocks newly reported (RFC 6675's test for a DupAck). */
  sackedSegments: number;
  /**
   * RFC 6937's DeliveredData: bytes this ACK reports newly delivered — the cumulative advance
   * plus the change in SACKed bytes (one MSS for a duplicate ACK without SACK).
   */
  deliveredBytes: number;
  /** The receiver echoed a congestion mark (RED ECN or congestion warning) on this ACK. */
  ece: boolean;
  /**
   * When the segment that triggered this ACK reached the receiver (ns, one simulation clock),
   * echoed in the ACK (New Jersey's TABE); -1 if unknown.
   */
  rcvTsNs: number;
  /** The receiver agent's option value carried by this ACK (TCP-Real's next wave level); -1 if none. */
  option: number;
}

export type LossKind = 'dupack' | 'rto';

/**
 * How CUBIC leaves its first slow start: RFC 9406's HyStart++, Linux's HyStart (ACK train and
 * delay increase, tcp_cubic.c), or not before a loss.
 */
export type HystartMode = 'hystart++' | 'linux' | 'off';

/** What made the window shrink: a loss event (duplicate ACKs or SACK), a timeout, an echoed congestion mark. */
export type ReductionEvent = 'loss' | 'rto' | 'ecn';

export type Snapshot = Record<string, number | string | boolean | null>;

/**
 * The loss-recovery plug-in interface (ns-3's `TcpRecoveryOps`, Linux's tcp_input.c kept apart
 * from `tcp_congestion_ops`): when a loss event starts, what is retransmitted, how the window
 * behaves until the losses are repaired and what a timeout does to it. Any recovery runs with
 * any window algorithm: the recovery asks the variant for ssthresh through
 * `Conn.congestionEvent()` (the variant's `ssthresh('loss')`), and for a timeout through
 * `timeoutReduction()`. The sender owns the CA state machine; a recovery moves it only with
 * `enterRecovery()`, `enterLoss()` and `exitRecovery()`.
 */
export interface Recovery<C extends RecoveryConn = RecoveryConn> {
  /** Required. Each duplicate ACK, in any state (c.dupAcks already counts it): start a loss event, inflate cwnd. */
  onDupAck(c: C, a: AckInfo): void;
  /** Required. Each ACK that advances sndUna while in recovery: partial or full ACK. */
  onRecoveryAck(c: C, a: AckInfo): void;
  /** Optional. Each ACK that advances sndUna outside recovery, after the window grew. */
  onAck?(c: C, a: AckInfo): void;
  /** Required. A retransmission timeout, before the sender backs off and goes back to sndUna: set cwnd. */
  onTimeout(c: C): void;
  /** Optional. In recovery, the next segment to send (RFC 6675 NextSeg), or null for nothing now. Absent: the window rule. */
  nextSegment?(c: C): number | null;
  /**
   * Optional. The window comes down to ssthresh gradually over the episode and is set to it on
   * exit (PRR, RFC 6937 — the standard successor of rate-halving), rather than at once on entry.
   */
  readonly reducesGradually?: boolean;
  /** Optional. What the recovery holds (pipe, HighRxt, PRR counters), merged into the flow's snapshot. */
  inspect?(c: C): Snapshot;
}

/** The unit of an estimate's value: the UI scales estimates by it and draws each unit on one axis. */
export type EstimateUnit = 'bit/s' | 'segments' | 'ms' | 's' | 'gain' | 'level';

/** What the panels need to know about an estimate (the run's results carry it per flow). */
export interface EstimateInfo {
  /** Name in inspect() and the trace, with its unit as a suffix as elsewhere: 'bweBps'. */
  readonly key: string;
  /** Legend name as the papers write it ('BWE', 'min RTT'); the glossary defines each. */
  readonly label: string;
  readonly unit: EstimateUnit;
}

/** One estimate a variant keeps. */
export interface Estimate extends EstimateInfo {
  /** Its current value, in `unit`; NaN or ±Infinity while not formed. Asked after every ACK while traced. */
  read(c: ConnView): number;
}

/**
 * A variant's own state machine, beside the sender's CA state: the names of its modes and where
 * it is. The sender's trace observer writes a `ccstate` row whenever mode or phase changes.
 */
export interface OwnState {
  /** Mode names, in the order the traced index counts them. */
  readonly modes: readonly string[];
  /** The current mode, as an index into `modes`. */
  mode(): number;
  /** The phase within the mode (BBR's PROBE_BW gain-cycle index), or −1 where the mode has none. */
  phase(): number;
}

export interface CongestionControl {
  /**
   * Required. Called on every reduction — a loss event, a timeout, an ECN echo — before the
   * recovery applies it: the ssthresh to use, bytes (returned, not set). The variant may record
   * its own state here (CUBIC's W_max, a loss-differentiating variant's verdict).
   */
  ssthresh(c: ConnView, event: ReductionEvent): number;
  /** Required. Each ACK that advances sndUna outside recovery (open, disorder, loss, cwr): grow cwnd. */
  congAvoid(c: Conn, a: AckInfo): void;
  /**
   * Optional. A loss event never raises cwnd to an ssthresh above it: the recovery starts from
   * min(cwnd, ssthresh) (Westwood's "if cwin > ssthresh then cwin = ssthresh"), not from ssthresh.
   */
  readonly capWindowAtLoss?: boolean;
  /** Optional. Every ACK, new or duplicate, in any state, before the sender reacts to it: estimators sample here. */
  onAckSeen?(c: Conn, a: AckInfo): void;
  /** Optional. The CA state changed (after the change; ssthresh of a loss event is already set). */
  onStateChange?(c: Conn, from: CaState, to: CaState): void;
  /**
   * Optional, for algorithms that own cwnd and pacing outright (BBR; TCP-Real's receiver-driven
   * window): called after every ACK, once the recovery has acted, and has the last word on cwnd.
   * congAvoid is then not called.
   */
  congControl?(c: Conn, a: AckInfo): void;
  /**
   * Optional. An ACK echoing a congestion mark, after the ACK itself was processed. Absent: the
   * sender applies RFC 3168 §6.1.2 when the flow is ECN-capable (ssthresh('ecn'), once per window).
   */
  onEcnEcho?(c: Conn, a: AckInfo): void;
  /** Optional. Snapshot of what the variant believes, for tests and debugging; the sender adds `estimates` to it. */
  inspect?(c: ConnView): Snapshot;
  /**
   * Optional. What the variant estimates, traced (table `estimate`, a row whenever a value
   * changes after an ACK, a loss event or a timer) and shown in inspect(), e.g. Westwood's BWE.
   */
  readonly estimates?: readonly Estimate[];
  /** Optional, for a variant with modes of its own (BBR): traced in table `ccstate`. */
  readonly ownState?: OwnState;
  /**
   * Optional, for loss-differentiating variants. Called at every loss event — when the recovery
   * declares one, or a timeout — before ssthresh() is asked for it. The sender records the
   * verdict against the ground truth (confusion matrix in the results, `verdict` table).
   * `a` is the ACK that revealed the loss (absent for a timeout): its marks can decide.
   */
  classify?(c: ConnView, loss: LossKind, a?: AckInfo): Verdict;
  /** Optional. A data segment was just put on the wire (rate sampling: BBR). */
  onSend?(c: Conn, seq: number, lenBytes: number, retransmit: boolean): void;
  /** Optional. A timer set with c.setTimer fired. */
  onTimer?(c: ProbingConn, id: number): void;
  /** Optional. A probe reply arrived (kind 2 = PR1_ACK, 4 = PR2_ACK), with the id of the probe it answers. */
  onProbeAck?(c: ProbingConn, kind: 2 | 4, id: number): void;
  /** Optional. Tag for a data segment about to be sent, carried to the receiver agent (TCP-Real's wave number); -1 = none. */
  segmentTag?(c: ConnView, seq: number): number;
  /**
   * Optional. A recovery that is part of the variant itself and replaces the scenario's
   * (TCP-Probing's suspend–probe–decide device): the same object the variant's hooks share state with.
   */
  readonly recovery?: Recovery<ProbingConn>;
  /**
   * Optional. Probe-cycle events (TCP-Probing) the variant reported since the framework last
   * looked: the sender's trace observer writes them to the `probe` table after each hook and
   * empties the list, so the variant never holds the trace.
   */
  readonly probeRecords?: ProbeRecord[];
  /**
   * Optional. The variant is ECN-capable by itself, whatever `tcp.ecn` says: its data carries
   * ECT(0) or ECT(1) (L4S), and its receiver echoes marks per ACK as RFC 8257 §3.2 describes
   * (an immediate ACK whenever the CE state of the arriving data changes), so each ACK's ECE
   * covers exactly the bytes it acknowledges (DCTCP, Prague).
   */
  readonly ecn?: 'ect0' | 'ect1';
}

/** A data segment as a receiver agent sees it. */
export interface ArrivingSegment {
  seq: number;
  lenBytes: number;
  /** The sender variant's tag (segmentTag), -1 if none. */
  tag: number;
  retransmit: boolean;
}

/** The receiver as its agent sees it. */
export interface ReceiverView {
  readonly nowNs: number;
  readonly mssBytes: number;
  /** Next in-order byte expected. */
  readonly rcvNxt: number;
  /** Call agent.onTimer(r, id) after delayNs (not cancellable; ignore stale ids). */
  setTimer(delayNs: number, id: number): void;
}

/**
 * A receiver-side extension of a variant (TCP-Real measures waves at the receiver and steers the
 * sender's window through an ACK option). The plain receiver logic is unchanged; the agent sees
 * every arriving data segment and fills the option of every ACK.
 */
export interface ReceiverAgent {
  /** Option bytes every ACK carries (TCP-Real: 4), counted in overhead. */
  readonly ackOptionBytes: number;
  /** Each arriving data segment, before the ACK it may trigger is formed. */
  onSegment(r: ReceiverView, s: ArrivingSegment): void;
  /** The option value for the ACK being sent now, or -1. */
  ackOption(r: ReceiverView): number;
  onTimer?(r: ReceiverView, id: number): void;
  /**
   * Optional. Wave decisions (TCP-Real) the agent reported since the receiver last looked: it
   * writes them to the `wave` table after each agent hook and empties the list.
   */
  readonly waveRecords?: WaveRecord[];
}

/** A variant's implementation; what menus and the schema know of it is its catalogue entry (src/catalogue/variants.ts). */
export interface CcPlugin {
  /** The catalogue name it implements. */
  name: string;
  /** A fresh instance for one flow. */
  create(): CongestionControl;
  /** A fresh receiver-side agent for one flow, for variants that need the receiver's help (TCP-Real). */
  createReceiverAgent?(): ReceiverAgent;
  /** Option bytes each data segment carries for the variant (TCP-Real's wave tag), counted in overhead. */
  dataOptionBytes?: number;
}
