/**
 * TCP-Probing (Tsaoussidis & Lahanas 2002, §3): the probe cycle and the four decisions, on Reno
 * (`probing`) and Tahoe (`probing-tahoe`). The harness plays the receiver: probe replies are
 * delivered by hand after the RTT the test wants. MSS = 1000 bytes.
 *
 * Every test starts from `primed()`: 8 segments out at t = 0, ACK 1000 at t = 300 ms (one RTT
 * sample of 300 ms ⇒ SRTT = 300 ms, RTTVAR = 150 ms, RTO = max(1 s, 300 + 4·150 ms) = 1 s),
 * slow start (ssthresh = the receiver window, 1000 segments) ⇒ cwnd 8 + 1 = 9 segments, so
 * segments 8000 and 9000 go out: 9 segments [1000, 10000) in flight, segment 1000 the lost one.
 *
 * Decision arithmetic (§3.2): samples s1, s2 are folded into acprtt in order, the first ever
 * sample initialising it, then acprtt ← 0.2·acprtt + 0.8·s; best/worst = min/max sample;
 * left edge: acprtt ≤ (best + worst)/2; "no congestion": both samples ≤ acprtt.
 */
import { describe, expect, it } from 'vitest';
import { msToNs } from '../../src/engine/core/simulator.ts';
import { decide, emptyStats, foldSample, gentleWindowBytes } from '../../src/engine/tcp/recovery/probe-cycle.ts';
import { tcpHarness, type TcpHarness } from '../harness/tcp-harness.ts';

const MS = msToNs(1);

function primed(variant = 'probing'): TcpHarness {
  const h = tcpHarness({ variant, initialCwndSegments: 8 });
  h.start();
  h.advance(300 * MS);
  h.ack(1000);
  expect(h.newSent().map((s) => s.seq)).toEqual([0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000]);
  expect(h.sender.srttNs).toBe(300 * MS);
  expect(h.cwndSegments).toBe(9);
  return h;
}

/** The id of the latest probe sent. */
function lastId(h: TcpHarness): number {
  return h.probes[h.probes.length - 1].id;
}

/** Answer the running exchange: PR1_ACK after `rtt1Ms`, PR2_ACK `rtt2Ms` after PROBE2. */
function completeCycle(h: TcpHarness, rtt1Ms: number, rtt2Ms: number): void {
  const id = lastId(h);
  h.advance(rtt1Ms * MS);
  h.probeAck(2, id);
  h.advance(rtt2Ms * MS);
  h.probeAck(4, id);
}

function snap(h: TcpHarness) {
  return h.sender.inspect();
}

