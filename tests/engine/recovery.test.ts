/**
 * The recovery layer by branch, in the step harness: the CA state machine the sender traces
 * (Linux's tcp_ca_state; the playback draws recovery spans from it), limited transmit (RFC 3042),
 * PRR's window (RFC 6937 §3's equations, worked by hand below), what happens after a timeout, and
 * SACK's lost-retransmission detection. MSS = 1000 bytes; "segment k" is bytes [1000k, 1000k + 1000).
 */
import { describe, expect, it } from 'vitest';
import { msToNs } from '../../src/engine/core/simulator.ts';
import { tcpHarness, type TcpHarness } from '../harness/tcp-harness.ts';

const transitions = (h: TcpHarness): string[] => h.states.map((s) => `${s.from}→${s.to}`);
const sent = (h: TcpHarness): string[] => h.newSent().map((s) => `${s.seq}${s.retransmit ? ' rxt' : ''}`);
/** SACK blocks a receiver holding segments first…last (inclusive) reports. */
const holding = (first: number, last: number): number[] => [first * 1000, (last + 1) * 1000];

describe('CA state machine', () => {
  it('newreno open → disorder on the first dupACK → recovery on the third → open on the full ACK', () => {
    const h = tcpHarness({ variant: 'newreno', initialCwndSegments: 10 });
    h.start();
    h.newSent();
    h.dupAck(1);
    expect(transitions(h)).toEqual(['open→disorder']);
    h.dupAck(2);
    expect(transitions(h)).toEqual(['open→disorder', 'disorder→recovery']);
    expect(sent(h)).toEqual(['0 rxt']);
    h.ack(5000); // partial: still recovering, the next hole resent
    expect(h.sender.caState).toBe('recovery');
    expect(sent(h)).toContain('5000 rxt');
    h.ack(10000); // the recovery point: full ACK
    expect(transitions(h)).toEqual(['open→disorder', 'disorder→recovery', 'recovery→open']);
  });

  it('newreno a new ACK after one or two duplicates goes back to open without a loss event', () => {
    const h = tcpHarness({ variant: 'newreno', initialCwndSegments: 4 });
    h.start();
    h.dupAck(2);
    h.ack(4000);
    expect(transitions(h)).toEqual(['open→disorder', 'disorder→open']);
    expect(h.sender.fastRetransmits).toBe(0);
  });

  it('newreno timeout → loss, back to open once everything outstanding at the timeout is acknowledged', () => {
    const h = tcpHarness({ variant: 'newreno', initialCwndSegments: 4 });
    h.start();
    h.advance(msToNs(1000)); // initial RTO 1 s
    expect(h.sender.timeouts).toBe(1);
    expect(transitions(h)).toEqual(['open→loss']);
    h.ack(1000);
    expect(h.sender.caState).toBe('loss');
    h.ack(4000);
    expect(transitions(h)).toEqual(['open→loss', 'loss→open']);
  });

  it('tahoe the fast retransmit is a loss episode (go-back-N from one segment), not a recovery', () => {
    const h = tcpHarness({ variant: 'tahoe', initialCwndSegments: 8 });
    h.start();
    h.newSent();
    h.dupAck(3);
    expect(transitions(h)).toEqual(['open→disorder', 'disorder→loss']);
    expect(h.cwndSegments).toBe(1);
    expect(sent(h)).toEqual(['0 rxt']);
    h.ack(8000);
    expect(h.sender.caState).toBe('open');
  });
});

