/**
 * TCP-Real (Zhang & Tsaoussidis 2001, §2.2). The receiver agent is driven directly through a
 * fake ReceiverView (the test sets the clock and fires timers by hand); the sender through the
 * TCP harness, playing the receiver with ACKs that carry the wave level. Expectations are
 * computed by hand in the comments from the rate-ratio rule
 *   next = level·(1 − a + a·ratio)
 * with the default weight table a = 1 (rise, below threshold), ¼ (rise, at/above), 1 (fall,
 * at/above), ½ (fall, below); a rate that did not fall (ratio ≥ 0.9) grows the level by at
 * least ×2 (capped at the threshold) below the threshold and +1 at or above it.
 * MSS = 1000 bytes, so one segment is 8000 bits.
 */
import { describe, expect, it } from 'vitest';
import { msToNs } from '../../src/engine/core/simulator.ts';
import { decodeWaveTag, encodeWaveTag, nextWaveLevel, RealReceiverAgent } from '../../src/engine/tcp/cc/real-receiver.ts';
import type { ReceiverView } from '../../src/engine/tcp/cc/types.ts';
import { receiverHarness, tcpHarness } from '../harness/tcp-harness.ts';

/** A receiver as the agent sees it: the test moves `nowNs`; timers and wave records are collected. */
function fakeReceiver() {
  const timers: { atNs: number; id: number }[] = [];
  const view = {
    nowNs: 0,
    mssBytes: 1000,
    rcvNxt: 0,
    setTimer(delayNs: number, id: number) {
      timers.push({ atNs: view.nowNs + delayNs, id });
    },
  } satisfies ReceiverView;
  const agent = new RealReceiverAgent();
  return {
    agent,
    view,
    timers,
    /** The agent's reported decisions, kept (the receiver would trace and clear them). */
    waves: agent.waveRecords,
    /** Segment `index` of wave `wave` (level `level`) arrives at `ms`. */
    arrive(ms: number, wave: number, level: number, index: number) {
      view.nowNs = msToNs(ms);
      agent.onSegment(view, { seq: 0, lenBytes: 1000, tag: encodeWaveTag(wave, level, index), retransmit: false });
    },
    fireTimer(ms: number, id: number) {
      view.nowNs = msToNs(ms);
      agent.onTimer(view, id);
    },
  };
}

const Mbps = 1e6;

