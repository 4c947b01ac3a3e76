/**
 * The trace sink's storage (rows one after another, columns made at the end, buffers recycled
 * through a pool) and the fingerprint: the hasher is MurmurHash3 x86_32 with seed 0, checked
 * against published vectors and an independent implementation's outputs; the sink's own
 * fingerprint (from its rows) equals `traceHash` of its columns for any trace.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ColumnarSink, RowBufferPool, TABLE_NAMES, TRACE_TABLES, traceHash, TraceHasher, type TableName } from '../../src/engine/core/trace.ts';

/** Murmur3 of a byte string whose length is a multiple of 4, fed as little-endian words. */
function murmur(bytes: number[]): string {
  const h = new TraceHasher();
  for (let i = 0; i < bytes.length; i += 4) h.word(bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24));
  return h.digest();
}
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

describe('TraceHasher is MurmurHash3 x86_32 (seed 0)', () => {
  it('matches the published vectors', () => {
    // SMHasher's MurmurHash3_x86_32: empty input, seed 0 → 0; four zero bytes, seed 0 → 0x2362f9de
    expect(murmur([])).toBe('00000000');
    expect(murmur([0, 0, 0, 0])).toBe('2362f9de');
  });
  it('matches an independent implementation (npm murmurhash3js-revisited, x86.hash32 seed 0)', () => {
    expect(murmur(ascii('aaaa'))).toBe('7eeed987');
    expect(murmur(ascii('abcdefgh'))).toBe('49ddccc4');
    expect(murmur(ascii('The quick brown fox jumps over the lazy dog!'))).toBe('b254003b');
  });
});

/** Calls the sink's recorder for `table` with `values` (one row, the table's width). */
function record(sink: ColumnarSink, table: TableName, v: number[]): void {
  // every recorder takes (tNs, key, …values) positionally; the typed ones are checked elsewhere
  const s = sink as unknown as { b: Record<TableName, { add: (...a: number[]) => void } | null> };
  s.b[table]?.add(...v);
}

const rowArb = fc.record({
  table: fc.constantFrom(...TABLE_NAMES),
  values: fc.array(fc.double({ noNaN: false }), { minLength: 11, maxLength: 11 }),
});

describe('ColumnarSink', () => {
  it('its fingerprint from rows equals traceHash of its columns, with or without a pool, for any trace', () => {
    const pool = new RowBufferPool();
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 3000 }), fc.boolean(), (rows, pooled) => {
        const sink = new ColumnarSink(TABLE_NAMES, pooled ? pool : null);
        for (const r of rows) record(sink, r.table, r.values.slice(0, TRACE_TABLES[r.table].length));
        const columns = sink.finish();
        expect(sink.hash()).toBe(traceHash(columns));
        // the columns hold exactly the rows, in order
        const expected = rows.filter((r) => r.table === 'wave');
        expect(Array.from(columns.wave.rateBps)).toEqual(expected.map((r) => r.values[6]));
        sink.release();
      }),
      { numRuns: 60 },
    );
  });

  it('a recycled buffer holding an earlier run’s values gives exact columns', () => {
    const pool = new RowBufferPool();
    const first = new ColumnarSink(['cwnd'], pool);
    for (let i = 0; i < 5000; i++) first.cwnd(i, 0, 7, 7);
    first.release();
    const second = new ColumnarSink(['cwnd'], pool);
    second.cwnd(1, 2, 3, 4);
    second.cwnd(5, 6, 7, 8);
    const t = second.finish();
    expect(Array.from(t.cwnd.tNs)).toEqual([1, 5]);
    expect(Array.from(t.cwnd.ssthreshBytes)).toEqual([4, 8]);
    expect(second.hash()).toBe(traceHash(t));
  });

  it('finish(tables) makes only those tables’ columns; the fingerprint still covers every table', () => {
    const sink = new ColumnarSink();
    sink.cwnd(1, 0, 10, 20);
    sink.queue(2, 0, 3, 3000);
    const only = sink.finish(['queue']);
    expect(only.cwnd.tNs.length).toBe(0);
    expect(Array.from(only.queue.bytes)).toEqual([3000]);
    expect(sink.rowCounts().cwnd).toBe(1);
    expect(sink.hash()).toBe(traceHash(sink.finish()));
    expect(sink.hash()).not.toBe(traceHash(only));
  });

  it('the fingerprint changes when a value moves to another column, a row to another table, or a row is added', () => {
    const base = (): ColumnarSink => {
      const s = new ColumnarSink();
      s.cwnd(1, 0, 10, 20);
      s.queue(1, 0, 10, 20);
      return s;
    };
    const h0 = base().hash();
    const swapped = new ColumnarSink();
    swapped.cwnd(1, 0, 20, 10);
    swapped.queue(1, 0, 10, 20);
    const moved = new ColumnarSink();
    moved.cwnd(1, 0, 10, 20);
    moved.cwnd(1, 0, 10, 20);
    const longer = base();
    longer.ack(2, 0, 1000);
    const hashes = [h0, swapped.hash(), moved.hash(), longer.hash()];
    expect(new Set(hashes).size).toBe(4);
  });
});