describe('after a timeout', () => {
  /** Ten segments out, segment 0 lost; the timeout resends it; three echoes arrive. */
  function echoesAfterTimeout(variant: string): TcpHarness {
    const h = tcpHarness({ variant, initialCwndSegments: 10 });
    h.start();
    h.newSent();
    h.advance(msToNs(1000));
    expect(sent(h)).toEqual(['0 rxt']);
    h.dupAck(3);
    return h;
  }

  it('newreno duplicates of a go-back-N retransmission start no fast retransmit (RFC 6582 recover)', () => {
    const h = echoesAfterTimeout('newreno');
    expect(h.sender.fastRetransmits).toBe(0);
    expect(h.sender.caState).toBe('loss');
  });

  it('reno keeps the textbook false fast retransmit, but its ssthresh comes from what is really in flight', () => {
    const h = echoesAfterTimeout('reno');
    expect(h.sender.fastRetransmits).toBe(1);
    // In flight after the timeout: only the one resent segment (the other nine were declared
    // lost), so ssthresh = max(1000/2, 2·1000) = 2 segments — not half the pre-timeout ten.
    expect(h.ssthreshSegments).toBe(2);
    expect(h.cwndSegments).toBe(2 + 3);
  });

  it('reno slow start after a timeout, every other segment lost: go-back-N resends the held ones too, and only ACKs of new data grow cwnd (RFC 5681 §3.1)', () => {
    const h = tcpHarness({ variant: 'reno', initialCwndSegments: 10 });
    h.start();
    h.newSent();
    // 0, 2, 4, 6 and 8 lost; the ACKs of 1, 3, 5, 7 and 9 lost too: only the timer is left
    h.advance(msToNs(1000));
    expect(h.ssthreshSegments).toBe(5); // max(FlightSize / 2, 2) with ten in flight
    expect(h.cwndSegments).toBe(1);
    expect(sent(h)).toEqual(['0 rxt']);
    // round 1: 0 fills its hole, 1 was held, so the ACK covers two segments: +1 all the same
    h.ack(2000);
    expect(h.cwndSegments).toBe(2);
    expect(sent(h)).toEqual(['2000 rxt', '3000 rxt']);
    // round 2: 2 fills its hole (ACK 4000, 3 held); the resent 3 is an echo: a duplicate
    h.ack(4000);
    h.dupAck(1);
    expect(h.cwndSegments).toBe(3);
    expect(sent(h)).toEqual(['4000 rxt', '5000 rxt', '6000 rxt']);
    // round 3: 4 and 6 fill holes, the resent 5 echoes: two new ACKs of three, cwnd 3 → 5
    h.ack(6000);
    h.dupAck(1);
    h.ack(8000);
    expect(h.cwndSegments).toBe(5);
    expect(sent(h)).toEqual(['7000 rxt', '8000 rxt', '9000 rxt', '10000', '11000', '12000']);
    // 1 → 2 → 3 → 5: half the resent segments were held already, so each round grows cwnd by
    // about half, not double. At cwnd = ssthresh RFC 5681 allows either growth; this sender
    // takes congestion avoidance: +MSS·MSS/cwnd, a fifth of a segment
    h.ack(10000);
    expect(h.cwndSegments).toBeCloseTo(5.2, 10);
    expect(h.sender.fastRetransmits).toBe(0);
  });

  it('sack going back after a timeout resends only what the receiver has not SACKed', () => {
    const h = tcpHarness({ variant: 'newreno', sack: true, initialCwndSegments: 6 });
    h.start();
    h.newSent();
    // Segments 0 and 2 lost; 1 and 3 arrive: two duplicates, no loss event yet.
    h.ack(0, { sack: holding(1, 1) });
    h.ack(0, { sack: [3000, 4000, 1000, 2000] });
    h.advance(msToNs(1000));
    expect(sent(h)).toEqual(['0 rxt']);
    // 0 and 1 acknowledged: cwnd 2 from 2000 covers 2 and the SACKed 3, which is skipped.
    h.ack(2000, { sack: holding(3, 3) });
    expect(sent(h)).toEqual(['2000 rxt']);
    h.ack(4000); // cwnd 3: 4 and 5 again (unSACKed: they may be lost), then new data
    expect(sent(h)).toEqual(['4000 rxt', '5000 rxt', '6000']);
  });
});