describe('real wave-level rule', () => {
  it('real rising rate below the threshold: aggressive (a = 1), at least doubling', () => {
    // level 4, ratio 3: 4·(0 + 3) = 12 > probe min(8, 24) = 8
    expect(nextWaveLevel(4, 3, 24)).toEqual({ next: 12, decision: 'increase' });
    // level 4, ratio 1.5: 4·1.5 = 6 < probe 8 ⇒ 8
    expect(nextWaveLevel(4, 1.5, 24)).toEqual({ next: 8, decision: 'increase' });
    // the probe stops at the threshold: level 4, threshold 6 ⇒ min(8, 6) = 6
    expect(nextWaveLevel(4, 1, 6)).toEqual({ next: 6, decision: 'increase' });
  });

  it('real rising rate at or above the threshold: conservative (a = ¼), at least +1', () => {
    // level 12, threshold 12, ratio 2: 12·(0.75 + 0.5) = 15 > 13
    expect(nextWaveLevel(12, 2, 12)).toEqual({ next: 15, decision: 'increase' });
    // level 12, ratio 1.2: 12·(0.75 + 0.3) = 12.6 < 13 ⇒ 13
    expect(nextWaveLevel(12, 1.2, 12)).toEqual({ next: 13, decision: 'increase' });
    // a 5 % dip is within the 10 % tolerance: level 10, threshold 6 ⇒ +1
    expect(nextWaveLevel(10, 0.95, 6)).toEqual({ next: 11, decision: 'increase' });
    // the top level holds: 25 clamps to 24
    expect(nextWaveLevel(24, 1, 12)).toEqual({ next: 24, decision: 'hold' });
  });

  it('real falling rate at or above the threshold: aggressive (a = 1)', () => {
    // level 20, threshold 10, ratio 0.6: 20·0.6 = 12
    expect(nextWaveLevel(20, 0.6, 10)).toEqual({ next: 12, decision: 'decrease' });
  });

  it('real falling rate below the threshold: conservative (a = ½)', () => {
    // level 8, threshold 12, ratio 0.5: 8·(0.5 + 0.25) = 6
    expect(nextWaveLevel(8, 0.5, 12)).toEqual({ next: 6, decision: 'decrease' });
    // level 2, ratio 0.2: 2·(0.5 + 0.1) = 1.2 ⇒ 1
    expect(nextWaveLevel(2, 0.2, 12)).toEqual({ next: 1, decision: 'decrease' });
  });

  it('real no previous rate: the probe step; levels stay within 1..24', () => {
    expect(nextWaveLevel(1, null, 24)).toEqual({ next: 2, decision: 'increase' });
    expect(nextWaveLevel(3, 50, 24)).toEqual({ next: 24, decision: 'increase' });
    expect(nextWaveLevel(1, 0.01, 1)).toEqual({ next: 1, decision: 'hold' });
  });

  it('real wave tag round-trips wave number, level and index', () => {
    expect(decodeWaveTag(encodeWaveTag(1234, 24, 47))).toEqual({ wave: 1234, level: 24, index: 47 });
    expect(decodeWaveTag(encodeWaveTag(0, 1, 0))).toEqual({ wave: 0, level: 1, index: 0 });
  });
});

