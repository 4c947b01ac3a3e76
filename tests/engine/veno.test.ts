/**
 * Veno (Fu & Liew 2003): backlog N = cwnd·(RTT − baseRTT)/RTT segments (latest RTT sample,
 * baseRTT the smallest), β = 3. Loss with N < β is random: ssthresh = cwnd·4/5; otherwise
 * congestive: ssthresh = cwnd/2 (then NewReno fast recovery: cwnd = ssthresh + 3). Congestion
 * avoidance: Reno growth (MSS·MSS/cwnd) on every new ACK while N < β, on every other one while
 * N ≥ β.
 *
 * Without timestamps an RTT sample is now − send time of the newest segment the ACK covers.
 * MSS = 1000 bytes; cwnd 4, ssthresh 5 segments: segments 0–3 leave at t = 0; at t = 100 ms
 * ACK 1000 gives RTT = baseRTT = 100 ms, N = 0, slow start to cwnd 5 = ssthresh (congestion
 * avoidance from here) and sends 4000, 5000 (sndMax 6000).
 */
import { describe, expect, it } from 'vitest';
import { msToNs } from '../../src/engine/core/simulator.ts';
import { tcpHarness } from '../harness/tcp-harness.ts';

function venoAtCwnd5() {
  const h = tcpHarness({ variant: 'veno', initialCwndSegments: 4, initialSsthreshSegments: 5 });
  h.start();
  h.advance(msToNs(100));
  h.ack(1000);
  expect(h.cwndSegments).toBe(5);
  expect(h.sender.inspect().backlogSegments).toBe(0);
  return h;
}

/** Then at t = 300 ms ACK 2000 (segment 1000 left at t = 0): RTT 300 ms, N = 5·200/300 = 3.33 ≥ β. */
function venoCongestive() {
  const h = venoAtCwnd5();
  h.advance(msToNs(200));
  h.ack(2000);
  expect(h.sender.inspect().backlogSegments).toBeCloseTo(10 / 3, 9);
  expect(h.sender.inspect().state).toBe('congestive');
  return h;
}

describe('veno', () => {
  it('veno loss with N < β is random: ssthresh = cwnd·4/5', () => {
    const h = venoAtCwnd5();
    h.dropped(1000, 'channel-error');
    h.dupAck(3);
    // N = 0 < 3 ⇒ ssthresh = 5000·4/5 = 4000, cwnd = 4000 + 3000 = 7000
    // (Reno would take FlightSize/2 = 5000/2 = 2500)
    expect(h.ssthreshSegments).toBe(4);
    expect(h.cwndSegments).toBe(7);
    expect(h.sender.inRecovery).toBe(true);
    expect(h.verdicts).toMatchObject([{ seq: 1000, verdict: 'wireless', truth: 'wireless' }]);
  });

  it('veno loss with N ≥ β is congestive: ssthresh = cwnd/2', () => {
    const h = venoCongestive();
    // the first congestive ACK did not grow cwnd (every other ACK): still 5
    expect(h.cwndSegments).toBe(5);
    h.dupAck(3);
    // N = 3.33 ≥ 3 ⇒ ssthresh = 5000/2 = 2500, cwnd = 2500 + 3000 = 5500
    expect(h.ssthreshSegments).toBe(2.5);
    expect(h.cwndSegments).toBe(5.5);
    expect(h.verdicts).toMatchObject([{ seq: 2000, verdict: 'congestion', truth: 'none' }]);
  });

  it('veno congestion avoidance grows on every other ACK while N ≥ β, on every ACK below', () => {
    const h = venoCongestive();
    const cwnd = [h.sender.cwndBytes];
    // ACK 3000, 4000 at t = 300 ms: segments 2000, 3000 left at t = 0 ⇒ RTT 300 ms
    h.ack(3000); // N = 5·200/300 = 3.33: second congestive ACK ⇒ 5000 + 1e6/5000 = 5200
    cwnd.push(h.sender.cwndBytes);
    h.ack(4000); // N = 5.2·200/300 = 3.47: third ⇒ hold
    cwnd.push(h.sender.cwndBytes);
    // ACK 5000: segment 4000 left at t = 100 ms ⇒ RTT 200 ms, N = 5.2·100/200 = 2.6 < 3 ⇒ Reno:
    // 5200 + 1e6/5200 = 5392.31
    h.ack(5000);
    cwnd.push(h.sender.cwndBytes);
    expect(cwnd.slice(0, 3)).toEqual([5000, 5200, 5200]);
    expect(cwnd[3]).toBeCloseTo(5200 + 1e6 / 5200, 6);
    expect(h.sender.inspect().state).toBe('non-congestive');
  });

  it('veno timeout with N < β: cwnd = 1 segment, ssthresh = cwnd·4/5', () => {
    const h = venoAtCwnd5();
    // RTO = max(1 s, 100 + 4·50 ms) = 1 s from t = 100 ms
    h.advance(msToNs(1000));
    expect(h.sender.timeouts).toBe(1);
    expect(h.cwndSegments).toBe(1);
    expect(h.ssthreshSegments).toBe(4);
    expect(h.verdicts).toMatchObject([{ verdict: 'wireless' }]);
  });

  it('veno timeout inside NewReno recovery: ssthresh = 4/5 of the window without the inflation', () => {
    const h = venoAtCwnd5();
    h.dupAck(5);
    // third duplicate: ssthresh 4, cwnd 4 + 3 = 7; two more inflate it to 9 (inflation 5 segments)
    expect(h.cwndSegments).toBe(9);
    // RTO = 1 s from the fast retransmit at t = 100 ms; latest RTT 100 ms = baseRTT ⇒ N = 0 < β.
    h.advance(msToNs(1000));
    expect(h.sender.timeouts).toBe(1);
    // 4/5 of the window 9 − 5 = 4 segments = 3.2 (4/5 of the inflated 9 would be 7.2)
    expect(h.ssthreshSegments).toBeCloseTo(3.2, 9);
    expect(h.cwndSegments).toBe(1);
  });

  it('veno traces its backlog N as an estimate', () => {
    const h = venoCongestive();
    const n = h.estimates.filter((e) => e.key === 'backlogSegments').map((e) => e.value);
    expect(n[0]).toBe(0);
    expect(n[n.length - 1]).toBeCloseTo(10 / 3, 9);
  });
});