describe('limited transmit (RFC 3042)', () => {
  it('with cwnd 3 and one loss the first two duplicates each send a new segment and the third brings a fast retransmit', () => {
    const h = tcpHarness({ variant: 'newreno', initialCwndSegments: 3, limitedTransmit: true });
    h.start();
    expect(sent(h)).toEqual(['0', '1000', '2000']);
    h.dupAck(1); // segment 1 arrived
    expect(sent(h)).toEqual(['3000']);
    h.dupAck(1); // segment 2
    expect(sent(h)).toEqual(['4000']);
    h.dupAck(1); // segment 3, sent by limited transmit
    expect(sent(h)).toEqual(['0 rxt']);
    expect(h.sender.fastRetransmits).toBe(1);
    expect(h.sender.timeouts).toBe(0);
  });

  it('without it the same loss leaves two duplicates and a timeout', () => {
    const h = tcpHarness({ variant: 'newreno', initialCwndSegments: 3 });
    h.start();
    h.newSent();
    h.dupAck(2);
    expect(sent(h)).toEqual([]);
    h.advance(msToNs(1000));
    expect(h.sender.timeouts).toBe(1);
    expect(h.sender.fastRetransmits).toBe(0);
  });
});

describe('PRR (RFC 6937)', () => {
  /**
   * Twenty segments out, segment 0 lost, each later one SACKed as it arrives. The third SACK
   * enters recovery: RecoverFS = 20 segments, ssthresh = 10 (half the flight), the fast
   * retransmit is prr_out = 1. After the k-th duplicate, prr_delivered = k − 2 and pipe = 1
   * (the retransmission) + 19 − k (unSACKed, not lost) + the new segments sent so far; while
   * pipe > ssthresh, sndcnt = ⌈prr_delivered · 10 / 20⌉ − prr_out, so one new segment leaves
   * for every two delivered: after the 5th, 7th, 9th … duplicate (⌈3/2⌉ − 1 = 1, ⌈5/2⌉ − 2 = 1, …).
   */
  it('prr with pipe above ssthresh sends one segment per two delivered (the proportional part)', () => {
    const h = tcpHarness({ variant: 'newreno', sack: true, initialCwndSegments: 20 });
    h.start();
    h.newSent();
    h.ack(0, { sack: holding(1, 1) });
    h.ack(0, { sack: holding(1, 2) });
    expect(sent(h)).toEqual([]);
    h.ack(0, { sack: holding(1, 3) });
    expect(sent(h)).toEqual(['0 rxt']);
    expect(h.ssthreshSegments).toBe(10);
    let newSegment = 20;
    // Up to k = 14 pipe stays above ssthresh (k = 14: 1 + 5 + 5 = 11 segments).
    for (let k = 4; k <= 14; k++) {
      h.ack(0, { sack: holding(1, k) });
      const expected = k % 2 === 1 ? [`${1000 * newSegment++}`] : [];
      expect(sent(h), `after duplicate ${k}`).toEqual(expected);
    }
  });

  /**
   * Twenty segments out, segments 0–9 lost, 10, 11, 12 SACKed: recovery at the third, every
   * hole below 10 IsLost. pipe = 1 (retransmitted 0) + 7 (13–19) = 8 < ssthresh 10, so the
   * slow-start reduction bound applies: sndcnt = min(ssthresh − pipe, max(prr_delivered −
   * prr_out, DeliveredData) + MSS) = min(2, max(1 − 1, 1) + 1) = 2 segments more at once (1, 2).
   * The next SACK: prr_delivered 2, prr_out 3, pipe = 3 + 6 = 9 ⇒ min(1, max(−1, 1) + 1) = 1 (3).
   */
  it('prr with pipe below ssthresh grows back to it no faster than slow start (the reduction bound)', () => {
    const h = tcpHarness({ variant: 'newreno', sack: true, initialCwndSegments: 20 });
    h.start();
    h.newSent();
    h.ack(0, { sack: holding(10, 10) });
    h.ack(0, { sack: holding(10, 11) });
    h.ack(0, { sack: holding(10, 12) });
    expect(sent(h)).toEqual(['0 rxt', '1000 rxt', '2000 rxt']);
    expect(h.cwndSegments).toBe(10);
    h.ack(0, { sack: holding(10, 13) });
    expect(sent(h)).toEqual(['3000 rxt']);
    expect(h.sender.inspect().sndcntBytes).toBe(1000);
  });

  it('prr leaves recovery with cwnd = ssthresh', () => {
    const h = tcpHarness({ variant: 'newreno', sack: true, initialCwndSegments: 20 });
    h.start();
    h.newSent();
    for (let k = 1; k <= 19; k++) h.ack(0, { sack: holding(1, k) });
    h.ack(h.sender.recoverSeq);
    expect(h.sender.caState).toBe('open');
    expect(h.cwndSegments).toBe(10);
  });
});