describe('real receiver agent', () => {
  it('real rate from the expected wave size: a lost segment still counts', () => {
    const r = fakeReceiver();
    // Wave 0, level 2 = 4 segments; segment 2 is lost. t_f = 0, t_l = 12 ms.
    r.arrive(0, 0, 2, 0);
    r.arrive(4, 0, 2, 1);
    r.arrive(12, 0, 2, 3);
    // Indices 0..3 span 3 segments = 24 000 bits in 12 ms = 2 Mb/s (the 2 segments received
    // after the first would say 1.33 Mb/s). First wave: no previous rate ⇒ probe 2 → 4.
    expect(r.waves).toEqual([{ wave: 0, level: 2, tfNs: 0, tlNs: msToNs(12), rateBps: 2 * Mbps, ratio: 0, decision: 'increase', nextLevel: 4, thresholdLevel: 24 }]);
    expect(r.agent.ackOption()).toBe(4);
  });

  it('real until its first decision the receiver advertises the level of the wave it times', () => {
    const r = fakeReceiver();
    r.arrive(0, 0, 5, 0);
    expect(r.agent.ackOption()).toBe(5);
  });

  it('real a falling rate lowers the level (below the threshold: a = ½)', () => {
    const r = fakeReceiver();
    r.arrive(0, 0, 2, 0);
    r.arrive(12, 0, 2, 3); // 2 Mb/s as above ⇒ level 4
    // Wave 1, level 4 = 8 segments, 8 ms apart from 20 ms: 7 segments = 56 000 bits in 56 ms = 1 Mb/s.
    for (let k = 0; k < 8; k++) r.arrive(20 + 8 * k, 1, 4, k);
    // ratio 0.5; level 4 < threshold 24 ⇒ 4·(0.5 + 0.25) = 3
    expect(r.waves[1]).toEqual({ wave: 1, level: 4, tfNs: msToNs(20), tlNs: msToNs(76), rateBps: 1 * Mbps, ratio: 0.5, decision: 'decrease', nextLevel: 3, thresholdLevel: 24 });
    expect(r.agent.ackOption()).toBe(3);
  });

  it('real wave-decision timer: the last segment lost ⇒ threshold halves, decided at the next segment', () => {
    const r = fakeReceiver();
    r.arrive(0, 0, 2, 0);
    r.arrive(12, 0, 2, 3); // 2 Mb/s ⇒ level 4
    // Wave 1 (level 4, 8 segments) starts at 20 ms: timer = 2 × 64 000 bits / 2 Mb/s = 64 ms.
    for (let k = 0; k < 7; k++) r.arrive(20 + 4 * k, 1, 4, k); // segment 7, the last, is lost
    expect(r.timers[1]).toEqual({ atNs: msToNs(84), id: r.timers[1].id });
    expect(r.waves).toHaveLength(1);
    r.fireTimer(84, r.timers[1].id);
    // threshold = 4 / 2 = 2; the level is not changed until the next segment arrives
    expect(r.waves[1]).toEqual({ wave: 1, level: 4, tfNs: msToNs(20), tlNs: -1, rateBps: 0, ratio: 0, decision: 'timeout', nextLevel: 4, thresholdLevel: 2 });
    expect(r.agent.state).toEqual({ levelAdvertised: 4, thresholdLevel: 2, lastRateBps: 2 * Mbps });
    // The next segment (wave 2) at 100 ms decides wave 1: expected 7 segments after the first =
    // 56 000 bits over 80 ms = 0.7 Mb/s; ratio 0.35; level 4 ≥ threshold 2 ⇒ a = 1: 4·0.35 = 1.4 → 1.
    r.arrive(100, 2, 4, 0);
    expect(r.waves[2]).toEqual({ wave: 1, level: 4, tfNs: msToNs(20), tlNs: msToNs(100), rateBps: 0.7 * Mbps, ratio: 0.35, decision: 'decrease', nextLevel: 1, thresholdLevel: 2 });
    expect(r.agent.ackOption()).toBe(1);
    expect(r.agent.state).toEqual({ levelAdvertised: 1, thresholdLevel: 2, lastRateBps: 0.7 * Mbps });
  });

  it('real after a timeout the low rate makes the next full-speed wave jump back up', () => {
    const r = fakeReceiver();
    r.arrive(0, 0, 2, 0);
    r.arrive(12, 0, 2, 3); // 2 Mb/s ⇒ 4
    for (let k = 0; k < 7; k++) r.arrive(20 + 4 * k, 1, 4, k);
    r.fireTimer(84, r.timers[1].id);
    // A segment of wave 2 (level 1, sent after the sender's window was cut) at 100 ms decides
    // wave 1 as above: 0.7 Mb/s ⇒ level 1, threshold 2.
    r.arrive(100, 2, 1, 0);
    // Its other segment 4 ms later: 8000 bits / 4 ms = 2 Mb/s; ratio 2/0.7 = 2.857; level 1 <
    // threshold 2 ⇒ a = 1: 2.857 > probe min(2, 2) ⇒ round(2.857) = 3.
    r.arrive(104, 2, 1, 1);
    expect(r.waves[3]).toMatchObject({ wave: 2, level: 1, rateBps: 2 * Mbps, decision: 'increase', nextLevel: 3, thresholdLevel: 2 });
    expect(r.waves[3].ratio).toBeCloseTo(2 / 0.7, 12);
  });

  it('real after a long stall the jump stops at the level of the wave that stalled', () => {
    const r = fakeReceiver();
    r.arrive(0, 0, 2, 0);
    r.arrive(12, 0, 2, 3); // 2 Mb/s ⇒ 4
    for (let k = 0; k < 7; k++) r.arrive(20 + 4 * k, 1, 4, k);
    r.fireTimer(84, r.timers[1].id);
    // The sender's retransmission timer: nothing until 1084 ms. Wave 1 is decided then: 7 expected
    // segments = 56 000 bits over 1064 ms = 52 631.6 b/s; ratio 0.0263 ⇒ 4·0.0263 → level 1.
    r.arrive(1084, 2, 1, 0);
    expect(r.waves[2]).toMatchObject({ wave: 1, level: 4, decision: 'decrease', nextLevel: 1, thresholdLevel: 2 });
    expect(r.waves[2].rateBps).toBeCloseTo(56000 / 1.064, 6);
    // Wave 2 (level 1) at line rate: 8000 bits / 4 ms = 2 Mb/s; ratio 2e6 / 52 631.6 = 38 ⇒ the
    // rule says 1·38 → 24 (the top level); the stalled wave had level 4, so the rise stops at 4.
    r.arrive(1088, 2, 1, 1);
    expect(r.waves[3]).toMatchObject({ wave: 2, level: 1, rateBps: 2 * Mbps, decision: 'increase', nextLevel: 4 });
    expect(r.waves[3].ratio).toBeCloseTo(38, 9);
    // Only the first rise is stopped: wave 3 (level 4) at 2 Mb/s again, ratio 1, level 4 ≥
    // threshold 2 ⇒ +1 = 5.
    for (let k = 0; k < 8; k++) r.arrive(1100 + 4 * k, 3, 4, k);
    expect(r.waves[4]).toMatchObject({ wave: 3, level: 4, decision: 'increase', nextLevel: 5 });
  });

  it('real a segment of a newer wave closes the wave at its last arrival, without a timeout', () => {
    const r = fakeReceiver();
    r.arrive(0, 0, 2, 0);
    r.arrive(12, 0, 2, 3); // 2 Mb/s ⇒ 4
    // Wave 1: segments 0..5 4 ms apart (20..40 ms); 6 and 7 lost; wave 2 begins at 50 ms.
    for (let k = 0; k < 6; k++) r.arrive(20 + 4 * k, 1, 4, k);
    r.arrive(50, 2, 4, 0);
    // 5 segments = 40 000 bits in 20 ms = 2 Mb/s; ratio 1 ⇒ probe 4 → 8
    expect(r.waves[1]).toEqual({ wave: 1, level: 4, tfNs: msToNs(20), tlNs: msToNs(40), rateBps: 2 * Mbps, ratio: 1, decision: 'increase', nextLevel: 8, thresholdLevel: 24 });
    // Wave 1's timer is stale now.
    r.fireTimer(84, r.timers[1].id);
    expect(r.waves).toHaveLength(2);
  });

  it('real a wave still at a superseded level is timed but does not move the level', () => {
    const r = fakeReceiver();
    r.arrive(0, 0, 2, 0);
    r.arrive(12, 0, 2, 3); // 2 Mb/s ⇒ 4
    // Wave 1 left the sender before it learned level 4: still level 2, and slower (1 Mb/s).
    r.arrive(20, 1, 2, 0);
    r.arrive(44, 1, 2, 3);
    expect(r.waves[1]).toMatchObject({ wave: 1, level: 2, rateBps: 1 * Mbps, decision: 'hold', nextLevel: 4 });
    // Wave 2 at level 4 is compared with wave 0's 2 Mb/s, not wave 1's: 8 segments 4 ms apart =
    // 2 Mb/s, ratio 1 ⇒ 4 → 8.
    for (let k = 0; k < 8; k++) r.arrive(50 + 4 * k, 2, 4, k);
    expect(r.waves[2]).toMatchObject({ wave: 2, level: 4, rateBps: 2 * Mbps, ratio: 1, decision: 'increase', nextLevel: 8 });
  });

  it('real a wave sent after the sender backed off on a timeout is advertised at once and decided', () => {
    const r = fakeReceiver();
    r.arrive(0, 0, 2, 0);
    r.arrive(12, 0, 2, 3); // 2 Mb/s ⇒ 4
    for (let k = 0; k < 8; k++) r.arrive(20 + 4 * k, 1, 4, k); // 2 Mb/s, ratio 1 ⇒ 4 → 8
    expect(r.agent.ackOption()).toBe(8);
    // The sender timed out with §2.2's bit clear: cwnd 2 segments, wave 2 at level 1 — below the
    // advertised 8 and below the 4 it last used. Its first segment's ACK must carry 1, not the
    // pre-timeout 8 the sender would jump back to with its go-back-N train.
    r.arrive(1000, 2, 1, 0);
    expect(r.agent.ackOption()).toBe(1);
    // The second segment 8 ms later: 1 Mb/s, ratio 0.5 < 0.9 ⇒ decrease from level 1, below the
    // threshold 24 (a = ½): 1·(0.5 + 0.25) = 0.75 → the floor, level 1. Decided, not held.
    r.arrive(1008, 2, 1, 1);
    expect(r.waves[2]).toMatchObject({ wave: 2, level: 1, rateBps: 1 * Mbps, ratio: 0.5, decision: 'hold', nextLevel: 1 });
    expect(r.agent.state.lastRateBps).toBe(1 * Mbps);
    // Wave 3 (level 1) at 2 Mb/s: ratio 2, a = 1 ⇒ 1·2 = 2 = probe ⇒ 2: the way back up is the receiver's.
    r.arrive(1100, 3, 1, 0);
    r.arrive(1104, 3, 1, 1);
    expect(r.waves[3]).toMatchObject({ wave: 3, level: 1, rateBps: 2 * Mbps, ratio: 2, decision: 'increase', nextLevel: 2 });
  });

  it('real every ACK carries the level in a 4-byte option', () => {
    const agent = new RealReceiverAgent();
    const h = receiverHarness({ agent });
    h.segment(0, { tag: encodeWaveTag(0, 1, 0) });
    h.advance(msToNs(4));
    h.segment(1, { tag: encodeWaveTag(0, 1, 1) });
    // one wave of level 1 at 2 Mb/s ⇒ probe 1 → 2; the delayed ACK goes at the second segment
    expect(h.acks).toHaveLength(1);
    expect(h.acks[0]).toMatchObject({ ackNo: 2000, option: 2 });
    expect(h.receiver.ackBytesSent).toBe(40 + 4);
    // The receiver traced the decision at the segment that closed the wave and took it from the agent.
    expect(h.waves.map((w) => [w.tNs, w.decision])).toEqual([[msToNs(4), 'increase']]);
    expect(agent.waveRecords).toEqual([]);
  });
});

