/**
 * Linux's HyStart (tcp_cubic.c) on an emulated path: one ACK per segment, the ACK of segment i
 * arrives at max(sent_i + 100 ms, previous ACK + s) — a bottleneck serving one segment per s
 * behind a 100 ms base RTT — and echoes the segment's timestamp (RTT = arrival − sent_i).
 * Initial window 10, slow start +1 segment per ACK (two new segments out per ACK).
 */
import { describe, expect, it } from 'vitest';
import { msToNs } from '../../src/engine/core/simulator.ts';
import { linuxHystartDelayThreshNs, linuxHystartTrainThreshNs } from '../../src/engine/tcp/cc/hystart-linux.ts';
import { tcpHarness } from '../harness/tcp-harness.ts';

/** Runs until slow start ends (ssthresh set without a loss); returns when and at what window. */
function runPath(serviceMs: number, untilMs = 1000) {
  const h = tcpHarness({ variant: 'cubic', initialCwndSegments: 10, timestamps: true, hystart: 'linux' });
  h.start();
  const pending = h.newSent().map((s) => ({ ...s }));
  let lastAckNs = -Infinity;
  const initialSsthresh = h.ssthreshSegments;
  while (pending.length > 0 && h.sim.now() < msToNs(untilMs)) {
    const seg = pending.shift()!;
    const at = Math.max(seg.tNs + msToNs(100), lastAckNs + msToNs(serviceMs));
    lastAckNs = at;
    h.advance(at - h.sim.now());
    const cwndBefore = h.cwndSegments;
    h.ack(seg.seq + seg.len, { tsEcrNs: seg.tsValNs });
    if (h.ssthreshSegments !== initialSsthresh) return { tMs: at / 1e6, cwndBefore, ssthresh: h.ssthreshSegments, exit: h.sender.inspect().hystartExit };
    pending.push(...h.newSent());
  }
  return null;
}

describe('Linux HyStart', () => {
  it('thresholds as tcp_cubic.c computes them', () => {
    expect(linuxHystartDelayThreshNs(msToNs(100))).toBe(msToNs(12.5));
    expect(linuxHystartDelayThreshNs(msToNs(20))).toBe(msToNs(4));
    expect(linuxHystartDelayThreshNs(msToNs(200))).toBe(msToNs(16));
    expect(linuxHystartTrainThreshNs(msToNs(100))).toBe(msToNs(50.5)); // (delay_min + 1 ms) / 2
  });

  it('ACK train: 1 ms per segment, slow start ends at the 52nd ACK of the fourth round, cwnd 131', () => {
    // Rounds start at the first ACK past the previous round's SND.NXT: t = 100, 200, 300, 400 ms,
    // with 10, 20, 40, 80 ACKs 1 ms apart (each round's burst, 2 segments per ms, drains in the
    // RTT, so every round's first RTT sample is 100 ms: the delay test never fires). The train
    // must last more than (100 + 1)/2 = 50.5 ms: rounds 1–3 are too short; in round 4 the ACK at
    // 400 + 51 ms does it, when cwnd = 80 + 51 = 131 ⇒ ssthresh = 131.
    expect(runPath(1)).toEqual({ tMs: 451, cwndBefore: 131, ssthresh: 131, exit: 'ack-train' });
  });

  it('delay increase: 4 ms per segment (2 Mb/s), slow start ends at the 9th ACK of the fourth round, cwnd 88', () => {
    // ACKs 4 ms apart never form a train (> 2 ms). Round 3's 40 segments leave at 2 per 4 ms
    // from t = 200 ms and are served one per 4 ms: its ACKs run 300 … 456 ms, so round 4's first
    // segment (sent at 300 ms) is queued behind them and ACKed at 460 ms: round 4's RTTs are
    // 160 + 4·⌈k/2⌉ ms, minimum 160 > delay_min + clamp(100/8, 4, 16) = 112.5 ms. The test runs
    // from the 9th sample (8 are collected first): k = 8, t = 460 + 32 = 492 ms, cwnd 80 + 8 = 88.
    expect(runPath(4)).toEqual({ tMs: 492, cwndBefore: 88, ssthresh: 88, exit: 'delay' });
  });
});
