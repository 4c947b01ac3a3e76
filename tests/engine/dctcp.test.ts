/**
 * DCTCP (RFC 8257 §3.3) and TCP Prague against hand computation: α's EWMA (g = 1/16, from 1)
 * over windows with a chosen mark pattern, the cut cwnd·(1 − α/2) at most once per window,
 * Reno's halving on loss; Prague's ECT(1) codepoint and its RTT-independent additive increase;
 * the receiver's RFC 8257 §3.2 feedback (an immediate ACK when the CE state changes).
 */
import { describe, expect, it } from 'vitest';
import { Packet } from '../../src/engine/net/packet.ts';
import { Dctcp } from '../../src/engine/tcp/cc/dctcp.ts';
import { Prague } from '../../src/engine/tcp/cc/prague.ts';
import type { Conn } from '../../src/engine/tcp/cc/types.ts';
import { tcpHarness, receiverHarness } from '../harness/tcp-harness.ts';

const MSS = 1000;

describe('DCTCP (RFC 8257)', () => {
  it('α follows (1 − g)·α + g·F per window of data for a chosen mark pattern, and cuts once per window', () => {
    const h = tcpHarness({ variant: 'dctcp', mss: MSS, initialCwndSegments: 10 });
    const cc = h.cc as Dctcp;
    h.start();
    // Window 1 ends once the ACK passes WindowEnd = 10 000 (SND.NXT at the first ACK).
    h.ack(1000);
    h.ack(2000);
    h.ack(3000, { ece: true });
    // Slow start gave 13 segments by this ACK; the first mark cuts with α = 1: 13·(1 − 1/2).
    expect(h.cwndSegments).toBe(6.5);
    h.ack(4000, { ece: true }); // same window of data: no second cut
    expect(h.sender.ecnReductions).toBe(1);
    for (let a = 5000; a <= 10_000; a += 1000) h.ack(a);
    expect(cc.frac.alpha).toBe(1); // acknowledgment number ≤ WindowEnd: still counting
    const end2 = h.sender.sndNxt;
    h.ack(11_000);
    const alpha1 = (15 / 16) * 1 + (1 / 16) * (2000 / 11_000); // 2 of 11 ACKed kB marked
    expect(cc.frac.alpha).toBeCloseTo(alpha1, 12);
    // Window 2: every ACK marked up to the first past end2.
    let a = 12_000;
    for (; a <= end2 + 1000; a += 1000) h.ack(a, { ece: true });
    const alpha2 = (15 / 16) * alpha1 + 1 / 16;
    expect(cc.frac.alpha).toBeCloseTo(alpha2, 12);
    expect(h.sender.ecnReductions).toBe(2); // the marks of a new window cut again
    // Window 3: nothing marked.
    const end3 = h.sender.sndNxt;
    for (; a <= end3 + 1000; a += 1000) h.ack(a);
    expect(cc.frac.alpha).toBeCloseTo((15 / 16) * alpha2, 12);
  });

  it('cuts by α/2 on marks but halves on loss (RFC 8257 §3.4)', () => {
    const cc = new Dctcp();
    cc.frac.alpha = 0.25;
    const conn = { cwndBytes: 20 * MSS, mssBytes: MSS, flightBytes: 20 * MSS, ssthreshFromCwnd: false } as unknown as Conn;
    expect(cc.ssthresh(conn, 'ecn')).toBe(17.5 * MSS); // 20·(1 − 0.125)
    expect(cc.ssthresh(conn, 'loss')).toBe(10 * MSS);
    cc.frac.alpha = 0;
    expect(cc.ssthresh({ ...conn, cwndBytes: 2 * MSS } as Conn, 'ecn')).toBe(2 * MSS); // never below 2 segments
  });

  it('sends ECT(0); Prague sends ECT(1)', () => {
    for (const [variant, ect1] of [
      ['dctcp', false],
      ['prague', true],
    ] as const) {
      const h = tcpHarness({ variant, mss: MSS });
      const seen: Packet[] = [];
      // Catch the packets as they leave: the harness's capture only keeps sequence numbers.
      const send = Packet.prototype.inject;
      Packet.prototype.inject = function (this: Packet) {
        seen.push(this);
        send.call(this);
      };
      try {
        h.start();
      } finally {
        Packet.prototype.inject = send;
      }
      expect(seen.length).toBeGreaterThan(0);
      for (const p of seen) expect([p.ect, p.ect1]).toEqual([true, ect1]);
    }
  });
});

describe('TCP Prague', () => {
  it('scales additive increase by (RTT/25 ms)² below the reference RTT, 1 segment per round above', () => {
    expect(Prague.aiPerRound(5e6)).toBeCloseTo(0.04, 12); // (5/25)²
    expect(Prague.aiPerRound(12.5e6)).toBeCloseTo(0.25, 12);
    expect(Prague.aiPerRound(25e6)).toBe(1);
    expect(Prague.aiPerRound(100e6)).toBe(1);
  });
});

describe('RFC 8257 §3.2 receiver feedback', () => {
  it('with delayed ACKs, a change of CE state ACKs the pending segment at once with its own state', () => {
    const r = receiverHarness({ delayedAck: true, accurateEcn: true });
    r.segment(0, { ce: false });
    r.segment(1, { ce: true }); // differs from the pending segment: ACK 1 (unmarked) first
    r.segment(2, { ce: true }); // two marked pending: delayed ACK of both, marked
    expect(r.acks.map((a) => [a.ackNo / 1000, a.ece])).toEqual([
      [1, false],
      [3, true],
    ]);
  });
});
