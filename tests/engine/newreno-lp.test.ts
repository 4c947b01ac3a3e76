/**
 * NewReno-LP (Martignon & Fratta §2): V_P = (cwnd/RTTmin − cwnd/RTT)·RTTmin segments; V_P ≥ β = 3
 * ⇒ congested, V_P ≤ α = 1 ⇒ uncongested (wireless), in between ⇒ the previous estimation's state
 * (congestion before the first). The default estimates once per round outside recovery (cwnd at
 * the round's last ACK before growth, RTT = the mean sample of the round, RTTmin the smallest
 * sample) and a loss gets the current state; the 'newreno-lp-at-loss' test variant estimates at
 * the loss from the cwnd then and SRTT per RFC 6298 (the first sample, then
 * SRTT ← 7/8·SRTT + 1/8·sample). Congestion ⇒
 * NewReno: ssthresh = FlightSize/2, cwnd = ssthresh + 3·MSS. Wireless ⇒ ssthresh = FlightSize,
 * cwnd = ssthresh + 3·MSS after three duplicate ACKs, 1 segment after a timeout.
 * NewReno-Ideal-LP: the same reaction, verdict = the lost segment's true drop cause.
 *
 * Timestamps on: each ACK's RTT sample is now − the TSecr the test gives it. MSS = 1000 bytes;
 * cwnd 10 (slow start): segments 0–9 leave at t = 0; the clock is moved to 300 ms so that
 * TSecr = now − RTT stays positive.
 */
import { variantInfo, type VariantInfo } from '../../src/catalogue/variants.ts';
import { describe, expect, it } from 'vitest';
import { msToNs } from '../../src/engine/core/simulator.ts';
import type { DropCause } from '../../src/engine/core/trace.ts';
import { createLossDifferentiatingNewReno, NEWRENO_LP_DEFAULTS, vegasLossPredictor, type NewRenoLpParams } from '../../src/engine/tcp/cc/newreno-lp.ts';
import { registerVariant } from '../../src/engine/tcp/cc/registry.ts';
import type { Conn } from '../../src/engine/tcp/cc/types.ts';
import { tcpHarness, type TcpHarness } from '../harness/tcp-harness.ts';

/** NewReno-LP with other predictor tunables, registered for this file only. */
function registerLp(name: string, params: Partial<NewRenoLpParams>): void {
  const p = { ...NEWRENO_LP_DEFAULTS, ...params };
  registerVariant({ name, create: () => createLossDifferentiatingNewReno(vegasLossPredictor(p)) }, { ...(variantInfo('newreno-lp') as VariantInfo), name });
}
registerLp('newreno-lp-at-loss', { estimateAt: 'loss', rtt: 'smoothed' });
registerLp('newreno-lp-round-min', { rtt: 'round-min' });

type Variant = 'newreno-lp' | 'newreno-lp-at-loss' | 'newreno-lp-round-min' | 'newreno-ideal-lp';

function started(variant: Variant) {
  const h = tcpHarness({ variant, initialCwndSegments: 10, timestamps: true });
  h.start();
  h.advance(msToNs(300));
  return h;
}

function ackWithRtt(h: TcpHarness, ackNo: number, rttMs: number): void {
  h.ack(ackNo, { tsEcrNs: h.sim.now() - msToNs(rttMs) });
}

/** ACK 1000 with RTT 100 ms: SRTT = RTTmin = 100 ms, slow start to cwnd 11, segments 10000, 11000 sent (sndMax 12000). */
function afterFirstAck(variant: Variant = 'newreno-lp-at-loss') {
  const h = started(variant);
  ackWithRtt(h, 1000, 100);
  expect(h.cwndSegments).toBe(11);
  expect(h.sender.sndMax).toBe(12000);
  return h;
}

/**
 * ACK 1000 with RTT `firstRttMs`, then ACK 2000 with RTT 100 ms: RTTmin = 100 ms,
 * SRTT = 7/8·firstRttMs + 1/8·100; slow start to cwnd 12, segments 10000–13000 sent
 * (sndMax 14000, FlightSize at ACK 2000 = 12000).
 */
