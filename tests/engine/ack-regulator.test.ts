/**
 * The Ack Regulator (3G paper §5, reconstruction in src/engine/net/ack-regulator.ts) on
 * hand-built buffer states: the release rule in both modes, FIFO order, the expected-arrival
 * accounting (fulfilment by arrivals, lapsing), the slow-start belief, the ACK queue's capacity,
 * the drain allowance on a fast link, the trace, the loop time from the topology, and its place
 * in a built simulation. Every expected number is worked out by hand in the comment beside it.
 */
import { describe, expect, it } from 'vitest';
import { ColumnarSink, nullSink } from '../../src/engine/core/trace.ts';
import { msToNs, Simulator } from '../../src/engine/core/simulator.ts';
import { AckRegulator, LAPSE_LOOPS, routeLoopNs, type AckRegulatorParams } from '../../src/engine/net/ack-regulator.ts';
import { Link } from '../../src/engine/net/link.ts';
import { Packet, type Hop } from '../../src/engine/net/packet.ts';
import { DropTailQueue } from '../../src/engine/net/queue.ts';
import { parseScenario, formatErrors } from '../../src/scenario/validate.ts';
import { threeGVariation } from '../../src/content/presets/3g-variation.ts';
import type { Scenario, ScenarioInput } from '../../src/scenario/schema.ts';
import { checkedRun, violations } from '../harness/invariants.ts';

const MSS = 1000;
/** 200 kb/s: one 1052-byte segment takes 42 ms, so nothing drains during a 2 ms loop. */
const SLOW_BPS = 200e3;

/** A regulator in front of a hand-driven buffer: the test sets `queued` and plays arrivals. */
function rig(over: Partial<AckRegulatorParams> = {}, opts: { rateBps?: number; trace?: ColumnarSink } = {}) {
  const sim = new Simulator();
  const watched = { queue: { packets: 0 }, rateBps: opts.rateBps ?? SLOW_BPS, receive() {} };
  const params: AckRegulatorParams = { mode: 'non-conservative', bufferPackets: 5, reservePackets: 0, maxHeldAcks: 1000, ...over };
  const reg = new AckRegulator(params, 0, watched, sim, opts.trace ?? nullSink);
  /** ACK numbers (in segments) in the order they left the regulator, with the release time. */
  const out: { flow: number; ackSeg: number; tNs: number }[] = [];
  const sender = { receive: (p: Packet) => out.push({ flow: p.flow, ackSeg: p.ackNo / MSS, tNs: sim.now() }) };
  const ack = (ackSeg: number, flow = 0): void => {
    const p = new Packet(flow, true, 52, [reg], sender);
    p.ackNo = ackSeg * MSS;
    p.inject();
  };
  /** A data segment reaching the buffer (accepted: the buffer grows by one unless `dropped`). */
  const data = (seg: number, opts2: { flow?: number; dropped?: boolean } = {}): void => {
    const p = new Packet(opts2.flow ?? 0, false, MSS + 52, [], { receive() {} });
    p.seq = seg * MSS;
    p.lenBytes = MSS;
    if (!opts2.dropped) watched.queue.packets++;
    reg.arrived(p, opts2.dropped ? 'queue-overflow' : null);
  };
  /** The link takes the head of the buffer into service. */
  const depart = (): void => {
    watched.queue.packets--;
    reg.departed(new Packet(0, false, MSS + 52, [], { receive() {} }));
  };
  const setQueued = (n: number): void => {
    watched.queue.packets = n;
  };
  return { sim, reg, out, ack, data, depart, setQueued, watched };
}

