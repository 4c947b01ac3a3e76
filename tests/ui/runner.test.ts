/**
 * The worker's request handling with the real engine, in Node: a run executed in slices with
 * the message loop in between is the engine's run exactly (same fingerprint, same metrics, the
 * event cap counted across slices), and latest wins — a newer run or a cancel makes the older
 * run reject at its next slice while the newer one completes correctly; a warm-up gives way to
 * any real run.
 */
import { describe, expect, it } from 'vitest';
import { ColumnarSink, RowBufferPool, TRACE_TABLES, traceHash } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { deferTraceHash, PENDING_VALUES_MAX, takeTraceHash } from '../../src/worker/deferredHash.ts';
import { createRunner, SLICE_EVENTS, SUPERSEDED } from '../../src/worker/runner.ts';

function preset(name: string, durationS: number, seed?: number): Scenario {
  const p = parseScenario(getPreset(name)?.scenario);
  if (!p.ok) throw new Error(`${name} does not validate`);
  return { ...p.scenario, durationS, seed: seed ?? p.scenario.seed };
}

/** A macrotask turn, as the worker's MessageChannel yield is. */
const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('worker runner (sliced, latest-wins)', () => {
  const long = preset('reference-2mbps', 30);
  const short = preset('reference-2mbps', 5, 7);

  it('a sliced run is the engine run: same fingerprint and metrics, more than one slice', async () => {
    const runner = createRunner(nextTurn);
    const out = await runner.run(long, {});
    const ref = runScenario(long);
    expect(ref.sim.events).toBeGreaterThan(SLICE_EVENTS); // so slicing is really exercised
    expect(out.traceHash).toBe(traceHash(ref.trace));
    expect(out.flows).toEqual(ref.flows);
    expect(out.sim).toEqual(ref.sim);
    expect(out.phasesMs.slices).toBe(Math.ceil(ref.sim.events / SLICE_EVENTS));
  });

  it('reports progress at every yield (the heartbeat the main thread watches), with the events so far', async () => {
    const seen: number[] = [];
    const runner = createRunner(nextTurn, () => 0, 0, (p) => seen.push(p.events));
    const out = await runner.run(long, {});
    expect(seen).toHaveLength(out.phasesMs.slices - 1); // a yield between slices, none after the last
    expect(seen.every((n, i) => n === (i + 1) * SLICE_EVENTS)).toBe(true);
  });

  it('a deferred fingerprint is computed when asked and is the engine\'s, also after a second run finished first', async () => {
    const runner = createRunner(nextTurn);
    const other = { ...short, seed: 8 };
    const a = await runner.run(short, { deferHash: true });
    const b = await runner.run(other, { deferHash: true }); // finishes before a's fingerprint is collected
    expect(a.traceHash).toBe('');
    expect(a.hashTicket).toBeGreaterThan(0);
    expect(await runner.traceHash(b.hashTicket)).toBe(traceHash(runScenario(other).trace));
    expect(await runner.traceHash(a.hashTicket)).toBe(traceHash(runScenario(short).trace));
    await expect(runner.traceHash(a.hashTicket)).rejects.toThrow(/no trace fingerprint/); // collected once
  });

  it('starts the run it was told comes next once it has posted, and a request for it takes that run over where it got to', async () => {
    const seen: number[] = [];
    const runner = createRunner(nextTurn, () => 0, 0, (p) => seen.push(p.events));
    const other = { ...long, seed: 9 };
    await runner.run(short, { jobKey: 'b:0', deferHash: true, next: { scenario: other, opts: { jobKey: 'b:1' } } });
    seen.length = 0;
    while (seen.length < 3) await nextTurn(); // the head start is under way, unasked
    const out = await runner.run(other, { jobKey: 'b:1', deferHash: true });
    // posted as the run that named it was: fingerprint deferred
    expect(out.hashTicket).toBeGreaterThan(0);
    expect(await runner.traceHash(out.hashTicket)).toBe(traceHash(runScenario(other).trace));
    // one run throughout, never restarted: its event count only grew
    expect(seen.every((n, i) => i === 0 || n > seen[i - 1])).toBe(true);
    expect(seen.length).toBe(out.phasesMs.slices - 1);
  });

  it('drops a head start when asked for anything else', async () => {
    const runner = createRunner(nextTurn);
    await runner.run(short, { jobKey: 'b:0', next: { scenario: long, opts: { jobKey: 'b:1' } } });
    await nextTurn();
    const fresh = { ...short, seed: 11 };
    const out = await runner.run(fresh, { jobKey: 'c:0' });
    expect(out.traceHash).toBe(traceHash(runScenario(fresh).trace));
  });

  it('yielding by wall time still lets a newer run supersede the one in flight', async () => {
    let nowMs = 0;
    const runner = createRunner(nextTurn, () => (nowMs += 1), 8); // every clock reading advances 1 ms
    const first = runner.run(long, {});
    const second = runner.run(short, {});
    await expect(first).rejects.toThrow(SUPERSEDED);
    expect((await second).traceHash).toBe(traceHash(runScenario(short).trace));
  });

  it('counts the event cap across slices', async () => {
    const runner = createRunner(nextTurn);
    const cap = SLICE_EVENTS * 2 + 123;
    const out = await runner.run(long, { caps: { maxEvents: cap } });
    expect(out.stoppedEarly).toBe(true);
    expect(out.sim.events).toBe(cap);
    expect(out.capNote).toContain(`Stopped at ${cap.toLocaleString('en-US')} events`);
  });

  it('a newer run supersedes the one in flight, which rejects; the newer one is exact', async () => {
    const runner = createRunner(nextTurn);
    const first = runner.run(long, {});
    const second = runner.run(short, {});
    await expect(first).rejects.toThrow(SUPERSEDED);
    expect((await second).traceHash).toBe(traceHash(runScenario(short).trace));
  });

  it('cancel stops the run in flight at its next slice', async () => {
    const runner = createRunner(nextTurn);
    const run = runner.run(long, {});
    runner.cancel();
    await expect(run).rejects.toThrow(SUPERSEDED);
  });

  it('warms up once per variant when left alone, and gives way to a real run at once', async () => {
    const idle = createRunner(nextTurn);
    expect(await idle.warmUp(short, ['reno', 'sack'])).toBe(2);
    const busy = createRunner(nextTurn);
    const warm = busy.warmUp(long, ['tahoe', 'reno', 'newreno', 'sack']);
    const real = busy.run(short, {});
    expect(await warm).toBe(0);
    expect((await real).traceHash).toBe(traceHash(runScenario(short).trace));
  });
});

