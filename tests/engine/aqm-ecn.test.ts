/**
 * ECN marking in the AQMs, by the RFCs' rules: an AQM that would drop an ECN-capable packet
 * marks it CE instead (RFC 3168 §5), with these exceptions the RFCs write down —
 * - PIE (RFC 8033 §5.1): marks only while the drop probability is at most mark_ecnth (10 %);
 *   above it, ECN-capable packets are dropped like the others (an overload guard);
 * - DualPI2 (RFC 9332 §2.5.1.1, A.1): the L4S queue only ever marks (k·p′); the Classic queue
 *   marks its ECT(0) packets with p′² and drops its not-ECT packets with the same p′²;
 * - FQ-CoDel (RFC 8290 §4.2 with RFC 8289's law): each flow queue's CoDel marks an ECN-capable
 *   flow on the same schedule it would drop on, and still drops a not-ECN flow beside it.
 * Counts of random decisions are checked against the binomial mean within 3σ.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/core/rng.ts';
import { DualPi2Queue, type DualPi2Params } from '../../src/engine/net/dualpi2.ts';
import { FqCodelQueue } from '../../src/engine/net/fq-codel.ts';
import { Packet } from '../../src/engine/net/packet.ts';
import { PieQueue, type PieParams } from '../../src/engine/net/pie.ts';

const MS = 1e6;
const pkt = (flow = 0, opts: { ect?: boolean; ect1?: boolean; size?: number } = {}): Packet => {
  const p = new Packet(flow, false, opts.size ?? 1500, [], { receive() {} });
  p.ect = opts.ect ?? false;
  p.ect1 = opts.ect1 ?? false;
  return p;
};

const within3Sigma = (count: number, n: number, p: number): void => {
  const sd = Math.sqrt(n * p * (1 - p));
  expect(Math.abs(count - n * p)).toBeLessThan(3 * sd);
};

describe('PIE with ECN (RFC 8033 §5.1, mark_ecnth = 10 %)', () => {
  const PIE: PieParams = {
    limitPackets: 1_000_000,
    targetNs: 15 * MS,
    // No periodic update within the test: the probability stays where it is put.
    tUpdateNs: 1e15,
    alpha: 0.125,
    beta: 1.25,
    maxBurstNs: 0,
    ecn: true,
    maxEcnTh: 0.1,
    meanPacketBytes: 1500,
  };

  /** n arrivals into a queue holding a standing 30 ms delay at drop probability `prob`. */
  function arrivals(prob: number, ect: boolean, n: number, ecn = true): { marked: number; dropped: number } {
    const q = new PieQueue({ ...PIE, ecn }, new Rng(11).stream('pie'));
    q.dropProb = prob;
    // qdelay_old above half the target: early drop is not skipped (RFC 8033 §5.1's first test).
    q.qdelayS = q.qdelayOldS = 0.03;
    let marked = 0;
    let dropped = 0;
    for (let i = 0; i < n; i++) {
      const p = pkt(0, { ect });
      if (q.offer(p, MS, false) === 'aqm-drop') dropped++;
      else if (p.ce) marked++;
    }
    return { marked, dropped };
  }

  it('at p = 5 % marks ECN-capable arrivals (about 5 %) and drops none of them', () => {
    const n = 20_000;
    const r = arrivals(0.05, true, n);
    expect(r.dropped).toBe(0);
    within3Sigma(r.marked, n, 0.05);
  });

  it('at p = 10 %, the threshold itself, still marks rather than drops', () => {
    const r = arrivals(0.1, true, 10_000);
    expect(r.dropped).toBe(0);
    within3Sigma(r.marked, 10_000, 0.1);
  });

  it('above 10 % (p = 30 %) drops ECN-capable arrivals like the others, marking none', () => {
    const n = 10_000;
    const r = arrivals(0.3, true, n);
    expect(r.marked).toBe(0);
    within3Sigma(r.dropped, n, 0.3);
  });

  it('drops not-ECT arrivals at p = 5 %, and ECN-capable ones too when the queue’s ECN option is off', () => {
    const n = 20_000;
    const plain = arrivals(0.05, false, n);
    expect(plain.marked).toBe(0);
    within3Sigma(plain.dropped, n, 0.05);
    const off = arrivals(0.05, true, n, false);
    expect(off.marked).toBe(0);
    within3Sigma(off.dropped, n, 0.05);
  });
});

