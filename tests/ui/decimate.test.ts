/**
 * Display decimation: per series and bucket it keeps first, last, min and max rows, so peaks
 * and lone retransmissions survive while the row count drops to a few per bucket; small
 * tables pass through untouched.
 */
import { describe, expect, it } from 'vitest';
import { ColumnarSink } from '../../src/engine/core/trace.ts';
import { decimateTables, decimateTrace, DISPLAY_LINE_ROWS_MAX, DISPLAY_ROWS_MAX, keepRows } from '../../src/worker/decimate.ts';

describe('worker decimate keepRows', () => {
  it('keeps first, last, min and max of each bucket per key, in row order', () => {
    // one key, 2 buckets of 10 ns: values 5 9 1 7 | 3 3 8 2
    const tNs = Float64Array.from([0, 2, 4, 6, 10, 12, 14, 16]);
    const key = new Float64Array(8);
    const v = Float64Array.from([5, 9, 1, 7, 3, 3, 8, 2]);
    const rows = keepRows(tNs, key, [v], 20, 2);
    // bucket 1: first 0 (5), max 1 (9), min 2 (1), last 3 (7) — all four
    // bucket 2: first 4 (3, also the min), max 6 (8), last 7 (2, the new min)
    expect([...rows]).toEqual([0, 1, 2, 3, 4, 6, 7]);
  });

  it('tracks keys separately when their rows interleave', () => {
    const tNs = Float64Array.from([0, 1, 2, 3, 4, 5]);
    const key = Float64Array.from([0, 1, 0, 1, 0, 1]);
    const v = Float64Array.from([1, 100, 2, 50, 3, 75]);
    // one bucket: key 0 keeps 0 (first, min), 4 (last, max); key 1 keeps 1 (first, max), 3 (min), 5 (last)
    expect([...keepRows(tNs, key, [v], 10, 1)]).toEqual([0, 1, 3, 4, 5]);
  });

  it('keeps a single spike among many samples', () => {
    const n = 100_000;
    const tNs = new Float64Array(n);
    const v = new Float64Array(n);
    for (let i = 0; i < n; i++) tNs[i] = i;
    v[31_337] = 1e6;
    const rows = keepRows(tNs, new Float64Array(n), [v], n, 100);
    expect(rows.length).toBeLessThanOrEqual(400);
    expect([...rows]).toContain(31_337);
  });
});

describe('worker decimateTrace', () => {
  it('leaves tables under the limit untouched and reduces the ones above it', () => {
    const sink = new ColumnarSink();
    for (let i = 0; i < 5000; i++) sink.queue(i * 1000, 0, i % 50 === 0 ? 99 : 1, 0);
    sink.cwnd(0, 0, 2000, Infinity);
    const trace = sink.finish();
    const { trace: out, decimated } = decimateTrace(trace, 5000 * 1000, 1000, 10);
    expect(decimated).toBe(true);
    expect(out.cwnd).toBe(trace.cwnd);
    expect(out.queue.tNs.length).toBeLessThanOrEqual(40);
    // the 99-packet peaks are still there, and every column has the same length
    expect(Math.max(...out.queue.packets)).toBe(99);
    expect(out.queue.link.length).toBe(out.queue.tNs.length);
    expect(decimateTrace(trace, 5e6, 10_000).decimated).toBe(false);
  });

  it('thins tables drawn as lines from DISPLAY_LINE_ROWS_MAX rows, keeps packet tables whole up to the general limit, and Infinity keeps all', () => {
    const n = DISPLAY_LINE_ROWS_MAX + 1;
    const sink = new ColumnarSink();
    for (let i = 0; i < n; i++) {
      sink.queue(i * 1000, 0, i % 7, 0);
      sink.send(i * 1000, 0, i * 1000, 1000, false);
      sink.ack(i * 1000, 0, i * 1000);
    }
    const trace = sink.finish();
    const { trace: out } = decimateTrace(trace, n * 1000);
    expect(n).toBeLessThan(DISPLAY_ROWS_MAX);
    expect(out.queue.tNs.length).toBeLessThan(n);
    expect(out.send).toBe(trace.send);
    // captions count duplicate ACKs: the ack table is no mere line
    expect(out.ack).toBe(trace.ack);
    expect(decimateTrace(trace, n * 1000, Infinity).trace.queue).toBe(trace.queue);
  });

  it('read from the sink (the worker), gives exactly what the finished columns give, for the asked tables only', () => {
    const sink = new ColumnarSink();
    for (let i = 0; i < 3000; i++) {
      sink.queue(i * 1000, i % 2, (i * 37) % 101, i);
      sink.estimate(i * 1000, 0, i % 3, Math.sin(i));
    }
    sink.cwnd(5, 0, 2000, Infinity);
    const full = decimateTrace(sink.finish(), 3000 * 1000, 500, 20);
    const fromSink = decimateTables(sink, ['queue', 'estimate', 'drop'], 3000 * 1000, 500, 20);
    expect(fromSink.decimated).toBe(true);
    expect(fromSink.trace.queue).toEqual(full.trace.queue);
    expect(fromSink.trace.estimate).toEqual(full.trace.estimate);
    expect(fromSink.trace.queue.tNs.length).toBeLessThan(3000);
    // not asked for: empty, though recorded
    expect(fromSink.trace.cwnd.tNs.length).toBe(0);
    expect(full.trace.cwnd.tNs.length).toBe(1);
  });
});
