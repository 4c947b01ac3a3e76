/**
 * CUBIC (RFC 9438): β = 0.7, C = 0.4, W_cubic(t) = C(t − K)³ + W_max, K = ∛((W_max − cwnd_epoch)/C),
 * target = W_cubic(t + RTT) clamped to [cwnd, 1.5·cwnd], W_est += α·acked/cwnd with
 * α = 3(1 − β)/(1 + β) = 0.9/1.7, fast convergence W_max = cwnd·(1 + β)/2 below the previous
 * W_max; NewReno recovery with ssthresh = cwnd·β. MSS = 1000 bytes; windows in segments.
 *
 * The whole-variant tests drive the real sender with an ideal ACK clock (every segment ACKed
 * exactly one RTT = 100 ms after it left, no queue).
 *
 * HyStart++ (RFC 9406): RttThresh = max(4 ms, min(lastRoundMinRTT/8, 16 ms)); CSS after 8 samples
 * of a round whose minimum is ≥ lastRoundMinRTT + RttThresh, cwnd += acked/4 there, back to slow
 * start on a round minimum (≥ 8 samples) below the CSS baseline, ssthresh = cwnd after 5 CSS rounds.
 */
import { variantInfo, type VariantInfo } from '../../src/catalogue/variants.ts';
import { describe, expect, it } from 'vitest';
import { msToNs, sToNs } from '../../src/engine/core/simulator.ts';
import { createCubic, CUBIC_ALPHA, cubicK, fastConvergenceWmax, hystartRttThreshNs, wCubic } from '../../src/engine/tcp/cc/cubic.ts';
import { registerVariant } from '../../src/engine/tcp/cc/registry.ts';
import { ackClock } from '../harness/ack-clock.ts';
import { tcpHarness, type SentSegment, type TcpHarness } from '../harness/tcp-harness.ts';

const RTT_NS = msToNs(100);

registerVariant({ name: 'cubic-no-hystart', create: () => createCubic({ hystart: false }) }, { ...(variantInfo('cubic') as VariantInfo), name: 'cubic-no-hystart' });

/**
 * Like ackClock, but each segment is ACKed `rttOf(its send time)` after it left (one ACK per
 * segment, in order), up to the ACK of segment `lastSeg` (MSS 1000: segment n = bytes from n·1000).
 * `afterAck(n)` runs after the ACK of segment n. The RTT may only fall where the send times jump.
 * `pending` carries the segments sent but not yet ACKed from one call to the next.
 */
function rttClock(h: TcpHarness, rttOf: (sentNs: number) => number, pending: SentSegment[], lastSeg: number, afterAck: (seg: number) => void = () => {}): void {
  for (;;) {
    pending.push(...h.newSent());
    const next = pending[0];
    if (next === undefined || next.seq / 1000 > lastSeg) throw new Error(`segment ${lastSeg} is not next`);
    pending.shift();
    const at = next.tNs + rttOf(next.tNs);
    if (at < h.sim.now()) throw new Error(`segment ${next.seq / 1000} would be ACKed in the past`);
    h.advance(at - h.sim.now());
    h.ack(next.seq + next.len);
    afterAck(next.seq / 1000);
    if (next.seq / 1000 === lastSeg) return;
  }
}

/**
 * HyStart++ runs from an initial window of 10 (one ACK per segment, Karn RTT samples): segments
 * sent before 200 ms see RTT 100 ms, later ones `laterRttMs` (the queue the test pretends).
 * Segments 0–9 leave at 0, 10–29 at 100 ms (ACKs 0–9), 30–69 at 200 ms (ACKs 10–29): every segment
 * from 30 on sees `laterRttMs`. In slow start ACK k finds SND.NXT = 10 + 2k segments, so the rounds
 * (each ends at the ACK of the SND.NXT its first ACK found; the first ACK closes an empty round)
 * are ACKs 0 | 1–9 | 10–27 | 28–63 | 64–135 | … Round 3 still holds segments 28 and 29 (100 ms):
 * its minimum is 100 ms, and round 4 (64–135) is the first to see only `laterRttMs`.
 */
