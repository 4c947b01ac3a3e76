/**
 * Westwood+ (Linux tcp_westwood.c) and the original per-ACK Westwood (ns-3 TcpWestwood):
 * bandwidth sampling and filtering on hand-built ACK sequences, and the loss reaction
 * ssthresh = max(⌊BWE·RTTmin/MSS⌋, 2), cwnd = min(cwnd, ssthresh) (+3 MSS NewReno inflation at
 * a fast retransmit), cwnd = 1 after a timeout. MSS = 1000 bytes. Timestamps on, so each ACK's
 * RTT is exactly now − tsEcr; every ACK below echoes a send time 100 ms earlier (RTTmin 100 ms).
 */
import { describe, expect, it } from 'vitest';
import { msToNs } from '../../src/engine/core/simulator.ts';
import { tcpHarness, type TcpHarness } from '../harness/tcp-harness.ts';

/** Move to absolute time `ms` and deliver ACK `ackNo` with an RTT of exactly 100 ms. */
function ackAt(h: TcpHarness, ms: number, ackNo: number): void {
  h.advance(msToNs(ms) - h.sim.now());
  h.ack(ackNo, { tsEcrNs: msToNs(ms - 100) });
}

/**
 * 50 segments leave at t = 0 (the first sample window starts there).
 * t = 100 ms ACK 20000: window 100 ms is not longer than max(RTT 100, 50) ⇒ no sample; bk = 20000.
 * t = 200 ms ACK 40000: window 200 ms > 100 ⇒ sample 20000 B / 0.2 s = 100000 B/s, the first one,
 *   fills both stages; new window from 200 ms, bk = 20000 (this ACK's bytes).
 * t = 250 ms ACK 50000: window 50 ms ⇒ bk = 30000.
 * t = 350 ms ACK 60000: window 150 ms ⇒ sample 30000 / 0.15 = 200000 B/s;
 *   stage 1 = 7/8·100000 + 1/8·200000 = 112500; BWE = 7/8·100000 + 1/8·112500 = 101562.5 B/s;
 *   bk = 10000. cwnd: slow start 50 + 4 = 54 segments.
 */
function westwoodPlusSampled(recovery: 'auto' | 'sack-prr' = 'auto'): TcpHarness {
  const h = tcpHarness({ variant: 'westwood-plus', initialCwndSegments: 50, timestamps: true, recovery });
  h.start();
  ackAt(h, 100, 20000);
  expect(h.sender.inspect()).toMatchObject({ samples: 0, windowBytes: 20000, bweBps: 0 });
  ackAt(h, 200, 40000);
  expect(h.sender.inspect()).toMatchObject({ samples: 1, windowBytes: 20000 });
  expect(h.sender.inspect().bweBps).toBeCloseTo(100000 * 8, 6);
  ackAt(h, 250, 50000);
  expect(h.sender.inspect()).toMatchObject({ samples: 1, windowBytes: 30000 });
  ackAt(h, 350, 60000);
  return h;
}