describe('probing probe cycle', () => {
  it('probing third dupACK suspends data and sends PROBE1 instead of a retransmission; the window is untouched', () => {
    const h = primed();
    h.dupAck(2);
    expect(h.probes).toEqual([]);
    h.dupAck(1);
    expect(h.probes).toEqual([{ kind: 1, id: 1, tNs: 300 * MS }]);
    expect(h.newSent()).toEqual([]);
    expect(h.sender.fastRetransmits).toBe(0);
    expect(h.sender.dataSuspended).toBe(true);
    expect(h.cwndSegments).toBe(9);
    expect(h.ssthreshSegments).toBe(1000);
    expect(snap(h)).toMatchObject({ phase: 'probing', inCycle: true, probeState: 'probe1-sent', probeId: 1, trigger: 'dupack' });
  });

  it('probing PR1_ACK releases PROBE2 with the same id; PR2_ACK ends the cycle', () => {
    const h = primed();
    h.dupAck(3);
    h.advance(40 * MS);
    h.probeAck(2, 1);
    expect(h.probes.map((p) => [p.kind, p.id, p.tNs])).toEqual([
      [1, 1, 300 * MS],
      [3, 1, 340 * MS],
    ]);
    expect(snap(h)).toMatchObject({ probeState: 'probe2-sent', inCycle: true });
    // A repeated PR1_ACK (or a PR2_ACK for another id) changes nothing.
    h.probeAck(2, 1);
    h.probeAck(4, 7);
    expect(h.probes).toHaveLength(2);
    expect(snap(h)).toMatchObject({ probeState: 'probe2-sent' });
    h.advance(40 * MS);
    h.probeAck(4, 1);
    expect(snap(h)).toMatchObject({ probeState: 'idle', inCycle: false, cycles: 1 });
    expect(h.sender.dataSuspended).toBe(false);
  });

  it('probing lost PROBE1: the probe timer (SRTT + 4·RTTVAR = 300 + 600 = 900 ms) restarts the exchange with a new id; the old reply is ignored', () => {
    const h = primed();
    h.dupAck(3); // PROBE1 id 1 at 300 ms, probe timer due at 1200 ms (the RTO, at 1300 ms, is later)
    h.advance(899 * MS);
    expect(h.probes).toHaveLength(1);
    h.advance(1 * MS);
    expect(h.probes.map((p) => [p.kind, p.id, p.tNs])).toEqual([
      [1, 1, 300 * MS],
      [1, 2, 1200 * MS],
    ]);
    expect(h.sender.timeouts).toBe(0);
    expect(snap(h)).toMatchObject({ probeState: 'probe1-sent', probeId: 2, probeTimeouts: 1 });
    // The PR1_ACK of the abandoned exchange arrives late: no PROBE2 for it.
    h.advance(10 * MS);
    h.probeAck(2, 1);
    expect(h.probes).toHaveLength(2);
    // Exchange 2 completes normally; its RTTs are measured from its own PROBE1 (1200 ms).
    h.advance(20 * MS);
    h.probeAck(2, 2); // s1 = 1230 − 1200 = 30 ms
    h.advance(30 * MS);
    h.probeAck(4, 2); // s2 = 30 ms
    expect(snap(h)).toMatchObject({ inCycle: false, acprttMs: 30, bestProbeRttMs: 30, worstProbeRttMs: 30 });
    expect(h.probeRecords.map((r) => [r.event, r.id, r.rttNs])).toEqual([
      ['cycle-start', 1, -1],
      ['probe1-sent', 1, -1],
      ['probe-timeout', 1, -1],
      ['probe1-sent', 2, -1],
      ['pr1-ack', 2, 30 * MS],
      ['probe2-sent', 2, -1],
      ['pr2-ack', 2, 30 * MS],
      ['immediate-recovery', 2, -1],
    ]);
  });

  it('probing a probe reply slower than SRTT still counts: the probe timer is SRTT + 4·RTTVAR, not the mean RTT', () => {
    const h = primed();
    h.dupAck(3); // SRTT 300 ms; a queue-full probe RTT of 500 ms must be measured, not timed out
    h.advance(500 * MS);
    h.probeAck(2, 1);
    h.advance(300 * MS);
    h.probeAck(4, 1);
    expect(snap(h)).toMatchObject({ inCycle: false, probeTimeouts: 0, bestProbeRttMs: 300, worstProbeRttMs: 500 });
    // acprtt = 0.2·500 + 0.8·300 = 340 ≤ midpoint 400, s1 = 500 > 340 ⇒ Reno's answer (halve).
    expect(h.probeRecords.map((r) => r.event)).toContain('reno-recovery');
  });

  it('probing lost PR2_ACK: the timer restarts from PROBE1 with a new id; the late PR2_ACK is ignored', () => {
    const h = primed();
    h.dupAck(3);
    h.advance(50 * MS);
    h.probeAck(2, 1); // PROBE2 id 1 at 350 ms, its timer due at 1250 ms
    h.advance(900 * MS);
    expect(h.probes.map((p) => [p.kind, p.id, p.tNs])).toEqual([
      [1, 1, 300 * MS],
      [3, 1, 350 * MS],
      [1, 2, 1250 * MS],
    ]);
    // The PR2_ACK of exchange 1 shows up after all: stale, the cycle goes on.
    h.probeAck(4, 1);
    expect(snap(h)).toMatchObject({ inCycle: true, probeState: 'probe1-sent', probeId: 2, cycles: 0 });
    expect(h.sender.dataSuspended).toBe(true);
    completeCycle(h, 20, 20);
    expect(snap(h)).toMatchObject({ inCycle: false, cycles: 1 });
  });

  it('probing the timer of a completed exchange is stale: no probe after the cycle', () => {
    const h = primed();
    h.dupAck(3);
    completeCycle(h, 50, 50); // done at 400 ms; PROBE2's timer (due 650 ms) is now stale
    h.advance(400 * MS);
    expect(h.probes).toHaveLength(2);
    expect(snap(h)).toMatchObject({ inCycle: false, probeTimeouts: 0 });
  });

  it('probing no data is sent while suspended, though ACKs still move the window', () => {
    const h = primed();
    h.advance(1000 * MS); // RTO armed at 300 ms fires at 1300 ms: a timeout-triggered cycle
    expect(h.sender.timeouts).toBe(1);
    expect(h.probes).toHaveLength(1);
    expect(h.newSent()).toEqual([]);
    // Segments 1000–4999 got through after all: sndUna = 5000; slow start +1 MSS ⇒ cwnd 10.
    h.ack(5000);
    expect(h.cwndSegments).toBe(10);
    h.dupAck(4);
    expect(h.newSent()).toEqual([]);
    // 50/50 ms: Immediate Recovery at cwnd 10. After a timeout the holes go out one at a time:
    // segment 5000 alone (cwnd shows one segment) …
    completeCycle(h, 50, 50);
    expect(h.newSent().map((s) => [s.seq, s.retransmit])).toEqual([[5000, true]]);
    expect(h.cwndSegments).toBe(1);
    expect(snap(h)).toMatchObject({ phase: 'immediate-recovery' });
    // … and once the ACK passes 10000 (the highest byte sent before the timeout) the old window
    // is back: [10000, 20000).
    h.ack(10000);
    expect(h.cwndSegments).toBe(10);
    expect(h.newSent().map((s) => s.seq)).toEqual([10000, 11000, 12000, 13000, 14000, 15000, 16000, 17000, 18000, 19000]);
  });

  it('probing traces each event with the probe RTTs, and the decision with acprtt, best, worst and the new cwnd', () => {
    const h = primed();
    h.dupAck(3);
    completeCycle(h, 80, 40);
    // acprtt = 0.2·80 + 0.8·40 = 48 ms; best 40, worst 80 ⇒ Reno: ssthresh 4500, cwnd 4500 + 3·1000
    expect(h.probeRecords.map((r) => [r.event, r.rttNs, r.acprttNs, r.bestNs, r.worstNs, r.cwndBytes])).toEqual([
      ['cycle-start', -1, -1, -1, -1, -1],
      ['probe1-sent', -1, -1, -1, -1, -1],
      ['pr1-ack', 80 * MS, -1, -1, -1, -1],
      ['probe2-sent', -1, -1, -1, -1, -1],
      ['pr2-ack', 40 * MS, -1, -1, -1, -1],
      ['reno-recovery', -1, 48 * MS, 40 * MS, 80 * MS, 7500],
    ]);
    expect(h.probeRecords.map((r) => r.tNs)).toEqual([300, 300, 380, 380, 420, 420].map((ms) => ms * MS));
    // Traced by the sender's observer after each hook, and taken from the variant.
    expect(h.cc.probeRecords).toEqual([]);
    expect(h.estimates.map((e) => [e.key, e.value])).toEqual([
      ['acprttMs', 48],
      ['bestProbeRttMs', 40],
      ['worstProbeRttMs', 80],
    ]);
  });
});