function afterTwoAcks(firstRttMs: number, variant: Variant = 'newreno-lp-at-loss') {
  const h = started(variant);
  ackWithRtt(h, 1000, firstRttMs);
  ackWithRtt(h, 2000, 100);
  expect(h.cwndSegments).toBe(12);
  expect(h.sender.sndMax).toBe(14000);
  return h;
}

describe('newreno-lp estimating at the loss (SRTT)', () => {
  it('newreno-lp V_P ≤ α: wireless, ssthresh = FlightSize, cwnd = ssthresh + 3', () => {
    const h = afterFirstAck();
    h.dupAck(3);
    // V_P = 11·(1 − 100/100) = 0 ≤ 1 ⇒ wireless. FlightSize = 12000 − 1000 = 11000
    // ⇒ ssthresh 11000, cwnd 14000 (NewReno: 5500 / 8500)
    expect(h.verdicts).toMatchObject([{ seq: 1000, verdict: 'wireless' }]);
    expect(h.sender.inspect().lastVpSegments).toBe(0);
    expect(h.ssthreshSegments).toBe(11);
    expect(h.cwndSegments).toBe(14);
    expect(h.sender.inRecovery).toBe(true);
    expect(h.newSent().filter((s) => s.retransmit).map((s) => s.seq)).toEqual([1000]);
  });

  it('newreno-lp V_P ≥ β: congestion, NewReno numbers (ssthresh = FlightSize/2)', () => {
    const h = afterTwoAcks(200);
    h.dupAck(3);
    // SRTT = 7/8·200 + 1/8·100 = 187.5 ms; V_P = 12·(1 − 100/187.5) = 5.6 ≥ 3 ⇒ congestion.
    // FlightSize = 14000 − 2000 = 12000 ⇒ ssthresh 6000, cwnd 6000 + 3000 = 9000
    expect(h.verdicts).toMatchObject([{ seq: 2000, verdict: 'congestion' }]);
    expect(h.sender.inspect().lastVpSegments).toBeCloseTo(5.6, 9);
    expect(h.ssthreshSegments).toBe(6);
    expect(h.cwndSegments).toBe(9);
  });

  it('newreno-lp α < V_P < β before any verdict: the initial previous verdict, congestion', () => {
    const h = afterTwoAcks(120);
    h.dupAck(3);
    // SRTT = 7/8·120 + 1/8·100 = 117.5 ms; V_P = 12·(1 − 100/117.5) = 1.787 ∈ (1, 3)
    // ⇒ previous = congestion ⇒ ssthresh 6000, cwnd 9000
    expect(h.sender.inspect().lastVpSegments).toBeCloseTo((12 * 17.5) / 117.5, 9);
    expect(h.verdicts).toMatchObject([{ verdict: 'congestion' }]);
    expect(h.ssthreshSegments).toBe(6);
    expect(h.cwndSegments).toBe(9);
  });

  it('newreno-lp α < V_P < β after a wireless verdict: wireless again', () => {
    const h = afterFirstAck();
    h.dupAck(3);
    // wireless (V_P = 0): ssthresh 11000, cwnd 14000, recover = 12000; the inflated window
    // sends 12000, 13000, 14000 (sndMax 15000)
    expect(h.sender.sndMax).toBe(15000);
    h.ack(12000);
    // full ACK (no TSecr: no sample): cwnd = min(11000, max(15000 − 12000, 1000) + 1000) = 4000,
    // slow start (4000 < 11000); sends 15000 (sndMax 16000)
    expect(h.sender.inRecovery).toBe(false);
    expect(h.cwndSegments).toBe(4);
    h.advance(msToNs(300));
    ackWithRtt(h, 13000, 500);
    // SRTT = 7/8·100 + 1/8·500 = 150 ms; slow start: cwnd 5; sends 16000, 17000 (sndMax 18000)
    expect(h.cwndSegments).toBe(5);
    h.dupAck(3);
    // V_P = 5·(1 − 100/150) = 1.67 ∈ (1, 3) ⇒ previous = wireless.
    // FlightSize = 18000 − 13000 = 5000 ⇒ ssthresh 5000, cwnd 8000 (NewReno: 2500 / 5500)
    expect(h.sender.inspect().lastVpSegments).toBeCloseTo(5 / 3, 9);
    expect(h.verdicts.map((v) => v.verdict)).toEqual(['wireless', 'wireless']);
    expect(h.ssthreshSegments).toBe(5);
    expect(h.cwndSegments).toBe(8);
  });

  it('newreno-lp timeout judged wireless: cwnd = 1 segment, ssthresh = FlightSize', () => {
    const h = afterFirstAck();
    // RTO = max(1 s, 100 + 4·50 ms) = 1 s after the ACK at 300 ms
    h.advance(msToNs(1000));
    // V_P = 11·0 = 0 ⇒ wireless; FlightSize = 12000 − 1000 = 11000
    expect(h.sender.timeouts).toBe(1);
    expect(h.verdicts).toMatchObject([{ verdict: 'wireless' }]);
    expect(h.cwndSegments).toBe(1);
    expect(h.ssthreshSegments).toBe(11);
  });

  it('newreno-lp timeout judged congestion: cwnd = 1 segment, ssthresh = FlightSize/2', () => {
    const h = afterTwoAcks(200);
    // SRTT 187.5 ms, RTTVAR 100 ms ⇒ RTO = max(1 s, 587.5 ms) = 1 s after the ACK at 300 ms
    h.advance(msToNs(1000));
    // V_P = 5.6 ⇒ congestion; FlightSize = 14000 − 2000 = 12000 ⇒ ssthresh 6000
    expect(h.sender.timeouts).toBe(1);
    expect(h.verdicts).toMatchObject([{ verdict: 'congestion' }]);
    expect(h.cwndSegments).toBe(1);
    expect(h.ssthreshSegments).toBe(6);
  });

  it('newreno-lp traces V_P as an estimate', () => {
    const h = afterTwoAcks(200);
    // after ACK 1000: SRTT = RTTmin = 200 ⇒ 0; after ACK 2000: 12·(1 − 100/187.5) = 5.6
    const vp = h.estimates.filter((e) => e.key === 'vpSegments').map((e) => e.value);
    expect(vp).toHaveLength(2);
    expect(vp[0]).toBe(0);
    expect(vp[1]).toBeCloseTo(5.6, 9);
  });
});

