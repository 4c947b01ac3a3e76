/**
 * The loss-recovery plug-in interface (ns-3's `TcpRecoveryOps`, Linux's tcp_input.c kept apart
 * from `tcp_congestion_ops`): when a loss event starts, what is retransmitted, how the window
 * behaves until the losses are repaired and what a timeout does to it. Any recovery runs with
 * any window algorithm: the recovery asks the variant for ssthresh through
 * `Conn.congestionEvent()` (the variant's `ssthresh('loss')`), and for a timeout through
 * `timeoutReduction()`. The sender owns the CA state machine; a recovery moves it only with
 * `enterRecovery()`, `enterLoss()` and `exitRecovery()`.
 */
import type { AckInfo, Conn, Snapshot } from '../cc/types.ts';

/** The recoveries a scenario can name (listed in the catalogue, which the schema reads without the engine). */
export type { RecoveryAlgorithm } from '../../../catalogue/variants.ts';

export interface Recovery {
  /** Required. Each duplicate ACK, in any state (c.dupAcks already counts it): start a loss event, inflate cwnd. */
  onDupAck(c: Conn, a: AckInfo): void;
  /** Required. Each ACK that advances sndUna while in recovery: partial or full ACK. */
  onRecoveryAck(c: Conn, a: AckInfo): void;
  /** Optional. Each ACK that advances sndUna outside recovery, after the window grew. */
  onAck?(c: Conn, a: AckInfo): void;
  /** Required. A retransmission timeout, before the sender backs off and goes back to sndUna: set cwnd. */
  onTimeout(c: Conn): void;
  /** Optional. In recovery, the next segment to send (RFC 6675 NextSeg), or null for nothing now. Absent: the window rule. */
  nextSegment?(c: Conn): number | null;
  /**
   * Optional. The window comes down to ssthresh gradually over the episode and is set to it on
   * exit (PRR, RFC 6937 — the standard successor of rate-halving), rather than at once on entry.
   */
  readonly reducesGradually?: boolean;
  /** Optional. What the recovery holds (pipe, HighRxt, PRR counters), merged into the flow's snapshot. */
  inspect?(c: Conn): Snapshot;
}