describe('RowBufferPool', () => {
  it('hands back the smallest free buffer that fits and lets the oldest go past its budget', () => {
    const pool = new RowBufferPool(100);
    const a = new Float64Array(40);
    const b = new Float64Array(60);
    pool.give(a);
    pool.give(b);
    expect(pool.take(30)).toBe(a);
    pool.give(a);
    pool.give(new Float64Array(50)); // 150 > 100: the oldest (b) goes
    expect(pool.values).toBe(90);
    expect(pool.take(55).length).toBe(55); // nothing free fits: a new one
  });

  it('a table starts with the room its last run doubled to, so a like run never grows (copies) its buffer', () => {
    const pool = new RowBufferPool();
    const width = TRACE_TABLES.cwnd.length;
    const room = (s: ColumnarSink): number => s.strided('cwnd', 'tNs').data.length / width;
    const first = new ColumnarSink(['cwnd'], pool);
    expect(room(first)).toBe(1024); // nothing known yet: 1 024 rows
    for (let i = 0; i < 5000; i++) first.cwnd(i, 0, 7, 7);
    expect(room(first)).toBe(8192); // doubled three times: 2 048, 4 096, 8 192
    first.noteRows(); // the run has ended
    first.release();
    const second = new ColumnarSink(['cwnd', 'queue'], pool);
    expect(room(second)).toBe(8192); // 5 000 rows last time: 1 024 · 2³ is the first power that holds them
    expect(second.strided('queue', 'tNs').data.length / TRACE_TABLES.queue.length).toBe(1024);
    const buffer = second.strided('cwnd', 'tNs').data;
    for (let i = 0; i < 5000; i++) second.cwnd(i, 0, 7, 7);
    expect(second.strided('cwnd', 'tNs').data).toBe(buffer); // never grown
    second.noteRows();
    second.release();
    // a shorter run asks for less next time
    const third = new ColumnarSink(['cwnd'], pool);
    third.cwnd(0, 0, 1, 1);
    third.noteRows();
    third.release();
    expect(room(new ColumnarSink(['cwnd'], pool))).toBe(1024);
  });

  it('a run noted when it ends sizes the next while its rows are still held; a run dropped part way sizes nothing', () => {
    const pool = new RowBufferPool();
    const ended = new ColumnarSink(['cwnd'], pool);
    for (let i = 0; i < 5000; i++) ended.cwnd(i, 0, 7, 7);
    ended.noteRows();
    // not released (a worker keeps it for its fingerprint): the next run still starts with 8 192 rows of room
    expect(pool.startRows('cwnd')).toBe(8192);
    // releasing it later notes nothing again, even after a newer run was noted
    const newer = new ColumnarSink(['cwnd'], pool);
    for (let i = 0; i < 1500; i++) newer.cwnd(i, 0, 7, 7);
    newer.noteRows();
    ended.release();
    expect(pool.startRows('cwnd')).toBe(2048);
    // a run dropped after 20 000 rows (superseded) tells the pool nothing
    const dropped = new ColumnarSink(['cwnd'], pool);
    for (let i = 0; i < 20_000; i++) dropped.cwnd(i, 0, 7, 7);
    dropped.release();
    expect(pool.startRows('cwnd')).toBe(2048);
  });
});
