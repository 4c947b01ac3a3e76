/**
 * Queue disciplines against hand computation and Floyd & Jacobson's RED analysis: the EWMA and
 * its idle decay, RED's regions (none below minTh, pb linear up to maxP, gentle ramp, forced
 * drop), the uniform inter-mark gap that the count correction produces, ECN marking, and the
 * congestion-warning rule (mark every forwarded packet while the average is above threshold).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/core/rng.ts';
import { Packet } from '../../src/engine/net/packet.ts';
import { DropTailQueue } from '../../src/engine/net/queue.ts';
import { CwQueue, QueueAverage, RedQueue, type RedParams } from '../../src/engine/net/red.ts';

const Z999 = 3.2905;
const pkt = (ect = false, size = 1000): Packet => {
  const p = new Packet(0, false, size, [], { receive() {} });
  p.ect = ect;
  return p;
};

describe('drop-tail', () => {
  it('stores up to the packet limit and the byte limit, then drops as overflow', () => {
    const q = new DropTailQueue(3, 2500);
    expect(q.offer(pkt(), 0, false)).toBeNull();
    expect(q.offer(pkt(), 0, false)).toBeNull();
    expect(q.offer(pkt(), 0, false)).toBe('queue-overflow'); // 3000 bytes > 2500
    expect(q.offer(pkt(false, 500), 0, false)).toBeNull();
    expect(q.offer(pkt(false, 40), 0, false)).toBe('queue-overflow'); // 3 packets already
    expect([q.packets, q.bytes]).toEqual([3, 2500]);
  });

  it('lets an arrival at an idle link through without storing it', () => {
    const q = new DropTailQueue(1);
    expect(q.offer(pkt(), 0, true)).toBeNull();
    expect(q.packets).toBe(0);
  });
});

describe('QueueAverage', () => {
  it('is the EWMA per arrival: w = 0.5 over waiting 0, 2, 4 gives 0, 1, 2.5', () => {
    const a = new QueueAverage(0.5, 1000);
    expect([a.onArrival(0, 0), a.onArrival(1, 2), a.onArrival(2, 4)]).toEqual([0, 1, 2.5]);
  });

  it('decays over an idle period as (1 − w)^(idle / typical tx time)', () => {
    const a = new QueueAverage(0.5, 1000);
    a.onArrival(0, 8); // avg 4
    a.onIdle(10_000);
    // Idle 3000 ns = 3 typical transmissions: 4·0.5³ = 0.5, then the arrival's own update with 0 waiting.
    expect(a.onArrival(13_000, 0)).toBeCloseTo(0.25, 12);
  });
});

describe('RED', () => {
  const base: RedParams = { limitPackets: 1000, minThPackets: 5, maxThPackets: 15, maxP: 0.1, weight: 1, ecn: false, gentle: true };

  /** Offer n arrivals while exactly `waiting` packets wait (weight 1: avg = waiting). Returns the early-drop gaps. */
  function hold(q: RedQueue, waiting: number, n: number): { drops: number; gaps: number[] } {
    // Fill to `waiting` (an early drop while filling just means one more offer).
    while (q.packets < waiting) q.offer(pkt(), 0, false);
    let drops = 0;
    let since = 0;
    const gaps: number[] = [];
    for (let i = 0; i < n; i++) {
      since++;
      const c = q.offer(pkt(), 0, false);
      if (c === null) q.dequeue(0); // keep the queue at `waiting`
      else {
        expect(c).toBe('red-early');
        drops++;
        gaps.push(since);
        since = 0;
      }
    }
    return { drops, gaps };
  }

  it('never drops early below minTh', () => {
    const q = new RedQueue(base, 1000, new Rng(1).stream('r'));
    expect(hold(q, 4, 10_000).drops).toBe(0);
  });

  // The count correction pa = pb / (1 − count·pb), with count incremented before use and reset
  // to 0 by a mark (F&J Fig. 2, as ns-2 does), makes P(gap = k) = pb / (1 − pb) for every k:
  // gaps are uniform on {1, …, 1/pb − 1}.
  it('spaces early drops uniformly: avg 10 ⇒ pb 0.05 ⇒ gaps uniform on 1 … 19 (mean 10)', () => {
    const q = new RedQueue(base, 1000, new Rng(2).stream('r'));
    const { gaps } = hold(q, 10, 200_000);
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    const sd = Math.sqrt((19 * 19 - 1) / 12);
    expect(Math.abs(mean - 10)).toBeLessThanOrEqual((Z999 * sd) / Math.sqrt(gaps.length));
    expect(Math.max(...gaps)).toBe(19);
  });

  it('gentle: avg 20 ⇒ pb = 0.1 + 0.9·(20 − 15)/15 = 0.4 ⇒ gap 1 with probability 2/3, else 2', () => {
    const q = new RedQueue(base, 1000, new Rng(3).stream('r'));
    const { gaps } = hold(q, 20, 60_000);
    // count 1: pa = 0.4/0.6 = 2/3; count 2: pa = 0.4/0.2 ≥ 1, a certain drop.
    expect(new Set(gaps)).toEqual(new Set([1, 2]));
    const ones = gaps.filter((g) => g === 1).length / gaps.length;
    expect(Math.abs(ones - 2 / 3)).toBeLessThanOrEqual(Z999 * Math.sqrt((2 / 3) * (1 / 3) / gaps.length));
  });

  it('forces a drop at or above 2·maxTh with gentle, and at or above maxTh without — even for ECN-capable packets', () => {
    // Filling with ECN-capable packets (marked, not dropped, in the probabilistic region) gets the
    // queue past the region where pa reaches 1 for every arrival.
    const fill = (q: RedQueue, n: number): void => {
      while (q.packets < n) q.offer(pkt(true), 0, false);
    };
    const gentle = new RedQueue({ ...base, ecn: true }, 1000, new Rng(4).stream('r'));
    fill(gentle, 30);
    for (let i = 0; i < 50; i++) expect(gentle.offer(pkt(i % 2 === 0), 0, false)).toBe('red-early');
    const abrupt = new RedQueue({ ...base, ecn: true, gentle: false }, 1000, new Rng(4).stream('r'));
    fill(abrupt, 15);
    for (let i = 0; i < 50; i++) expect(abrupt.offer(pkt(i % 2 === 0), 0, false)).toBe('red-early');
  });

  it('marks ECN-capable packets instead of dropping them early, but still drops on overflow', () => {
    const q = new RedQueue({ ...base, ecn: true, limitPackets: 12 }, 1000, new Rng(5).stream('r'));
    for (let i = 0; i < 10; i++) q.offer(pkt(true), 0, false);
    let marked = 0;
    for (let i = 0; i < 1000; i++) {
      const p = pkt(true);
      expect(q.offer(p, 0, false)).toBeNull();
      if (p.ce) marked++;
      q.dequeue(0);
    }
    expect(marked).toBeGreaterThan(0);
    // A non-ECT packet in the same state is dropped, not marked.
    let dropped = 0;
    for (let i = 0; i < 1000; i++) {
      const c = q.offer(pkt(false), 0, false);
      if (c === 'red-early') dropped++;
      else q.dequeue(0);
    }
    expect(dropped).toBeGreaterThan(0);
    // A full buffer drops as overflow, whatever the packet.
    while (q.packets < 12) q.offer(pkt(true), 0, false);
    expect(q.offer(pkt(true), 0, false)).toBe('queue-overflow');
  });
});

