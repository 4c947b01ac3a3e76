/**
 * The delay-based AQMs against their RFCs, computed by hand: CoDel's drop times under a
 * constant overload (RFC 8289's control law, next drop interval/√count after the previous one),
 * no drop below target or for less than an interval; PIE's probability after each update
 * (RFC 8033's formula with its auto-tuning table, 2 % cap, decay and burst allowance); DualPI2's
 * coupling (RFC 9332: Classic p′², L4S k·p′, binomial counts within 3σ) and its L4S step;
 * FQ-CoDel's sparse-flow priority and fair shares (RFC 8290).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/core/rng.ts';
import { CodelQueue } from '../../src/engine/net/codel.ts';
import { DualPi2Queue, type DualPi2Params } from '../../src/engine/net/dualpi2.ts';
import { FqCodelQueue } from '../../src/engine/net/fq-codel.ts';
import { Packet } from '../../src/engine/net/packet.ts';
import { PieQueue, pieUpdate, type PieParams } from '../../src/engine/net/pie.ts';

const MS = 1e6;
const pkt = (flow = 0, opts: { ect?: boolean; ect1?: boolean; size?: number } = {}): Packet => {
  const p = new Packet(flow, false, opts.size ?? 1000, [], { receive() {} });
  p.ect = opts.ect ?? false;
  p.ect1 = opts.ect1 ?? false;
  return p;
};

const codel = (ecn = false): CodelQueue => new CodelQueue({ limitPackets: 10_000, targetNs: 5 * MS, intervalNs: 100 * MS, ecn });

describe('CoDel (RFC 8289)', () => {
  it('under a constant overload drops at first-above + interval, then interval/√count after each scheduled drop', () => {
    // 1000 packets all enqueued at t = 0, one dequeued per millisecond: the head's sojourn is t.
    const q = codel();
    const drops: number[] = [];
    let now = 0;
    q.onDrop = () => drops.push(now / MS);
    for (let i = 0; i < 1000; i++) q.offer(pkt(), 0, false);
    for (now = 0; now <= 430 * MS && drops.length < 6; now += MS) q.dequeue(now);
    // By hand: the sojourn reaches the 5 ms target at t = 5 ms ⇒ first_above = 105 ms; the first
    // drop at 105 ms sets count 1 and drop_next = 105 + 100/√1 = 205; then drop_next advances from
    // the previous drop_next: 205 + 100/√2 = 275.71, + 100/√3 = 333.45, + 100/√4 = 383.45,
    // + 100/√5 = 428.17 — each drop on the first 1-ms dequeue at or after it.
    expect(drops.slice(0, 6)).toEqual([105, 205, 276, 334, 384, 429]);
    expect(q.core.count).toBe(6);
  });

  it('with ECN marks ECN-capable packets on the same schedule instead of dropping them', () => {
    const q = codel(true);
    const marks: number[] = [];
    let now = 0;
    q.onMark = () => marks.push(now / MS);
    q.onDrop = () => {
      throw new Error('no drop expected');
    };
    for (let i = 0; i < 1000; i++) q.offer(pkt(0, { ect: true }), 0, false);
    for (now = 0; now <= 430 * MS; now += MS) q.dequeue(now);
    expect(marks.slice(0, 5)).toEqual([105, 205, 276, 334, 384]);
  });

  /** One arrival per ms (enqueued at k ms); packet k leaves at depart(k) ms (non-decreasing). */
  function steady(depart: (k: number) => number, n: number): number[] {
    const q = codel();
    const drops: number[] = [];
    q.onDrop = (p) => drops.push(p.seq);
    const events: { t: number; kind: 0 | 1; k: number }[] = [];
    for (let k = 0; k < n; k++) {
      events.push({ t: k, kind: 0, k });
      events.push({ t: depart(k), kind: 1, k });
    }
    events.sort((a, b) => a.t - b.t || a.kind - b.kind || a.k - b.k);
    for (const e of events) {
      const now = e.t * MS;
      if (e.kind === 0) {
        const p = pkt();
        p.seq = e.k;
        q.offer(p, now, false);
      } else q.dequeue(now);
    }
    return drops;
  }

  it('never drops while the sojourn stays below target (4.9 ms)', () => {
    expect(steady((k) => k + 4.9, 3000)).toEqual([]);
  });

  it('does not drop when the sojourn is above target for less than an interval, and does at a full interval', () => {
    // Sojourn 6 ms from t = 6 ms (first_above = 106 ms). Below: the last high sojourn at 105 ms,
    // then the backlog is flushed to 4 ms sojourns — 99 ms above target, no drop.
    const short = (k: number): number => (k <= 99 ? k + 6 : Math.max(105, k + 4));
    expect(steady(short, 600)).toEqual([]);
    // One more millisecond above target (until 106 ms) reaches first_above: a drop.
    const long = (k: number): number => (k <= 100 ? k + 6 : Math.max(106, k + 4));
    expect(steady(long, 600).length).toBeGreaterThan(0);
  });
});

