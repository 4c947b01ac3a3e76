/**
 * SACK-based loss recovery: RFC 2018 receiver blocks, RFC 6675 conservative sender, with the
 * window during recovery either RFC 6675's (cwnd = ssthresh from the start) or PRR's (RFC 6937,
 * prr.ts). The window algorithm is the variant's: it chooses ssthresh.
 *
 * - A duplicate ACK counts only if it SACKs new data (RFC 6675 §2 DupAck). Enter recovery on the
 *   third such ACK, or when IsLost(HighACK + 1); not in the loss state after a timeout, i.e. not
 *   before the cumulative ACK reaches that timeout's RecoveryPoint (§5.1). RecoveryPoint =
 *   HighData, the variant's ssthresh, retransmit the first segment.
 * - While in recovery the sender transmits while cwnd − pipe ≥ 1 MSS, each time what NextSeg()
 *   picks: (1) the first unSACKed segment above HighRxt that IsLost, (2) new data, (3) the first
 *   unSACKed segment above HighRxt below the highest SACK, (4) one rescue retransmission per
 *   episode.
 * - pipe (SetPipe): for every unSACKed segment, +1 if it is not lost, +1 if it lies at or below
 *   HighRxt (was retransmitted in this episode).
 * - Recovery ends when the cumulative ACK reaches RecoveryPoint; cwnd = ssthresh.
 * - After a timeout the sender goes back to sndUna and skips what is SACKed (the scoreboard is
 *   kept, as Linux does: our receiver never reneges), so only holes are resent.
 * - Beyond RFC 6675, a lost retransmission is detected as Linux does (tcp_mark_lost_retrans):
 *   once the receiver SACKs data first sent after a retransmission, that retransmission was
 *   lost too; it leaves pipe and is sent again first. RFC 6675 alone leaves it to the timeout,
 *   which under random loss of a few percent fires every few hundred segments.
 * - A recovery that starts right after another keeps HighRxt and does not resend (not even as
 *   the fast retransmit) a hole the previous episode retransmitted that is still on its way:
 *   RFC 6675's step 4.3 would move HighRxt back to HighACK and send those again.
 *
 * Deviations: the scoreboard is segment-granular (MSS-aligned segments); IsLost counts SACKed
 * segments above the sequence number (equivalent for full-sized segments).
 */
import type { AckInfo, RecoveryConn } from '../cc/types.ts';
import { lossWindow, timeoutWindow } from './common.ts';
import { Prr } from './prr.ts';
import type { Recovery } from './types.ts';

/**
 * RFC 6675 SetPipe(): the sender's estimate of bytes still in the network, walked segment by
 * segment as the RFC states it. Recovery asks the scoreboard (`c.sack.pipe`), which counts the
 * same without the walk; this one is kept as its reference and for an unaligned sndUna.
 */
export function sackPipe(c: RecoveryConn, highRxtEnd: number): number {
  let pipe = 0;
  for (let seq = c.sndUna; seq < c.sndMax; seq += c.mssBytes) {
    if (c.sack.isSacked(seq)) continue;
    const len = Math.min(c.mssBytes, c.sndMax - seq);
    if (!c.sack.isLost(seq)) pipe += len;
    if (seq < highRxtEnd) pipe += len;
  }
  return pipe;
}