describe('westwood-plus', () => {
  it('westwood-plus takes one sample per RTT window and filters it through two 7/8 EWMAs', () => {
    const h = westwoodPlusSampled();
    const s = h.sender.inspect();
    expect(s.samples).toBe(2);
    expect(s.lastSampleBps).toBeCloseTo(200000 * 8, 6);
    expect(s.firstStageBps).toBeCloseTo(112500 * 8, 6);
    expect(s.bweBps).toBeCloseTo(101562.5 * 8, 6);
    expect(s.windowBytes).toBe(10000);
    expect(h.cwndSegments).toBe(54);
    // The sender traced the estimate whenever it changed, in bits/s: 0 after the first ACK, then
    // 100000 B/s at 200 ms and 101562.5 B/s at 350 ms.
    expect(h.estimates.filter((e) => e.key === 'bweBps').map((e) => [e.tNs, e.value])).toEqual([
      [msToNs(100), 0],
      [msToNs(200), 800000],
      [msToNs(350), 812500],
    ]);
  });

  it('westwood-plus on 3 dupACKs: ssthresh = ⌊BWE·RTTmin/MSS⌋, cwnd = min(cwnd, ssthresh) + 3, NewReno recovery', () => {
    const h = westwoodPlusSampled();
    h.newSent();
    h.dupAck(3);
    // ⌊101562.5 B/s · 0.1 s / 1000⌋ = ⌊10.156⌋ = 10 segments; cwnd = min(54, 10) + 3 = 13.
    expect(h.ssthreshSegments).toBe(10);
    expect(h.cwndSegments).toBe(13);
    expect(h.sender.inRecovery).toBe(true);
    expect(h.newSent()[0]).toMatchObject({ seq: 60000, retransmit: true });
    // Each duplicate counted one MSS in the window: 10000 + 3·1000 (Linux westwood_acked_count).
    expect(h.sender.inspect().windowBytes).toBe(13000);
    // A partial ACK of 5000 bytes is charged 5000 − 3000 already counted = 2000 ⇒ 15000; NewReno
    // deflates cwnd by the 5000 acked and adds one MSS back: 13000 − 5000 + 1000 = 9000.
    ackAt(h, 360, 65000);
    expect(h.sender.inspect().windowBytes).toBe(15000);
    expect(h.sender.cwndBytes).toBe(9000);
  });

  it('westwood-plus with SACK + PRR: Reno’s threshold during the episode, cwnd = ssthresh = ⌊BWE·RTTmin/MSS⌋ when it ends (Linux CA_EVENT_COMPLETE_CWR)', () => {
    const h = westwoodPlusSampled('sack-prr');
    h.newSent();
    // 54 segments in flight (60000…114000); three duplicates SACK 61000…64000.
    for (const end of [62000, 63000, 64000]) h.ack(60000, { sack: [61000, end], tsEcrNs: msToNs(260) });
    expect(h.sender.inRecovery).toBe(true);
    // RFC 5681 / tcp_reno_ssthresh: max(FlightSize / 2, 2 MSS) = 27 segments, not the estimate's 10.
    expect(h.ssthreshSegments).toBe(27);
    expect(h.newSent()[0]).toMatchObject({ seq: 60000, retransmit: true });
    // The full ACK at 450 ms (a window of exactly 100 ms: no new sample, BWE stays 101562.5 B/s)
    // ends the episode: ⌊101562.5 · 0.1 / 1000⌋ = 10 segments for both.
    ackAt(h, 450, 114000);
    expect(h.sender.inRecovery).toBe(false);
    expect(h.sender.inspect().samples).toBe(2);
    expect(h.ssthreshSegments).toBe(10);
    expect(h.cwndSegments).toBe(10);
  });

  it('westwood-plus with no estimate yet falls back to the 2-segment floor', () => {
    const h = tcpHarness({ variant: 'westwood-plus', initialCwndSegments: 10, timestamps: true });
    h.start();
    h.dupAck(3);
    // BWE = 0 ⇒ max(0, 2) = 2 segments; cwnd = min(10, 2) + 3 = 5.
    expect(h.ssthreshSegments).toBe(2);
    expect(h.cwndSegments).toBe(5);
  });

  it('westwood-plus on a timeout: ssthresh = ⌊BWE·RTTmin/MSS⌋, cwnd = 1 segment', () => {
    const h = westwoodPlusSampled();
    h.newSent();
    // RTO after four 100 ms samples: SRTT 100, RTTVAR 50 → 37.5 → 28.125 → 21.09 ms,
    // 100 + 4·21.09 = 184 ms < the 1 s minimum ⇒ fires at 350 + 1000 ms.
    h.advance(msToNs(1360) - h.sim.now());
    expect(h.events.map((e) => e.kind)).toEqual(['timeout']);
    expect(h.ssthreshSegments).toBe(10);
    expect(h.cwndSegments).toBe(1);
    expect(h.newSent()).toMatchObject([{ seq: 60000, retransmit: true }]);
  });

  it('westwood-plus after a timeout: the stall is no sample interval, the next window starts at the first ACK (b_k = d_k/Δ_k over an RTT)', () => {
    const h = westwoodPlusSampled();
    h.newSent();
    h.advance(msToNs(1360) - h.sim.now());
    expect(h.events.map((e) => e.kind)).toEqual(['timeout']);
    // The window open since 350 ms (10000 bytes) is dropped without a sample.
    expect(h.sender.inspect()).toMatchObject({ samples: 2, windowBytes: 0 });
    // The retransmission's ACK at 1460 ms starts the next window and counts in it. Had the window
    // stayed open (Linux), this ACK would close it: 10000 B over 1.11 s = 9009 B/s.
    ackAt(h, 1460, 61000);
    expect(h.sender.inspect()).toMatchObject({ samples: 2, windowBytes: 1000 });
    // 110 ms later (> max(RTT 100, 50) ms) the window closes: 1000 B / 0.11 s = 9090.9 B/s;
    // stage 1 = 7/8·112500 + 1/8·9090.9 = 99573.9; BWE = 7/8·101562.5 + 1/8·99573.9 = 101313.9 B/s.
    ackAt(h, 1570, 63000);
    const s = h.sender.inspect();
    expect(s.samples).toBe(3);
    expect(s.lastSampleBps).toBeCloseTo((1000 / 0.11) * 8, 6);
    expect(s.firstStageBps).toBeCloseTo((7 / 8) * 112500 * 8 + (1 / 8) * (1000 / 0.11) * 8, 6);
    expect(s.bweBps).toBeCloseTo((7 / 8) * 101562.5 * 8 + (1 / 8) * ((7 / 8) * 112500 + (1 / 8) * (1000 / 0.11)) * 8, 6);
    expect(s.windowBytes).toBe(2000);
  });
});

