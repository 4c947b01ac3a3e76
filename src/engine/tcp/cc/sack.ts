/**
 * SACK-based loss recovery: RFC 2018 receiver blocks, RFC 6675 conservative sender.
 *
 * - Enter recovery on the third duplicate ACK, or when IsLost(HighACK + 1), unless the
 *   cumulative ACK has not yet passed the previous RecoveryPoint: RecoveryPoint = HighData,
 *   ssthresh = cwnd = max(FlightSize/2, 2·MSS), retransmit the first segment.
 * - While in recovery the sender transmits while cwnd − pipe ≥ 1 MSS, each time what
 *   NextSeg() picks: (1) the first unSACKed segment above HighRxt that IsLost, (2) new data,
 *   (3) the first unSACKed segment above HighRxt below the highest SACK, (4) one rescue
 *   retransmission per episode.
 * - pipe (SetPipe): for every unSACKed segment, +1 if it is not lost, +1 if it lies at or below
 *   HighRxt (was retransmitted in this episode).
 * - Recovery ends when the cumulative ACK reaches RecoveryPoint; cwnd stays at ssthresh.
 *
 * Deviations: the scoreboard is segment-granular (MSS-aligned segments); IsLost counts SACKed
 * segments above the sequence number (equivalent for full-sized segments); no limited transmit.
 */
import { classicSnapshot, classicWindow, pastRecoveryPoint, renoSsthresh, timeoutWindow } from './common.ts';
import type { CcPlugin, CongestionControl, Conn } from './types.ts';

/** RFC 6675 SetPipe(): the sender's estimate of bytes still in the network. */
export function sackPipe(c: Conn, highRxtEnd: number): number {
  let pipe = 0;
  for (let seq = c.sndUna; seq < c.sndMax; seq += c.mssBytes) {
    if (c.sack.isSacked(seq)) continue;
    const len = Math.min(c.mssBytes, c.sndMax - seq);
    if (!c.sack.isLost(seq)) pipe += len;
    if (seq < highRxtEnd) pipe += len;
  }
  return pipe;
}

function create(): CongestionControl {
  /** One past the highest byte retransmitted in this episode (HighRxt + 1). */
  let highRxtEnd = 0;
  /** RescueRxt + 1, or -1 when none was sent. */
  let rescueEnd = -1;
  let pipeBytes = 0;

  const segEnd = (c: Conn, seq: number): number => Math.min(seq + c.mssBytes, c.sndMax);

  function enter(c: Conn): void {
    const ssthresh = renoSsthresh(c);
    c.ssthreshBytes = ssthresh;
    c.cwndBytes = ssthresh;
    c.enterRecovery();
    c.fastRetransmit();
    highRxtEnd = segEnd(c, c.sndUna);
    rescueEnd = highRxtEnd;
  }

  function nextSegment(c: Conn): number | null {
    pipeBytes = sackPipe(c, highRxtEnd);
    if (c.cwndBytes - pipeBytes < c.mssBytes) return null;
    const from = Math.max(c.sndUna, highRxtEnd);
    // Rule 1: a lost hole above HighRxt.
    for (let seq = from; seq < c.sndMax; seq += c.mssBytes) {
      if (!c.sack.isSacked(seq) && c.sack.isLost(seq)) {
        highRxtEnd = segEnd(c, seq);
        return seq;
      }
    }
    // Rule 2: new data.
    if (c.canSendNewData()) return c.sndMax;
    // Rule 3: an unSACKed hole above HighRxt below the highest SACKed byte.
    for (let seq = from; seq < Math.min(c.sack.highSacked, c.sndMax); seq += c.mssBytes) {
      if (!c.sack.isSacked(seq)) {
        highRxtEnd = segEnd(c, seq);
        return seq;
      }
    }
    // Rule 4: one rescue retransmission of the highest unSACKed segment per episode, once
    // HighACK (sndUna − 1) > RescueRxt (rescueEnd − 1).
    if (c.sndUna > rescueEnd) {
      for (let seq = c.sndMax - 1 - ((c.sndMax - 1) % c.mssBytes); seq >= c.sndUna; seq -= c.mssBytes) {
        if (!c.sack.isSacked(seq)) {
          rescueEnd = c.recoverSeq;
          return seq;
        }
      }
    }
    return null;
  }

  return {
    ...classicWindow,
    onDupAck(c) {
      if (c.inRecovery || !pastRecoveryPoint(c)) return;
      if (c.dupAcks >= c.dupAckThreshold || c.sack.isLost(c.sndUna)) enter(c);
    },
    onRecoveryAck(c) {
      if (c.sndUna >= c.recoverSeq) c.exitRecovery();
    },
    onRto(c) {
      timeoutWindow(c, renoSsthresh(c));
      highRxtEnd = c.sndUna;
      rescueEnd = -1;
    },
    nextSegment,
    inspect: (c) => ({ ...classicSnapshot(c), pipeBytes, highRxt: highRxtEnd - 1, recoveryPoint: c.recoverSeq }),
  };
}

export const sack: CcPlugin = {
  name: 'sack',
  description: 'SACK (RFC 6675): the receiver reports holes, the sender repairs several per RTT',
  needsSack: true,
  create,
};
