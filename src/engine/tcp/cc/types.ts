/**
 * The congestion-control plug-in interface. A variant owns the window (growth, reaction to
 * loss) and its loss-recovery style; the sender owns reliability (sequence space, RTO timer,
 * scoreboard, sending) and exposes it to the variant through `Conn`.
 */

/** The sender as a congestion-control variant sees it. */
export interface Conn {
  readonly mssBytes: number;
  readonly nowNs: number;
  /** Congestion window and slow-start threshold, bytes. The variant sets them. */
  cwndBytes: number;
  ssthreshBytes: number;
  /** Oldest unacknowledged byte, next byte to send, one past the highest byte ever sent. */
  readonly sndUna: number;
  readonly sndNxt: number;
  readonly sndMax: number;
  /** sndMax − sndUna: RFC 5681's FlightSize. */
  readonly flightBytes: number;
  /** Duplicate ACKs in a row (already counting the one being handled). */
  readonly dupAcks: number;
  readonly dupAckThreshold: number;
  /** True between enterRecovery() and exitRecovery(). */
  readonly inRecovery: boolean;
  /** One past the highest byte sent when recovery (or the last timeout) began: RFC 6582's `recover` + 1; −1 before any loss. */
  readonly recoverSeq: number;
  /** The last send attempt was stopped by cwnd (not by the receiver window or lack of data). */
  readonly cwndLimited: boolean;
  readonly srttNs: number;
  /** Smallest RTT sample so far; Infinity before the first. */
  readonly minRttNs: number;
  readonly latestRttNs: number;
  /** Unsent data exists and the receiver window has room for its next segment. */
  canSendNewData(): boolean;
  /** Retransmit the segment starting at `seq` now, regardless of cwnd and rwnd. */
  retransmit(seq: number): void;
  /** Fast retransmit of the segment at sndUna: counted and traced as such. */
  fastRetransmit(): void;
  /** Remember recoverSeq = sndMax (RFC 6582's `recover`) without entering recovery. */
  markRecoverPoint(): void;
  /** Begin a recovery episode: markRecoverPoint() and inRecovery = true. */
  enterRecovery(): void;
  /** End the recovery episode. */
  exitRecovery(): void;
  /** Send again from sndUna as the window allows (Tahoe's and the timeout's go-back-N). */
  goBackN(): void;
  /** SACK scoreboard view (all false / zero when SACK is off). */
  readonly sack: SackView;
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
  /** Changes whenever the scoreboard does (new SACKs, a cumulative ACK, a timeout): lets variants cache. */
  readonly version: number;
}

export interface AckInfo {
  ackNo: number;
  /** Bytes newly acknowledged cumulatively (0 for a duplicate). */
  ackedBytes: number;
  /** A valid RTT sample carried by this ACK, or null. */
  rttNs: number | null;
  /** Segments this ACK's SACK blocks newly reported (RFC 6675's test for a DupAck). */
  sackedSegments: number;
  /** The receiver echoed a congestion mark (RED ECN or congestion warning) on this ACK. */
  ece: boolean;
}

export type LossKind = 'dupack' | 'rto';

export type Snapshot = Record<string, number | string | boolean | null>;

export interface CongestionControl {
  /** Required. Each ACK that advances sndUna outside recovery: grow cwnd. */
  onAck(c: Conn, a: AckInfo): void;
  /** Required. The ssthresh to use after a loss of this kind, bytes; returns it, does not set it. */
  ssthresh(c: Conn, loss: LossKind): number;
  /** Required. Each duplicate ACK (c.dupAcks counts it): fast retransmit, window inflation. */
  onDupAck(c: Conn, a: AckInfo): void;
  /** Required. Each ACK that advances sndUna while in recovery: partial or full ACK. */
  onRecoveryAck(c: Conn, a: AckInfo): void;
  /** Optional. Retransmission timeout, after the sender backed off and went back to sndUna. Default: ssthresh('rto'), cwnd = 1 MSS. */
  onRto?(c: Conn): void;
  /** Optional. During recovery, the next segment to send (RFC 6675 NextSeg), or null to send nothing now. Absent: classic window rule. */
  nextSegment?(c: Conn): number | null;
  /**
   * Optional. An ACK echoing a congestion mark, after the ACK itself was processed. Absent: the
   * sender applies RFC 3168 §6.1.2 when the flow is ECN-capable (halve once per window).
   */
  onEcnEcho?(c: Conn, a: AckInfo): void;
  /** Optional. Snapshot of what the variant believes, for panels and traces. */
  inspect?(c: Conn): Snapshot;
}

export interface CcPlugin {
  /** Registry name used by the CLI's --variant and in URLs. */
  name: string;
  /** One line for menus. */
  description: string;
  /** The variant needs SACK blocks from the receiver. */
  needsSack: boolean;
  /** A fresh instance for one flow. */
  create(): CongestionControl;
}
