/**
 * The 3G paper's variable link: rate u(mean, sd) per packet or per slot, extra delay e(mean) per
 * packet on top of the constant delay, and in-order delivery — checked against the
 * distributions' definitions with stated confidence.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/core/rng.ts';
import { msToNs, Simulator } from '../../src/engine/core/simulator.ts';
import { nullSink } from '../../src/engine/core/trace.ts';
import { Link, UniformRate } from '../../src/engine/net/link.ts';
import { Packet } from '../../src/engine/net/packet.ts';
import { DropTailQueue } from '../../src/engine/net/queue.ts';

const Z999 = 3.2905;

function variableLink(opts: { rateSdBps?: number; slotMs?: number | null; extraDelayMeanMs?: number; limit?: number }) {
  const sim = new Simulator();
  const rng = new Rng(11);
  const rate = opts.rateSdBps ? new UniformRate(200e3, opts.rateSdBps, opts.slotMs == null ? null : msToNs(opts.slotMs), rng.stream('rate')) : null;
  const extra = opts.extraDelayMeanMs ?? 0;
  const link = new Link({
    id: 'w',
    index: 0,
    rateBps: 200e3,
    delayNs: msToNs(350),
    queue: new DropTailQueue(opts.limit ?? 100_000),
    errors: null,
    sim,
    trace: nullSink,
    variableRate: rate,
    extraDelayMeanNs: msToNs(extra),
    delayRng: extra > 0 ? rng.stream('delay') : null,
  });
  const arrivals: { seq: number; tNs: number }[] = [];
  const dest = { receive: (p: Packet) => arrivals.push({ seq: p.seq, tNs: sim.now() }) };
  const send = (seq: number): void => {
    const p = new Packet(0, false, 1000, [link], dest);
    p.seq = seq;
    p.inject();
  };
  return { sim, link, arrivals, send };
}

describe('variable-delay link', () => {
  it('delivers in order even when a later packet draws a much shorter delay', () => {
    const { sim, arrivals, send } = variableLink({ extraDelayMeanMs: 50 });
    for (let i = 0; i < 5000; i++) send(i); // back to back: 40 ms apart at 200 kb/s, delays up to hundreds of ms
    sim.runUntil(msToNs(3_600_000));
    expect(arrivals).toHaveLength(5000);
    for (let i = 1; i < arrivals.length; i++) {
      expect(arrivals[i].seq).toBe(i);
      expect(arrivals[i].tNs).toBeGreaterThanOrEqual(arrivals[i - 1].tNs);
    }
  });

  it('adds an exponential delay with the configured mean: 350 + e(50) ms', () => {
    const { sim, arrivals, send } = variableLink({ extraDelayMeanMs: 50 });
    // One packet every 10 s: the in-order rule never holds one back.
    const n = 4000;
    const sentAt: number[] = [];
    for (let i = 0; i < n; i++) {
      sim.runUntil(msToNs(10_000 * i));
      sentAt.push(sim.now());
      send(i);
    }
    sim.runUntil(msToNs(10_000 * n + 10_000));
    const txNs = msToNs(40); // 1000 B at 200 kb/s
    const extras = arrivals.map((a, i) => (a.tNs - sentAt[i] - txNs - msToNs(350)) / 1e6);
    expect(Math.min(...extras)).toBeGreaterThanOrEqual(0);
    const mean = extras.reduce((a, b) => a + b, 0) / n;
    // Exponential: sd = mean, so the 99.9 % interval of the sample mean is ±Z·50/√n.
    expect(Math.abs(mean - 50)).toBeLessThanOrEqual((Z999 * 50) / Math.sqrt(n));
  });
});

describe('variable-rate link', () => {
  function serviceRates(opts: { rateSdBps: number; slotMs: number | null }, n: number): { rates: number[]; startsNs: number[] } {
    const { sim, arrivals, send } = variableLink(opts);
    for (let i = 0; i < n; i++) send(i);
    sim.runUntil(msToNs(3_600_000 * 10));
    // Back to back, so arrival gaps are service times (the constant delay cancels).
    const rates: number[] = [];
    const startsNs: number[] = [];
    for (let i = 1; i < arrivals.length; i++) {
      rates.push((1000 * 8 * 1e9) / (arrivals[i].tNs - arrivals[i - 1].tNs));
      startsNs.push(arrivals[i - 1].tNs - msToNs(350));
    }
    return { rates, startsNs };
  }

  it('per packet: u(200, 50) kb/s has mean 200 kb/s and sd 50 kb/s', () => {
    const { rates } = serviceRates({ rateSdBps: 50e3, slotMs: null }, 40_000);
    const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
    const sd = Math.sqrt(rates.reduce((a, r) => a + (r - mean) ** 2, 0) / (rates.length - 1));
    expect(Math.abs(mean - 200e3)).toBeLessThanOrEqual((Z999 * 50e3) / Math.sqrt(rates.length) + 1);
    expect(Math.abs(sd / 50e3 - 1)).toBeLessThan(0.02);
    // Uniform on 200 ± √3·50 kb/s.
    expect(Math.min(...rates)).toBeGreaterThanOrEqual(200e3 - Math.sqrt(3) * 50e3 - 1);
    expect(Math.max(...rates)).toBeLessThanOrEqual(200e3 + Math.sqrt(3) * 50e3 + 1);
  });

  it('per slot: the rate holds for a whole slot and depends on time only', () => {
    const slotMs = 500;
    const a = variableLink({ rateSdBps: 50e3, slotMs });
    const b = variableLink({ rateSdBps: 50e3, slotMs });
    // Same seed, different traffic: a sends at t = 0, b only from 1.2 s (slot 2).
    a.send(0);
    b.sim.runUntil(msToNs(1200));
    b.send(0);
    a.sim.runUntil(msToNs(1200));
    a.send(1);
    a.sim.runUntil(msToNs(10_000));
    b.sim.runUntil(msToNs(10_000));
    const serviceA = a.arrivals[1].tNs - msToNs(350) - msToNs(1200);
    const serviceB = b.arrivals[0].tNs - msToNs(350) - msToNs(1200);
    expect(serviceA).toBe(serviceB);
  });
});