describe('SACK recovery finds a lost retransmission', () => {
  it('sack resends a retransmission once data sent after it is SACKed, without waiting for the timeout', () => {
    const h = tcpHarness({ variant: 'newreno', sack: true, recovery: 'sack', initialCwndSegments: 10 });
    h.start();
    h.newSent();
    for (let k = 1; k <= 3; k++) h.ack(0, { sack: holding(1, k) });
    expect(sent(h)).toEqual(['0 rxt']); // sndMax was 10000 when it left
    for (let k = 4; k <= 9; k++) h.ack(0, { sack: holding(1, k) });
    const fresh = sent(h);
    expect(fresh).not.toContain('0 rxt');
    expect(fresh[0]).toBe('10000'); // new data after the retransmission
    // The retransmission of 0 was lost too: segment 10, sent after it, arrives first.
    h.ack(0, { sack: [10000, 11000, 1000, 10000] });
    expect(sent(h)).toContain('0 rxt');
    expect(h.sender.timeouts).toBe(0);
  });
});

describe('back-to-back SACK recoveries', () => {
  it('sack a recovery that starts right after another does not resend a hole the previous one retransmitted and is still on its way', () => {
    const h = tcpHarness({ variant: 'newreno', sack: true, recovery: 'sack', initialCwndSegments: 10 });
    h.start();
    h.newSent();
    // Episode 1: segment 0 lost (recovery point 10000); 1–9 arrive, new data 10, 11, … follows.
    for (let k = 1; k <= 9; k++) h.ack(0, { sack: holding(1, k) });
    const episode1 = sent(h);
    expect(episode1[0]).toBe('0 rxt');
    expect(episode1).toContain('10000');
    // Segment 10 is lost too: 11, 12, 13 arrive, IsLost(10) ⇒ episode 1 resends it.
    h.ack(0, { sack: [11000, 12000, 1000, 10000] });
    h.ack(0, { sack: [11000, 13000, 1000, 10000] });
    h.ack(0, { sack: [11000, 14000, 1000, 10000] });
    expect(sent(h)).toContain('10000 rxt');
    // The retransmission of 0 arrives: episode 1 is over; 14 arrives next and IsLost(10) starts
    // episode 2 — whose first hole, 10, is already retransmitted and in flight.
    h.ack(10000, { sack: holding(11, 13) });
    expect(h.sender.caState).toBe('open');
    h.ack(10000, { sack: holding(11, 14) });
    expect(h.sender.caState).toBe('recovery');
    expect(sent(h)).not.toContain('10000 rxt');
    expect(h.sender.fastRetransmits).toBe(1);
  });
});

/**
 * The state table per variant family: the framework traces the same machine whatever the window
 * algorithm, so each family is driven through one loss (three duplicate ACKs, then the ACK of
 * everything outstanding) and one timeout, and its transitions are what RFC 5681/6582/6675 and
 * the variant's own recovery say: Reno leaves recovery on the first new ACK (RFC 5681 §3.2 step
 * 6), NewReno and SACK only on the ACK of the recovery point (RFC 6582 §3.2 step 3, RFC 6675 §5).
 */
