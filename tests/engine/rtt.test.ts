/**
 * RFC 6298 retransmission timer: the estimator on its own, then through a real sender whose
 * clock the harness steps. Expected values are worked out from RFC 6298 §2 and §5 (and RFC
 * 7323 §4 for the timestamp case) by hand; the arithmetic is next to each case.
 */
import { describe, expect, it } from 'vitest';
import { msToNs, sToNs } from '../../src/engine/core/simulator.ts';
import { RttEstimator, type RttParams } from '../../src/engine/tcp/rtt.ts';
import { tcpHarness } from '../harness/tcp-harness.ts';

const ms = msToNs;

/** Equal to within half a nanosecond (the quantities are sums of binary fractions of ns). */
function expectNs(actual: number, expected: number): void {
  expect(actual).toBeCloseTo(expected, 0);
}

const params = (p: Partial<RttParams> = {}): RttParams => ({
  minRtoNs: ms(1),
  maxRtoNs: sToNs(60),
  initialRtoNs: sToNs(1),
  granularityNs: ms(10),
  ...p,
});

describe('RttEstimator', () => {
  it('rtt initial RTO is 1 s before any sample (RFC 6298 §2.1)', () => {
    const e = new RttEstimator(params());
    expect(e.rtoNs).toBe(sToNs(1));
  });

  it('rtt first sample: SRTT = R, RTTVAR = R/2, RTO = SRTT + max(G, 4·RTTVAR) (§2.2)', () => {
    const e = new RttEstimator(params());
    e.sample(ms(100));
    // R = 100 ms: SRTT = 100, RTTVAR = 50, RTO = 100 + max(10, 4·50 = 200) = 300 ms
    expectNs(e.srttNs, ms(100));
    expectNs(e.rttvarNs, ms(50));
    expectNs(e.rtoNs, ms(300));
  });

  it('rtt clock granularity G bounds the variance term (§2.2)', () => {
    const e = new RttEstimator(params());
    e.sample(ms(4));
    // R = 4 ms: RTTVAR = 2, 4·RTTVAR = 8 < G = 10 ⇒ RTO = 4 + 10 = 14 ms
    expectNs(e.rtoNs, ms(14));
  });

  it('rtt subsequent samples: RTTVAR with β = 1/4 from the old SRTT, then SRTT with α = 1/8 (§2.3)', () => {
    const e = new RttEstimator(params());
    e.sample(ms(100));
    e.sample(ms(200));
    // RTTVAR = 3/4·50 + 1/4·|100 − 200| = 37.5 + 25 = 62.5 ms
    // SRTT   = 7/8·100 + 1/8·200       = 87.5 + 25 = 112.5 ms
    // RTO    = 112.5 + max(10, 4·62.5 = 250)        = 362.5 ms
    expectNs(e.rttvarNs, ms(62.5));
    expectNs(e.srttNs, ms(112.5));
    expectNs(e.rtoNs, ms(362.5));
    e.sample(ms(100));
    // RTTVAR = 3/4·62.5 + 1/4·|112.5 − 100| = 46.875 + 3.125 = 50 ms
    // SRTT   = 7/8·112.5 + 1/8·100         = 98.4375 + 12.5 = 110.9375 ms
    // RTO    = 110.9375 + 4·50                               = 310.9375 ms
    expectNs(e.rttvarNs, ms(50));
    expectNs(e.srttNs, ms(110.9375));
    expectNs(e.rtoNs, ms(310.9375));
  });

  it('rtt RTO is clamped up to minRto (§2.4)', () => {
    const e = new RttEstimator(params({ minRtoNs: sToNs(1) }));
    e.sample(ms(100));
    // raw 100 + 200 = 300 ms < 1 s ⇒ 1 s
    expect(e.rtoNs).toBe(sToNs(1));
  });

  it('rtt RTO is clamped down to maxRto (§2.5)', () => {
    const e = new RttEstimator(params());
    e.sample(sToNs(30));
    // raw 30 s + 4·15 s = 90 s > 60 s ⇒ 60 s
    expect(e.rtoNs).toBe(sToNs(60));
  });

  it('rtt backoff doubles the RTO up to maxRto and a new sample clears it (§5.5, §5.7)', () => {
    const e = new RttEstimator(params({ maxRtoNs: sToNs(5) }));
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      e.backoff();
      seen.push(e.rtoNs);
    }
    // 1 s doubled: 2, 4, 8 → 5 (cap), 5
    expect(seen).toEqual([2, 4, 5, 5, 5].map(sToNs));
    e.sample(ms(100));
    // the sample's own RTO (100 + 200 = 300 ms), no backoff left
    expectNs(e.rtoNs, ms(300));
  });
});

