/**
 * TCP Jersey and New Jersey: the ABE recursion R_n = (RTT·R_{n−1} + L_n)/((t_n − t_{n−1}) + RTT)
 * with RTT = SRTT and ownd = RTT·R_n/MSS (Xu, Tian & Ansari eqs. (1)–(2)); TABE's receiver
 * timestamps against compressed ACK arrivals; the CW-marked ACK's rate control at most once per
 * RTT; marked vs unmarked third duplicate ACK; New Jersey's ssthresh = ownd on each new ACK.
 * MSS = 1000 bytes; timestamps on and every new ACK's RTT exactly 100 ms, so SRTT = 100 ms
 * throughout (RFC 6298: the first sample sets it, equal samples keep it).
 */
import { describe, expect, it } from 'vitest';
import { msToNs } from '../../src/engine/core/simulator.ts';
import { tcpHarness, type AckOptions, type TcpHarness } from '../harness/tcp-harness.ts';

/** Move to absolute time `ms` and deliver ACK `ackNo` with an RTT of exactly 100 ms. */
function ackAt(h: TcpHarness, ms: number, ackNo: number, opts: AckOptions = {}): void {
  h.advance(msToNs(ms) - h.sim.now());
  h.ack(ackNo, { tsEcrNs: msToNs(ms - 100), ...opts });
}

function dupAckAt(h: TcpHarness, ms: number, opts: AckOptions = {}): void {
  h.advance(msToNs(ms) - h.sim.now());
  h.ack(h.sender.sndUna, opts);
}

describe('jersey ABE', () => {
  it('jersey ABE follows eq. (1) on ACK arrival times, and ownd = SRTT·R/MSS', () => {
    const h = tcpHarness({ variant: 'jersey', initialCwndSegments: 10, timestamps: true });
    h.start();
    // t = 100 ms, L = 2000: first sample, t_0 = t_1, R_0 = 0 ⇒ R = 2000 / 0.1 = 20000 B/s
    ackAt(h, 100, 2000);
    expect(h.sender.inspect().abeBps).toBeCloseTo(20000 * 8, 6);
    // t = 110 ms, L = 2000: R = (0.1·20000 + 2000) / (0.01 + 0.1) = 36363.64 B/s
    ackAt(h, 110, 4000);
    expect(h.sender.inspect().abeBps).toBeCloseTo((4000 / 0.11) * 8, 6);
    // t = 130 ms, L = 1000: R = (0.1·36363.64 + 1000) / (0.02 + 0.1) = 38636.36 B/s; ownd = 3.8636 segments
    ackAt(h, 130, 5000);
    const r3 = (0.1 * (4000 / 0.11) + 1000) / 0.12;
    expect(h.sender.inspect().abeBps).toBeCloseTo(r3 * 8, 6);
    expect(h.sender.inspect().owndSegments).toBeCloseTo((0.1 * r3) / 1000, 9);
    // Jersey leaves ssthresh alone on ordinary ACKs (only New Jersey tracks ownd): still the receiver window.
    expect(h.ssthreshSegments).toBe(1000);
    expect(h.estimates.map((e) => e.key)).toContain('owndSegments');
  });
});

/**
 * Five ACKs of 1000 bytes each for data that reached the receiver 10 ms apart (rcvTs 50 … 90 ms).
 * Spread: they also reach the sender 10 ms apart (100 … 140 ms). Compressed: they queued together
 * on the reverse path and reach the sender 0.1 ms apart (100 … 100.4 ms).
 *
 * Spacing 10 ms: R1 = 1000/0.1 = 10000; R_n = (0.1·R + 1000)/0.11
 *   ⇒ 18181.82, 25619.83, 32381.67, 38528.79 B/s
 * Spacing 0.1 ms: R_n = (0.1·R + 1000)/0.1001
 *   ⇒ 19980.02, 29950.07, 39910.16, 49860.30 B/s (+29 %)
 */
function fiveAcks(variant: string, arrivalGapMs: number): TcpHarness {
  const h = tcpHarness({ variant, initialCwndSegments: 10, timestamps: true });
  h.start();
  for (let i = 0; i < 5; i++) ackAt(h, 100 + i * arrivalGapMs, (i + 1) * 1000, { rcvTsNs: msToNs(50 + 10 * i) });
  return h;
}