describe('Ack Regulator release rule, non-conservative', () => {
  it('releases while queued + expected + 1 ≤ B, in arrival order, and holds the rest', () => {
    const r = rig({ bufferPackets: 5 });
    r.setQueued(3);
    for (let a = 1; a <= 4; a++) r.ack(a);
    // 3 + 0 + 1 ≤ 5 and 3 + 1 + 1 ≤ 5: ACKs 1 and 2 go; 3 + 2 + 1 > 5: 3 and 4 wait.
    expect(r.out.map((o) => o.ackSeg)).toEqual([1, 2]);
    expect([r.reg.heldAcks, r.reg.expectedPackets]).toEqual([2, 2]);
    r.depart(); // queued 2: 2 + 2 + 1 ≤ 5 → ACK 3
    expect(r.out.map((o) => o.ackSeg)).toEqual([1, 2, 3]);
    expect([r.reg.heldAcks, r.reg.expectedPackets]).toEqual([1, 3]);
  });

  it('an expected arrival fills the slot it was counted in: no release', () => {
    const r = rig({ bufferPackets: 5 });
    r.setQueued(3);
    for (let a = 1; a <= 3; a++) r.ack(a); // 1 and 2 released, 3 held
    r.data(10); // queued 4, expected 1: 4 + 1 + 1 > 5
    expect([r.reg.heldAcks, r.reg.expectedPackets, r.watched.queue.packets]).toEqual([1, 1, 4]);
    r.data(11); // queued 5, expected 0
    expect([r.reg.heldAcks, r.reg.expectedPackets]).toEqual([1, 0]);
    r.depart(); // queued 4: 4 + 0 + 1 ≤ 5 → ACK 3
    expect(r.out.map((o) => o.ackSeg)).toEqual([1, 2, 3]);
  });

  it('a dropped arrival fulfils its expectation too; an arrival nobody expected is counted as such', () => {
    const r = rig({ bufferPackets: 5 });
    r.ack(1); // expected 1
    r.data(10, { dropped: true });
    expect(r.reg.expectedPackets).toBe(0);
    r.data(11); // nothing outstanding: expected stays 0, not -1
    expect(r.reg.expectedPackets).toBe(0);
    expect(r.reg.stats().unexpectedArrivals).toBe(1);
  });

  it('keeps reservePackets slots free: plans with B − reserve', () => {
    const r = rig({ bufferPackets: 5, reservePackets: 2 });
    r.setQueued(1);
    for (let a = 1; a <= 4; a++) r.ack(a);
    // 1 + e + 1 ≤ 3 → e = 0, 1: ACKs 1 and 2 go.
    expect(r.out.map((o) => o.ackSeg)).toEqual([1, 2]);
  });

  it('serves the ACKs of several flows in one FIFO', () => {
    const r = rig({ bufferPackets: 3 });
    r.setQueued(3);
    r.ack(1, 0);
    r.ack(1, 1);
    r.ack(2, 0);
    expect(r.out).toEqual([]);
    r.depart();
    r.depart();
    r.depart(); // each departure frees the one slot the next ACK needs
    expect(r.out.map((o) => [o.flow, o.ackSeg])).toEqual([
      [0, 1],
      [1, 1],
      [0, 2],
    ]);
  });

  it('expects the segments an ACK newly acknowledges: 1 for a duplicate, 2 for a delayed ACK, at most 2', () => {
    const r = rig({ bufferPackets: 100 });
    r.data(0); // teaches the segment size (1000 B)
    r.ack(1); // first ACK: 1
    expect(r.reg.expectedPackets).toBe(1);
    r.ack(3); // acknowledges 2 segments: 2
    expect(r.reg.expectedPackets).toBe(3);
    r.ack(3); // duplicate: 1
    expect(r.reg.expectedPackets).toBe(4);
    r.ack(13); // 10 segments at once (after a repair): capped at 2
    expect(r.reg.expectedPackets).toBe(6);
  });

  it('never doubles in slow start', () => {
    const r = rig({ bufferPackets: 5 });
    expect(r.reg.believesSlowStart(0)).toBe(true);
    r.setQueued(3);
    for (let a = 1; a <= 3; a++) r.ack(a);
    expect(r.out).toHaveLength(2); // 3 + 1 + 1, 3 + 2 + 1 > 5: 1 each
  });
});