function hystartRun(laterRttMs: number, variant = 'cubic', rttOf = (sentNs: number) => msToNs(sentNs < msToNs(200) ? 100 : laterRttMs)) {
  const h = tcpHarness({ variant, initialCwndSegments: 10 });
  h.start();
  const pending: SentSegment[] = [];
  /** ACK everything up to segment `lastSeg`. */
  const ackTo = (lastSeg: number, afterAck?: (seg: number) => void) => rttClock(h, rttOf, pending, lastSeg, afterAck);
  return { h, ackTo };
}

/**
 * One loss at window W (W·0.7 a whole number), recovered so that the next congestion avoidance
 * stage starts at exactly cwnd_epoch = ssthresh = 0.7·W:
 * - t = 0: W segments leave.
 * - t = 100 ms: three duplicate ACKs ⇒ W_max = W (first event), ssthresh = 0.7·W,
 *   cwnd = 0.7·W + 3, segment 0 resent; W − 4 more duplicates inflate cwnd to 1.7·W − 1,
 *   so 0.7·W − 1 new segments leave (cwnd − FlightSize W).
 * - t = 200 ms: the full ACK (W·1000 = recover) leaves FlightSize 0.7·W − 1 ⇒ cwnd =
 *   min(0.7·W, 0.7·W − 1 + 1) = 0.7·W (RFC 6582 §3.2 step 3), and one more segment leaves.
 * Returns the segments awaiting their ACK (all sent at 100 ms, the last at 200 ms).
 */
function lossAtWindow(w: number) {
  const h = tcpHarness({ variant: 'cubic', initialCwndSegments: w });
  h.start();
  h.newSent();
  h.advance(RTT_NS);
  h.dupAck(w - 1);
  expect(h.sender.inRecovery).toBe(true);
  expect(h.sender.inspect().wmaxSegments).toBe(w);
  expect(h.ssthreshSegments).toBe(0.7 * w);
  expect(h.cwndSegments).toBe(0.7 * w + 3 + (w - 4));
  const pending = h.newSent().filter((s) => !s.retransmit);
  expect(pending.length).toBe(0.7 * w - 1);
  h.advance(RTT_NS);
  h.ack(w * 1000);
  expect(h.sender.inRecovery).toBe(false);
  expect(h.cwndSegments).toBe(0.7 * w);
  return { h, pending };
}

describe('cubic formulas', () => {
  it('cubic K = ∛(W_max(1 − β)/C) and W(t) for W_max = 100', () => {
    // K = ∛(100·0.3/0.4) = ∛75 = 4.217163 s
    expect(cubicK(100, 70)).toBeCloseTo(4.217163, 6);
    // W(0) = 0.4·(−∛75)³ + 100 = −30 + 100 = 70 = β·W_max
    expect(wCubic(0, cubicK(100, 70), 100)).toBeCloseTo(70, 9);
    // W(K) = W_max; W(K + 1) = 0.4 + 100; W(1) = 0.4·(1 − 4.217163)³ + 100 = 100 − 0.4·33.2979 = 86.6808
    expect(wCubic(cubicK(100, 70), cubicK(100, 70), 100)).toBe(100);
    expect(wCubic(cubicK(100, 70) + 1, cubicK(100, 70), 100)).toBeCloseTo(100.4, 9);
    expect(wCubic(1, cubicK(100, 70), 100)).toBeCloseTo(86.6808, 3);
    // K = 3 s exactly for W_max − cwnd_epoch = 0.4·27 = 10.8
    expect(cubicK(36, 25.2)).toBeCloseTo(3, 12);
  });

  it('cubic K is negative when cwnd_epoch is above W_max, and W(0) is still cwnd_epoch', () => {
    // ∛((50 − 60)/0.4) = −∛25 = −2.924018
    expect(cubicK(50, 60)).toBeCloseTo(-2.924018, 6);
    expect(wCubic(0, cubicK(50, 60), 50)).toBeCloseTo(60, 9);
  });

  it('cubic fast convergence: W_max = cwnd·(1 + β)/2 only below the previous W_max', () => {
    expect(fastConvergenceWmax(80, 100)).toBeCloseTo(68, 12); // 80·1.7/2
    expect(fastConvergenceWmax(120, 100)).toBe(120);
    expect(fastConvergenceWmax(80, null)).toBe(80);
  });

  it('cubic α = 3(1 − β)/(1 + β) = 0.9/1.7', () => {
    expect(CUBIC_ALPHA).toBeCloseTo(0.5294118, 7);
  });

  it('cubic HyStart++ RttThresh = max(4 ms, min(lastRoundMinRTT/8, 16 ms))', () => {
    expect(hystartRttThreshNs(msToNs(20))).toBe(msToNs(4)); // 2.5 ms → floor 4 ms
    expect(hystartRttThreshNs(msToNs(64))).toBe(msToNs(8));
    expect(hystartRttThreshNs(msToNs(100))).toBe(msToNs(12.5));
    expect(hystartRttThreshNs(msToNs(200))).toBe(msToNs(16)); // 25 ms → cap 16 ms
  });
});

