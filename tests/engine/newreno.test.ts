/**
 * NewReno (RFC 6582 §3.2): recover = highest byte sent at the third duplicate ACK; a partial
 * ACK retransmits the first unacknowledged segment, deflates cwnd by the bytes acknowledged (+1
 * SMSS back if at least one SMSS was acknowledged) and keeps recovery; a full ACK sets cwnd =
 * min(ssthresh, max(FlightSize, SMSS) + SMSS) and exits (step 3, option 1); a third duplicate
 * ACK not covering `recover` does not start a new recovery (step 2). MSS = 1000 bytes.
 */
import { describe, expect, it } from 'vitest';
import { sToNs } from '../../src/engine/core/simulator.ts';
import { tcpHarness } from '../harness/tcp-harness.ts';

/**
 * Ten segments out; 0 and 4 lost. Dupacks from 1–3 ⇒ fast retransmit: recover = 10000,
 * ssthresh = max(10000/2, 2000) = 5000, cwnd = 5000 + 3000 = 8000. Dupacks from 5–9 ⇒ cwnd
 * 9000 … 13000, new segments 10000, 11000, 12000 (cwnd exceeds FlightSize 10000, 11000, 12000).
 */
function twoLosses() {
  const h = tcpHarness({ variant: 'newreno', initialCwndSegments: 10 });
  h.start();
  h.newSent();
  h.dupAck(3);
  expect(h.newSent()).toMatchObject([{ seq: 0, retransmit: true }]);
  expect(h.sender.recoverSeq).toBe(10000);
  expect(h.ssthreshSegments).toBe(5);
  expect(h.cwndSegments).toBe(8);
  h.dupAck(5);
  expect(h.cwndSegments).toBe(13);
  expect(h.newSent().map((s) => s.seq)).toEqual([10000, 11000, 12000]);
  return h;
}

describe('newreno', () => {
  it('newreno partial ACK retransmits the next hole at once and stays in recovery', () => {
    const h = twoLosses();
    h.ack(4000);
    // 4000 < recover 10000: partial. Retransmit segment 4000 now.
    // cwnd = 13000 − 4000 (acked) + 1000 (≥ 1 SMSS acked) = 10000.
    // FlightSize = 13000 − 4000 = 9000 ⇒ one new segment fits (13000 + 1000 ≤ 4000 + 10000).
    expect(h.sender.inRecovery).toBe(true);
    expect(h.cwndSegments).toBe(10);
    expect(h.ssthreshSegments).toBe(5);
    expect(h.newSent()).toMatchObject([
      { seq: 4000, retransmit: true },
      { seq: 13000, retransmit: false },
    ]);
  });

  it('newreno partial ACK of less than one MSS deflates without adding one back', () => {
    const h = tcpHarness({ variant: 'newreno', initialCwndSegments: 10 });
    h.start();
    h.dupAck(3); // cwnd 8000, recover 10000
    h.newSent();
    h.ack(500);
    // acked 500 < SMSS: cwnd = 8000 − 500 = 7500; first unACKed byte 500 resent
    expect(h.sender.inRecovery).toBe(true);
    expect(h.sender.cwndBytes).toBe(7500);
    expect(h.newSent()).toMatchObject([{ seq: 500, retransmit: true }]);
  });

  it('newreno further dupACKs in recovery inflate cwnd by one MSS', () => {
    const h = twoLosses();
    h.ack(4000); // cwnd 10000, sndMax 14000
    h.newSent();
    h.dupAck(3);
    // cwnd 11000, 12000, 13000 against FlightSize 10000, 11000, 12000 ⇒ one new segment each
    expect(h.cwndSegments).toBe(13);
    expect(h.newSent().map((s) => s.seq)).toEqual([14000, 15000, 16000]);
  });

  it('newreno full ACK exits with cwnd = min(ssthresh, max(FlightSize, MSS) + MSS): FlightSize 0', () => {
    const h = twoLosses();
    h.ack(4000); // sndMax 14000
    h.ack(14000);
    // FlightSize 0 ⇒ min(5000, max(0, 1000) + 1000) = 2000
    expect(h.sender.inRecovery).toBe(false);
    expect(h.cwndSegments).toBe(2);
    expect(h.events.map((e) => e.kind)).toEqual(['fast-retransmit', 'recovery-exit']);
  });

  it('newreno full ACK with a small flight: cwnd = FlightSize + MSS', () => {
    const h = twoLosses();
    h.ack(4000); // sndMax 14000
    h.ack(11000);
    // 11000 ≥ recover 10000: full. FlightSize 3000 ⇒ min(5000, 3000 + 1000) = 4000
    expect(h.sender.inRecovery).toBe(false);
    expect(h.cwndSegments).toBe(4);
  });

  it('newreno full ACK with a large flight: cwnd = ssthresh', () => {
    const h = twoLosses();
    h.ack(4000);
    h.dupAck(3); // sndMax 17000
    h.ack(10000);
    // FlightSize 7000 ⇒ min(5000, 8000) = 5000
    expect(h.sender.inRecovery).toBe(false);
    expect(h.cwndSegments).toBe(5);
  });

  it('newreno after a timeout, three dupACKs below recover do not start fast retransmit', () => {
    const h = tcpHarness({ variant: 'newreno', initialCwndSegments: 10 });
    h.start();
    h.advance(sToNs(1));
    // Timeout: recover = 10000, ssthresh = 10000/2 = 5000, cwnd = 1000, segment 0 resent.
    expect(h.sender.recoverSeq).toBe(10000);
    h.ack(1000); // cwnd 2000: 1000, 2000 resent
    h.ack(3000); // cwnd 3000: 3000, 4000, 5000 resent
    h.newSent();
    h.dupAck(3);
    // ACK 3000 does not cover recover (10000): no fast retransmit, ssthresh not reset
    // (a wrong entry would give ssthresh = (10000 − 3000)/2 = 3500, cwnd 6500).
    expect(h.newSent()).toEqual([]);
    expect(h.sender.fastRetransmits).toBe(0);
    expect(h.sender.inRecovery).toBe(false);
    expect(h.ssthreshSegments).toBe(5);
    expect(h.cwndSegments).toBe(3);

    h.ack(10000);
    // Acknowledges through byte 9999 = recover; slow start 3 → 4: segments 10000–13000 new
    expect(h.newSent().map((s) => s.seq)).toEqual([10000, 11000, 12000, 13000]);
    h.dupAck(3);
    // Still no fast retransmit: the ACK must cover MORE than recover ("ack_number − 1 >
    // recover", RFC 6582 §3.2), these duplicates may echo the go-back-N resends.
    expect(h.newSent()).toEqual([]);
    expect(h.sender.fastRetransmits).toBe(0);
    h.ack(11000);
    // slow start 4 → 5, window [11000, 16000): 14000, 15000 new
    expect(h.newSent().map((s) => s.seq)).toEqual([14000, 15000]);
    h.dupAck(3);
    // Now a real fast retransmit: FlightSize = 16000 − 11000 = 5000 ⇒ ssthresh = 2500,
    // cwnd = 2500 + 3·1000 = 5500; the next new segment would end at 17000 > 11000 + 5500.
    expect(h.newSent()).toMatchObject([{ seq: 11000, retransmit: true }]);
    expect(h.sender.inRecovery).toBe(true);
    expect(h.ssthreshSegments).toBe(2.5);
    expect(h.cwndSegments).toBe(5.5);
  });
});