/**
 * One ACK after 100 ms, then two more compressed 0.1 ms behind it (ACKs that queued together on
 * the reverse path): 3000 bytes acknowledged in 100.2 ms, a true rate of 3000 / 0.1002 s ≈ 29940 B/s.
 */
function compressedBurst(variant: string): TcpHarness {
  const h = tcpHarness({ variant, initialCwndSegments: 4, timestamps: true });
  h.start();
  ackAt(h, 100, 1000);
  ackAt(h, 100.1, 2000);
  ackAt(h, 100.2, 3000);
  return h;
}

describe('westwood', () => {
  it('westwood samples every ACK and over-estimates a compressed ACK burst', () => {
    const h = compressedBurst('westwood');
    // Tustin, α = 0.9: bwe_k = 0.9·bwe_{k−1} + 0.05·(b_k + b_{k−1}).
    // b1 = 1000 B / 0.1 s = 10^4 B/s            ⇒ bwe1 = 0.05·(10^4 + 0) = 500
    // b2 = 1000 B / 100 µs = 10^7 B/s          ⇒ bwe2 = 450 + 0.05·(10^7 + 10^4) = 500950
    // b3 = 10^7 B/s                             ⇒ bwe3 = 450855 + 0.05·(2·10^7) = 1450855 B/s
    const s = h.sender.inspect();
    expect(s.samples).toBe(3);
    expect(s.bweBps).toBeCloseTo(1450855 * 8, 3);
    // ≈ 48 times the true rate of the run.
    expect((s.bweBps as number) / 8 / (3000 / 0.1002)).toBeGreaterThan(40);
  });

  it('westwood-plus is not fooled by the same burst: the window closing at 100.1 ms holds one ACK', () => {
    const h = compressedBurst('westwood-plus');
    // t = 100 ms: window 100 ms, not > RTT 100 ms ⇒ bk = 1000. t = 100.1 ms: window 100.1 ms ⇒
    // sample 1000 B / 0.1001 s = 9990.01 B/s, first sample ⇒ BWE; the burst's bytes start the
    // next window, which does not close by 100.2 ms.
    const s = h.sender.inspect();
    expect(s.samples).toBe(1);
    expect(s.bweBps).toBeCloseTo((1000 / 0.1001) * 8, 6);
    expect(s.windowBytes).toBe(2000);
  });

  it('westwood on 3 dupACKs uses its inflated estimate: ssthresh far above the window', () => {
    const h = compressedBurst('westwood');
    h.dupAck(3);
    // Duplicates at the same instant form no sample (zero interval) ⇒ BWE stays 1450855 B/s.
    // RTTmin 100 ms ⇒ ssthresh = ⌊145.0855⌋ = 145 segments; cwnd = min(4 + 3, 145) + 3 = 10.
    expect(h.ssthreshSegments).toBe(145);
    expect(h.cwndSegments).toBe(10);
  });
});
