/**
 * TCP-Real (Zhang & Tsaoussidis, NOSSDAV 2001, §2), the sender side; the receiver side — wave
 * timing and the rate-ratio rule — is `real-receiver.ts`. TCP-Real extends Reno: the receiver,
 * not the sender, sizes the congestion window: data goes out in waves of 2·i segments (wave
 * level i, 1..24); every ACK carries the level the receiver wants next (the 4-byte TCP_REAL
 * option, `AckInfo.option`) and the sender sets cwnd = 2·level·MSS. Losses are repaired as in
 * Reno — fast retransmit on the third duplicate ACK, window inflation by one MSS per further
 * duplicate, deflation on the next new ACK — but the window is not halved: "in case the
 * receiving rate does not justify a drop due to congestion, the congestion window is not
 * adjusted" (§4.1); a drop due to congestion shows as a falling receiving rate, and the receiver
 * lowers the level.
 *
 * On a retransmission timeout the window falls to two segments only if no duplicate ACK arrived
 * since the timer was last set (§2.2's bit: no ACK at all means no wave information reached
 * the sender); otherwise it keeps the receiver's level. After a cut the receiver sees the
 * level-1 wave, advertises level 1 and leads the way back up with its rate-ratio rule (§2.1:
 * "backs off as Tahoe and Reno, but adjusts rapidly upwards"; real-receiver.ts). The sender's RTO
 * backoff is untouched: the timeout is extended, the window is not shrunk with it (§2.1, decoupling).
 *
 * Choices and deviations:
 * - A wave is one round of transmissions (retransmissions included): it starts with the first
 *   segment sent after the previous wave's first segment was acknowledged, and its level i is the
 *   advertised level at that moment — "the sender sends packets side by side within the
 *   congestion window every RTT, [so] from receiver's point of view, the sender sends packets in
 *   waves" (§2.1). Each segment is tagged (wave, level, index in the wave; `encodeWaveTag`) in a
 *   4-byte option (§2.1: the window "is now included in the header"), counted as
 *   `dataOptionBytes`. A level learned mid-round changes cwnd at once; the round then holds more
 *   or fewer than 2·i segments, and the receiver times what it gets (see real-receiver.ts).
 * - A timeout starts a new wave at the next transmission (level 1 if the window was cut, else
 *   the receiver's level): the go-back-N train is a new wave. With the window kept, go-back-N
 *   resends a whole window at once, as a BSD-style sender that keeps cwnd on a timeout would.
 * - Fast retransmit is Reno's: any third duplicate ACK outside recovery, with no RFC 6582
 *   `recover` test. With SACK recovery (which sends by pipe) the window is 2·level without
 *   Reno's inflation: pipe already leaves out what the duplicates reported (with the inflation
 *   the flow kept the 25-packet queue of reference-2mbps overflowing: 42 155 drops at PER 1 %).
 * - ECN echoes are not part of TCP-Real: the sender's default reaction may cut cwnd, and the
 *   receiver's level restores it on the next ACK.
 * - The level threshold and the receiving rate exist only at the receiver (traced in the `wave`
 *   table); the sender knows the levels the ACKs carry.
 */
import { encodeWaveTag, REAL_MAX_LEVEL, REAL_OPTION_BYTES, RealReceiverAgent } from './real-receiver.ts';
import type { AckInfo, CcPlugin, CongestionControl, Conn } from './types.ts';

/** Highest index a tag can carry (6 bits); later segments of an overlong round share it. */
const MAX_TAG_INDEX = 63;

function create(): CongestionControl {
  /** Latest level an ACK carried; −1 until the first segment sets it from the initial cwnd. */
  let levelAdvertised = -1;
  let waveNumber = -1;
  let waveLevel = 1;
  /** First sequence number sent in the current wave: its acknowledgment ends the round. */
  let waveFirstSeq = -1;
  let sentInWave = 0;
  /** Level of the wave a timeout forces at the next transmission; null = none pending. */
  let pendingLevel: number | null = null;
  /** §2.2's bit: a duplicate ACK arrived since the retransmission timer was last set. */
  let dupAckSinceTimer = false;

  const clampLevel = (level: number) => Math.min(REAL_MAX_LEVEL, Math.max(1, level));

  function initLevel(c: Conn): void {
    if (levelAdvertised < 0) levelAdvertised = clampLevel(Math.floor(c.cwndBytes / (2 * c.mssBytes)));
  }

  function learn(c: Conn, a: AckInfo): void {
    initLevel(c);
    // No option (−1) = no news: the receiver repeats its level in every ACK.
    if (a.option >= 1) levelAdvertised = clampLevel(a.option);
  }

  /** cwnd = 2·level·MSS, inflated by one MSS per duplicate ACK during fast recovery (Reno). */
  function setWindow(c: Conn): void {
    // Reno's inflation stands for the segments the duplicates say have left the network; a SACK
    // recovery counts those itself (it sends by pipe), so there the window is the level alone.
    c.inflationBytes = c.inRecovery && !c.sendsByPipe ? c.dupAcks * c.mssBytes : 0;
    c.cwndBytes = 2 * levelAdvertised * c.mssBytes + c.inflationBytes;
  }

  return {
    // The receiver sets the window: every ACK, whatever the recovery did with it.
    congAvoid() {},
    congControl(c, a) {
      learn(c, a);
      // A new ACK restarts the timer; a duplicate sets §2.2's bit.
      dupAckSinceTimer = a.ackedBytes === 0;
      setWindow(c);
    },
    // No threshold of its own: the receiver's level sets the window, a loss leaves ssthresh alone.
    ssthresh: (c) => c.ssthreshBytes,
    onStateChange(c, _from, to) {
      if (to !== 'loss') return;
      initLevel(c);
      pendingLevel = dupAckSinceTimer ? levelAdvertised : 1;
      dupAckSinceTimer = false;
      c.cwndBytes = 2 * pendingLevel * c.mssBytes;
    },
    segmentTag(c, seq) {
      initLevel(c);
      if (pendingLevel !== null || waveNumber < 0 || c.sndUna > waveFirstSeq) {
        waveNumber++;
        waveLevel = pendingLevel ?? levelAdvertised;
        pendingLevel = null;
        waveFirstSeq = seq;
        sentInWave = 0;
      }
      return encodeWaveTag(waveNumber, waveLevel, Math.min(sentInWave++, MAX_TAG_INDEX));
    },
    inspect: (c) => ({
      phase: c.inRecovery ? 'fast-recovery' : 'waves',
      cwndSegments: c.cwndBytes / c.mssBytes,
      waveNumber,
      currentWaveLevel: waveLevel,
      dupAckSinceTimer,
    }),
    estimates: [{ key: 'waveLevel', label: 'wave level', unit: 'level', read: () => levelAdvertised }],
  };
}

export const real: CcPlugin = {
  name: 'real',
  create,
  createReceiverAgent: () => new RealReceiverAgent(),
  dataOptionBytes: REAL_OPTION_BYTES,
};
