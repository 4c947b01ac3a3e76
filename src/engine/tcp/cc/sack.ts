/**
 * SACK-based loss recovery: RFC 2018 receiver blocks, RFC 6675 conservative sender.
 *
 * - A duplicate ACK counts only if it SACKs new data (RFC 6675 §2 DupAck). Enter recovery on
 *   the third such ACK, or when IsLost(HighACK + 1); after a timeout, only once the cumulative
 *   ACK has reached that timeout's RecoveryPoint (§5.1). RecoveryPoint = HighData,
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
import { classicSnapshot, classicWindow, renoSsthresh, timeoutWindow } from './common.ts';
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
  /** RFC 6675 §2 DupAcks: duplicates that SACK new data (an echo of resent data does not). */
  let sackDupAcks = 0;
  /** After a timeout, no new recovery until HighACK ≥ RecoveryPoint (§5.1). */
  let afterRto = false;
  /**
   * SetPipe walks the whole window; recompute it only when the scoreboard or sndUna changed and
   * otherwise add what was just sent (each segment NextSeg returns adds its length to pipe —
   * a lost one now lies below HighRxt — except the rescue, which RFC 6675 leaves uncounted).
   */
  let pipeVersion = -1;
  let pipeUna = -1;

  function currentPipe(c: Conn): number {
    if (c.sack.version !== pipeVersion || c.sndUna !== pipeUna) {
      pipeBytes = sackPipe(c, highRxtEnd);
      pipeVersion = c.sack.version;
      pipeUna = c.sndUna;
    }
    return pipeBytes;
  }

  function sending(c: Conn, seq: number): number {
    // New data is a full segment (at worst a short last one: pipe errs high, i.e. cautious).
    pipeBytes += seq < c.sndMax ? Math.min(c.mssBytes, c.sndMax - seq) : c.mssBytes;
    return seq;
  }

  const segEnd = (c: Conn, seq: number): number => Math.min(seq + c.mssBytes, c.sndMax);

  function enter(c: Conn): void {
    const ssthresh = renoSsthresh(c);
    c.ssthreshBytes = ssthresh;
    c.cwndBytes = ssthresh;
    c.enterRecovery();
    c.fastRetransmit();
    highRxtEnd = segEnd(c, c.sndUna);
    rescueEnd = highRxtEnd;
    pipeVersion = -1;
  }

  function nextSegment(c: Conn): number | null {
    if (c.cwndBytes - currentPipe(c) < c.mssBytes) return null;
    const from = Math.max(c.sndUna, highRxtEnd);
    // Rule 1: a lost hole above HighRxt (lost ones all lie below the boundary).
    for (let seq = from; seq < Math.min(c.sack.lostBoundary, c.sndMax); seq += c.mssBytes) {
      if (!c.sack.isSacked(seq)) {
        highRxtEnd = segEnd(c, seq);
        return sending(c, seq);
      }
    }
    // Rule 2: new data.
    if (c.canSendNewData()) return sending(c, c.sndMax);
    // Rule 3: an unSACKed hole above HighRxt below the highest SACKed byte.
    for (let seq = from; seq < Math.min(c.sack.highSacked, c.sndMax); seq += c.mssBytes) {
      if (!c.sack.isSacked(seq)) {
        highRxtEnd = segEnd(c, seq);
        return sending(c, seq);
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
    onAck(c, a) {
      sackDupAcks = 0;
      if (afterRto && c.sndUna >= c.recoverSeq) afterRto = false;
      classicWindow.onAck(c, a);
    },
    onDupAck(c, a) {
      if (a.sackedSegments > 0) sackDupAcks++;
      if (c.inRecovery || afterRto) return;
      if (sackDupAcks >= c.dupAckThreshold || c.sack.isLost(c.sndUna)) enter(c);
    },
    onRecoveryAck(c) {
      sackDupAcks = 0;
      if (c.sndUna >= c.recoverSeq) c.exitRecovery();
    },
    onRto(c) {
      timeoutWindow(c, renoSsthresh(c));
      highRxtEnd = c.sndUna;
      rescueEnd = -1;
      sackDupAcks = 0;
      afterRto = true;
      pipeVersion = -1;
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