describe('deferred fingerprints (worker memory)', () => {
  it('keeps sinks waiting for their request within a budget, dropping the oldest first, and recycles their buffers', () => {
    // three traces of 0.4 × the budget each: the third pushes the first one out
    const rows = Math.ceil((0.4 * PENDING_VALUES_MAX) / TRACE_TABLES.cwnd.length);
    const pool = new RowBufferPool(Number.POSITIVE_INFINITY);
    const sink = (v: number): ColumnarSink => {
      const s = new ColumnarSink(['cwnd'], pool);
      for (let i = 0; i < rows; i++) s.cwnd(i, 0, v, v);
      return s;
    };
    const [a, b, c] = [1, 2, 3].map(sink);
    const expected = [a, b, c].map((s) => traceHash(s.finish()));
    const width = TRACE_TABLES.cwnd.length;
    const filled = pool.values; // buffers outgrown while filling
    const tickets = [a, b, c].map((s) => deferTraceHash(s));
    const dropped = pool.values;
    expect(dropped).toBeGreaterThanOrEqual(filled + rows * width); // the first sink's rows, let go
    expect(takeTraceHash(tickets[0])).toBeUndefined();
    expect(takeTraceHash(tickets[2])).toBe(expected[2]);
    expect(takeTraceHash(tickets[1])).toBe(expected[1]);
    expect(takeTraceHash(tickets[1])).toBeUndefined(); // collected once
    // the other two sinks' rows went back once hashed
    expect(pool.values).toBeGreaterThanOrEqual(dropped + 2 * rows * width);
    expect(new Set(expected).size).toBe(3);
  });

  it('past the budget, a sink of the batch coming in is fingerprinted before it is let go; one of an older batch is dropped', () => {
    const rows = Math.ceil((0.4 * PENDING_VALUES_MAX) / TRACE_TABLES.cwnd.length);
    const width = TRACE_TABLES.cwnd.length;
    const pool = new RowBufferPool(Number.POSITIVE_INFINITY);
    const sink = (v: number): ColumnarSink => {
      const s = new ColumnarSink(['cwnd'], pool);
      for (let i = 0; i < rows; i++) s.cwnd(i, 0, v, v);
      return s;
    };
    // two fit the budget: an older batch's sink and batch 8's first; batch 8's second pushes out
    // the older batch's, its third pushes out its first
    const [old, a, b, c] = [1, 2, 3, 4].map(sink);
    const expected = [old, a, b, c].map((s) => traceHash(s.finish()));
    const tOld = deferTraceHash(old, 7);
    const tA = deferTraceHash(a, 8);
    const before = pool.values;
    const tB = deferTraceHash(b, 8);
    const tC = deferTraceHash(c, 8);
    // both let go: their rows are back in the pool
    expect(pool.values).toBeGreaterThanOrEqual(before + 2 * rows * width);
    expect(takeTraceHash(tOld)).toBeUndefined();
    expect(takeTraceHash(tA)).toBe(expected[1]);
    expect(takeTraceHash(tA)).toBeUndefined(); // collected once
    expect(takeTraceHash(tB)).toBe(expected[2]);
    expect(takeTraceHash(tC)).toBe(expected[3]);
  });
});