const PIE: PieParams = {
  limitPackets: 1000,
  targetNs: 15 * MS,
  tUpdateNs: 15 * MS,
  alpha: 0.125,
  beta: 1.25,
  maxBurstNs: 150 * MS,
  ecn: false,
  maxEcnTh: 0.1,
  meanPacketBytes: 1500,
};

describe('PIE (RFC 8033)', () => {
  const close = (a: number, b: number): void => expect(a).toBeCloseTo(b, 12);

  it('history 1: a constant 30 ms delay from an idle start — the smallest-p scalings (÷2048, ÷128) and the burst allowance running down', () => {
    let s = { dropProb: 0, qdelayOldS: 0, burstAllowanceNs: 150 * MS };
    const p1 = (0.125 * (0.03 - 0.015) + 1.25 * 0.03) / 2048; // p < 0.000001 ⇒ ÷2048
    s = pieUpdate(s, 0.03, PIE);
    close(s.dropProb, p1);
    expect(s.burstAllowanceNs).toBe(135 * MS);
    const p2 = p1 + (0.125 * 0.015) / 128; // 0.00001 ≤ p < 0.0001 ⇒ ÷128; the delay did not change
    s = pieUpdate(s, 0.03, PIE);
    close(s.dropProb, p2);
    const p3 = p2 + (0.125 * 0.015) / 128;
    s = pieUpdate(s, 0.03, PIE);
    close(s.dropProb, p3);
    expect(s.burstAllowanceNs).toBe(105 * MS);
    for (let i = 0; i < 7; i++) s = pieUpdate(s, 0.03, PIE);
    expect(s.burstAllowanceNs).toBe(0); // 10 updates × 15 ms use up the 150 ms allowance
  });

  it('history 2: a jump to 200 ms at p = 9 % (÷2), then the 2 % per-update cap above 10 %', () => {
    let s = { dropProb: 0.09, qdelayOldS: 0.1, burstAllowanceNs: 0 };
    s = pieUpdate(s, 0.2, PIE);
    close(s.dropProb, 0.09 + (0.125 * 0.185 + 1.25 * 0.1) / 2); // 0.1640625
    s = pieUpdate(s, 0.2, PIE);
    close(s.dropProb, 0.1640625 + 0.02); // 0.125·0.185 = 0.023 > 0.02 ⇒ capped
    s = pieUpdate(s, 0.05, PIE);
    close(s.dropProb, 0.1840625 + 0.125 * 0.035 + 1.25 * -0.15); // falls by 0.183; no cap on decreases
  });

  it('history 3: an emptied queue decays p by 0.98 per update; at p = 0 with low delay the burst allowance is restored', () => {
    let s = { dropProb: 0.05, qdelayOldS: 0, burstAllowanceNs: 0 };
    s = pieUpdate(s, 0, PIE);
    close(s.dropProb, (0.05 + (0.125 * -0.015) / 2) * 0.98); // 0.04808125
    s = pieUpdate({ dropProb: 0.0005, qdelayOldS: 0.003, burstAllowanceNs: 0 }, 0.002, PIE);
    close(s.dropProb, 0.0005 + (0.125 * (0.002 - 0.015) + 1.25 * (0.002 - 0.003)) / 32); // p < 0.001 ⇒ ÷32
    expect(s.burstAllowanceNs).toBe(0); // p still above 0
    s = pieUpdate({ dropProb: 0, qdelayOldS: 0.003, burstAllowanceNs: 0 }, 0.002, PIE);
    expect(s.dropProb).toBe(0);
    expect(s.burstAllowanceNs).toBe(150 * MS);
  });

  it('measures queue delay as the sojourn of the last packet out, and drops nothing during the burst allowance', () => {
    const q = new PieQueue({ ...PIE, maxBurstNs: 150 * MS }, new Rng(1).stream('pie'));
    const drops: number[] = [];
    // 2 arrivals per ms, 1 departure per ms: the delay grows by 0.5 ms per ms.
    for (let t = 0; t < 600; t++) {
      for (let j = 0; j < 2; j++) if (q.offer(pkt(), t * MS, false) !== null) drops.push(t);
      q.dequeue(t * MS);
      if (t === 100) expect(q.qdelayS).toBeCloseTo(0.05, 9); // packet enqueued at 50 ms left at 100 ms
    }
    expect(drops.filter((t) => t < 150)).toEqual([]);
    expect(drops.length).toBeGreaterThan(0);
  });
});

