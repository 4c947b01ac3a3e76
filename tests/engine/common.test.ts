/**
 * RFC 5681 §3.1 window growth shared by every classic variant (cc/common.ts renoGrowth), run
 * for each variant so a variant that stops using the shared rule is caught. Expected windows
 * are worked out by hand from RFC 5681 eq. (2) and (3); MSS = 1000 bytes throughout.
 */
import { describe, expect, it } from 'vitest';
import { tcpHarness } from '../harness/tcp-harness.ts';

const VARIANTS = ['tahoe', 'reno', 'newreno', 'sack'] as const;

describe.each(VARIANTS)('%s window growth', (variant) => {
  it(`${variant} slow start adds one MSS per ACK of a segment`, () => {
    const h = tcpHarness({ variant, initialCwndSegments: 2 });
    h.start();
    expect(h.newSent().map((s) => s.seq)).toEqual([0, 1000]);
    h.ack(1000);
    // cwnd < ssthresh: cwnd += min(N = 1000, SMSS) ⇒ 2 → 3 segments; flight 1 ⇒ 2 new segments
    expect(h.cwndSegments).toBe(3);
    expect(h.newSent().map((s) => s.seq)).toEqual([2000, 3000]);
    h.ack(2000);
    expect(h.cwndSegments).toBe(4);
    expect(h.newSent().map((s) => s.seq)).toEqual([4000, 5000]);
  });

  it(`${variant} slow start adds at most one MSS for an ACK covering two segments`, () => {
    const h = tcpHarness({ variant, initialCwndSegments: 2 });
    h.start();
    h.ack(2000);
    // RFC 5681 eq. (2): cwnd += min(N = 2000, SMSS = 1000) ⇒ 2 + 1 = 3 segments
    expect(h.cwndSegments).toBe(3);
  });

  it(`${variant} congestion avoidance adds MSS²/cwnd per ACK, about one MSS per window of ACKs`, () => {
    const h = tcpHarness({ variant, initialCwndSegments: 4, initialSsthreshSegments: 4 });
    h.start();
    // cwnd = ssthresh = 4000 ⇒ congestion avoidance, eq. (3): cwnd += 1000·1000/cwnd
    //   4000 + 10⁶/4000                  = 4250
    //   4250 + 10⁶/4250                  = 76250/17         ≈ 4485.294117647
    //   76250/17 + 17·10⁶/76250          = 4882450/1037     ≈ 4708.244937319
    //   4882450/1037 + 1037·10⁶/4882450  = 498273740050/101262013 ≈ 4920.638305403
    const expected = [4250, 76250 / 17, 4882450 / 1037, 498273740050 / 101262013];
    for (let k = 0; k < 4; k++) {
      h.ack((k + 1) * 1000);
      expect(h.sender.cwndBytes).toBeCloseTo(expected[k], 6);
    }
    // A window's worth of ACKs (4) grows cwnd by just under one MSS.
    expect(h.sender.cwndBytes - 4000).toBeGreaterThan(900);
    expect(h.sender.cwndBytes - 4000).toBeLessThan(1000);
  });

  it(`${variant} no growth while the receiver window is the limit`, () => {
    const h = tcpHarness({ variant, initialCwndSegments: 6, rwndSegments: 4 });
    h.start();
    // rwnd = 4 segments < cwnd = 6: only 4 go out, the sender is not cwnd-limited
    expect(h.newSent().map((s) => s.seq)).toEqual([0, 1000, 2000, 3000]);
    h.ack(1000);
    expect(h.cwndSegments).toBe(6);
    expect(h.newSent().map((s) => s.seq)).toEqual([4000]);
    h.ack(3000);
    expect(h.cwndSegments).toBe(6);
  });

  it(`${variant} no growth while the application has nothing more to send`, () => {
    const h = tcpHarness({ variant, initialCwndSegments: 4, totalSegments: 2 });
    h.start();
    expect(h.newSent().map((s) => s.seq)).toEqual([0, 1000]);
    h.ack(1000);
    expect(h.cwndSegments).toBe(4);
  });
});