const rate = (gapS: number): number => {
  let r = 1000 / 0.1;
  for (let i = 1; i < 5; i++) r = (0.1 * r + 1000) / (gapS + 0.1);
  return r;
};

describe('new-jersey TABE', () => {
  it('new-jersey TABE is the same whether the ACKs arrive spread or compressed', () => {
    const spread = fiveAcks('new-jersey', 10).sender.inspect();
    const compressed = fiveAcks('new-jersey', 0.1).sender.inspect();
    expect(rate(0.01)).toBeCloseTo(38528.79, 1);
    expect(spread.tabeBps).toBeCloseTo(rate(0.01) * 8, 6);
    expect(compressed.tabeBps).toBe(spread.tabeBps);
  });

  it('jersey ABE on ACK arrival times over-estimates the compressed burst', () => {
    const spread = fiveAcks('jersey', 10).sender.inspect();
    const compressed = fiveAcks('jersey', 0.1).sender.inspect();
    expect(rate(0.0001)).toBeCloseTo(49860.3, 1);
    expect(spread.abeBps).toBeCloseTo(rate(0.01) * 8, 6);
    expect(compressed.abeBps).toBeCloseTo(rate(0.0001) * 8, 6);
    expect(compressed.abeBps as number).toBeGreaterThan(1.25 * (spread.abeBps as number));
  });

  it('new-jersey sets ssthresh = ownd on every ACK of new data', () => {
    const h = fiveAcks('new-jersey', 10);
    // After the 5th ACK: ownd = 0.1 s · 38528.79 B/s = 3852.88 bytes (above the 2-MSS floor).
    expect(h.sender.ssthreshBytes).toBeCloseTo(0.1 * rate(0.01), 6);
    // After the first: ownd = 0.1·10000 = 1000 bytes ⇒ the 2·MSS floor.
    const first = tcpHarness({ variant: 'new-jersey', initialCwndSegments: 10, timestamps: true });
    first.start();
    ackAt(first, 100, 1000, { rcvTsNs: msToNs(50) });
    expect(first.ssthreshSegments).toBe(2);
  });
});