describe('Ack Regulator release rule, conservative', () => {
  it('expects 2 per ACK while the flow is in slow start', () => {
    const r = rig({ mode: 'conservative', bufferPackets: 5 });
    r.setQueued(1);
    for (let a = 1; a <= 4; a++) r.ack(a);
    // 1 + 0 + 2 ≤ 5, 1 + 2 + 2 ≤ 5, 1 + 4 + 2 > 5: two ACKs out, four segments expected.
    expect(r.out.map((o) => o.ackSeg)).toEqual([1, 2]);
    expect(r.reg.expectedPackets).toBe(4);
    r.depart(); // queued 0: 0 + 4 + 2 > 5
    expect(r.out).toHaveLength(2);
    r.data(10);
    r.data(11);
    r.data(12);
    r.data(13); // queued 4, expected 0
    r.depart(); // queued 3: 3 + 0 + 2 ≤ 5 → ACK 3
    expect(r.out.map((o) => o.ackSeg)).toEqual([1, 2, 3]);
    r.depart(); // queued 2: 2 + 2 + 2 > 5
    r.depart(); // queued 1: 1 + 2 + 2 ≤ 5 → ACK 4
    expect(r.out.map((o) => o.ackSeg)).toEqual([1, 2, 3, 4]);
  });

  it('a fast retransmit (a retransmission right after a duplicate ACK) ends slow start: 1 per ACK', () => {
    const r = rig({ mode: 'conservative', bufferPackets: 100 });
    for (let s = 0; s < 8; s++) r.data(s); // segments 0…7 seen
    r.ack(3);
    r.ack(3); // duplicate
    expect(r.reg.believesSlowStart(0)).toBe(true);
    r.data(3); // segment 3 again while expectations are outstanding, after a duplicate: fast retransmit
    expect(r.reg.believesSlowStart(0)).toBe(false);
    const before = r.reg.expectedPackets;
    r.ack(4);
    expect(r.reg.expectedPackets - before).toBe(1);
  });

  it('a retransmission with nothing expected came from the sender’s timer: slow start again', () => {
    const r = rig({ mode: 'conservative', bufferPackets: 100 });
    for (let s = 0; s < 8; s++) r.data(s);
    r.ack(3);
    r.ack(3);
    r.data(3); // fast retransmit: congestion avoidance; 2 + 2 − 1 = 3 expected left
    r.data(8);
    r.data(9);
    r.data(10);
    expect(r.reg.expectedPackets).toBe(0);
    r.data(4); // a retransmission nobody clocked out
    expect(r.reg.believesSlowStart(0)).toBe(true);
  });

  it('the second expected segment of a doubled ACK lapsing unfulfilled ends slow start', () => {
    const r = rig({ mode: 'conservative', bufferPackets: 100 });
    r.reg.setLoopNs(0, msToNs(2));
    r.data(0);
    r.ack(1); // doubled: 2 expected
    r.data(1); // one arrives, the doubled one is still outstanding
    r.sim.runUntil(msToNs(2 * LAPSE_LOOPS)); // lapses at release + 2 loops
    r.ack(2); // the next event lapses it first
    expect(r.reg.believesSlowStart(0)).toBe(false);
    expect(r.reg.expectedPackets).toBe(1); // ACK 2 now counts 1
  });
});

describe('Ack Regulator expectations lapse', () => {
  it('an ACK that clocked nothing out stops counting LAPSE_LOOPS loop times after its release, and held ACKs go then', () => {
    const r = rig({ bufferPackets: 2 });
    r.reg.setLoopNs(0, msToNs(3));
    r.setQueued(1);
    r.ack(1); // 1 + 0 + 1 ≤ 2: released at t = 0, expected 1
    r.ack(2); // 1 + 1 + 1 > 2: held
    expect(r.out.map((o) => o.ackSeg)).toEqual([1]);
    const lapseNs = LAPSE_LOOPS * msToNs(3);
    r.sim.runUntil(lapseNs - 1);
    expect(r.reg.heldAcks).toBe(1);
    r.sim.runUntil(lapseNs); // the regulator's own timer: no other event happens
    expect(r.out.map((o) => [o.ackSeg, o.tNs])).toEqual([
      [1, 0],
      [2, lapseNs],
    ]);
    expect(r.reg.stats().lapsedExpectations).toBe(1);
  });

  it('never lapses without a loop time', () => {
    const r = rig({ bufferPackets: 2 });
    r.setQueued(1);
    r.ack(1);
    r.ack(2);
    r.sim.runUntil(msToNs(60_000));
    expect([r.reg.heldAcks, r.reg.expectedPackets]).toEqual([1, 1]);
  });
});