describe('DualPI2 with ECN (RFC 9332)', () => {
  const DUAL: DualPi2Params = {
    limitPackets: 100_000,
    targetNs: 15 * MS,
    tUpdateNs: 16 * MS,
    // α = β = 0: the PI updates leave p′ where the test puts it.
    alpha: 0,
    beta: 0,
    k: 2,
    minThNs: 1 * MS,
    rangeNs: 0,
    thLenPackets: 1,
    tshiftNs: 30 * MS,
    ecn: true,
  };

  it('at p′ = 0.2 marks Classic ECT(0) packets with p′² = 0.04 and drops none; drops not-ECT Classic packets with p′²', () => {
    const q = new DualPi2Queue(DUAL, new Rng(5).stream('dualpi2'));
    q.baseProb = 0.2;
    const n = 20_000;
    let ect0Marked = 0;
    let ect0Dropped = 0;
    let plainDropped = 0;
    let plainMarked = 0;
    // Straight into service (idle link): the dequeue-side AQM acts with a sojourn of 0.
    for (let i = 0; i < n; i++) {
      const e = pkt(0, { ect: true });
      if (q.offer(e, i * MS, true) === 'aqm-drop') ect0Dropped++;
      else if (e.ce) ect0Marked++;
      const c = pkt(1);
      if (q.offer(c, i * MS, true) === 'aqm-drop') plainDropped++;
      else if (c.ce) plainMarked++;
    }
    expect(ect0Dropped).toBe(0);
    expect(plainMarked).toBe(0);
    within3Sigma(ect0Marked, n, 0.04);
    within3Sigma(plainDropped, n, 0.04);
    expect(q.cMarks).toBe(ect0Marked);
    expect(q.drops).toBe(plainDropped);
  });

  it('never drops an L4S packet, even at p′ = 0.8 where k·p′ caps at 1: every one is marked', () => {
    const q = new DualPi2Queue(DUAL, new Rng(5).stream('dualpi2'));
    q.baseProb = 0.8;
    for (let i = 0; i < 1000; i++) {
      const l = pkt(0, { ect: true, ect1: true });
      expect(q.offer(l, i * MS, true)).toBeNull();
      expect(l.ce).toBe(true);
    }
    expect(q.lMarks).toBe(1000);
    expect(q.drops).toBe(0);
  });
});

describe('FQ-CoDel with ECN (RFC 8290 over RFC 8289)', () => {
  it('marks an ECN-capable flow on CoDel’s drop schedule and keeps dropping a not-ECN flow in its own queue', () => {
    const q = new FqCodelQueue({ limitPackets: 100_000, flows: 1024, quantumBytes: 1514, targetNs: 5 * MS, intervalNs: 100 * MS, ecn: true }, 0x9e3779b9);
    expect(q.queueIndex(pkt(0))).not.toBe(q.queueIndex(pkt(1)));
    let now = 0;
    const marks: number[] = [];
    const dropsByFlow = [0, 0];
    q.onMark = (p) => {
      expect(p.flow).toBe(0);
      marks.push(now / MS);
    };
    q.onDrop = (p) => dropsByFlow[p.flow]++;
    // 1000 packets of flow 0 (ECT) enqueued at t = 0; one dequeued per ms: the head's sojourn is t.
    for (let i = 0; i < 1000; i++) q.offer(pkt(0, { ect: true }), 0, false);
    for (now = 0; now <= 430 * MS; now += MS) q.dequeue(now);
    // One flow alone is CoDel alone: the schedule computed by hand for RFC 8289's control law —
    // first at first_above (5 ms) + interval = 105 ms, then 100/√count after the previous
    // scheduled time: 205, 275.7, 333.5, 383.5 (each on the first 1-ms dequeue at or after it).
    expect(marks.slice(0, 5)).toEqual([105, 205, 276, 334, 384]);
    expect(dropsByFlow[0]).toBe(0);
    expect(q.marks).toBe(marks.length);

    // A not-ECN flow beside it, overloaded the same way, is dropped in its own queue.
    const start = now;
    for (let i = 0; i < 1000; i++) q.offer(pkt(1), start, false);
    for (; now <= start + 600 * MS; now += MS) q.dequeue(now);
    expect(dropsByFlow[1]).toBeGreaterThan(0);
    expect(dropsByFlow[0]).toBe(0);
    expect(q.drops).toBe(dropsByFlow[1]);
  });
});
