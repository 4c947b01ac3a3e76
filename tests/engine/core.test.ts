import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/core/rng.ts';
import { handler, Simulator } from '../../src/engine/core/simulator.ts';
import { ColumnarSink, traceHash } from '../../src/engine/core/trace.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { checkedRun, violations } from '../harness/invariants.ts';

describe('simulator', () => {
  it('runs events in time order, ties in insertion order', () => {
    const sim = new Simulator();
    const order: string[] = [];
    const at = (t: number, name: string) => sim.schedule(t, handler(() => order.push(name)), null);
    at(30, 'c');
    at(10, 'a1');
    at(20, 'b');
    at(10, 'a2');
    at(0, 'zero');
    at(10, 'a3');
    sim.runUntil(100);
    expect(order).toEqual(['zero', 'a1', 'a2', 'a3', 'b', 'c']);
    expect(sim.now()).toBe(100);
  });

  it('orders thousands of random events like a sort by (time, seq)', () => {
    const sim = new Simulator();
    const rng = new Rng(3).stream('heap');
    const fired: number[] = [];
    const expected: { t: number; k: number }[] = [];
    for (let k = 0; k < 5000; k++) {
      const t = rng.int(1000);
      expected.push({ t, k });
      sim.schedule(t, { fire: (id: number) => fired.push(id) }, k);
    }
    sim.runUntil(Number.POSITIVE_INFINITY);
    expected.sort((x, y) => x.t - y.t || x.k - y.k);
    expect(fired).toEqual(expected.map((e) => e.k));
  });

  it('lets events schedule more events, including at the current time', () => {
    const sim = new Simulator();
    const seen: number[] = [];
    const h = {
      fire: (n: number) => {
        seen.push(sim.now());
        if (n > 0) sim.schedule(n % 2 === 0 ? 0 : 5, h, n - 1);
      },
    };
    sim.schedule(1, h, 4);
    sim.runUntil(100);
    expect(seen).toEqual([1, 1, 6, 6, 11]);
  });

  it('skips cancelled events and ignores a stale cancel', () => {
    const sim = new Simulator();
    const order: string[] = [];
    const a = sim.schedule(10, handler(() => order.push('a')), null);
    sim.schedule(20, handler(() => order.push('b')), null);
    sim.cancel(a);
    sim.runUntil(15);
    // `a`'s slot is reused by `c`; cancelling the old id must not cancel `c`.
    const c = sim.schedule(10, handler(() => order.push('c')), null);
    sim.cancel(a);
    sim.runUntil(100);
    expect(order).toEqual(['b', 'c']);
    expect(c).not.toBe(a);
  });

  it('rejects negative or NaN delays and past or fractional absolute times', () => {
    const sim = new Simulator();
    const h = handler(() => {});
    expect(() => sim.schedule(-1, h, null)).toThrow(/negative/);
    expect(() => sim.schedule(Number.NaN, h, null)).toThrow(/NaN/);
    sim.runUntil(50);
    expect(() => sim.scheduleAt(49, h, null)).toThrow(/before now/);
    expect(() => sim.scheduleAt(60.5, h, null)).toThrow(/whole number/);
  });

  it('stops at the event cap and resumes where it stopped', () => {
    const sim = new Simulator();
    let n = 0;
    for (let i = 1; i <= 10; i++) sim.schedule(i, handler(() => n++), null);
    expect(sim.runUntil(100, 4)).toBe(false);
    expect(n).toBe(4);
    expect(sim.runUntil(100)).toBe(true);
    expect(n).toBe(10);
    expect(sim.eventCount).toBe(10);
  });
});

describe('rng', () => {
  const take = (s: { next(): number }, n: number) => Array.from({ length: n }, () => s.next());

  it('gives the same sequence for the same seed and name', () => {
    expect(take(new Rng(42).stream('a'), 20)).toEqual(take(new Rng(42).stream('a'), 20));
  });

  it('gives different sequences for different names or seeds', () => {
    expect(take(new Rng(42).stream('a'), 5)).not.toEqual(take(new Rng(42).stream('b'), 5));
    expect(take(new Rng(42).stream('a'), 5)).not.toEqual(take(new Rng(43).stream('a'), 5));
  });

  it('keeps streams independent: drawing from one never shifts another', () => {
    const r1 = new Rng(9);
    const a1 = r1.stream('link:a');
    const r2 = new Rng(9);
    const b2 = r2.stream('link:b');
    take(b2, 1000);
    const a2 = r2.stream('link:a');
    expect(take(a1, 50)).toEqual(take(a2, 50));
  });

  it('draws uniforms in [0, 1) with mean ½ and variance 1/12, exponentials with the asked mean', () => {
    const s = new Rng(1).stream('stats');
    const n = 200_000;
    const u = take(s, n);
    expect(u.every((x) => x >= 0 && x < 1)).toBe(true);
    const mean = u.reduce((a, b) => a + b, 0) / n;
    const variance = u.reduce((a, b) => a + (b - mean) ** 2, 0) / n;
    // Standard error of the mean: √(1/12/n) ≈ 0.00065; 5 σ ≈ 0.0033.
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.0033);
    expect(Math.abs(variance - 1 / 12)).toBeLessThan(0.002);
    const e = Array.from({ length: n }, () => s.exponential(0.25));
    // Exponential(mean 0.25) has σ = 0.25: standard error 0.25/√n ≈ 0.00056.
    expect(Math.abs(e.reduce((a, b) => a + b, 0) / n - 0.25)).toBeLessThan(0.003);
  });
});

describe('trace and invariants', () => {
  const s = (() => {
    const r = parseScenario({ ...getPreset('reference-2mbps')?.scenario, durationS: 10 });
    if (!r.ok) throw new Error('preset invalid');
    return r.scenario;
  })();

  it('hash changes when a single traced value changes', () => {
    const sink = new ColumnarSink();
    sink.cwnd(1, 0, 2000, 5000);
    const a = traceHash(sink.finish());
    const sink2 = new ColumnarSink();
    sink2.cwnd(1, 0, 2000, 5001);
    expect(traceHash(sink2.finish())).not.toBe(a);
  });

  it('storedValues counts every number kept: rows × columns of the recorded tables only', () => {
    const sink = new ColumnarSink(['cwnd', 'drop']);
    sink.cwnd(1, 0, 2000, 5000); // 4 columns
    sink.cwnd(2, 0, 3000, 5000);
    sink.drop(3, 0, 0, 1000, false, 'channel-error'); // 6 columns
    sink.queue(4, 0, 3, 3000); // not recorded
    expect(sink.storedValues()).toBe(2 * 4 + 6);
  });

  it('same scenario and seed give the same trace hash; another seed may not change a loss-free run', () => {
    expect(checkedRun(s).hash).toBe(checkedRun(s).hash);
  });

  it('the invariant checker reports a broken packet count and a lost byte', () => {
    const run = checkedRun(s);
    expect(violations(run)).toEqual([]);
    run.sim.links[0].arrived += 1;
    run.sim.flows[0].appBytes -= 1;
    const v = violations(run);
    expect(v.some((x) => x.includes('arrived'))).toBe(true);
    expect(v.some((x) => x.includes('application got'))).toBe(true);
  });
});
