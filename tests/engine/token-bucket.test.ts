/**
 * Token bucket (TCP-Real §3: 20 tokens per 30 ms, depth 20) and the tokens-per-RTT metric.
 * Every expected number is computed by hand from r, the interval and the depth.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/core/rng.ts';
import { msToNs, sToNs } from '../../src/engine/core/simulator.ts';
import { TokenBucket, type TokenBucketParams } from '../../src/engine/app/token-bucket.ts';
import { tokensPerRtt } from '../../src/engine/app/tokens-per-rtt.ts';

const PAPER: TokenBucketParams = { tokensPerInterval: 20, intervalNs: msToNs(30), depthTokens: 20 };
const TOKEN_NS = 1_500_000; // 30 ms / 20 tokens

describe('TokenBucket (continuous accrual)', () => {
  it('token bucket starts full, empties, and refills one token every 1.5 ms', () => {
    const b = new TokenBucket(PAPER);
    expect(b.available(0)).toBe(20);
    expect(b.tryTake(0, 20)).toBe(true);
    expect(b.available(0)).toBe(0);
    expect(b.tryTake(0)).toBe(false);
    expect(b.nsUntil(0)).toBe(TOKEN_NS);
    expect(b.available(TOKEN_NS - 1)).toBe(0);
    expect(b.tryTake(TOKEN_NS)).toBe(true); // exactly when the token completes
    expect(b.consumed).toBe(21);
  });

  it('token bucket accrues fractions: after 1 ms two thirds of a token, the rest in 0.5 ms', () => {
    const b = new TokenBucket({ ...PAPER, initialTokens: 0 });
    expect(b.available(msToNs(1))).toBe(0);
    expect(b.nsUntil(msToNs(1))).toBe(500_000);
    expect(b.nsUntil(msToNs(1), 3)).toBe(3 * TOKEN_NS - msToNs(1)); // 3.5 ms
    expect(b.available(msToNs(4))).toBe(2); // 2.67 tokens
    expect(b.tryTake(msToNs(4), 3)).toBe(false); // a failed take takes nothing
    expect(b.tryTake(msToNs(4), 2)).toBe(true);
    expect(b.nsUntil(msToNs(4))).toBe(500_000); // 0.67 token left, needs 0.33 more = 0.5 ms
  });

  it('token bucket never holds more than its depth and counts what overflowed as wasted', () => {
    const b = new TokenBucket(PAPER);
    expect(b.available(sToNs(10))).toBe(20);
    // 10 s at 20 tokens / 30 ms = 6666.67 tokens arrived into a full bucket.
    expect(b.wastedTokens(sToNs(10))).toBeCloseTo(20_000 / 3, 9);
    expect(b.nsUntil(sToNs(10), 20)).toBe(0);
    expect(b.nsUntil(sToNs(10), 21)).toBe(Number.POSITIVE_INFINITY);
  });

  it('token bucket long-run rate is r per interval: a greedy taker gets token k at k·1.5 ms', () => {
    const b = new TokenBucket({ ...PAPER, initialTokens: 0 });
    const times: number[] = [];
    let t = 0;
    for (;;) {
      t += b.nsUntil(t);
      if (t > sToNs(10)) break;
      expect(b.tryTake(t)).toBe(true);
      times.push(t);
    }
    // 10 s / 1.5 ms = 6666.67: tokens at 1.5 ms, 3 ms, …, 9999 ms.
    expect(times.length).toBe(6666);
    expect(times.every((x, i) => x === (i + 1) * TOKEN_NS)).toBe(true);
    expect(b.wastedTokens(t)).toBe(0);
  });

  it('token bucket under random queries: level ≤ depth, consumption ≤ initial + r·t/interval, and ≥ that minus depth for a greedy taker', () => {
    const rnd = new Rng(4).stream('bucket:queries');
    const b = new TokenBucket({ tokensPerInterval: 7, intervalNs: msToNs(10), depthTokens: 5, initialTokens: 3 });
    let t = 0;
    for (let i = 0; i < 5_000; i++) {
      t += rnd.int(msToNs(4));
      expect(b.available(t)).toBeLessThanOrEqual(5);
      while (b.tryTake(t, 1 + rnd.int(2))); // greedy: take until refused
      const allowance = 3 + (7 * t) / msToNs(10);
      expect(b.consumed).toBeLessThanOrEqual(allowance);
      // A taker that drains at least every 4 ms never lets the 5-token bucket overflow (7 per 10 ms
      // = 2.8 per 4 ms), so it gets the whole allowance bar what is still in the bucket.
      expect(b.consumed).toBeGreaterThan(allowance - 5);
    }
    expect(b.wastedTokens(t)).toBe(0);
  });
});

describe('TokenBucket (batch accrual)', () => {
  const batch: TokenBucketParams = { ...PAPER, accrual: 'batch', initialTokens: 0 };

  it('token bucket batch: r whole tokens arrive exactly at each interval boundary', () => {
    const b = new TokenBucket(batch);
    expect(b.nsUntil(0)).toBe(msToNs(30));
    expect(b.nsUntil(msToNs(10))).toBe(msToNs(20));
    expect(b.available(msToNs(30) - 1)).toBe(0);
    expect(b.available(msToNs(30))).toBe(20);
    expect(b.tryTake(msToNs(30), 15)).toBe(true);
    expect(b.available(msToNs(60) - 1)).toBe(5);
    expect(b.available(msToNs(60))).toBe(20); // 5 + 20 capped at 20
    expect(b.wastedTokens(msToNs(60))).toBe(5);
    expect(b.nsUntil(msToNs(60), 21)).toBe(Number.POSITIVE_INFINITY);
  });

  it('token bucket batch: waiting for more than one batch lands on the right boundary', () => {
    const b = new TokenBucket({ tokensPerInterval: 5, intervalNs: msToNs(30), depthTokens: 20, accrual: 'batch', initialTokens: 0 });
    expect(b.nsUntil(0, 12)).toBe(msToNs(90)); // 5, 10, 15 tokens at 30, 60, 90 ms
    expect(b.nsUntil(msToNs(35), 12)).toBe(msToNs(55)); // 5 now; 10 at 60 ms, 15 at 90 ms
    const c = new TokenBucket({ tokensPerInterval: 5, intervalNs: msToNs(30), depthTokens: 20, initialTokens: 0 });
    expect(c.nsUntil(0, 12)).toBe(msToNs(72)); // continuous: one token per 6 ms
  });

  it('token bucket batch boundaries count from startNs', () => {
    const b = new TokenBucket({ ...batch, startNs: msToNs(7) });
    expect(b.available(msToNs(36))).toBe(0);
    expect(b.available(msToNs(37))).toBe(20);
    expect(b.nsUntil(msToNs(37), 1)).toBe(0);
    expect(b.tryTake(msToNs(37), 20)).toBe(true);
    expect(b.nsUntil(msToNs(40))).toBe(msToNs(27)); // next batch at 67 ms
  });
});

describe('TokenBucket validation', () => {
  it('token bucket refuses time going backwards, bad counts and bad parameters', () => {
    const b = new TokenBucket(PAPER);
    b.available(100);
    expect(() => b.available(99)).toThrow(/before the last query/);
    expect(() => b.tryTake(100, 0)).toThrow(/whole number ≥ 1/);
    expect(() => b.nsUntil(100, 1.5)).toThrow(/whole number ≥ 1/);
    expect(() => new TokenBucket({ ...PAPER, tokensPerInterval: 0 })).toThrow(/must be > 0/);
    expect(() => new TokenBucket({ ...PAPER, intervalNs: 1.5 })).toThrow(/positive whole number/);
    expect(() => new TokenBucket({ ...PAPER, depthTokens: 0 })).toThrow(/≥ 1/);
    expect(() => new TokenBucket({ ...PAPER, initialTokens: 21 })).toThrow(/\[0, 20\]/);
  });
});

describe('tokensPerRtt', () => {
  it('tokens per RTT counts takes in whole RTT bins and compares with r·RTT/interval', () => {
    const res = tokensPerRtt({
      takeTimesNs: [0, 10, 20, 35, 50, 61, 90, 95].map(msToNs),
      rttNs: msToNs(30),
      fromNs: 0,
      toNs: msToNs(100),
      tokensPerInterval: 20,
      intervalNs: msToNs(30),
    });
    // Bins [0,30) [30,60) [60,90); 90 and 95 ms fall in the partial bin and do not count.
    expect(res.binStartNs).toEqual([0, 30, 60].map(msToNs));
    expect(res.consumed).toEqual([3, 2, 1]);
    expect(res.meanConsumed).toBe(2);
    expect(res.permittedPerRtt).toBe(20);
    expect(res.utilization).toBe(0.1);
  });

  it('tokens per RTT weights takes by their counts and scales the permitted rate with the RTT', () => {
    const res = tokensPerRtt({
      takeTimesNs: [msToNs(5), msToNs(50), msToNs(70)],
      takeCounts: [4, 2, 6],
      rttNs: msToNs(45),
      fromNs: msToNs(5),
      toNs: msToNs(95),
      tokensPerInterval: 20,
      intervalNs: msToNs(30),
    });
    expect(res.consumed).toEqual([4, 8]); // [5,50) and [50,95)
    expect(res.permittedPerRtt).toBe(30); // 20·45/30
    expect(res.utilization).toBe(0.2);
    const mismatched = { takeTimesNs: [1], takeCounts: [], rttNs: 1, fromNs: 0, toNs: 1, tokensPerInterval: 1, intervalNs: 1 };
    expect(() => tokensPerRtt(mismatched)).toThrow(/0 counts for 1 times/);
  });

  it('tokens per RTT of a greedy taker through the paper bucket is the permitted 20 (19 in the first RTT from empty)', () => {
    const b = new TokenBucket({ ...PAPER, initialTokens: 0 });
    const times: number[] = [];
    for (let t = b.nsUntil(0); t <= sToNs(3); t += b.nsUntil(t)) {
      expect(b.tryTake(t)).toBe(true);
      times.push(t);
    }
    const res = tokensPerRtt({ takeTimesNs: times, rttNs: msToNs(30), fromNs: 0, toNs: sToNs(3), ...PAPER });
    expect(res.consumed.length).toBe(100);
    expect(res.consumed[0]).toBe(19); // tokens at 1.5 … 28.5 ms
    expect(res.consumed.slice(1).every((c) => c === 20)).toBe(true);
    expect(res.meanConsumed).toBe((19 + 99 * 20) / 100);
  });
});
