/**
 * CUBIC (RFC 9438): β = 0.7, C = 0.4, W_cubic(t) = C(t − K)³ + W_max, K = ∛((W_max − cwnd_epoch)/C),
 * target = W_cubic(t + RTT) clamped to [cwnd, 1.5·cwnd], W_est += α·acked/cwnd with
 * α = 3(1 − β)/(1 + β) = 0.9/1.7, fast convergence W_max = cwnd·(1 + β)/2 below the previous
 * W_max; NewReno recovery with ssthresh = cwnd·β. MSS = 1000 bytes; windows in segments.
 *
 * The whole-variant tests drive the real sender with an ideal ACK clock (every segment ACKed
 * exactly one RTT = 100 ms after it left, no queue).
 */
import { describe, expect, it } from 'vitest';
import { msToNs, sToNs } from '../../src/engine/core/simulator.ts';
import { CUBIC_ALPHA, cubicK, fastConvergenceWmax, wCubic } from '../../src/engine/tcp/cc/cubic.ts';
import { ackClock } from '../harness/ack-clock.ts';
import { tcpHarness } from '../harness/tcp-harness.ts';

const RTT_NS = msToNs(100);

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