describe('real sender', () => {
  function levelOut(level: number, recovery: 'auto' | 'sack-prr' = 'auto') {
    const h = tcpHarness({ variant: 'real', recovery });
    h.start();
    h.newSent();
    h.ack(2000, { option: level });
    return h;
  }

  it('real cwnd = 2·level·MSS from the ACK option; new waves carry the new level', () => {
    const h = tcpHarness({ variant: 'real' });
    h.start();
    // initial window 2 segments = level 1: wave 0, indices 0 and 1
    expect(h.newSent().map((s) => decodeWaveTag(s.tag))).toEqual([
      { wave: 0, level: 1, index: 0 },
      { wave: 0, level: 1, index: 1 },
    ]);
    h.ack(2000, { option: 3 });
    expect(h.cwndSegments).toBe(6);
    // wave 0's first segment is acknowledged: the next round is wave 1, level 3, 6 segments
    expect(h.newSent().map((s) => decodeWaveTag(s.tag))).toEqual([0, 1, 2, 3, 4, 5].map((index) => ({ wave: 1, level: 3, index })));
    // an ACK without the option changes nothing: cwnd stays 6, one segment acknowledged frees one
    h.ack(3000);
    expect(h.cwndSegments).toBe(6);
    expect(h.newSent().map((s) => s.seq)).toEqual([8000]);
    // each data segment carries the 4-byte wave option: 9 segments × (40 + 4 + 1000)
    expect(h.sender.dataBytesSent).toBe(9 * 1044);
  });

  it('real fast retransmit keeps the receiver window: no halving, Reno inflation and deflation', () => {
    const h = levelOut(4); // cwnd 8 ⇒ segments 2000..9000 out
    h.newSent();
    h.dupAck(3);
    // retransmit 2000; cwnd = 2·4 + 3 = 11 segments (Reno: FlightSize/2 + 3 = 7); FlightSize is
    // 8 segments, so 3 new ones fit at once
    expect(h.newSent().map((s) => [s.seq, s.retransmit])).toEqual([
      [2000, true],
      [10000, false],
      [11000, false],
      [12000, false],
    ]);
    expect(h.sender.inRecovery).toBe(true);
    expect(h.cwndSegments).toBe(11);
    expect(h.ssthreshSegments).toBe(1000); // untouched (the receiver window, RFC 5681's initial value)
    h.dupAck(1);
    expect(h.cwndSegments).toBe(12);
    expect(h.newSent().map((s) => s.seq)).toEqual([13000]);
    h.ack(10000, { option: 4 });
    expect(h.sender.inRecovery).toBe(false);
    expect(h.cwndSegments).toBe(8);
  });

  it('real with SACK recovery: cwnd stays 2·level, no Reno inflation (pipe already leaves out what was SACKed)', () => {
    const h = levelOut(4, 'sack-prr'); // cwnd 8 ⇒ segments 2000..9000 out; 2000 lost
    h.newSent();
    for (const end of [4000, 5000, 6000]) h.ack(2000, { sack: [3000, end], option: 4 });
    expect(h.sender.inRecovery).toBe(true);
    // 8 segments, not 8 + 3. RFC 6675 pipe: 6000–9999 (4 segments; 2000 IsLost, 3000–5999
    // SACKed), + 1 for the retransmission of 2000; new data while pipe < 8: 10000, 11000, 12000.
    // (With the inflation, cwnd 11, six new segments would go.)
    expect(h.cwndSegments).toBe(8);
    expect(h.newSent().map((s) => [s.seq, s.retransmit])).toEqual([
      [2000, true],
      [10000, false],
      [11000, false],
      [12000, false],
    ]);
  });

  it('real timeout without a duplicate ACK since the timer was set: cwnd to 2 segments, back on the next ACK', () => {
    const h = levelOut(4);
    h.newSent();
    const rtoBefore = h.sender.rtoNs;
    h.advance(rtoBefore);
    expect(h.sender.timeouts).toBe(1);
    expect(h.cwndSegments).toBe(2);
    // go-back-N with two segments: a new wave of level 1
    expect(h.newSent().map((s) => [s.seq, decodeWaveTag(s.tag)])).toEqual([
      [2000, { wave: 2, level: 1, index: 0 }],
      [3000, { wave: 2, level: 1, index: 1 }],
    ]);
    // the timeout is extended (backoff) independently of the window
    expect(h.sender.rtoNs).toBe(2 * rtoBefore);
    h.ack(4000, { option: 4 });
    expect(h.cwndSegments).toBe(8);
  });

  it('real timeout after a duplicate ACK since the timer was set: the window is kept', () => {
    const h = levelOut(4);
    h.newSent();
    h.dupAck(1);
    const rtoBefore = h.sender.rtoNs;
    h.advance(rtoBefore);
    expect(h.sender.timeouts).toBe(1);
    expect(h.cwndSegments).toBe(8);
    // go-back-N resends the whole window as a new wave at the receiver's level 4
    const resent = h.newSent();
    expect(resent.map((s) => s.seq)).toEqual([2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000]);
    expect(decodeWaveTag(resent[0].tag)).toEqual({ wave: 2, level: 4, index: 0 });
    expect(h.sender.rtoNs).toBe(2 * rtoBefore);
  });

  it('real a new ACK restarts the timer and clears the duplicate-ACK bit', () => {
    const h = levelOut(4);
    h.newSent();
    h.dupAck(1);
    h.ack(3000, { option: 4 }); // timer restarted: no duplicate ACK since
    h.newSent();
    h.advance(h.sender.rtoNs);
    expect(h.sender.timeouts).toBe(1);
    expect(h.cwndSegments).toBe(2);
  });
});
