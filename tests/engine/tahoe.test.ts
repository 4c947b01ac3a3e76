/**
 * Tahoe: fast retransmit on the third duplicate ACK, then (as on a timeout) ssthresh =
 * max(FlightSize/2, 2·SMSS) (RFC 5681 eq. 4), cwnd = 1 segment, slow start from sndUna
 * (go-back-N). MSS = 1000 bytes; the harness plays the receiver.
 */
import { describe, expect, it } from 'vitest';
import { sToNs } from '../../src/engine/core/simulator.ts';
import { tcpHarness } from '../harness/tcp-harness.ts';

/** Eight segments [0, 8000) out; segment 0 is lost, so segments 1… come back as duplicates. */
function eightOut() {
  const h = tcpHarness({ variant: 'tahoe', initialCwndSegments: 8 });
  h.start();
  expect(h.newSent()).toHaveLength(8);
  return h;
}

describe('tahoe', () => {
  it('tahoe no fast retransmit on the second dupACK', () => {
    const h = eightOut();
    h.dupAck(2);
    expect(h.newSent()).toEqual([]);
    expect(h.cwndSegments).toBe(8);
    expect(h.sender.fastRetransmits).toBe(0);
  });

  it('tahoe fast retransmit at exactly the third dupACK sends segment 0 once', () => {
    const h = eightOut();
    h.dupAck(2);
    h.newSent();
    h.dupAck(1);
    // One retransmission of the first unACKed segment; cwnd = 1 segment allows nothing more.
    expect(h.newSent()).toMatchObject([{ seq: 0, retransmit: true }]);
    expect(h.sender.fastRetransmits).toBe(1);
  });

  it('tahoe fast retransmit sets ssthresh = max(FlightSize/2, 2·MSS) and cwnd = 1 MSS', () => {
    const h = eightOut();
    h.dupAck(3);
    // FlightSize = 8000 ⇒ ssthresh = max(4000, 2000) = 4000 bytes = 4 segments
    expect(h.ssthreshSegments).toBe(4);
    expect(h.cwndSegments).toBe(1);
    expect(h.sender.inRecovery).toBe(false);
  });

  it('tahoe goes back to sndUna after a fast retransmit', () => {
    const h = eightOut();
    h.dupAck(3);
    h.newSent();
    h.ack(1000);
    // slow start: cwnd 1 → 2; sending resumes at sndUna = 1000, not at sndMax = 8000
    expect(h.cwndSegments).toBe(2);
    expect(h.newSent()).toMatchObject([
      { seq: 1000, retransmit: true },
      { seq: 2000, retransmit: true },
    ]);
    h.ack(3000);
    // cwnd 2 → 3, window [3000, 6000)
    expect(h.newSent().map((s) => s.seq)).toEqual([3000, 4000, 5000]);
  });

  it('tahoe timeout: ssthresh = FlightSize/2, cwnd = 1 MSS, go-back-N', () => {
    const h = eightOut();
    h.advance(sToNs(1));
    expect(h.newSent()).toMatchObject([{ seq: 0, retransmit: true, tNs: sToNs(1) }]);
    // FlightSize = 8000 ⇒ ssthresh = 4000
    expect(h.ssthreshSegments).toBe(4);
    expect(h.cwndSegments).toBe(1);
    h.ack(1000);
    expect(h.newSent()).toMatchObject([
      { seq: 1000, retransmit: true },
      { seq: 2000, retransmit: true },
    ]);
  });

  it('tahoe timeout with a small flight: ssthresh floor of 2·MSS', () => {
    const h = tcpHarness({ variant: 'tahoe', initialCwndSegments: 2 });
    h.start();
    h.advance(sToNs(1));
    // FlightSize = 2000 ⇒ ssthresh = max(1000, 2000) = 2000
    expect(h.ssthreshSegments).toBe(2);
    expect(h.cwndSegments).toBe(1);
  });

  it('tahoe no second fast retransmit before the ACK passes the recovery point', () => {
    const h = eightOut();
    h.dupAck(3); // recovery point = sndMax = 8000; ssthresh 4000, cwnd 1000
    h.ack(1000); // cwnd 2000: segments 1000, 2000 resent
    h.newSent();
    h.dupAck(3);
    // sndUna 1000 < 8000: duplicates of resent data must not trigger another reduction
    expect(h.newSent()).toEqual([]);
    expect(h.sender.fastRetransmits).toBe(1);
    expect(h.ssthreshSegments).toBe(4);
    expect(h.cwndSegments).toBe(2);

    h.ack(8000);
    // up to the recovery point; slow start 2 → 3, window [8000, 11000)
    expect(h.cwndSegments).toBe(3);
    expect(h.newSent().map((s) => s.seq)).toEqual([8000, 9000, 10000]);
    h.dupAck(3);
    // ACK 8000 acknowledges through byte 7999 = recover, not more (RFC 6582 §3.2: "ack_number
    // − 1 > recover"): these duplicates may still echo resent data, so no fast retransmit.
    expect(h.newSent()).toEqual([]);
    expect(h.sender.fastRetransmits).toBe(1);
    h.ack(9000);
    // slow start 3 → 4, window [9000, 13000): 11000, 12000 new
    expect(h.newSent().map((s) => s.seq)).toEqual([11000, 12000]);
    h.dupAck(3);
    // past the recovery point, a new loss is repaired: FlightSize = 13000 − 9000 = 4000 ⇒
    // ssthresh = max(2000, 2000) = 2000, cwnd = 1 MSS, segment 9000 resent
    expect(h.sender.fastRetransmits).toBe(2);
    expect(h.newSent()).toMatchObject([{ seq: 9000, retransmit: true }]);
    expect(h.ssthreshSegments).toBe(2);
    expect(h.cwndSegments).toBe(1);
  });
});
