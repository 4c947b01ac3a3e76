/**
 * RFC 3465 appropriate byte counting (`tcp.byteCounting`) against RFC 5681's per-ACK rule, with
 * a receiver that ACKs every second segment (delayed ACKs; a lone last segment is ACKed by the
 * timer). Numbers hand-computed from RFC 3465 §2.1–2.3 and RFC 5681 §3.1; MSS = 1000 bytes.
 */
import { describe, expect, it } from 'vitest';
import { tcpHarness, type TcpHarness } from '../harness/tcp-harness.ts';

/** One RTT: ACK what the previous round sent, two segments per ACK; returns what this round sent. */
function delayedAckRound(h: TcpHarness, segs: { seq: number; len: number }[]): { seq: number; len: number }[] {
  const next: { seq: number; len: number }[] = [];
  for (let i = 1; i < segs.length; i += 2) {
    h.ack(segs[i].seq + segs[i].len);
    next.push(...h.newSent());
  }
  if (segs.length % 2 === 1) {
    const last = segs[segs.length - 1];
    h.ack(last.seq + last.len);
    next.push(...h.newSent());
  }
  return next;
}

function cwndPerRound(o: { byteCounting: boolean; iw: number; ssthresh?: number }, rounds: number): number[] {
  const h = tcpHarness({ variant: 'newreno', initialCwndSegments: o.iw, initialSsthreshSegments: o.ssthresh, byteCounting: o.byteCounting });
  h.start();
  let flight: { seq: number; len: number }[] = h.newSent();
  const out = [h.cwndSegments];
  for (let r = 0; r < rounds; r++) {
    flight = delayedAckRound(h, flight);
    out.push(h.cwndSegments);
  }
  return out;
}

describe('byte counting (RFC 3465)', () => {
  it('slow start doubles per RTT with delayed ACKs (each ACK covers 2 segments, L = 2)', () => {
    expect(cwndPerRound({ byteCounting: true, iw: 2 }, 5)).toEqual([2, 4, 8, 16, 32, 64]);
  });

  it('per-ACK slow start grows by half with delayed ACKs: W → W + ⌈W/2⌉ (RFC 5681 min(N, SMSS) per ACK)', () => {
    // 2 → 3 (one ACK) → 5 (two: 2 + 1 segments) → 8 (three) → 12 (four) → 18 (six)
    expect(cwndPerRound({ byteCounting: false, iw: 2 }, 5)).toEqual([2, 3, 5, 8, 12, 18]);
  });

  it('congestion avoidance grows by exactly one segment per RTT over 10 RTTs with delayed ACKs', () => {
    // cwnd = ssthresh = 10: each round acknowledges cwnd bytes, so bytes_acked reaches cwnd at the
    // round's last ACK — one MSS per round, 10 → 20.
    expect(cwndPerRound({ byteCounting: true, iw: 10, ssthresh: 10 }, 10)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('per-ACK congestion avoidance gains only about half a segment per RTT with delayed ACKs', () => {
    // RFC 5681 eq. (3), cwnd += SMSS·SMSS/cwnd per ACK: the first round's 5 ACKs give
    // 10 → 10.1 → 10.19901 → 10.29706 → 10.39418 → 10.49038; ten rounds ≈ 0.5 segment each.
    const w = cwndPerRound({ byteCounting: false, iw: 10, ssthresh: 10 }, 10);
    let c = 10;
    for (let i = 0; i < 5; i++) c += 1 / c;
    expect(w[1]).toBeCloseTo(c, 9);
    expect(w[1]).toBeCloseTo(10.49038, 4);
    expect(w[10]).toBeGreaterThan(14.5);
    expect(w[10]).toBeLessThan(16);
  });

  it('one ACK covering four segments adds at most L = 2 segments in slow start', () => {
    const h = tcpHarness({ variant: 'newreno', initialCwndSegments: 4, byteCounting: true });
    h.start();
    h.ack(4000);
    expect(h.cwndSegments).toBe(6);
  });

  it('after a timeout L = 1 (RFC 3465 §2.3): a stretch ACK adds one segment', () => {
    const h = tcpHarness({ variant: 'newreno', initialCwndSegments: 4, byteCounting: true, initialRtoMs: 1000 });
    h.start();
    h.advance(1_000_000_001); // RTO: cwnd = 1, ssthresh = max(4000/2, 2000) = 2000, state loss
    expect(h.sender.caState).toBe('loss');
    expect(h.cwndSegments).toBe(1);
    h.ack(1000); // sndUna 1000 < recoverSeq 4000: still in the loss state's slow start
    expect(h.cwndSegments).toBe(2);
    expect(h.sender.caState).toBe('loss');
  });

  it('a reduction restarts bytes_acked (RFC 3465 §2.1)', () => {
    const h = tcpHarness({ variant: 'newreno', initialCwndSegments: 10, initialSsthreshSegments: 10, byteCounting: true });
    h.start();
    h.ack(2000);
    h.ack(4000);
    expect(h.sender.caAckedBytes).toBe(4000);
    h.dupAck(3); // fast retransmit: recovery
    expect(h.sender.caAckedBytes).toBe(0);
  });
});