describe('newreno-lp predictor tunables', () => {
  // cwnd 12 segments, RTTmin 100 ms, SRTT 110 ms, latest sample 200 ms
  const conn = { mssBytes: 1000, cwndBytes: 12000, minRttNs: msToNs(100), srttNs: msToNs(110), latestRttNs: msToNs(200) } as Conn;

  const atLoss: NewRenoLpParams = { ...NEWRENO_LP_DEFAULTS, estimateAt: 'loss', rtt: 'smoothed' };

  it("newreno-lp rtt: 'smoothed' reads SRTT", () => {
    // V_P = 12·(1 − 100/110) = 1.09 ∈ (1, 3) ⇒ the initial previous verdict, congestion
    const judge = vegasLossPredictor(atLoss);
    expect(judge.verdict(conn, 'dupack')).toBe('congestion');
    expect(judge.inspect(conn).lastVpSegments).toBeCloseTo(12 / 11, 9);
  });

  it("newreno-lp rtt: 'latest' reads the latest sample", () => {
    // V_P = 12·(1 − 100/200) = 6 ≥ 3 ⇒ congestion
    const judge = vegasLossPredictor({ ...atLoss, rtt: 'latest' });
    expect(judge.verdict(conn, 'dupack')).toBe('congestion');
    expect(judge.inspect(conn).lastVpSegments).toBe(6);
  });

  it("newreno-lp initialVerdict: 'wireless' answers wireless in the band before any other verdict", () => {
    const judge = vegasLossPredictor({ ...atLoss, initialVerdict: 'wireless' });
    expect(judge.verdict(conn, 'dupack')).toBe('wireless');
  });
});

