/**
 * Reno (RFC 5681 §3.2): fast retransmit on the third duplicate ACK, ssthresh = max(FlightSize/2,
 * 2·SMSS), cwnd = ssthresh + 3·SMSS, +1 SMSS per further duplicate, new data when the inflated
 * window allows, deflation to ssthresh on the first new ACK. MSS = 1000 bytes.
 */
import { describe, expect, it } from 'vitest';
import { tcpHarness } from '../harness/tcp-harness.ts';

function windowOut(segments: number) {
  const h = tcpHarness({ variant: 'reno', initialCwndSegments: segments });
  h.start();
  expect(h.newSent()).toHaveLength(segments);
  return h;
}

describe('reno', () => {
  it('reno no fast retransmit on the second dupACK', () => {
    const h = windowOut(8);
    h.dupAck(2);
    expect(h.newSent()).toEqual([]);
    expect(h.sender.inRecovery).toBe(false);
    expect(h.cwndSegments).toBe(8);
  });

  it('reno fast retransmit at the third dupACK: ssthresh = FlightSize/2, cwnd = ssthresh + 3·MSS', () => {
    const h = windowOut(8);
    h.dupAck(3);
    // FlightSize 8000 ⇒ ssthresh = max(4000, 2000) = 4000; cwnd = 4000 + 3000 = 7000
    expect(h.newSent()).toMatchObject([{ seq: 0, retransmit: true }]);
    expect(h.ssthreshSegments).toBe(4);
    expect(h.cwndSegments).toBe(7);
    expect(h.sender.inRecovery).toBe(true);
  });

  it('reno each further dupACK adds one MSS; new data once the inflated cwnd exceeds the flight', () => {
    const h = windowOut(8);
    h.dupAck(3);
    h.newSent();
    h.dupAck(1);
    // cwnd 8000 = FlightSize 8000: nothing new fits (sndNxt + 1000 > sndUna + cwnd)
    expect(h.cwndSegments).toBe(8);
    expect(h.newSent()).toEqual([]);
    h.dupAck(1);
    // cwnd 9000 > 8000: one new segment
    expect(h.cwndSegments).toBe(9);
    expect(h.newSent()).toMatchObject([{ seq: 8000, retransmit: false }]);
    h.dupAck(1);
    expect(h.cwndSegments).toBe(10);
    expect(h.newSent()).toMatchObject([{ seq: 9000, retransmit: false }]);
  });

  it('reno first new ACK deflates cwnd to ssthresh and ends recovery', () => {
    const h = windowOut(8);
    h.dupAck(5); // cwnd 7000 + 2·1000 = 9000, seg 8000 sent
    h.newSent();
    h.ack(8000);
    // cwnd = ssthresh = 4000; FlightSize = 9000 − 8000 = 1000 ⇒ 3 new segments fit
    expect(h.sender.inRecovery).toBe(false);
    expect(h.cwndSegments).toBe(4);
    expect(h.events.map((e) => e.kind)).toEqual(['fast-retransmit', 'recovery-exit']);
    expect(h.newSent().map((s) => s.seq)).toEqual([9000, 10000, 11000]);
  });

  it('reno a second loss in the same window costs a second halving', () => {
    // Ten segments out; 0 and 4 are lost. Segments 1–3 ⇒ 3 dupACKs.
    const h = windowOut(10);
    h.dupAck(3);
    // FlightSize 10000 ⇒ ssthresh 5000, cwnd 8000
    expect(h.ssthreshSegments).toBe(5);
    expect(h.cwndSegments).toBe(8);
    h.newSent();
    // Segments 5–9 ⇒ 5 more dupACKs: cwnd 9000, 10000, 11000, 12000, 13000; the last three
    // exceed FlightSize 10000, 11000, 12000 ⇒ segments 10000, 11000, 12000 go out.
    h.dupAck(5);
    expect(h.cwndSegments).toBe(13);
    expect(h.newSent().map((s) => s.seq)).toEqual([10000, 11000, 12000]);
    // The retransmitted segment 0 fills the first hole: ACK 4000 (segment 4 still missing).
    h.ack(4000);
    // Reno leaves recovery on any new ACK: cwnd = ssthresh = 5000; FlightSize 13000 − 4000 = 9000
    expect(h.sender.inRecovery).toBe(false);
    expect(h.cwndSegments).toBe(5);
    expect(h.newSent()).toEqual([]);
    // Segments 10000–12000 arrive above the hole ⇒ 3 dupACKs of 4000 ⇒ a second fast retransmit
    h.dupAck(2);
    expect(h.newSent()).toEqual([]);
    h.dupAck(1);
    expect(h.newSent()).toMatchObject([{ seq: 4000, retransmit: true }]);
    // ssthresh = max(9000/2, 2000) = 4500; cwnd = 4500 + 3000 = 7500
    expect(h.ssthreshSegments).toBe(4.5);
    expect(h.cwndSegments).toBe(7.5);
    expect(h.sender.fastRetransmits).toBe(2);
    h.ack(13000);
    expect(h.cwndSegments).toBe(4.5);
    expect(h.sender.inRecovery).toBe(false);
  });
});