describe('probing decisions', () => {
  it('probing Immediate Recovery after dupACKs: cwnd = old window + every dupACK counted, ssthresh untouched', () => {
    const h = primed();
    h.dupAck(3);
    h.dupAck(2); // during the cycle: counted, no data
    expect(h.newSent()).toEqual([]);
    completeCycle(h, 50, 50);
    // acprtt = 50 (first sample), then 0.2·50 + 0.8·50 = 50; best = worst = 50 ⇒ midpoint 50:
    // the left edge (ties count as no congestion), both samples ≤ 50 ⇒ Immediate Recovery.
    // cwnd = 9000 + 5·1000 = 14000; flight [1000, 10000) = 9000 ⇒ the retransmission and
    // 14000 − 9000 = 5 new segments.
    expect(h.cwndSegments).toBe(14);
    expect(h.ssthreshSegments).toBe(1000);
    expect(h.newSent().map((s) => [s.seq, s.retransmit])).toEqual([
      [1000, true],
      [10000, false],
      [11000, false],
      [12000, false],
      [13000, false],
      [14000, false],
    ]);
    expect(snap(h)).toMatchObject({ phase: 'immediate-recovery', lastDecision: 'immediate' });
    // The retransmission's ACK covers the old window: deflate to the old window, 9 segments.
    h.ack(10000);
    expect(h.sender.inRecovery).toBe(false);
    expect(h.cwndSegments).toBe(9);
    expect(h.ssthreshSegments).toBe(1000);
  });

  it('probing Immediate Recovery with both samples strictly below acprtt (second cycle)', () => {
    const h = primed();
    h.dupAck(3);
    completeCycle(h, 100, 50); // acprtt 0.2·100 + 0.8·50 = 60, best 50, worst 100: Reno (100 > 60)
    expect(snap(h)).toMatchObject({ lastDecision: 'reno' });
    // Reno: ssthresh = 9000/2 = 4500, cwnd = 4500 + 3000 = 7500; ACK 10000 deflates to 4500 and
    // sends [10000, 14500) ⇒ 10000…13000 (14000 + 1000 > 14500).
    h.ack(10000);
    expect(h.cwndSegments).toBe(4.5);
    h.newSent();
    h.dupAck(3);
    completeCycle(h, 55, 55);
    // acprtt = 0.2·60 + 0.8·55 = 56, then 0.2·56 + 0.8·55 = 55.2; midpoint (50 + 100)/2 = 75 ⇒
    // left edge; 55 < 55.2 ⇒ Immediate: cwnd 4500 + 3·1000, ssthresh stays 4500.
    expect(snap(h)).toMatchObject({ acprttMs: 55.2, lastDecision: 'immediate' });
    expect(h.cwndSegments).toBe(7.5);
    expect(h.ssthreshSegments).toBe(4.5);
  });

  it('probing Reno-like recovery at the left edge when a sample is above acprtt', () => {
    const h = primed();
    h.dupAck(4);
    completeCycle(h, 80, 40);
    // acprtt 48, midpoint 60 ⇒ left edge; s1 = 80 > 48 ⇒ Reno: ssthresh = max(9000/2, 2000) =
    // 4500, fast retransmit, cwnd = 4500 + 4 dupACKs · 1000 = 8500 (< flight 9000: nothing new).
    expect(h.ssthreshSegments).toBe(4.5);
    expect(h.cwndSegments).toBe(8.5);
    expect(h.newSent().map((s) => [s.seq, s.retransmit])).toEqual([[1000, true]]);
    expect(h.sender.inRecovery).toBe(true);
    h.dupAck(1); // further duplicates inflate as in Reno: cwnd 9500; 10000 + 1000 > 1000 + 9500 ⇒ nothing new
    expect(h.cwndSegments).toBe(9.5);
    expect(h.newSent()).toEqual([]);
    h.dupAck(1); // cwnd 10500: 10000 + 1000 ≤ 1000 + 10500 ⇒ one new segment
    expect(h.newSent().map((s) => s.seq)).toEqual([10000]);
    h.ack(11000);
    expect(h.cwndSegments).toBe(4.5);
    expect(h.sender.inRecovery).toBe(false);
  });

  it('probing Slow Start at the right edge when a sample is above acprtt', () => {
    const h = primed();
    h.dupAck(3);
    completeCycle(h, 50, 100);
    // acprtt = 0.2·50 + 0.8·100 = 90 > midpoint 75; s2 = 100 > 90 ⇒ Slow Start: ssthresh 4500,
    // cwnd 1 segment, go back to sndUna: segment 1000 alone.
    expect(h.ssthreshSegments).toBe(4.5);
    expect(h.cwndSegments).toBe(1);
    expect(h.newSent().map((s) => [s.seq, s.retransmit])).toEqual([[1000, true]]);
    expect(h.sender.inRecovery).toBe(false);
    expect(snap(h)).toMatchObject({ phase: 'slow-start', lastDecision: 'slow-start' });
  });

  it('probing Gentle Recovery at the right edge with both samples ≤ acprtt: cwnd = old/2 + ((worst − acprtt)/(worst − best))·old', () => {
    const h = primed();
    h.dupAck(3);
    completeCycle(h, 50, 100); // Slow Start as above; acprtt 90, best 50, worst 100
    h.ack(10000); // the only hole filled; no RTT sample (Karn); slow start ⇒ cwnd 2: [10000, 12000)
    h.advance(300 * MS);
    h.ack(12000); // sample 300 ms keeps SRTT at 300 ms; cwnd 3: [12000, 15000)
    expect(h.cwndSegments).toBe(3);
    h.newSent();
    h.dupAck(3);
    completeCycle(h, 90, 90);
    // acprtt = 0.2·90 + 0.8·90 = 90 twice; best 50, worst 100, midpoint 75 < 90 ⇒ right edge;
    // both 90 ≤ 90 ⇒ Gentle: (100 − 90)/(100 − 50) = 0.2 ⇒ 3000/2 + 0.2·3000 = 2100 bytes,
    // plus 3 dupACKs ⇒ cwnd 5100; flight [12000, 15000) ⇒ 12000 resent, 15000 and 16000 new
    // (17000 + 1000 > 12000 + 5100).
    expect(h.cwndSegments).toBe(5.1);
    expect(h.ssthreshSegments).toBe(4.5); // untouched by Gentle Recovery
    expect(h.newSent().map((s) => [s.seq, s.retransmit])).toEqual([
      [12000, true],
      [15000, false],
      [16000, false],
    ]);
    expect(snap(h)).toMatchObject({ phase: 'gentle-recovery', lastDecision: 'gentle' });
    h.ack(17000);
    expect(h.cwndSegments).toBe(2.1);
    expect(h.probeRecords[h.probeRecords.length - 1]).toMatchObject({ event: 'gentle-recovery', acprttNs: 90 * MS, bestNs: 50 * MS, worstNs: 100 * MS, cwndBytes: 5100 });
  });

  it('probing dupACKs are counted only in dupACK-triggered cycles: after a timeout, Immediate Recovery restores the window without inflation', () => {
    const h = primed();
    h.advance(1000 * MS); // timeout at 1300 ms
    expect(snap(h)).toMatchObject({ inCycle: true, trigger: 'rto' });
    h.dupAck(5);
    completeCycle(h, 50, 50);
    expect(h.newSent().map((s) => s.seq)).toEqual([1000]);
    // The ACK passes 10000: cwnd = the old 9 segments (not 9 + 5), ssthresh untouched.
    h.ack(10000);
    expect(h.cwndSegments).toBe(9);
    expect(h.ssthreshSegments).toBe(1000);
    expect(h.newSent().map((s) => s.seq)).toEqual([10000, 11000, 12000, 13000, 14000, 15000, 16000, 17000, 18000]);
  });

  it('probing after a timeout the holes are resent one per ACK until the ACK passes the data sent before it', () => {
    const h = primed();
    h.advance(1000 * MS);
    completeCycle(h, 50, 50);
    expect(h.newSent().map((s) => s.seq)).toEqual([1000]);
    // The receiver held [2000, 3000) and [4000, 7000): each ACK names the next hole, resent alone.
    h.ack(3000);
    expect(h.newSent().map((s) => [s.seq, s.retransmit])).toEqual([[3000, true]]);
    h.ack(7000);
    expect(h.newSent().map((s) => [s.seq, s.retransmit])).toEqual([[7000, true]]);
    expect(h.cwndSegments).toBe(1);
    h.ack(10000);
    expect(h.sender.inRecovery).toBe(false);
    expect(h.cwndSegments).toBe(9);
  });

  it('probing after a timeout, three holes in a row acknowledged alone mean a block loss: the window comes back at once', () => {
    const h = primed();
    h.advance(1000 * MS);
    completeCycle(h, 50, 50);
    h.newSent();
    h.ack(2000); // 1000 alone: the receiver held nothing after it (1 in a row)
    h.ack(3000); // 2 in a row
    expect(h.newSent().map((s) => s.seq)).toEqual([2000, 3000]);
    h.ack(4000); // 3 in a row ⇒ cwnd 9 from sndUna 4000: [4000, 13000), 4000–9000 resent
    expect(h.sender.inRecovery).toBe(false);
    expect(h.cwndSegments).toBe(9);
    const out = h.newSent();
    expect(out.map((s) => s.seq)).toEqual([4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000, 12000]);
    expect(out.filter((s) => s.retransmit)).toHaveLength(6);
  });

  it('probing a timeout that ends in Reno\'s branch slow-starts, as Reno does after a timeout', () => {
    const h = primed();
    h.advance(1000 * MS);
    completeCycle(h, 80, 40); // acprtt 48 ≤ 60, s1 > 48 ⇒ Reno's timeout answer: ssthresh 4500, cwnd 1
    expect(h.ssthreshSegments).toBe(4.5);
    expect(h.cwndSegments).toBe(1);
    expect(h.newSent().map((s) => s.seq)).toEqual([1000]);
  });

  it('probing a timeout during a dupACK cycle: the cycle goes on as a timeout-triggered one', () => {
    const h = primed();
    h.advance(50 * MS);
    h.dupAck(4); // cycle at 350 ms, probe timer 900 ms; the RTO (armed at 300 ms) is due at 1300 ms
    h.advance(900 * MS); // PROBE1 lost: exchange 2 at 1250 ms
    expect(h.probes.map((p) => [p.id, p.tNs])).toEqual([
      [1, 350 * MS],
      [2, 1250 * MS],
    ]);
    h.advance(50 * MS); // 1300 ms: the sender's timeout, in the middle of the cycle
    expect(h.sender.timeouts).toBe(1);
    expect(snap(h)).toMatchObject({ inCycle: true, trigger: 'rto' });
    h.advance(50 * MS);
    h.probeAck(2, 2); // s1 = 1350 − 1250 = 100 ms
    h.advance(100 * MS);
    h.probeAck(4, 2); // s2 = 100 ms ⇒ acprtt 100 = best = worst: Immediate
    // Resent as after a timeout (the sender went back), and the 4 duplicates no longer count.
    expect(h.newSent().map((s) => s.seq)).toEqual([1000]);
    h.ack(10000);
    expect(h.cwndSegments).toBe(9);
  });

  it('probing duplicates echoing a go-back start no cycle until the ACK passes the data sent before it', () => {
    const h = primed();
    h.advance(1000 * MS);
    completeCycle(h, 80, 40); // Reno's answer to the timeout: cwnd 1, go back to 1000
    expect(h.newSent().map((s) => s.seq)).toEqual([1000]);
    // The receiver held [2000, 3000) and [4000, 10000). ACK 3000: cwnd 2 ⇒ 3000 and 4000 resent.
    h.ack(3000);
    expect(h.newSent().map((s) => s.seq)).toEqual([3000, 4000]);
    // 3000 fills the hole: ACK 10000, cwnd 3 ⇒ 10000–12000. The resent 4000 (and what the sender
    // would resend next) come back as duplicates of 10000, but 10000 does not pass the highest
    // byte sent before the timeout (10000): echoes, no cycle.
    h.ack(10000);
    expect(h.newSent().map((s) => s.seq)).toEqual([10000, 11000, 12000]);
    h.dupAck(3);
    expect(h.probes).toHaveLength(2);
    expect(snap(h)).toMatchObject({ inCycle: false });
    // Past that point, three duplicates are a loss event again.
    h.ack(11000);
    h.dupAck(3);
    expect(h.probes).toHaveLength(3);
  });
});