describe('newreno-lp estimating once per round (default)', () => {
  /**
   * ACK 1000 (RTT 100 ms) closes the empty first round: mean RTT 100, cwnd 10 ⇒ V_P = 0 ⇒
   * uncongested; the next round ends at ACK 10000 (sndNxt then). ACKs 2000, 4000, 10000 with
   * RTTs 100, 200, 300 ms: slow start to cwnd 13 before ACK 10000; that round's samples
   * {100, 200, 300}: mean 200 ms, minimum 100 ms.
   */
  function oneRound(variant: Variant) {
    const h = started(variant);
    ackWithRtt(h, 1000, 100);
    expect(h.sender.inspect().networkState).toBe('wireless');
    ackWithRtt(h, 2000, 100);
    ackWithRtt(h, 4000, 200);
    expect(h.cwndSegments).toBe(13);
    ackWithRtt(h, 10000, 300);
    return h;
  }

  it('newreno-lp estimates at the end of a round from its mean RTT; the loss gets that state', () => {
    const h = oneRound('newreno-lp');
    // V_P = 13·(1 − 100/200) = 6.5 ≥ 3 ⇒ congested
    expect(h.sender.inspect().lastVpSegments).toBe(6.5);
    expect(h.sender.inspect().networkState).toBe('congestion');
    // cwnd 14 after ACK 10000 ⇒ sndMax 24000; FlightSize 14000 ⇒ ssthresh 7000, cwnd 10000
    h.dupAck(3);
    expect(h.verdicts).toMatchObject([{ seq: 10000, verdict: 'congestion' }]);
    expect(h.ssthreshSegments).toBe(7);
    expect(h.cwndSegments).toBe(10);
  });

  it("newreno-lp rtt: 'round-min' takes the round's smallest sample", () => {
    const h = oneRound('newreno-lp-round-min');
    // V_P = 13·(1 − 100/100) = 0 ≤ 1 ⇒ uncongested; FlightSize 14000 ⇒ ssthresh 14000, cwnd 17000
    expect(h.sender.inspect().lastVpSegments).toBe(0);
    h.dupAck(3);
    expect(h.verdicts).toMatchObject([{ seq: 10000, verdict: 'wireless' }]);
    expect(h.ssthreshSegments).toBe(14);
    expect(h.cwndSegments).toBe(17);
  });

  /**
   * ACK 1000 (RTT 100) ⇒ uncongested (V_P = 0); ACK 2000 (RTT 200) inside the round: SRTT 112.5;
   * three duplicate ACKs, 40 more (window inflation), a partial ACK 10000 (it acknowledges the
   * retransmission: the sender takes no RTT sample from it, SRTT stays 112.5 ms), then the
   * retransmission timeout.
   */
  function recoveryThenTimeout(variant: Variant) {
    const h = started(variant);
    ackWithRtt(h, 1000, 100);
    ackWithRtt(h, 2000, 200);
    h.dupAck(3);
    h.dupAck(40);
    ackWithRtt(h, 10000, 500);
    expect(h.sender.inRecovery).toBe(true);
    for (let i = 0; i < 1000 && h.sender.timeouts === 0; i++) h.advance(msToNs(10));
    expect(h.sender.timeouts).toBe(1);
    return h;
  }

  it('newreno-lp makes no estimate in recovery: the timeout gets the state from before it', () => {
    const h = recoveryThenTimeout('newreno-lp');
    // at the dupACKs: state uncongested ⇒ wireless (at the loss: V_P = 12·(1 − 100/112.5) = 1.33
    // ∈ (1, 3) ⇒ the initial congestion). The partial ACK ends no round and the inflated window
    // is never estimated: the timeout is judged wireless, V_P still the 0 of ACK 1000.
    expect(h.verdicts.map((v) => v.verdict)).toEqual(['wireless', 'wireless']);
    expect(h.sender.inspect().lastVpSegments).toBe(0);
    expect(h.cwndSegments).toBe(1);
  });

  it('newreno-lp estimating at the loss judges that timeout from the inflated window: congestion', () => {
    const h = recoveryThenTimeout('newreno-lp-at-loss');
    // dupACKs: V_P 1.33 ⇒ the initial congestion ⇒ ssthresh 6, cwnd 9; +40 ⇒ 49; the partial ACK
    // deflates by the 8 segments it acknowledges and adds one ⇒ 42 at the timeout:
    // V_P = 42·(1 − 100/112.5) = 4.67 ≥ 3 ⇒ congestion
    expect(h.verdicts.map((v) => v.verdict)).toEqual(['congestion', 'congestion']);
    expect(h.sender.inspect().lastVpSegments).toBeCloseTo(42 / 9, 9);
  });
});