const DUAL: DualPi2Params = {
  limitPackets: 100_000,
  targetNs: 15 * MS,
  tUpdateNs: 16 * MS,
  alpha: 0,
  beta: 0,
  k: 2,
  minThNs: 1 * MS,
  rangeNs: 0,
  thLenPackets: 0,
  tshiftNs: 30 * MS,
  ecn: false,
};

describe('DualPI2 (RFC 9332)', () => {
  it('with a fixed base probability p′ = 0.2 marks L4S at k·p′ = 0.4 and drops Classic at p′² = 0.04 (within 3σ)', () => {
    const q = new DualPi2Queue(DUAL, new Rng(7).stream('dualpi2'));
    q.baseProb = 0.2; // α = β = 0: the PI updates leave it there
    const n = 20_000;
    let lMarked = 0;
    let cDropped = 0;
    q.onDrop = () => cDropped++;
    // Every packet goes straight into service (idle link): sojourn 0, under the L4S step.
    for (let i = 0; i < n; i++) {
      const l = pkt(0, { ect: true, ect1: true });
      q.offer(l, i * MS, true);
      if (l.ce) lMarked++;
      if (q.offer(pkt(1), i * MS, true) === 'aqm-drop') cDropped++;
    }
    const within3Sigma = (count: number, p: number): void => {
      const sd = Math.sqrt(n * p * (1 - p));
      expect(Math.abs(count - n * p)).toBeLessThan(3 * sd);
    };
    within3Sigma(lMarked, 0.4);
    within3Sigma(cDropped, 0.04);
    expect(q.baseProb).toBe(0.2);
  });

  it('marks every ECT(1) packet whose sojourn is above the L4S step, and none below it (p′ = 0)', () => {
    const q = new DualPi2Queue(DUAL, new Rng(3).stream('dualpi2'));
    const l = Array.from({ length: 40 }, () => pkt(0, { ect: true, ect1: true }));
    for (const p of l) q.offer(p, 0, false);
    // One out every 0.1 ms: sojourns 0, 0.1, …, 3.9 ms; the step is at 1 ms.
    for (let i = 0; i < 40; i++) q.dequeue(i * 0.1 * MS);
    l.forEach((p, i) => expect(p.ce).toBe(i * 0.1 >= 1 - 1e-9));
  });

  it('with Th_len = 1 does not mark a lone L4S packet however long it waited', () => {
    const q = new DualPi2Queue({ ...DUAL, thLenPackets: 1 }, new Rng(3).stream('dualpi2'));
    const [a, b] = [pkt(0, { ect: true, ect1: true }), pkt(0, { ect: true, ect1: true })];
    q.offer(a, 0, false);
    q.offer(b, 0, false);
    q.dequeue(2 * MS); // two in the L4S queue: above the 1 ms step, marked
    q.dequeue(3 * MS); // the last one alone: not marked
    expect([a.ce, b.ce]).toEqual([true, false]);
  });

  it('traces p_L = max(p_CL, native ramp) for L4S packets, by hand at RFC 9332’s ramp (minTh 800 µs, range 400 µs, k = 2)', () => {
    // RFC 9332 A.1: the native ramp is 0 up to minTh, (qdelay − minTh)/range on the ramp and 1
    // from minTh + range = 1.2 ms; p_CL = min(k·p′, 1); the L4S queue marks with the larger.
    const ramp = { ...DUAL, minThNs: 0.8 * MS, rangeNs: 0.4 * MS, thLenPackets: 1 };
    const cases: [pPrime: number, sojournUs: number, pL: number][] = [
      [0.1, 500, 0.2], // below minTh: p_CL = 2 × 0.1
      [0.1, 900, 0.25], // ramp (900 − 800)/400 = 0.25 > 0.2
      [0.1, 1000, 0.5], // ramp 0.5
      [0.3, 1000, 0.6], // p_CL 0.6 > ramp 0.5
      [0, 1100, 0.75], // ramp alone
      [0.1, 1200, 1], // end of the ramp
      [0.6, 500, 1], // k·p′ = 1.2, capped at 1
    ];
    for (const [pPrime, sojournUs, pL] of cases) {
      const q = new DualPi2Queue(ramp, new Rng(3).stream('dualpi2'));
      q.baseProb = pPrime;
      for (let i = 0; i < 3; i++) q.offer(pkt(0, { ect: true, ect1: true }), 0, false);
      q.dequeue(sojournUs * 1e3);
      expect(q.aqm.lastQueue).toBe(1);
      expect(q.aqm.probL, `p′ ${pPrime}, sojourn ${sojournUs} µs`).toBeCloseTo(pL, 12);
    }
    // Th_len = 1: a lone L4S packet is judged by p_CL only, however long it waited
    const lone = new DualPi2Queue(ramp, new Rng(3).stream('dualpi2'));
    lone.baseProb = 0.1;
    lone.offer(pkt(0, { ect: true, ect1: true }), 0, false);
    lone.dequeue(1.3 * MS);
    expect(lone.aqm.probL).toBeCloseTo(0.2, 12);
    // a Classic packet carries no p_L
    lone.offer(pkt(1), 2 * MS, false);
    lone.dequeue(2.5 * MS);
    expect([lone.aqm.lastQueue, lone.aqm.probL]).toEqual([0, 0]);
  });

  it('classifies ECT(1) and CE into the L4S queue, ECT(0) and not-ECT into the Classic queue', () => {
    const q = new DualPi2Queue(DUAL, new Rng(3).stream('dualpi2'));
    const ce = pkt(2, { ect: true });
    ce.ce = true;
    for (const p of [pkt(0, { ect: true, ect1: true }), pkt(1, { ect: true }), pkt(1), ce]) q.offer(p, 0, false);
    expect([q.lq.count, q.cq.count]).toEqual([2, 2]);
  });

  it('the PI controller raises p′ by α_U·(q − target) + β_U·(q − q_old) per update (α_U = α·T_update) from the Classic head sojourn', () => {
    const q = new DualPi2Queue({ ...DUAL, alpha: 0.16, beta: 3.2 }, new Rng(3).stream('dualpi2'));
    q.offer(pkt(1), 0, false);
    q.offer(pkt(1), 0, false);
    q.advance(32 * MS);
    // RFC 9332 A.1: α_U = 0.16 Hz × 0.016 s, β_U = 3.2 Hz × 0.016 s. Update at 16 ms: the head
    // has waited q = 0.016 s; at 32 ms, 0.032 s.
    const [aU, bU] = [0.16 * 0.016, 3.2 * 0.016];
    const p1 = aU * 0.001 + bU * 0.016;
    const p2 = p1 + aU * (0.032 - 0.015) + bU * (0.032 - 0.016);
    expect(q.baseProb).toBeCloseTo(p2, 12);
  });
});