describe('jersey window rule', () => {
  it('jersey cuts the window to ownd on a CW-marked ACK, at most once per RTT', () => {
    const h = tcpHarness({ variant: 'jersey', initialCwndSegments: 10, timestamps: true });
    h.start();
    // t = 100: L = 4000 ⇒ R = 40000 B/s; slow start 10 → 11 segments; marked ⇒ ownd = 0.1·40000 =
    // 4000 bytes: ssthresh = 4000, cwnd = min(11000, 4000) = 4000.
    ackAt(h, 100, 4000, { ece: true });
    expect(h.sender.ssthreshBytes).toBeCloseTo(4000, 6);
    expect(h.sender.cwndBytes).toBeCloseTo(4000, 6);
    // t = 150: L = 1000 ⇒ R = (4000 + 1000)/0.15 = 33333.33; congestion avoidance +1000²/4000 = 250
    // ⇒ 4250; marked, but only 50 ms (< SRTT 100 ms) after the cut ⇒ no cut.
    ackAt(h, 150, 5000, { ece: true });
    expect(h.sender.cwndBytes).toBeCloseTo(4250, 6);
    // t = 200: R = (3333.33 + 1000)/0.15 = 28888.89; CA +1000²/4250 ⇒ 4485.29; 100 ms after the cut
    // ⇒ cut: ownd = 2888.89 bytes ⇒ ssthresh = max(2888.89, 2000), cwnd = 2888.89.
    ackAt(h, 200, 6000, { ece: true });
    const r = ((0.1 * 5000) / 0.15 + 1000) / 0.15;
    expect(h.sender.ssthreshBytes).toBeCloseTo(0.1 * r, 6);
    expect(h.sender.cwndBytes).toBeCloseTo(0.1 * r, 6);
    expect(h.sender.inspect().rateControls).toBe(2);
  });

  /**
   * t = 100 ms L = 4000 ⇒ R = 40000; t = 110 ms L = 4000 ⇒ R = (4000 + 4000)/0.11 = 72727.27 B/s;
   * slow start 10 → 12 segments. Duplicates at 120, 130, 140 ms count one MSS each:
   *   R = (0.1·R + 1000)/0.11 ⇒ 75206.61, 77460.56, 79509.60 B/s; ownd = 0.1·R.
   */
  function beforeLoss(marked: boolean): TcpHarness {
    const h = tcpHarness({ variant: 'jersey', initialCwndSegments: 10, timestamps: true });
    h.start();
    ackAt(h, 100, 4000);
    ackAt(h, 110, 8000);
    expect(h.cwndSegments).toBe(12);
    h.newSent();
    for (const ms of [120, 130, 140]) dupAckAt(h, ms, { ece: marked });
    return h;
  }
  const rAfterDup = (k: number): number => {
    let r = (0.1 * 40000 + 4000) / 0.11;
    for (let i = 0; i < k; i++) r = (0.1 * r + 1000) / 0.11;
    return r;
  };

  it('jersey unmarked third dupACK: wireless loss — fast retransmit without reducing the window', () => {
    const h = beforeLoss(false);
    expect(h.verdicts.map((v) => v.verdict)).toEqual(['wireless']);
    expect(h.newSent()[0]).toMatchObject({ seq: 8000, retransmit: true });
    // ssthresh = cwnd = 12 segments (the recovery's exit restores it), cwnd = 12 + 3 inflation.
    expect(h.ssthreshSegments).toBe(12);
    expect(h.cwndSegments).toBe(15);
    expect(h.sender.inRecovery).toBe(true);
  });

  it('jersey marked third dupACK: congestion — ssthresh = ownd, cwnd = min(cwnd, ownd) + 3', () => {
    const h = beforeLoss(true);
    expect(h.verdicts.map((v) => v.verdict)).toEqual(['congestion']);
    expect(h.newSent()[0]).toMatchObject({ seq: 8000, retransmit: true });
    // The first marked duplicate (120 ms) already cut: ownd = 0.1·75206.61 = 7520.66 ⇒ cwnd 7520.66.
    // The second is within one SRTT of it. The third is the loss: ssthresh = ownd = 0.1·79509.60 =
    // 7950.96; cwnd = min(7520.66, 7950.96) + 3000 = 10520.66.
    expect(h.sender.ssthreshBytes).toBeCloseTo(0.1 * rAfterDup(3), 6);
    expect(h.sender.cwndBytes).toBeCloseTo(0.1 * rAfterDup(1) + 3000, 6);
    expect(h.sender.inRecovery).toBe(true);
  });

  it('jersey judges a loss by the mark on the third dupACK itself, not the ACK before it', () => {
    const h = tcpHarness({ variant: 'jersey', initialCwndSegments: 10, timestamps: true });
    h.start();
    ackAt(h, 100, 4000);
    ackAt(h, 110, 8000);
    h.newSent();
    dupAckAt(h, 120);
    dupAckAt(h, 130);
    dupAckAt(h, 140, { ece: true }); // the warning arrives with the loss
    expect(h.verdicts.map((v) => v.verdict)).toEqual(['congestion']);
    // Congestion with no earlier cut: ssthresh = ownd = 0.1·R₃ = 7950.96; cwnd = min(12000, ownd) + 3000.
    expect(h.sender.ssthreshBytes).toBeCloseTo(0.1 * rAfterDup(3), 6);
    expect(h.sender.cwndBytes).toBeCloseTo(0.1 * rAfterDup(3) + 3000, 6);
    expect(h.sender.inRecovery).toBe(true);
  });

  it('jersey on a timeout: standard — ssthresh = max(FlightSize/2, 2·MSS), cwnd = 1', () => {
    const h = tcpHarness({ variant: 'jersey', initialCwndSegments: 10, timestamps: true });
    h.start();
    ackAt(h, 100, 4000); // cwnd 11 ⇒ sndMax = 4000 + 11000 = 15000
    h.advance(msToNs(1200));
    // FlightSize 15000 − 4000 = 11000 ⇒ ssthresh 5500
    expect(h.events.map((e) => e.kind)).toEqual(['timeout']);
    expect(h.sender.ssthreshBytes).toBe(5500);
    expect(h.cwndSegments).toBe(1);
    expect(h.verdicts.map((v) => v.verdict)).toEqual(['congestion']);
  });
});
