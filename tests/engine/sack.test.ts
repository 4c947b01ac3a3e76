/**
 * SACK-based loss recovery: RFC 2018 blocks in, RFC 6675 conservative sender out. MSS = 1000
 * bytes; "segment k" is bytes [1000k, 1000k + 1000). Ten segments are sent at t = 0; the test
 * plays the receiver, each ACK carrying the SACK blocks a real receiver would send (the block
 * holding the newest segment first).
 *
 * RFC 6675 quantities used in the hand computations:
 *   IsLost(S)  — at least DupThresh = 3 SACKed segments above S;
 *   SetPipe()  — for each unSACKed segment in [HighACK, HighData]: +1 if not IsLost, +1 if at or
 *                below HighRxt;
 *   NextSeg()  — (1) lowest unSACKed S > HighRxt with IsLost(S), (2) new data, (3) lowest
 *                unSACKed S > HighRxt below the highest SACKed byte, (4) one rescue
 *                retransmission of the highest unSACKed segment if HighACK > RescueRxt;
 *   entry      — RecoveryPoint = HighData, ssthresh = cwnd = FlightSize/2, retransmit HighACK+1,
 *                HighRxt = RescueRxt = end of that segment.
 * Transmission continues while cwnd − pipe ≥ 1 SMSS.
 */
import { describe, expect, it } from 'vitest';
import { sToNs } from '../../src/engine/core/simulator.ts';
import { sackPipe } from '../../src/engine/tcp/recovery/sack.ts';
import { tcpHarness, type TcpHarness } from '../harness/tcp-harness.ts';

/** Ten segments out; `totalSegments` 10 means no new data can follow (NextSeg rule 2 fails). */
function tenOut(totalSegments?: number) {
  // RFC 6675's own window (cwnd = ssthresh at once); "auto" would add PRR (tested in prr.test.ts).
  const h = tcpHarness({ variant: 'sack', recovery: 'sack', initialCwndSegments: 10, totalSegments });
  h.start();
  expect(h.newSent()).toHaveLength(10);
  return h;
}

const pipeOf = (h: TcpHarness): unknown => h.sender.inspect().pipeBytes;
const sent = (h: TcpHarness): string[] => h.newSent().map((s) => `${s.seq}${s.retransmit ? ' rxt' : ''}`);

/** Segment 0 lost; segments 1, 2, 3 arrive: three dupACKs of 0 with growing SACK blocks. */
function firstThree(h: TcpHarness): void {
  h.ack(0, { sack: [1000, 2000] });
  h.ack(0, { sack: [1000, 3000] });
  h.ack(0, { sack: [1000, 4000] });
}