describe('FQ-CoDel (RFC 8290)', () => {
  const fq = (): FqCodelQueue => new FqCodelQueue({ limitPackets: 10_240, flows: 1024, quantumBytes: 1514, targetNs: 5 * MS, intervalNs: 100 * MS, ecn: false }, 0x9e3779b9);

  it('serves a sparse flow’s packet ahead of a bulk flow’s backlog', () => {
    const q = fq();
    expect(q.queueIndex(pkt(0))).not.toBe(q.queueIndex(pkt(1))); // this seed separates the two flows
    for (let i = 0; i < 50; i++) q.offer(pkt(0, { size: 1500 }), 0, false);
    for (let i = 0; i < 10; i++) q.dequeue(i * 1.2 * MS); // the bulk flow is now an old flow
    const sparse = pkt(1, { size: 100 });
    q.offer(sparse, 12 * MS, false);
    expect(q.dequeue(12.1 * MS)).toBe(sparse);
  });

  it('gives two backlogged flows equal byte shares by deficit round robin (Jain ≥ 0.99), whatever their packet sizes', () => {
    const q = fq();
    const bytes = [0, 0];
    for (let i = 0; i < 400; i++) {
      q.offer(pkt(0, { size: 1500 }), 0, false);
      q.offer(pkt(1, { size: 500 }), 0, false);
      q.offer(pkt(1, { size: 500 }), 0, false);
      q.offer(pkt(1, { size: 500 }), 0, false);
    }
    for (let i = 0; i < 600; i++) {
      const p = q.dequeue(i * 0.001 * MS) as Packet; // fast enough that CoDel never acts
      bytes[p.flow] += p.sizeBytes;
    }
    const jain = (bytes[0] + bytes[1]) ** 2 / (2 * (bytes[0] ** 2 + bytes[1] ** 2));
    expect(jain).toBeGreaterThanOrEqual(0.99);
  });

  it('on overflow drops from the head of the fattest queue', () => {
    const q = new FqCodelQueue({ limitPackets: 4, flows: 1024, quantumBytes: 1514, targetNs: 5 * MS, intervalNs: 100 * MS, ecn: false }, 1);
    const dropped: Packet[] = [];
    q.onDrop = (p) => dropped.push(p);
    const bulk = [pkt(0), pkt(0), pkt(0)];
    for (const p of bulk) q.offer(p, 0, false);
    q.offer(pkt(1), 0, false);
    expect(q.offer(pkt(1), 0, false)).toBeNull(); // the newcomer stays; flow 0's head goes
    expect(dropped).toEqual([bulk[0]]);
    expect(q.packets).toBe(4);
  });
});