describe('cubic', () => {
  it('cubic loss: ssthresh = cwnd·β, W_max = cwnd, then K = ∛((W_max − cwnd_epoch)/C) at the first congestion-avoidance ACK', () => {
    const { h, pending } = lossAtWindow(100);
    // The ACK for segment 100000 (sent at 100 ms) comes at 200 ms and starts the epoch:
    // cwnd_epoch = 70, K = ∛((100 − 70)/0.4) = ∛75 = 4.217163 s.
    ackClock(h, RTT_NS, msToNs(200), pending);
    const s = h.sender.inspect();
    expect(s.cwndEpochSegments).toBe(70);
    expect(s.kS).toBeCloseTo(4.217163, 6);
    expect(s.wmaxSegments).toBe(100);
    expect(s.tSinceEpochS).toBe(0);
  });

  it('cubic without further loss, cwnd climbs back to W_max at t = K and probes beyond it after', () => {
    const { h, pending } = lossAtWindow(100);
    const epochNs = msToNs(200);
    const kS = Math.cbrt(75);
    const rttS = 0.1;
    let worst = 0;
    // The ACKs of one window arrive as one burst (no queue spreads them): within a burst t is fixed
    // and the window closes 1 − (1 − 1/cwnd)^cwnd ≈ 1 − 1/e of its gap to target = W(t + RTT). On
    // a ramp of slope s the gap settles at s·RTT/(1 − 1/e) ≈ 1.6·s·RTT, i.e. cwnd ≈ W(t − 0.6·RTT).
    // So, W being increasing, cwnd stays within [W(t − 2·RTT), W(t + RTT)] (checked from one RTT
    // into the epoch on, every ACK).
    ackClock(h, RTT_NS, epochNs + sToNs(kS), pending, () => {
      const tS = (h.sim.now() - epochNs) / 1e9;
      if (tS < rttS) return;
      const cwnd = h.cwndSegments;
      const lo = wCubic(tS - 2 * rttS, kS, 100);
      const hi = wCubic(tS + rttS, kS, 100);
      worst = Math.max(worst, lo - cwnd, cwnd - hi);
    });
    expect(worst).toBeLessThanOrEqual(1e-9);
    // At t = K: W(K − 2·RTT) = 100 − 0.4·0.2³ = 99.9968, W(K + RTT) = 100.0004: cwnd is W_max.
    expect(h.cwndSegments).toBeGreaterThan(100 - 0.4 * 0.2 ** 3);
    expect(h.cwndSegments).toBeLessThan(100 + 0.4 * 0.1 ** 3);
    expect(h.sender.inspect().region).toBe('concave');
    // One second later (convex region): W(K + 1 − 0.2 … K + 1 + 0.1) = 100 + 0.4·(0.8³ … 1.1³) = 100.20 … 100.53.
    ackClock(h, RTT_NS, epochNs + sToNs(kS + 1), pending);
    expect(h.cwndSegments).toBeGreaterThan(100 + 0.4 * 0.8 ** 3);
    expect(h.cwndSegments).toBeLessThan(100 + 0.4 * 1.1 ** 3);
    expect(h.sender.inspect().region).toBe('convex');
    // W_est = 70 + α per RTT (one ACK per segment: α·acked/cwnd sums to α per window)
    // ≈ 70 + 0.529·52 ≈ 97.5 by then: still below W_cubic, never the one in charge.
    expect(h.sender.inspect().wEstSegments as number).toBeLessThan(100);
  });

  it('cubic Reno-friendly region: with a small W_max the window follows W_est, not W_cubic', () => {
    const { h, pending } = lossAtWindow(10);
    const epochNs = msToNs(200);
    // The six segments sent at 100 ms are ACKed at 200 ms = t_epoch, W_cubic(0) = cwnd_epoch = 7.
    // W_est: 7 → 7 + α/7 = 7.0756303 → 7.0756303 + α/7.0756303 = 7.1504528 … (cwnd = W_est each time).
    h.advance(RTT_NS - (h.sim.now() - pending[0].tNs));
    h.ack(pending[0].seq + 1000);
    expect(h.cwndSegments).toBeCloseTo(7 + CUBIC_ALPHA / 7, 9);
    h.ack(pending[1].seq + 1000);
    const w1 = 7 + CUBIC_ALPHA / 7;
    expect(h.cwndSegments).toBeCloseTo(w1 + CUBIC_ALPHA / w1, 9);
    expect(h.sender.inspect().region).toBe('reno-friendly');
    pending.splice(0, 2);
    // Over the whole concave stage (K = ∛(3/0.4) = 1.957 s) Reno's line, 7 + α per RTT, stays above
    // the cubic curve, whose slope 3C(t − K)² is at most 3·0.4·1.957² = 4.6 segments/s < α/RTT = 5.3:
    // cwnd = W_est throughout, and above W_cubic(t).
    const kS = Math.cbrt(7.5);
    let checked = 0;
    ackClock(h, RTT_NS, epochNs + sToNs(kS), pending, () => {
      const s = h.sender.inspect();
      const tS = (h.sim.now() - epochNs) / 1e9;
      expect(s.region).toBe('reno-friendly');
      expect(h.cwndSegments).toBeCloseTo(s.wEstSegments as number, 9);
      expect(h.cwndSegments).toBeGreaterThan(wCubic(tS, kS, 10));
      checked++;
    });
    expect(checked).toBeGreaterThan(100);
  });

  it('cubic fast convergence: a loss below the previous W_max remembers cwnd·(1 + β)/2', () => {
    const { h } = lossAtWindow(100);
    // ACK 101000 at 200 ms starts the epoch: W_cubic(0) = 70 < W_est = 70 + α/70 ⇒ cwnd = 70.0075630.
    h.ack(101000);
    const cwnd = 70 + CUBIC_ALPHA / 70;
    expect(h.cwndSegments).toBeCloseTo(cwnd, 9);
    h.dupAck(3);
    // cwnd 70.0076 < W_max 100 ⇒ W_max = 70.0075630·0.85 = 59.506429; ssthresh = 0.7·cwnd = 49.005294
    expect(h.sender.inRecovery).toBe(true);
    expect(h.sender.inspect().wmaxSegments).toBeCloseTo(cwnd * 0.85, 9);
    expect(h.ssthreshSegments).toBeCloseTo(cwnd * 0.7, 9);
  });

  it('cubic a loss above the previous W_max remembers cwnd itself', () => {
    const { h, pending } = lossAtWindow(10);
    // One second of Reno-friendly growth (≈ α = 0.53 segments per RTT) takes cwnd from 7 past 10.
    ackClock(h, RTT_NS, msToNs(200) + sToNs(1), pending);
    const cwnd = h.cwndSegments;
    expect(cwnd).toBeGreaterThan(10);
    h.dupAck(3);
    expect(h.sender.inRecovery).toBe(true);
    expect(h.sender.inspect().wmaxSegments).toBe(cwnd);
    expect(h.ssthreshSegments).toBeCloseTo(cwnd * 0.7, 9);
  });

  it('cubic timeout: loss window, ssthresh = FlightSize·β, and the next stage uses K = 0, W_max = cwnd_epoch', () => {
    const h = tcpHarness({ variant: 'cubic', initialCwndSegments: 20 });
    h.start();
    h.advance(sToNs(1)); // RTO 1 s: FlightSize 20 ⇒ ssthresh 14, cwnd 1, segment 0 resent
    expect(h.sender.timeouts).toBe(1);
    expect(h.ssthreshSegments).toBe(14);
    expect(h.cwndSegments).toBe(1);
    // Go-back-N in slow start: ACK 1000 ⇒ 2, 3000 ⇒ 3, … up to ssthresh 14 after 13 ACKs.
    let ack = 1000;
    while (h.cwndSegments < 14) {
      h.ack(ack);
      ack += 1000;
    }
    expect(h.cwndSegments).toBe(14);
    h.ack(ack); // first congestion-avoidance ACK: epoch with W_max = cwnd_epoch = 14, K = 0
    const s = h.sender.inspect();
    expect(s.kS).toBe(0);
    expect(s.wmaxSegments).toBe(14);
    expect(s.cwndEpochSegments).toBe(14);
  });

  it('cubic a second timeout while backed off keeps ssthresh from FlightSize, not from the 1-segment window', () => {
    const h = tcpHarness({ variant: 'cubic', initialCwndSegments: 20 });
    h.start();
    h.advance(sToNs(1)); // ssthresh 14 (FlightSize 20)
    h.advance(sToNs(2)); // backed-off RTO 2 s: FlightSize still 20 ⇒ ssthresh 14 again (cwnd·β would give 2)
    expect(h.sender.timeouts).toBe(2);
    expect(h.ssthreshSegments).toBe(14);
    expect(h.cwndSegments).toBe(1);
  });

  it('cubic no growth while not cwnd-limited', () => {
    // 3 segments to send, cwnd 10: the window is never the limit.
    const h = tcpHarness({ variant: 'cubic', initialCwndSegments: 10, initialSsthreshSegments: 5, totalSegments: 3 });
    h.start();
    h.advance(RTT_NS);
    h.ack(1000);
    h.ack(2000);
    expect(h.cwndSegments).toBe(10);
  });

  it('cubic estimates: K and W_max are traced', () => {
    const { h, pending } = lossAtWindow(100);
    ackClock(h, RTT_NS, msToNs(200), pending);
    const keys = new Set(h.estimates.map((e) => e.key));
    expect(keys).toEqual(new Set(['kS', 'wmaxSegments']));
    expect(h.estimates.find((e) => e.key === 'kS')?.value).toBeCloseTo(Math.cbrt(75), 9);
  });
});