describe('newreno-ideal-lp', () => {
  // After ACK 1000 (RTT = RTTmin ⇒ V_P = 0, which NewReno-LP would call wireless): FlightSize 11000.
  const cases: { cause: DropCause | null; verdict: 'wireless' | 'congestion'; ssthresh: number; cwnd: number }[] = [
    { cause: 'channel-error', verdict: 'wireless', ssthresh: 11, cwnd: 14 },
    { cause: 'handoff', verdict: 'wireless', ssthresh: 11, cwnd: 14 },
    // congestion: ssthresh = 11000/2 = 5500, cwnd 8500
    { cause: 'queue-overflow', verdict: 'congestion', ssthresh: 5.5, cwnd: 8.5 },
    { cause: 'red-early', verdict: 'congestion', ssthresh: 5.5, cwnd: 8.5 },
    // never dropped (a spurious loss event): the standard reaction
    { cause: null, verdict: 'congestion', ssthresh: 5.5, cwnd: 8.5 },
  ];
  for (const c of cases) {
    it(`newreno-ideal-lp verdict follows the drop cause: ${c.cause ?? 'not dropped'} ⇒ ${c.verdict}`, () => {
      const h = afterFirstAck('newreno-ideal-lp');
      if (c.cause !== null) h.dropped(1000, c.cause);
      h.dupAck(3);
      expect(h.verdicts).toMatchObject([{ seq: 1000, verdict: c.verdict }]);
      expect(h.ssthreshSegments).toBe(c.ssthresh);
      expect(h.cwndSegments).toBe(c.cwnd);
    });
  }

  it('newreno-ideal-lp wireless loss with SACK and more in flight than cwnd (after a recovery): ssthresh = cwnd, the window is kept, not opened', () => {
    const h = tcpHarness({ variant: 'newreno-ideal-lp', initialCwndSegments: 10, sack: true, recovery: 'sack' });
    h.start(); // 0–9999 out
    // cwnd 8 segments with 10 outstanding, as a SACK recovery's exit (cwnd = ssthresh) can leave it.
    h.sender.cwndBytes = 8000;
    h.dropped(0, 'channel-error');
    for (const end of [2000, 3000, 4000]) h.ack(0, { sack: [1000, end] });
    // min(FlightSize 10000, cwnd 8000) = 8000; RFC 6675 recovery: cwnd = ssthresh. (The flight
    // alone, 10 segments, would open the window at a loss.)
    expect(h.verdicts).toMatchObject([{ seq: 0, verdict: 'wireless' }]);
    expect(h.ssthreshSegments).toBe(8);
    expect(h.cwndSegments).toBe(8);
  });

  it('newreno-ideal-lp ignores the delay signal: a channel error at V_P = 5.6 is still wireless', () => {
    const h = afterTwoAcks(200, 'newreno-ideal-lp');
    h.dropped(2000, 'channel-error');
    h.dupAck(3);
    // FlightSize 14000 − 2000 = 12000 ⇒ ssthresh 12000, cwnd 15000
    expect(h.verdicts).toMatchObject([{ verdict: 'wireless', truth: 'wireless' }]);
    expect(h.ssthreshSegments).toBe(12);
    expect(h.cwndSegments).toBe(15);
  });
});