describe('sack', () => {
  it('sack IsLost is true only with at least three SACKed segments above', () => {
    const h = tenOut(10);
    h.ack(0, { sack: [1000, 2000] });
    expect(h.sender.sack.isLost(0)).toBe(false); // 1 above
    h.ack(0, { sack: [1000, 3000] });
    expect(h.sender.sack.isLost(0)).toBe(false); // 2 above
    h.ack(0, { sack: [1000, 4000] });
    expect(h.sender.sack.isLost(0)).toBe(true); // 3 above
    expect(h.sender.sack.isLost(4000)).toBe(false); // none above
    h.ack(0, { sack: [5000, 7000, 1000, 4000] });
    expect(h.sender.sack.isLost(4000)).toBe(false); // 5, 6 above
    h.ack(0, { sack: [5000, 8000, 1000, 4000] });
    expect(h.sender.sack.isLost(4000)).toBe(true); // 5, 6, 7 above
    expect(h.sender.sack.isLost(8000)).toBe(false);
  });

  it('sack IsLost counts discontiguous SACKed segments and triggers recovery before the third dupACK', () => {
    const h = tenOut(10);
    // One ACK (the others were lost) SACKing segments 6, 8, 9.
    h.ack(0, { sack: [8000, 10000, 6000, 7000] });
    expect(h.sender.sack.isLost(5000)).toBe(true); // 6, 8, 9 above
    expect(h.sender.sack.isLost(7000)).toBe(false); // 8, 9 above
    // RFC 6675 §5 step 2: DupAcks = 1 < 3 but IsLost(HighACK + 1) ⇒ enter recovery.
    expect(h.sender.inRecovery).toBe(true);
    // FlightSize 10000 ⇒ ssthresh = cwnd = 5000.
    expect(h.ssthreshSegments).toBe(5);
    expect(h.cwndSegments).toBe(5);
    // After retransmitting 0 (HighRxt = 999): pipe = seg 0 (lost, ≤ HighRxt) 1 + segs 1–5 (lost,
    // above HighRxt) 0 + seg 7 (not lost) 1 = 2000 ⇒ room for 3: rule 1 picks the lost holes
    // 1, 2, 3 in order (pipe 3000, 4000, 5000).
    expect(sent(h)).toEqual(['0 rxt', '1000 rxt', '2000 rxt', '3000 rxt']);
    expect(pipeOf(h)).toBe(5000);
  });

  it('sack no recovery on the second dupACK', () => {
    const h = tenOut(10);
    h.ack(0, { sack: [1000, 2000] });
    h.ack(0, { sack: [1000, 3000] });
    expect(h.sender.inRecovery).toBe(false);
    expect(h.cwndSegments).toBe(10);
    expect(sent(h)).toEqual([]);
  });

  it('sack enters recovery on the third dupACK with ssthresh = cwnd = FlightSize/2', () => {
    const h = tenOut(10);
    firstThree(h);
    expect(h.sender.inRecovery).toBe(true);
    expect(h.sender.recoverSeq).toBe(10000);
    // FlightSize 10000 ⇒ 5000
    expect(h.ssthreshSegments).toBe(5);
    expect(h.cwndSegments).toBe(5);
    // pipe = seg 0 (lost, ≤ HighRxt) 1 + segs 4–9 (not lost) 6 = 7000 > cwnd: only the fast retransmit
    expect(sent(h)).toEqual(['0 rxt']);
    expect(pipeOf(h)).toBe(7000);
  });

  it('sack counts only duplicate ACKs that SACK new data (RFC 6675 §2 DupAck)', () => {
    const h = tenOut(10);
    // Three duplicates with no SACK information (echoes of resent data look like this) do not count.
    h.dupAck(3);
    expect(h.sender.inRecovery).toBe(false);
    expect(sent(h)).toEqual([]);
    // Repeating an already reported block adds nothing either.
    h.ack(0, { sack: [1000, 2000] });
    h.ack(0, { sack: [1000, 2000] });
    h.ack(0, { sack: [1000, 3000] });
    expect(h.sender.inRecovery).toBe(false);
    // The third DupAck that SACKs new data starts recovery: FlightSize 10000 ⇒ cwnd = ssthresh = 5000.
    h.ack(0, { sack: [1000, 4000] });
    expect(h.sender.inRecovery).toBe(true);
    expect(h.cwndSegments).toBe(5);
    expect(sent(h)).toEqual(['0 rxt']);
  });

  it('sack pipe follows SetPipe: 10 out, 0 and 4 lost, 1–3 and 5–9 SACKed', () => {
    const h = tenOut(10);
    firstThree(h);
    h.newSent();
    h.ack(0, { sack: [5000, 6000, 1000, 4000] });
    // seg 0: 1 (≤ HighRxt); seg 4: 1 (one SACKed above: not lost); segs 6–9: 4 ⇒ 6000
    expect(pipeOf(h)).toBe(6000);
    h.ack(0, { sack: [5000, 7000, 1000, 4000] });
    // seg 0: 1; seg 4: 1 (two above); segs 7–9: 3 ⇒ 5000; cwnd − pipe = 0
    expect(pipeOf(h)).toBe(5000);
    expect(sent(h)).toEqual([]);
    h.ack(0, { sack: [5000, 8000, 1000, 4000] });
    // seg 4 now lost (5, 6, 7 above): pipe = 1 + 0 + segs 8, 9 = 3000, room 2000 ⇒ NextSeg rule 1
    // retransmits 4 (HighRxt = 4999) ⇒ pipe = 1 + 1 + 2 = 4000; room 1000 but rules 1–3 find
    // nothing (8, 9 not lost, no new data, no hole below the highest SACK above HighRxt) and
    // rule 4 waits for HighACK > RescueRxt.
    expect(sent(h)).toEqual(['4000 rxt']);
    expect(pipeOf(h)).toBe(4000);
    h.ack(0, { sack: [5000, 9000, 1000, 4000] });
    expect(pipeOf(h)).toBe(3000); // 0, 4, 9
    h.ack(0, { sack: [5000, 10000, 1000, 4000] });
    // The scoreboard: 0 and 4 lost and both retransmitted (HighRxt = 4999), the rest SACKed
    // ⇒ pipe = 1 + 1 = 2000.
    expect(pipeOf(h)).toBe(2000);
    expect(sent(h)).toEqual([]);
    // The same scoreboard with other HighRxt values (SetPipe is a pure function of both):
    expect(sackPipe(h.sender, 0)).toBe(0); // nothing retransmitted: both holes lost, counted 0
    expect(sackPipe(h.sender, 1000)).toBe(1000); // only 0 retransmitted
    expect(sackPipe(h.sender, 5000)).toBe(2000);
  });

  it('sack NextSeg sends lost holes before new data', () => {
    const h = tenOut(); // unlimited data
    firstThree(h);
    h.ack(0, { sack: [5000, 6000, 1000, 4000] });
    h.ack(0, { sack: [5000, 7000, 1000, 4000] });
    h.newSent();
    h.ack(0, { sack: [5000, 8000, 1000, 4000] });
    // pipe 3000 (as in the SetPipe case), room 2000: rule 1 ⇒ seg 4, then rule 2 ⇒ new seg 10
    expect(sent(h)).toEqual(['4000 rxt', '10000']);
    expect(pipeOf(h)).toBe(5000);
  });

  /** Segments 0 and 7 lost: 1–6 SACKed one by one. */
  function holesZeroAndSeven(h: TcpHarness): void {
    firstThree(h);
    h.ack(0, { sack: [1000, 5000] });
    h.ack(0, { sack: [1000, 6000] });
    h.ack(0, { sack: [1000, 7000] });
  }

  it('sack NextSeg sends new data before a hole that is not yet lost', () => {
    const h = tenOut(); // unlimited data
    holesZeroAndSeven(h);
    // After 1–6: pipe = seg 0 1 + segs 7, 8, 9 (not lost) 3 = 4000, room 1000 ⇒ rule 2: seg 10
    expect(sent(h)).toEqual(['0 rxt', '10000']);
    h.ack(0, { sack: [8000, 9000, 1000, 7000] });
    // pipe = 0: 1, 7: 1 (only seg 8 above), 9: 1, 10: 1 = 4000, room 1000. Seg 7 lies below the
    // highest SACK but rule 2 (new data) comes before rule 3 ⇒ seg 11.
    expect(sent(h)).toEqual(['11000']);
  });

  it('sack NextSeg retransmits an unlost hole below the highest SACK when there is no new data (rule 3)', () => {
    const h = tenOut(10);
    holesZeroAndSeven(h);
    expect(sent(h)).toEqual(['0 rxt']);
    h.ack(0, { sack: [8000, 9000, 1000, 7000] });
    // pipe = 0: 1, 7: 1, 9: 1 = 3000, room 2000: rule 1 none (7, 9 not lost), rule 2 none,
    // rule 3: seg 7 (above HighRxt 999, below the highest SACKed byte 8999). HighRxt = 7999 ⇒
    // pipe = 1 + 2 + 1 = 4000; room 1000 but nothing left for rules 1–4.
    expect(sent(h)).toEqual(['7000 rxt']);
    expect(pipeOf(h)).toBe(4000);
  });

  it('sack rescue retransmission of the tail at most once per recovery', () => {
    // Segments 0, 8, 9 lost (tail loss), 1–7 SACKed.
    const h = tenOut(10);
    firstThree(h);
    for (const end of [5000, 6000, 7000, 8000]) h.ack(0, { sack: [1000, end] });
    // RescueRxt = 999 and HighACK = −1: rule 4 not yet allowed; 8, 9 not lost ⇒ only seg 0.
    expect(sent(h)).toEqual(['0 rxt']);
    h.ack(8000);
    // HighACK 7999 > RescueRxt 999: pipe = 8, 9 (not lost) = 2000, room 3000; rules 1–3 find
    // nothing ⇒ rule 4: the highest unSACKed segment, 9; RescueRxt = RecoveryPoint.
    expect(h.sender.inRecovery).toBe(true);
    expect(sent(h)).toEqual(['9000 rxt']);
    h.ack(8000);
    // Nothing changed but the rescue is spent: nothing is sent though cwnd − pipe = 3000.
    expect(sent(h)).toEqual([]);
    h.ack(8000, { sack: [9000, 10000] });
    // The rescue arrived: seg 8 lies below the highest SACK ⇒ rule 3 retransmits it.
    expect(sent(h)).toEqual(['8000 rxt']);
  });

  it('sack recovery ends when the cumulative ACK reaches RecoveryPoint; cwnd stays at ssthresh', () => {
    const h = tenOut(10);
    firstThree(h);
    h.ack(0, { sack: [5000, 8000, 1000, 4000] }); // seg 4 retransmitted
    h.ack(0, { sack: [5000, 10000, 1000, 4000] });
    h.ack(4000);
    // 4000 < RecoveryPoint 10000: still recovering, cwnd untouched by the partial ACK
    expect(h.sender.inRecovery).toBe(true);
    expect(h.cwndSegments).toBe(5);
    h.ack(10000);
    expect(h.sender.inRecovery).toBe(false);
    expect(h.cwndSegments).toBe(5);
    expect(h.ssthreshSegments).toBe(5);
    expect(h.events.map((e) => e.kind)).toEqual(['fast-retransmit', 'recovery-exit']);
  });

  it('sack a loss of the first segment after RecoveryPoint starts a new recovery (no RFC 6582 guard)', () => {
    const h = tenOut();
    firstThree(h); // recovery, RecoveryPoint = 10000
    h.ack(10000); // full ACK: recovery ends with sndUna = RecoveryPoint
    expect(h.sender.inRecovery).toBe(false);
    expect(h.sender.sndMax).toBeGreaterThanOrEqual(14000);
    h.newSent();
    // Segment 10 (byte 10000) lost; 11, 12, 13 arrive. RFC 6675 §5 needs only DupAcks that SACK
    // new data, outside recovery: the third starts recovery, retransmitting segment 10.
    h.ack(10000, { sack: [11000, 12000] });
    h.ack(10000, { sack: [11000, 13000] });
    expect(h.sender.inRecovery).toBe(false);
    h.ack(10000, { sack: [11000, 14000] });
    expect(h.sender.inRecovery).toBe(true);
    expect(h.sender.fastRetransmits).toBe(2);
    expect(h.newSent()[0]).toMatchObject({ seq: 10000, retransmit: true });
  });

  it('sack after a timeout no new recovery before the cumulative ACK passes RecoveryPoint (RFC 6675 §5.1)', () => {
    const h = tenOut();
    h.advance(sToNs(1)); // RecoveryPoint = 10000, ssthresh 5000, cwnd 1000
    h.ack(1000); // cwnd 2000: segments 1000, 2000 resent
    h.newSent();
    h.dupAck(3);
    expect(h.sender.inRecovery).toBe(false);
    expect(h.sender.fastRetransmits).toBe(0);
    expect(h.ssthreshSegments).toBe(5);
    expect(sent(h)).toEqual([]);
  });
});