describe('congestion warning', () => {
  it('marks every forwarded packet while the average exceeds the threshold, none below', () => {
    // Weight 1: the average is the waiting count seen by the latest arrival.
    const q = new CwQueue(100, 3, 1, 1000);
    const sent: Packet[] = [];
    for (let i = 0; i < 6; i++) {
      const p = pkt();
      q.offer(p, 0, false);
      sent.push(p);
    }
    // Last arrival saw 5 waiting: avg 5 > 3, so everything forwarded now is marked.
    for (let i = 0; i < 6; i++) expect((q.dequeue(0) as Packet).ce).toBe(true);
    const calm = new CwQueue(100, 3, 1, 1000);
    for (let i = 0; i < 3; i++) calm.offer(pkt(), 0, false); // avg 2
    for (let i = 0; i < 3; i++) expect((calm.dequeue(0) as Packet).ce).toBe(false);
    expect(sent.length).toBe(6);
  });

  it('reports each new mark once through onMark', () => {
    const q = new CwQueue(100, 0.5, 1, 1000);
    const marks: Packet[] = [];
    q.onMark = (p) => marks.push(p);
    const a = pkt();
    const b = pkt();
    b.ce = true; // marked upstream already
    q.offer(pkt(), 0, false);
    q.offer(a, 0, false);
    q.offer(b, 0, false);
    q.dequeue(0);
    q.dequeue(0);
    q.dequeue(0);
    expect(marks).toHaveLength(2);
    expect(marks).toContain(a);
    expect(marks).not.toContain(b);
  });
});
