/**
 * Vegas (Brakmo & Peterson 1995; Linux tcp_vegas.c): once per round, with RTT = the round's
 * smallest sample and baseRTT = the smallest ever, Diff = cwnd·(RTT − baseRTT)/RTT segments;
 * congestion avoidance: Diff < α (1) ⇒ +1 segment, Diff > β (3) ⇒ −1 segment, else hold;
 * slow start: Diff > γ (1) ⇒ cwnd = min(cwnd, ⌊cwnd·baseRTT/RTT⌋ + 1), ssthresh = cwnd − 1;
 * a round with fewer than 3 RTT samples ⇒ Reno growth.
 *
 * Without timestamps the sender's RTT sample is now − send time of the newest segment an ACK
 * covers, so the tests set RTTs by moving the clock. MSS = 1000 bytes.
 */
import { describe, expect, it } from 'vitest';
import { msToNs } from '../../src/engine/core/simulator.ts';
import { tcpHarness } from '../harness/tcp-harness.ts';

/**
 * cwnd 4, ssthresh `ssthresh` segments. Segments 0–3 leave at t = 0. At t = 100 ms:
 * - ACK 1000 (RTT 100 ms, baseRTT 100 ms) closes the empty first round (1 sample < 3 ⇒ Reno:
 *   slow start, cwnd 5); the next round ends at sndNxt = 4000. Sends 4000, 5000.
 * - ACK 2000, 3000 (RTT 100): slow start, cwnd 6, 7; sends 6000–9000 (sndNxt 10000).
 * - ACK 4000 (RTT 100) ends the round with 3 samples: Diff = 7·0/100 = 0 ≤ γ ⇒ slow start,
 *   cwnd 8; Vegas now in charge. The next round ends at 10000. Sends 10000, 11000.
 * All of 4000–11000 left at t = 100 ms.
 */
function vegasAfterFirstRounds(ssthreshSegments?: number) {
  const h = tcpHarness({ variant: 'vegas', initialCwndSegments: 4, ...(ssthreshSegments === undefined ? {} : { initialSsthreshSegments: ssthreshSegments }) });
  h.start();
  h.advance(msToNs(100));
  h.ack(1000);
  expect(h.cwndSegments).toBe(5);
  h.ack(2000);
  h.ack(3000);
  h.ack(4000);
  expect(h.cwndSegments).toBe(8);
  expect(h.sender.inspect().diffSegments).toBe(0);
  expect(h.sender.sndMax).toBe(12000);
  return h;
}

/**
 * Congestion avoidance (ssthresh 8, so cwnd 8 is at the threshold after the first rounds). After
 * `rttMs`, ACKs 6000, 8000, 10000 each take an RTT sample of rttMs (segments 5000, 7000, 9000
 * left at t = 100 ms); the first two are mid-round (hold), the third ends the round.
 */
function congestionAvoidanceRound(rttMs: number) {
  const h = vegasAfterFirstRounds(8);
  expect(h.sender.inspect().phase).toBe('congestion-avoidance');
  h.advance(msToNs(rttMs));
  h.ack(6000);
  h.ack(8000);
  // mid-round: Vegas waits for the round's end
  expect(h.cwndSegments).toBe(8);
  h.ack(10000);
  return h;
}

describe('vegas', () => {
  it('vegas congestion avoidance: Diff < α adds one segment at the round end', () => {
    // Diff = 8·(105 − 100)/105 = 0.381 < 1 ⇒ cwnd 9
    const h = congestionAvoidanceRound(105);
    expect(h.sender.inspect().diffSegments).toBeCloseTo(40 / 105, 9);
    expect(h.cwndSegments).toBe(9);
    expect(h.ssthreshSegments).toBe(8);
  });

  it('vegas congestion avoidance: α ≤ Diff ≤ β holds the window', () => {
    // Diff = 8·(120 − 100)/120 = 1.333 ∈ [1, 3] ⇒ cwnd stays 8
    const h = congestionAvoidanceRound(120);
    expect(h.sender.inspect().diffSegments).toBeCloseTo(4 / 3, 9);
    expect(h.cwndSegments).toBe(8);
  });

  it('vegas congestion avoidance: Diff > β removes one segment and pulls ssthresh below cwnd', () => {
    // Diff = 8·(200 − 100)/200 = 4 > 3 ⇒ cwnd 7, ssthresh = min(8, 7 − 1) = 6
    const h = congestionAvoidanceRound(200);
    expect(h.sender.inspect().diffSegments).toBe(4);
    expect(h.cwndSegments).toBe(7);
    expect(h.ssthreshSegments).toBe(6);
  });

  it('vegas slow start ends when Diff > γ with cwnd = min(cwnd, target + 1)', () => {
    const h = vegasAfterFirstRounds();
    h.advance(msToNs(150));
    // Segments 5000, 7000, 9000 left at t = 100 ms ⇒ samples of 150 ms. ACK 6000 and 8000 are
    // mid-round: slow start goes on, cwnd 9, 10.
    h.ack(6000);
    h.ack(8000);
    expect(h.cwndSegments).toBe(10);
    h.ack(10000);
    // Round end, 3 samples, RTT 150: Diff = 10·(150 − 100)/150 = 3.33 > γ = 1.
    // target = ⌊10·100/150⌋ = ⌊6.67⌋ = 6 ⇒ cwnd = min(10, 7) = 7; ssthresh = 7 − 1 = 6.
    expect(h.sender.inspect().diffSegments).toBeCloseTo(10 / 3, 9);
    expect(h.cwndSegments).toBe(7);
    expect(h.ssthreshSegments).toBe(6);
    expect(h.sender.inspect().phase).toBe('congestion-avoidance');
  });

  it('vegas a round with fewer than 3 RTT samples grows as Reno, and so does the next round', () => {
    const h = vegasAfterFirstRounds(8);
    h.advance(msToNs(120));
    // One cumulative ACK ends the round with 1 sample (RTT 120 would mean "hold" to Vegas):
    // Reno congestion avoidance, cwnd = 8000 + 1000·1000/8000 = 8125 bytes.
    h.ack(10000);
    expect(h.sender.cwndBytes).toBe(8125);
    expect(h.sender.inspect().vegasActive).toBe(false);
    // Next round (ends at sndNxt 12000): a mid-round ACK grows as Reno too:
    // 8125 + 1000·1000/8125 = 8248.077 bytes.
    h.ack(11000);
    expect(h.sender.cwndBytes).toBeCloseTo(8125 + 1e6 / 8125, 6);
  });

  it('vegas loss: NewReno recovery with ssthresh = FlightSize/2', () => {
    const h = vegasAfterFirstRounds(8);
    // sndMax 12000, sndUna 4000: FlightSize 8000 ⇒ ssthresh 4000, cwnd 4000 + 3000 = 7000
    h.dupAck(3);
    expect(h.ssthreshSegments).toBe(4);
    expect(h.cwndSegments).toBe(7);
    expect(h.sender.inRecovery).toBe(true);
  });

  it('vegas traces its Diff as an estimate', () => {
    const h = congestionAvoidanceRound(200);
    const diffs = h.estimates.filter((e) => e.key === 'diffSegments').map((e) => e.value);
    // first-rounds Diff 0, then 4
    expect(diffs).toEqual([0, 4]);
  });
});