describe('sender retransmission timer', () => {
  it('rtt first timeout at exactly the initial RTO retransmits the first segment, then backs off ×2', () => {
    const h = tcpHarness({ variant: 'newreno', initialCwndSegments: 2 });
    h.start();
    expect(h.newSent()).toMatchObject([
      { seq: 0, retransmit: false, tNs: 0 },
      { seq: 1000, retransmit: false, tNs: 0 },
    ]);
    h.advance(sToNs(1) - 1);
    expect(h.newSent()).toEqual([]);
    h.advance(1);
    // RTO 1 s (§2.1): seg 0 again at t = 1 s (§5.4)
    expect(h.newSent()).toMatchObject([{ seq: 0, retransmit: true, tNs: sToNs(1) }]);
    // §5.5–5.6: RTO = 2 s ⇒ next at 1 + 2 = 3 s, then 3 + 4 = 7 s
    h.advance(sToNs(2) - 1);
    expect(h.newSent()).toEqual([]);
    h.advance(1);
    expect(h.newSent()).toMatchObject([{ seq: 0, retransmit: true, tNs: sToNs(3) }]);
    h.advance(sToNs(4));
    expect(h.newSent()).toMatchObject([{ seq: 0, retransmit: true, tNs: sToNs(7) }]);
  });

  it('rtt backed-off timer stops doubling at maxRto', () => {
    const h = tcpHarness({ variant: 'newreno', maxRtoMs: 5000 });
    h.start();
    h.newSent();
    h.advance(sToNs(20));
    // RTOs 1, 2, 4, 5, 5 s ⇒ retransmissions at 1, 3, 7, 12, 17 s
    expect(h.newSent().map((s) => s.tNs)).toEqual([1, 3, 7, 12, 17].map(sToNs));
  });

  it('rtt first sample from an ACK sets the timer for the rest of the window', () => {
    const h = tcpHarness({ variant: 'newreno', minRtoMs: 200 });
    h.start();
    h.newSent();
    h.advance(ms(100));
    h.ack(1000);
    // seg 0 sent at 0, ACKed at 100 ms: R = 100 ms, RTO = 100 + 4·50 = 300 ms (> minRto 200)
    expectNs(h.sender.rtt.srttNs, ms(100));
    expectNs(h.sender.rtt.rttvarNs, ms(50));
    expectNs(h.sender.rtt.rtoNs, ms(300));
    // §5.3: timer restarted at 100 ms ⇒ seg 1 (still unACKed) goes again at 400 ms
    expect(h.newSent().map((s) => s.seq)).toEqual([2000, 3000]);
    h.advance(ms(300) - 1);
    expect(h.newSent()).toEqual([]);
    h.advance(1);
    expect(h.newSent()).toMatchObject([{ seq: 1000, retransmit: true, tNs: ms(400) }]);
  });

  /**
   * Without timestamps. t = 0: segs 0, 1. t = 1 s: timeout, seg 0 resent, RTO 2 s,
   * ssthresh = max(2000/2, 2000) = 2000, cwnd = 1000.
   * t = 1.1 s: ACK 1000 covers a retransmitted segment ⇒ no sample; slow start cwnd = 2000 ⇒
   * seg 1 (resent) and seg 2 (new). t = 1.2 s: ACK 2000 covers resent seg 1 ⇒ no sample;
   * cwnd = 2000 + 1000²/2000 = 2500 ⇒ seg 3 (4000 ≤ 2000 + 2500).
   */
  function karnSetup() {
    const h = tcpHarness({ variant: 'newreno', minRtoMs: 200 });
    h.start();
    h.advance(sToNs(1));
    h.advance(ms(100));
    h.ack(1000);
    h.advance(ms(100));
    h.ack(2000);
    return h;
  }

  it("rtt Karn's rule: no sample from an ACK of a retransmitted segment without timestamps", () => {
    const h = karnSetup();
    expect(h.sender.rtt.samples).toBe(0);
    expect(h.sender.rtt.rtoNs).toBe(sToNs(2));
    expect(h.sent.map((s) => [s.seq, s.retransmit, s.tNs])).toEqual([
      [0, false, 0],
      [1000, false, 0],
      [0, true, sToNs(1)],
      [1000, true, ms(1100)],
      [2000, false, ms(1100)],
      [3000, false, ms(1200)],
    ]);
  });

  it("rtt Karn's rule: no sample from a cumulative ACK that also covers a retransmitted segment", () => {
    // Segments 0–3 sent at t = 0 (initial cwnd 4); segment 0 is lost, 1–3 arrive (three
    // dupACKs), NewReno retransmits 0 at 50 ms. The ACK of 4000 at 150 ms covers segment 3,
    // never retransmitted, but sent at 0: timing it would give 150 ms, the loss's delay
    // included. The ACK covers a retransmission, so it is ambiguous: no sample.
    const h = tcpHarness({ variant: 'newreno', initialCwndSegments: 4, minRtoMs: 200 });
    h.start();
    h.advance(ms(50));
    h.dupAck(3);
    expect(h.sent.filter((x) => x.retransmit).map((x) => x.seq)).toEqual([0]);
    h.advance(ms(100));
    h.ack(4000);
    expect(h.sender.rtt.samples).toBe(0);
  });

  it('rtt backed-off RTO is kept until a new valid sample (§5.7)', () => {
    const h = karnSetup();
    h.newSent();
    // Timer restarted by ACK 2000 at 1.2 s with the backed-off 2 s ⇒ seg 2 resent at 3.2 s
    // (not at 1.2 + 1 = 2.2 s).
    h.advance(sToNs(2) - 1);
    expect(h.newSent()).toEqual([]);
    h.advance(1);
    expect(h.newSent()).toMatchObject([{ seq: 2000, retransmit: true, tNs: ms(3200) }]);
  });

  it('rtt a valid sample after a backoff collapses the RTO', () => {
    const h = karnSetup();
    h.advance(ms(50));
    h.ack(3000);
    // seg 2 was sent once, at 1.1 s; ACKed at 1.25 s: R = 150 ms, first sample:
    // SRTT = 150, RTTVAR = 75, RTO = 150 + 300 = 450 ms, backoff gone
    expect(h.sender.rtt.samples).toBe(1);
    expectNs(h.sender.rtt.srttNs, ms(150));
    expectNs(h.sender.rtt.rtoNs, ms(450));
  });

  it("rtt Karn's rule: with timestamps the echo of the retransmission gives a sample (RFC 7323 §4)", () => {
    const h = tcpHarness({ variant: 'newreno', minRtoMs: 200, timestamps: true });
    h.start();
    h.advance(sToNs(1));
    const retx = h.sent[h.sent.length - 1];
    expect(retx).toMatchObject({ seq: 0, retransmit: true, tsValNs: sToNs(1) });
    h.advance(ms(100));
    h.ack(1000, { tsEcrNs: retx.tsValNs });
    // R = 1.1 s − 1 s = 100 ms: SRTT = 100, RTTVAR = 50, RTO = 300 ms (backoff cleared)
    expect(h.sender.rtt.samples).toBe(1);
    expectNs(h.sender.rtt.srttNs, ms(100));
    expectNs(h.sender.rtt.rtoNs, ms(300));
  });

  it('rtt with timestamps an ACK without a TS echo gives no sample', () => {
    const h = tcpHarness({ variant: 'newreno', minRtoMs: 200, timestamps: true });
    h.start();
    h.advance(ms(100));
    h.ack(1000);
    expect(h.sender.rtt.samples).toBe(0);
    expect(h.sender.rtt.rtoNs).toBe(sToNs(1));
  });
});