describe('CA state table per variant family', () => {
  /** Ten segments out, segment 0 lost: three duplicates, then ACKs for `acks` in turn. */
  function threeDupAcksThen(variant: string, acks: number[], opts: { sack?: boolean } = {}): TcpHarness {
    const h = tcpHarness({ variant, initialCwndSegments: 10, ...opts });
    h.start();
    h.newSent();
    // with SACK on, each duplicate reports one more of segments 1… as held
    for (let i = 1; i <= 3; i++) h.ack(0, opts.sack ? { sack: holding(1, i) } : {});
    for (const a of acks) h.ack(a);
    return h;
  }
  const lossThenFullAck = ['open→disorder', 'disorder→recovery', 'recovery→open'];

  // TCP-Real's fast retransmit and recovery are Reno's (real.ts header)
  for (const variant of ['reno', 'real']) {
    it(`${variant} leaves recovery on the first new ACK, even a partial one`, () => {
      const h = threeDupAcksThen(variant, [5000]);
      expect(transitions(h)).toEqual(lossThenFullAck);
    });
  }

  for (const variant of ['reno', 'real', 'newreno', 'cubic', 'westwood-plus', 'westwood', 'bbr']) {
    it(`${variant} timeout → loss, then open once everything outstanding is acknowledged`, () => {
      const h = tcpHarness({ variant, initialCwndSegments: 4 });
      h.start();
      h.advance(msToNs(1000)); // initial RTO 1 s
      expect(transitions(h)).toEqual(['open→loss']);
      h.ack(4000);
      expect(transitions(h)).toEqual(['open→loss', 'loss→open']);
    });
  }

  for (const variant of ['newreno', 'cubic', 'westwood-plus', 'westwood', 'bbr']) {
    it(`${variant} stays in recovery on a partial ACK and leaves it on the full ACK`, () => {
      const h = threeDupAcksThen(variant, []);
      // the recovery point: everything sent when the loss was declared (BBR, owning its window,
      // may have sent new data on the duplicates)
      const recoverSeq = h.sender.recoverSeq;
      expect(recoverSeq).toBeGreaterThanOrEqual(10_000);
      h.ack(5000);
      expect(transitions(h)).toEqual(['open→disorder', 'disorder→recovery']);
      h.ack(recoverSeq);
      expect(transitions(h)).toEqual(lossThenFullAck);
    });
  }

  it('sack (RFC 6675) enters recovery on the third duplicate with SACK blocks and leaves it on the ACK of the recovery point', () => {
    const h = threeDupAcksThen('sack', [5000], { sack: true });
    expect(h.sender.caState).toBe('recovery');
    h.ack(10_000);
    expect(transitions(h)).toEqual(lossThenFullAck);
  });

  it('probing holds the loss in disorder through its probe cycle, then decides: recovery, and open on the full ACK', () => {
    const h = tcpHarness({ variant: 'probing', initialCwndSegments: 10 });
    h.start();
    h.newSent();
    h.dupAck(3);
    // the third duplicate starts a probe cycle instead of a fast retransmit: no data, no state change yet
    expect(transitions(h)).toEqual(['open→disorder']);
    expect(h.probeRecords.map((r) => r.event)).toEqual(['cycle-start', 'probe1-sent']);
    const id = h.probes[0].id;
    h.probeAck(2, id);
    h.probeAck(4, id);
    expect(transitions(h)).toEqual(['open→disorder', 'disorder→recovery']);
    h.ack(10_000);
    expect(transitions(h)).toEqual(lossThenFullAck);
  });

  it('probing after a timeout stays in loss through the probe cycle and recovers from there', () => {
    const h = tcpHarness({ variant: 'probing', initialCwndSegments: 4 });
    h.start();
    h.advance(msToNs(1000));
    expect(transitions(h)).toEqual(['open→loss']);
    const id = h.probes[0].id;
    h.probeAck(2, id);
    h.probeAck(4, id);
    expect(transitions(h)).toEqual(['open→loss', 'loss→recovery']);
  });
});
