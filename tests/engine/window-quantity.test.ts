/**
 * The window the cwnd chart plots: cwnd less the inflation a Reno-style fast recovery adds for
 * segments that have left the network (RFC 5681 §3.2 steps 3–4, RFC 6582 §3.2). It is what the
 * textbook draws: halved at the fast retransmit, flat through the recovery, no per-duplicate
 * spike. Each case is computed by hand from the RFC's rules, ACK by ACK, and read back through
 * the engine's trace and the chart's series builder (cwndSeries), as the page would draw it.
 * MSS = 1000 bytes; "segment k" is bytes [1000k, 1000k + 1000).
 */
import { describe, expect, it } from 'vitest';
import { msToNs } from '../../src/engine/core/simulator.ts';
import { cwndSeries } from '../../src/ui/charts/series.ts';
import { tcpHarness, type TcpHarness } from '../harness/tcp-harness.ts';

/** Each ACK at its own millisecond, so every step of the window is its own point in time. */
function step(h: TcpHarness, deliver: () => void): { window: number; inflated: number } {
  h.advance(msToNs(1));
  deliver();
  const s = cwndSeries(h.windowTrace(), 0, 1000);
  const last = s.tS.length - 1;
  return { window: s.cwndSeg[last], inflated: (s.inflatedSeg ?? s.cwndSeg)[last] };
}

const dup = (h: TcpHarness) => () => h.dupAck(1);

describe('the plotted window (cwnd without fast-recovery inflation)', () => {
  it('Reno: 8 segments out, segment 0 lost', () => {
    const h = tcpHarness({ variant: 'reno', initialCwndSegments: 8 });
    h.start();
    // dupACKs 1 and 2: no change (window 8)
    expect(step(h, dup(h))).toEqual({ window: 8, inflated: 8 });
    expect(step(h, dup(h))).toEqual({ window: 8, inflated: 8 });
    // 3rd: ssthresh = FlightSize/2 = 4; cwnd = 4 + 3 = 7 (inflated); window 4
    expect(step(h, dup(h))).toEqual({ window: 4, inflated: 7 });
    // 4th–6th: cwnd 8, 9, 10; the window stays 4
    expect(step(h, dup(h))).toEqual({ window: 4, inflated: 8 });
    expect(step(h, dup(h))).toEqual({ window: 4, inflated: 9 });
    expect(step(h, dup(h))).toEqual({ window: 4, inflated: 10 });
    // new ACK: cwnd = ssthresh = 4, recovery over: both are 4
    expect(step(h, () => h.ack(8000))).toEqual({ window: 4, inflated: 4 });
    expect(h.sender.inRecovery).toBe(false);
  });

  it('NewReno: 10 out, segments 0 and 4 lost; a partial ACK deflates the inflation, not the window', () => {
    const h = tcpHarness({ variant: 'newreno', initialCwndSegments: 10 });
    h.start();
    step(h, dup(h));
    step(h, dup(h));
    // 3rd dupACK: ssthresh = 10/2 = 5, cwnd = 8, window 5
    expect(step(h, dup(h))).toEqual({ window: 5, inflated: 8 });
    // dupACKs from segments 5–9: cwnd 9 … 13, window 5
    for (let k = 9; k <= 13; k++) expect(step(h, dup(h))).toEqual({ window: 5, inflated: k });
    // partial ACK of 4 segments: cwnd = 13 − 4 + 1 = 10; inflation 8 − 3 = 5; window 5
    expect(step(h, () => h.ack(4000))).toEqual({ window: 5, inflated: 10 });
    expect(h.sender.inRecovery).toBe(true);
    // full ACK (covers recover = 10000) with sndMax 14000: cwnd = min(5, max(0, 1) + 1) = 2
    expect(step(h, () => h.ack(14000))).toEqual({ window: 2, inflated: 2 });
    expect(h.sender.inRecovery).toBe(false);
  });

  it('NewReno: a partial ACK larger than the inflation brings the window below ssthresh', () => {
    const h = tcpHarness({ variant: 'newreno', initialCwndSegments: 10 });
    h.start();
    // segments 0 and 9 lost; only the duplicates from 1–3 come back (the others' ACKs lost)
    step(h, dup(h));
    step(h, dup(h));
    expect(step(h, dup(h))).toEqual({ window: 5, inflated: 8 });
    // partial ACK of 9 segments: cwnd = 8 − 9 + 1 = 0 → one segment; the inflation (3) is gone
    // and the window is that one segment
    expect(step(h, () => h.ack(9000))).toEqual({ window: 1, inflated: 1 });
    expect(h.sender.inRecovery).toBe(true);
  });

  it('SACK (RFC 6675): cwnd = ssthresh at entry, never inflated: the window is cwnd', () => {
    const h = tcpHarness({ variant: 'sack', recovery: 'sack', initialCwndSegments: 10 });
    h.start();
    expect(step(h, () => h.ack(0, { sack: [1000, 2000] }))).toEqual({ window: 10, inflated: 10 });
    expect(step(h, () => h.ack(0, { sack: [1000, 3000] }))).toEqual({ window: 10, inflated: 10 });
    // 3rd: ssthresh = cwnd = FlightSize/2 = 5
    expect(step(h, () => h.ack(0, { sack: [1000, 4000] }))).toEqual({ window: 5, inflated: 5 });
    expect(step(h, () => h.ack(0, { sack: [1000, 5000] }))).toEqual({ window: 5, inflated: 5 });
    expect(step(h, () => h.ack(0, { sack: [1000, 6000] }))).toEqual({ window: 5, inflated: 5 });
    expect(h.windowTrace().inflation.tNs).toHaveLength(0);
  });

  it('a timeout in Reno recovery: the loss window of one segment, no inflation left', () => {
    const h = tcpHarness({ variant: 'reno', initialCwndSegments: 8 });
    h.start();
    for (let i = 0; i < 5; i++) step(h, dup(h));
    expect(step(h, dup(h))).toEqual({ window: 4, inflated: 10 });
    h.advance(msToNs(1000));
    const s = cwndSeries(h.windowTrace(), 0, 1000);
    expect(s.cwndSeg[s.tS.length - 1]).toBe(1);
    expect(s.inflatedSeg?.[s.tS.length - 1]).toBe(1);
  });
});