describe('probing-tahoe', () => {
  it('probing-tahoe the device\'s "Reno" branch is Tahoe\'s slow start: cwnd 1, go back to sndUna', () => {
    const h = primed('probing-tahoe');
    h.dupAck(3);
    completeCycle(h, 80, 40); // acprtt 48 ≤ 60, s1 > 48: the base TCP's answer
    expect(h.ssthreshSegments).toBe(4.5);
    expect(h.cwndSegments).toBe(1);
    expect(h.sender.inRecovery).toBe(false);
    expect(h.newSent().map((s) => [s.seq, s.retransmit])).toEqual([[1000, true]]);
    expect(h.probeRecords[h.probeRecords.length - 1]).toMatchObject({ event: 'slow-start', cwndBytes: 1000 });
  });

  it('probing-tahoe Immediate Recovery inflates and deflates as on Reno', () => {
    const h = primed('probing-tahoe');
    h.dupAck(3);
    completeCycle(h, 50, 50);
    expect(h.cwndSegments).toBe(12); // 9 + 3 dupACKs
    expect(h.newSent().map((s) => s.seq)).toEqual([1000, 10000, 11000, 12000]);
    h.ack(13000);
    expect(h.cwndSegments).toBe(9);
  });
});

describe('probing decision rule', () => {
  it('probing acprtt folds both samples in order, 0.2·acprtt + 0.8·sample, the first sample initialising it', () => {
    let s = foldSample(emptyStats(), 100 * MS);
    expect(s).toEqual({ acprttNs: 100 * MS, bestNs: 100 * MS, worstNs: 100 * MS });
    s = foldSample(s, 50 * MS); // 20 + 40 = 60 ms
    expect(s).toEqual({ acprttNs: 60 * MS, bestNs: 50 * MS, worstNs: 100 * MS });
  });

  it('probing the four branches of §3.2 and the Gentle window', () => {
    // midpoint (50 + 100)/2 = 75
    const at = (acprttMs: number) => ({ acprttNs: acprttMs * MS, bestNs: 50 * MS, worstNs: 100 * MS });
    expect(decide(at(60), 55 * MS, 60 * MS)).toBe('immediate');
    expect(decide(at(75), 55 * MS, 75 * MS)).toBe('immediate'); // acprtt on the midpoint: left edge
    expect(decide(at(60), 55 * MS, 61 * MS)).toBe('reno');
    expect(decide(at(80), 70 * MS, 80 * MS)).toBe('gentle');
    expect(decide(at(80), 81 * MS, 70 * MS)).toBe('slow-start');
    // Gentle: old/2 + ((100 − 80)/(100 − 50))·old = 0.5 + 0.4 = 0.9 of old; range [old/2, old)
    expect(gentleWindowBytes(10000, at(80))).toBeCloseTo(9000, 9);
    expect(gentleWindowBytes(10000, at(100))).toBe(5000);
  });
});

describe('probing timeout not extended (sender support)', () => {
  it('probing Immediate Recovery after a timeout clears the backoff: RTO back to 1 s', () => {
    const h = primed();
    h.advance(1000 * MS); // timeout: the sender doubles the RTO, 1 s → 2 s
    expect(h.sender.rtoNs).toBe(2000 * MS);
    completeCycle(h, 50, 50);
    // §3.2/§5.2: "timeout and threshold values are not adjusted" ⇒ RTO = max(1 s, 300 + 4·150 ms)
    expect(h.sender.rtoNs).toBe(1000 * MS);
  });

  it('probing Slow Start keeps the backed-off timeout, as standard TCP does', () => {
    const h = primed();
    h.advance(1000 * MS);
    completeCycle(h, 50, 100); // right edge, s2 above acprtt: Slow Start
    expect(h.sender.rtoNs).toBe(2000 * MS);
  });
});