export function createSackRecovery(withPrr: boolean): Recovery {
  /** One past the highest byte retransmitted in this episode (HighRxt + 1). */
  let highRxtEnd = 0;
  /** RescueRxt + 1, or -1 when none was sent. */
  let rescueEnd = -1;
  let pipeBytes = 0;
  /** RFC 6675 §2 DupAcks: duplicates that SACK new data (an echo of resent data does not). */
  let sackDupAcks = 0;
  const prr = withPrr ? new Prr() : null;
  /**
   * Retransmissions of this episode not yet found lost: first byte, and sndMax when sent. The
   * marks never decrease (sndMax does not), so the ones found lost — the highest SACKed byte has
   * passed their mark — are always the oldest: a queue from `retxHead`, whose entries already
   * acknowledged or SACKed are dropped when they reach the head.
   */
  let retxSeqs: number[] = [];
  let retxMarks: number[] = [];
  let retxHead = 0;
  /** Retransmissions found lost (data sent after them was SACKed), oldest first, not yet resent. */
  let relost: number[] = [];
  /**
   * SetPipe walks the whole window; recompute it only when the scoreboard or sndUna changed and
   * otherwise add what was just sent (each segment NextSeg returns adds its length to pipe —
   * a lost one now lies below HighRxt — except the rescue, which RFC 6675 leaves uncounted).
   */
  let pipeVersion = -1;
  let pipeUna = -1;

  function currentPipe(c: RecoveryConn): number {
    if (c.sack.version !== pipeVersion || c.sndUna !== pipeUna) {
      findLostRetransmissions(c);
      // A retransmission found lost (and still unrepaired) is no longer in the network.
      const pipe = c.sndUna % c.mssBytes === 0 ? c.sack.pipe(highRxtEnd) : sackPipe(c, highRxtEnd);
      pipeBytes = pipe - relost.length * c.mssBytes;
      pipeVersion = c.sack.version;
      pipeUna = c.sndUna;
    }
    return pipeBytes;
  }

  /** Linux tcp_mark_lost_retrans: SACKed data sent after a retransmission means it was lost. */
  function findLostRetransmissions(c: RecoveryConn): void {
    const highSacked = c.sack.highSacked;
    let found = false;
    while (retxHead < retxSeqs.length && highSacked > retxMarks[retxHead]) {
      const seq = retxSeqs[retxHead++];
      if (seq < c.sndUna || c.sack.isSacked(seq)) continue;
      relost.push(seq);
      found = true;
    }
    if (retxHead > 64 && retxHead * 2 > retxSeqs.length) {
      retxSeqs = retxSeqs.slice(retxHead);
      retxMarks = retxMarks.slice(retxHead);
      retxHead = 0;
    }
    // One found lost earlier may have been delivered since (a late ACK): it is no hole any more.
    if (relost.length > 0) {
      relost = relost.filter((seq) => seq >= c.sndUna && !c.sack.isSacked(seq));
      if (found && relost.length > 1) relost.sort((x, y) => x - y);
    }
  }

  /** Is a retransmission of `seq` from this episode still on its way (sent, not found lost)? */
  function inFlightRetransmission(c: RecoveryConn, seq: number): boolean {
    if (seq < c.sndUna || c.sack.isSacked(seq)) return false;
    for (let i = retxHead; i < retxSeqs.length; i++) if (retxSeqs[i] === seq) return true;
    return false;
  }

  function sending(c: RecoveryConn, seq: number): number {
    // New data is a full segment (at worst a short last one: pipe errs high, i.e. cautious).
    const len = seq < c.sndMax ? Math.min(c.mssBytes, c.sndMax - seq) : c.mssBytes;
    if (seq < c.sndMax) {
      retxSeqs.push(seq);
      retxMarks.push(c.sndMax);
    }
    pipeBytes += len;
    prr?.sent(len);
    return seq;
  }

  const segEnd = (c: RecoveryConn, seq: number): number => Math.min(seq + c.mssBytes, c.sndMax);

  /** PRR's window for this ACK (RFC 6937: on every ACK of the episode, the entry ACK included). */
  function prrWindow(c: RecoveryConn, a: AckInfo): void {
    if (prr === null) return;
    c.cwndBytes = prr.onAck(a.deliveredBytes, currentPipe(c), c.ssthreshBytes, c.mssBytes);
  }

  function enter(c: RecoveryConn, a: AckInfo): void {
    const flightBytes = c.flightBytes;
    const ssthresh = c.congestionEvent(a);
    if (prr === null) c.cwndBytes = lossWindow(c, ssthresh);
    c.enterRecovery();
    // An episode that starts right after another may find its first hole already retransmitted
    // by it and still on its way (Linux's per-segment "retransmitted" mark): it is not sent again
    // unless found lost, and HighRxt does not move back over those retransmissions.
    findLostRetransmissions(c);
    const resentBefore = inFlightRetransmission(c, c.sndUna) && !relost.includes(c.sndUna);
    if (!resentBefore) {
      c.fastRetransmit();
      retxSeqs.push(c.sndUna);
      retxMarks.push(c.sndMax);
    }
    relost = relost.filter((seq) => seq !== c.sndUna);
    highRxtEnd = Math.max(highRxtEnd, segEnd(c, c.sndUna));
    rescueEnd = highRxtEnd;
    pipeVersion = -1;
    if (prr !== null) {
      prr.start(flightBytes);
      if (!resentBefore) prr.sent(segEnd(c, c.sndUna) - c.sndUna);
      prrWindow(c, a);
    }
  }

  function nextSegment(c: RecoveryConn): number | null {
    if (c.cwndBytes - currentPipe(c) < c.mssBytes) return null;
    // First a retransmission found lost (counted out of pipe already: sending it counts it back).
    while (relost.length > 0) {
      const seq = relost.shift() as number;
      if (seq < c.sndUna || c.sack.isSacked(seq)) continue;
      c.noteLost();
      return sending(c, seq);
    }
    const from = Math.max(c.sndUna, highRxtEnd);
    // Rule 1: a lost hole above HighRxt (lost ones all lie below the boundary).
    const lostTo = Math.min(c.sack.lostBoundary, c.sndMax);
    if (from < lostTo) {
      const seq = c.sack.nextUnsacked(from);
      if (seq < lostTo) {
        highRxtEnd = segEnd(c, seq);
        c.noteLost();
        return sending(c, seq);
      }
    }
    // Rule 2: new data.
    if (c.canSendNewData()) return sending(c, c.sndMax);
    // Rule 3: an unSACKed hole above HighRxt below the highest SACKed byte.
    const holesTo = Math.min(c.sack.highSacked, c.sndMax);
    if (from < holesTo) {
      const seq = c.sack.nextUnsacked(from);
      if (seq < holesTo) {
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
          prr?.sent(Math.min(c.mssBytes, c.sndMax - seq));
          return seq;
        }
      }
    }
    return null;
  }

  return {
    reducesGradually: prr !== null,
    onAck() {
      sackDupAcks = 0;
    },
    onDupAck(c, a) {
      if (a.sackedSegments > 0) sackDupAcks++;
      if (c.inRecovery) {
        prrWindow(c, a);
        return;
      }
      if (c.caState === 'loss') return;
      if (sackDupAcks >= c.dupAckThreshold || c.sack.isLost(c.sndUna)) enter(c, a);
    },
    onRecoveryAck(c, a) {
      sackDupAcks = 0;
      if (c.sndUna >= c.recoverSeq) {
        if (prr !== null) c.cwndBytes = c.ssthreshBytes;
        c.exitRecovery();
      } else prrWindow(c, a);
    },
    onTimeout(c) {
      timeoutWindow(c);
      retxSeqs = [];
      retxMarks = [];
      retxHead = 0;
      relost = [];
      highRxtEnd = c.sndUna;
      rescueEnd = -1;
      sackDupAcks = 0;
      pipeVersion = -1;
    },
    nextSegment,
    inspect: (c) => ({
      pipeBytes,
      highRxt: highRxtEnd - 1,
      recoveryPoint: c.recoverSeq,
      ...(prr !== null ? { prrDeliveredBytes: prr.deliveredBytes, prrOutBytes: prr.outBytes, sndcntBytes: prr.sndcntBytes } : {}),
    }),
  };
}