describe('Ack Regulator bounds and allowances', () => {
  it('maxHeldAcks is the ACK queue’s capacity: each ACK beyond it pushes the oldest out', () => {
    const r = rig({ bufferPackets: 3, maxHeldAcks: 3 });
    r.setQueued(3); // no room at all
    for (let a = 1; a <= 5; a++) r.ack(a);
    expect(r.out.map((o) => o.ackSeg)).toEqual([1, 2]);
    expect(r.reg.heldAcks).toBe(3);
    expect(r.reg.stats()).toMatchObject({ forcedReleases: 2, maxHeldAcks: 3, heldAcks: 5 });
  });

  it('on a fast link counts out the packets sent while the data is on its way', () => {
    // 10 Mb/s: a 1052-byte segment takes 0.8416 ms; in a 2 ms loop floor(2 / 0.8416) = 2 leave.
    const r = rig({ bufferPackets: 5 }, { rateBps: 10e6 });
    r.reg.setLoopNs(0, msToNs(2));
    r.data(0); // teaches the segment size
    r.setQueued(5);
    for (let a = 1; a <= 4; a++) r.ack(a);
    // (5 − 2) + 0 + 1 ≤ 5, (5 − 2) + 1 + 1 ≤ 5, (5 − 2) + 2 + 1 > 5.
    expect(r.out.map((o) => o.ackSeg)).toEqual([1, 2]);
  });

  it('lets probe replies through without holding or counting them', () => {
    const r = rig({ bufferPackets: 1 });
    r.setQueued(1);
    r.ack(1); // held: 1 + 0 + 1 > 1
    const probeReply = new Packet(0, true, 40, [r.reg], { receive: (p: Packet) => r.out.push({ flow: p.flow, ackSeg: -1, tNs: 0 }) });
    probeReply.probe = 2;
    probeReply.inject();
    expect(r.out.map((o) => o.ackSeg)).toEqual([-1]);
    expect([r.reg.heldAcks, r.reg.expectedPackets]).toEqual([1, 0]);
  });

  it('rejects a buffer below one packet and a negative reserve', () => {
    const sim = new Simulator();
    const w = { queue: { packets: 0 }, rateBps: 1e6, receive() {} };
    const base: AckRegulatorParams = { mode: 'conservative', bufferPackets: 5, reservePackets: 0, maxHeldAcks: 5 };
    expect(() => new AckRegulator({ ...base, bufferPackets: 0 }, 0, w, sim, nullSink)).toThrow(/bufferPackets/);
    expect(() => new AckRegulator({ ...base, reservePackets: -1 }, 0, w, sim, nullSink)).toThrow(/reservePackets/);
  });
});

describe('Ack Regulator trace', () => {
  it('writes one ackreg row per change: held, queued, expected, released', () => {
    const sink = new ColumnarSink(['ackreg']);
    const r = rig({ bufferPackets: 2 }, { trace: sink });
    r.setQueued(1);
    r.ack(1); // released: held 0, queued 1, expected 1, released 1
    r.ack(2); // held: 1, 1, 1, 0
    r.data(10); // queued 2, expected 0: 1, 2, 0, 0
    r.depart(); // queued 1: 1 + 0 + 1 ≤ 2 → release: 0, 1, 1, 1
    r.depart(); // queued 0: nothing held: 0, 0, 1, 0
    const t = sink.finish().ackreg;
    const rows = Array.from(t.tNs, (_, i) => [t.link[i], t.heldAcks[i], t.queuedPackets[i], t.expectedPackets[i], t.released[i]]);
    expect(rows).toEqual([
      [0, 0, 1, 1, 1],
      [0, 1, 1, 1, 0],
      [0, 1, 2, 0, 0],
      [0, 0, 1, 1, 1],
      [0, 0, 0, 1, 0],
    ]);
  });
});