describe('cubic HyStart++', () => {
  it('cubic HyStart++ an RTT rise below RttThresh keeps slow start', () => {
    // Round 4's minimum 112 ms < 100 + 12.5 ms; round 5 compares 112 with 112 + 14 ms. Slow start
    // throughout: cwnd = 10 + 1 per ACK, ACK 200 ⇒ 211.
    const { h, ackTo } = hystartRun(112);
    expect(h.sender.inspect().hystartPhase).toBe('ss');
    ackTo(200, (seg) => {
      expect(h.sender.inspect().hystartPhase).toBe('ss');
      expect(h.cwndSegments).toBe(10 + seg + 1);
    });
  });

  it('cubic HyStart++ a rise ≥ RttThresh after 8 samples of a round enters CSS, where cwnd grows by acked/4', () => {
    // Round 4 (ACKs 64–135) sees 112.5 ms = 100 + max(4, min(100/8, 16)) ms. ACKs 64–70 are 7
    // samples: still slow start. ACK 71 is the 8th: it grows as slow start (10 + 72 = 82), then CSS
    // with baseline 112.5 ms; ACK 72 adds 1000/4 bytes.
    const { h, ackTo } = hystartRun(112.5);
    ackTo(70);
    expect(h.sender.inspect().hystartPhase).toBe('ss');
    expect(h.cwndSegments).toBe(81);
    ackTo(71);
    expect(h.sender.inspect().hystartPhase).toBe('css');
    expect(h.sender.inspect().cssBaselineRttMs).toBe(112.5);
    expect(h.sender.inspect().phase).toBe('slow-start'); // ssthresh untouched
    expect(h.cwndSegments).toBe(82);
    ackTo(72);
    expect(h.cwndSegments).toBe(82.25);
    ackTo(80);
    expect(h.cwndSegments).toBe(82 + 9 * 0.25);
  });

  it('cubic HyStart++ a round minimum below the CSS baseline resumes slow start', () => {
    // As above, but segments sent from 400 ms on see 105 ms. CSS from ACK 71 (cwnd 82); in CSS ACK
    // k leaves cwnd 82 + (k − 71)/4 and SND.NXT = k + 1 + ⌊cwnd⌋, so round 4 ends at ACK 135 and
    // round 5 is ACKs 136–231 (SND.NXT at ACK 135 = 135 + ⌊97.75⌋ = 232). Segments up to 149 left at
    // 312.5 ms (ACKs 30–69, slow start), 150 on at 425 ms: ACK 150 is round 5's 15th sample and its
    // 105 ms < 112.5 ms. It still grows by 1/4 (cwnd 101.75), then slow start again: ACK 151 ⇒ 102.75.
    // No new CSS: 105 ms is below round 4's 112.5 ms, not above it.
    const { h, ackTo } = hystartRun(112.5, 'cubic', (sentNs) => msToNs(sentNs < msToNs(200) ? 100 : sentNs < msToNs(400) ? 112.5 : 105));
    ackTo(149);
    expect(h.sender.inspect().hystartPhase).toBe('css');
    expect(h.cwndSegments).toBe(82 + (149 - 71) * 0.25);
    ackTo(150);
    expect(h.sender.inspect().hystartPhase).toBe('ss');
    expect(h.cwndSegments).toBe(101.75);
    ackTo(151);
    expect(h.cwndSegments).toBe(102.75);
    ackTo(300, () => expect(h.sender.inspect().hystartPhase).toBe('ss'));
  });

  it('cubic HyStart++ after 5 CSS rounds: ssthresh = cwnd, then congestion avoidance with K = 0, W_max = cwnd_epoch', () => {
    // CSS from ACK 71 (cwnd 82, partial round 4 counts). With cwnd 82 + (k − 71)/4 and
    // SND.NXT = k + 1 + ⌊cwnd⌋ after ACK k, the rounds end at ACK 135 (1), then SND.NXT at the
    // round's last ACK: 135 + ⌊97.75⌋ = 232 ⇒ ACK 231 (2); 231 + ⌊121.75⌋ = 352 ⇒ ACK 351 (3);
    // 351 + ⌊151.75⌋ = 502 ⇒ ACK 501 (4); 501 + ⌊189.25⌋ = 690 ⇒ ACK 689 (5):
    // ssthresh = cwnd = 82 + 618/4 = 236.5.
    const { h, ackTo } = hystartRun(112.5);
    let ackInCss = 0;
    ackTo(688, (seg) => {
      if (seg <= 71) return;
      ackInCss++;
      expect(h.sender.inspect().hystartPhase).toBe('css');
      expect(h.cwndSegments).toBe(82 + ackInCss * 0.25);
    });
    expect(h.sender.inspect().cssRounds).toBe(4);
    ackTo(689);
    expect(h.sender.inspect().hystartPhase).toBe('off');
    expect(h.cwndSegments).toBe(236.5);
    expect(h.ssthreshSegments).toBe(236.5);
    // RFC 9438 §4.10: slow start left without a loss (W_max undefined) ⇒ K = 0, W_max = cwnd_epoch.
    ackTo(690);
    const s = h.sender.inspect();
    expect(s.phase).toBe('congestion-avoidance');
    expect(s.kS).toBe(0);
    expect(s.wmaxSegments).toBe(236.5);
    expect(s.cwndEpochSegments).toBe(236.5);
  });

  it('cubic HyStart++ a loss during CSS is an ordinary CUBIC congestion event and ends HyStart++', () => {
    const { h, ackTo } = hystartRun(112.5);
    ackTo(72); // CSS, cwnd 82.25
    h.dupAck(3);
    expect(h.sender.inRecovery).toBe(true);
    expect(h.sender.inspect().hystartPhase).toBe('off');
    expect(h.sender.inspect().wmaxSegments).toBe(82.25);
    expect(h.ssthreshSegments).toBeCloseTo(82.25 * 0.7, 9);
  });

  it('cubic HyStart++ ends at a timeout (the slow start after it stops at the ssthresh the timeout set)', () => {
    const h = tcpHarness({ variant: 'cubic', initialCwndSegments: 20 });
    h.start();
    expect(h.sender.inspect().hystartPhase).toBe('ss');
    h.advance(sToNs(1));
    expect(h.sender.timeouts).toBe(1);
    expect(h.sender.inspect().hystartPhase).toBe('off');
  });

  it('cubic with hystart: false the same RTT rise leaves plain slow start (cwnd + 1 per ACK)', () => {
    const { h, ackTo } = hystartRun(112.5, 'cubic-no-hystart');
    const ssthresh = h.ssthreshSegments;
    ackTo(689, (seg) => {
      expect(h.sender.inspect().hystartPhase).toBe('off');
      expect(h.cwndSegments).toBe(10 + seg + 1);
    });
    expect(h.ssthreshSegments).toBe(ssthresh);
  });
});