describe('Ack Regulator in a built simulation', () => {
  it('routeLoopNs adds propagation and one ACK’s and one segment’s transmission per hop', () => {
    const sim = new Simulator();
    const hop = (rateBps: number, delayMs: number): Link => new Link({ id: 'l', index: 0, rateBps, delayNs: msToNs(delayMs), queue: new DropTailQueue(10), errors: null, sim, trace: nullSink });
    // ACK (40 + 12 = 52 B) over 100 Mb/s, 1 ms: 1 ms + 4.16 µs; segment (1052 B) over 100 Mb/s, 1 ms: 1 ms + 84.16 µs.
    expect(routeLoopNs([hop(100e6, 1)], [hop(100e6, 1)], 1000)).toBe(2_088_320);
    // Hops that are not links (another regulator) add nothing.
    const other: Hop = { receive() {} };
    expect(routeLoopNs([other, hop(1e6, 0)], [], 1000)).toBe(416_000); // 52 B at 1 Mb/s
  });

  function withRegulator(mode: 'conservative' | 'non-conservative', durationS: number): Scenario {
    const input = structuredClone(threeGVariation.scenario) as ScenarioInput;
    input.durationS = durationS;
    input.path[0].ackRegulator = { mode };
    const r = parseScenario(input);
    if (!r.ok) throw new Error(formatErrors(r.errors));
    return r.scenario;
  }

  it('defaults to no regulator; given one, B and the held bound default to the queue limit', () => {
    const r = parseScenario(threeGVariation.scenario);
    if (!r.ok) throw new Error(formatErrors(r.errors));
    expect(r.scenario.path[0].ackRegulator).toBeNull();
    expect(withRegulator('conservative', 1).path[0].ackRegulator).toEqual({ mode: 'conservative', bufferPackets: null, reservePackets: 0, maxHeldAcks: null });
    const run = checkedRun(withRegulator('conservative', 1));
    const reg = run.sim.links[0].watcher;
    expect(reg).toBeInstanceOf(AckRegulator);
    expect((reg as AckRegulator).params).toEqual({ mode: 'conservative', bufferPackets: 10, reservePackets: 0, maxHeldAcks: 10 });
  });

  it('sits where the ACKs come off the wireless uplink and watches the downlink buffer', () => {
    const run = checkedRun(withRegulator('non-conservative', 1));
    const [down, up, accessFwd, accessRev] = run.sim.links;
    const reg = down.watcher as AckRegulator;
    expect(reg.watched).toBe(down);
    // The first ACK released went on to the access link's reverse direction, after the uplink.
    // Every ACK off the uplink reached the regulator; every ACK it released went on to the access link.
    expect(up.delivered).toBeGreaterThan(0);
    expect(up.delivered).toBe(reg.stats().releasedAcks + reg.heldAcks);
    expect(accessRev.arrived).toBe(reg.stats().releasedAcks);
    // Loop: on over the access link's reverse direction (ACK), back over its forward one (segment).
    expect(reg.loopNs(0)).toBe(routeLoopNs([accessRev], [accessFwd], 1000));
    expect(reg.loopNs(0)).toBe(2_088_320);
  });

  it.each(['conservative', 'non-conservative'] as const)('%s: every invariant holds and the same seed gives the same trace', (mode) => {
    const s = withRegulator(mode, 60);
    const a = checkedRun(s);
    expect(violations(a)).toEqual([]);
    expect(a.trace.ackreg.tNs.length).toBeGreaterThan(0);
    expect(checkedRun(s).hash).toBe(a.hash);
  });
});
