import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as d3 from 'd3';
import { ColumnarSink } from '../../src/engine/core/trace.ts';
import { bufferLimitSteps, channelSpans, columnTicks, cwndSeries, dropTimes, dropsWithCause, eventTimes, finiteArgMax, finiteMax, indexAtOrBefore, plainLinear, queueSeries, rowsWhere, PIECE_PX, stepPath, stepPieces, timeSeq, timeWeightedQuantile, valueBefore } from '../../src/ui/charts/series.ts';
import { traceTransferables } from '../../src/worker/transfer.ts';

const identity = { x: (t: number) => t, y: (v: number) => v, yClamp: [-1000, 1000] as const };

function sampleTrace() {
  const sink = new ColumnarSink();
  sink.cwnd(0, 0, 2000, Number.POSITIVE_INFINITY);
  sink.cwnd(0, 1, 1000, 64_000);
  sink.cwnd(1e9, 0, 4000, Number.POSITIVE_INFINITY);
  sink.cwnd(2e9, 0, 2000, 2000);
  sink.queue(5e8, 0, 3, 3000);
  sink.queue(5e8, 1, 9, 9000);
  sink.queue(6e8, 0, 2, 2000);
  sink.drop(1.5e9, 0, 0, 1000, false, 'queue-overflow');
  sink.drop(1.6e9, 0, 0, 2000, true, 'queue-overflow');
  sink.drop(1.7e9, 2, 1, 3000, false, 'channel-error');
  sink.event(1.9e9, 0, 'fast-retransmit');
  sink.event(3e9, 0, 'timeout');
  return sink.finish();
}

describe('ui series', () => {
  it('cwndSeries keeps one flow and converts to seconds and segments', () => {
    const s = cwndSeries(sampleTrace(), 0, 1000);
    expect([...s.tS]).toEqual([0, 1, 2]);
    expect([...s.cwndSeg]).toEqual([2, 4, 2]);
    expect([...s.ssthreshSeg]).toEqual([Infinity, Infinity, 2]);
  });

  it('queueSeries keeps one link', () => {
    const q = queueSeries(sampleTrace(), 0);
    expect([...q.tS]).toEqual([0.5, 0.6]);
    expect([...q.values]).toEqual([3, 2]);
  });

  it('eventTimes filters by flow and kind code', () => {
    const t = sampleTrace();
    expect([...eventTimes(t, 0, 0)]).toEqual([1.9]);
    expect([...eventTimes(t, 0, 1)]).toEqual([3]);
    expect([...eventTimes(t, 1, 0)]).toEqual([]);
  });

  it('dropTimes filters by link, flow and data-only', () => {
    const t = sampleTrace();
    expect([...dropTimes(t, { link: 0 })]).toEqual([1.5, 1.6]);
    expect([...dropTimes(t, { flow: 0, dataOnly: true })]).toEqual([1.5]);
    expect([...dropTimes(t, {})]).toEqual([1.5, 1.6, 1.7]);
  });

  it('valueBefore returns the value in force just before t', () => {
    const tS = Float64Array.from([0, 1, 2]);
    const v = Float64Array.from([10, 20, 5]);
    expect(valueBefore(tS, v, 2)).toBe(20);
    expect(valueBefore(tS, v, 2.5)).toBe(5);
    expect(valueBefore(tS, v, 0)).toBe(10);
  });

  it('finiteMax ignores infinity and values above the cap', () => {
    expect(finiteMax(Float64Array.from([1, Infinity, 7, NaN]))).toBe(7);
    expect(finiteMax(Float64Array.from([1, 50, 7]), 10)).toBe(7);
    expect(finiteMax(new Float64Array(0))).toBe(0);
  });
});

describe('ui stepPath', () => {
  it('draws an exact step-after line for small series and holds the last value to the end', () => {
    const d = stepPath({ tS: Float64Array.from([0, 1, 3]), values: Float64Array.from([5, 7, 2]) }, identity, 4);
    expect(d).toBe('M0,5H1V7H3V2H4');
  });

  it('clamps infinite values into the pixel range so the path stays valid', () => {
    const d = stepPath({ tS: Float64Array.from([0, 1]), values: Float64Array.from([Infinity, 2]) }, { ...identity, yClamp: [0, 100] }, 2);
    expect(d).toBe('M0,100H1V2H2');
    expect(d).not.toMatch(/Infinity|NaN/);
  });

  it('is empty for an empty series', () => {
    expect(stepPath({ tS: new Float64Array(0), values: new Float64Array(0) }, identity, 1)).toBe('');
  });

  it('decimates large series to a min/max envelope per pixel column', () => {
    const n = 50_000;
    const tS = new Float64Array(n);
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      tS[i] = i / n; // 0 … 1 s over 100 px: 500 samples per column
      values[i] = i % 2 === 0 ? 0 : 10 + (i % 7);
    }
    const x = (t: number): number => t * 100;
    const d = stepPath({ tS, values }, { x, y: (v) => v, yClamp: [-1, 100] }, 1);
    const columns = d.match(/H/g)?.length ?? 0;
    expect(columns).toBeLessThanOrEqual(102);
    const ys = [...d.matchAll(/V(-?[\d.]+)/g)].map((m) => Number(m[1]));
    expect(Math.min(...ys)).toBe(0);
    expect(Math.max(...ys)).toBe(16);
  });
});

describe('ui stepPath writes no moves that go nowhere', () => {
  it('a threshold held flat through 50 000 samples is one horizontal line, and one step is one V', () => {
    const n = 50_000;
    const tS = Float64Array.from({ length: n }, (_, i) => i / n); // 500 samples per pixel column over 100 px
    const flat = new Float64Array(n).fill(32);
    const x = (t: number): number => t * 100;
    expect(stepPath({ tS, values: flat }, { x, y: (v) => v, yClamp: [-1, 100] }, 1)).toBe('M0,32H100');
    // halved at t = 0.5 s (pixel 50): the column it falls in goes from 32 down to 16, then the line holds
    const halved = flat.map((v, i) => (i < n / 2 ? v : 16));
    expect(stepPath({ tS, values: halved }, { x, y: (v) => v, yClamp: [-1, 100] }, 1)).toBe('M0,32H50V16H100');
    // exact (sparse) series too: equal neighbours add nothing
    expect(stepPath({ tS: Float64Array.from([0, 1, 2, 3]), values: Float64Array.from([5, 5, 7, 7]) }, identity, 4)).toBe('M0,5H2V7H4');
  });

  it('never writes a V to the height the pen is at, nor two H in a row (random series, sparse and dense)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 3000 }), fc.integer({ min: 10, max: 400 }), (levels, widthPx) => {
        const n = levels.length;
        const tS = Float64Array.from({ length: n }, (_, i) => i / n);
        const values = Float64Array.from(levels);
        const d = stepPath({ tS, values }, { x: (t) => t * widthPx, y: (v) => v * 10, yClamp: [-1, 100] }, 1);
        const cmds = [...d.matchAll(/([MHV])([-\d.]+)(?:,([-\d.]+))?/g)];
        let x = Number(cmds[0][2]);
        let y = Number(cmds[0][3]);
        for (let k = 1; k < cmds.length; k++) {
          const [, c, a] = cmds[k];
          if (c === 'H') {
            expect(cmds[k - 1][1]).not.toBe('H');
            expect(Number(a)).not.toBe(x);
            x = Number(a);
          } else {
            expect(Number(a)).not.toBe(y);
            y = Number(a);
          }
        }
        // the pen still visits every level the series takes, and ends at the last one
        const ys = new Set([Number(cmds[0][3]), ...cmds.filter((m) => m[1] === 'V').map((m) => Number(m[2]))]);
        expect(ys).toEqual(new Set(levels.map((v) => v * 10)));
        expect(y).toBe(levels[n - 1] * 10);
      }),
      { numRuns: 200 },
    );
  });
});

describe('ui stepPieces', () => {
  /** The H and V moves of a path, each as its two ends (sorted), in tenths of a pixel. */
  const moves = (d: string): [number, number, number, number][] => {
    const out: [number, number, number, number][] = [];
    let x = 0;
    let y = 0;
    for (const [, c, a, b] of d.matchAll(/([MHV])([-\d.]+)(?:,([-\d.]+))?/g)) {
      const [nx, ny] = c === 'M' ? [Number(a), Number(b)] : c === 'H' ? [Number(a), y] : [x, Number(a)];
      if (c !== 'M') out.push([Math.round(Math.min(x, nx) * 10), Math.round(Math.min(y, ny) * 10), Math.round(Math.max(x, nx) * 10), Math.round(Math.max(y, ny) * 10)]);
      [x, y] = [nx, ny];
    }
    return out;
  };
  /** Every point (on a 0.1 px lattice) the pen passes over: the drawing's skeleton, however it is cut. */
  const inked = (ds: readonly string[]): Set<string> => {
    const out = new Set<string>();
    for (const d of ds)
      for (const [x0, y0, x1, y1] of moves(d))
        for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) out.add(`${x},${y}`);
    return out;
  };
  /** How far along the whole path point (x, y) is first reached at or after `fromPx`. */
  const along = (d: string, px: number, py: number, fromPx: number): number => {
    let len = 0;
    let x = 0;
    let y = 0;
    for (const [, c, a, b] of d.matchAll(/([MHV])([-\d.]+)(?:,([-\d.]+))?/g)) {
      if (c === 'M') {
        [x, y] = [Number(a), Number(b)];
        if (x === px && y === py && len >= fromPx) return len;
        continue;
      }
      const [nx, ny] = c === 'H' ? [Number(a), y] : [x, Number(a)];
      const on = c === 'H' ? y === py && px >= Math.min(x, nx) && px <= Math.max(x, nx) : x === px && py >= Math.min(y, ny) && py <= Math.max(y, ny);
      const at = len + Math.abs(px - x) + Math.abs(py - y);
      if (on && at >= fromPx - 1e-6) return at;
      len += Math.abs(nx - x) + Math.abs(ny - y);
      [x, y] = [nx, ny];
    }
    return Number.NaN;
  };

  it('cuts a 300-pixel line at 128 and 256, inside level stretches, each piece starting its dashes where the line is', () => {
    // steps at 100 px (5 → 7) and 200 px (7 → 2), held to 300 px; lengths by hand: 100 + 2 + 28 = 130,
    // then 130 + 72 + 5 + 56 = 263
    const line = { tS: Float64Array.from([0, 100, 200]), values: Float64Array.from([5, 7, 2]) };
    const pieces = stepPieces(line, identity, 300);
    expect(pieces).toEqual([
      { d: 'M0,5H100V7H128', dashOffsetPx: 0 },
      { d: 'M128,7H200V2H256', dashOffsetPx: 130 },
      { d: 'M256,2H300', dashOffsetPx: 263 },
    ]);
    expect(stepPath(line, identity, 300)).toBe('M0,5H100V7H200V2H300');
  });

  it('cut at a corner, the piece before it also draws the move after it, so the corner is drawn whole', () => {
    const pieces = stepPieces({ tS: Float64Array.from([0, 128]), values: Float64Array.from([5, 7]) }, identity, 200);
    expect(pieces).toEqual([
      { d: 'M0,5H128V7', dashOffsetPx: 0 },
      { d: 'M128,5V7H200', dashOffsetPx: 128 },
    ]);
  });

  it('draws what stepPath draws, in pieces PIECE_PX wide, each starting its dashes where the whole line is (random series)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 1500 }), fc.integer({ min: 10, max: 1200 }), fc.integer({ min: -300, max: 300 }), (levels, widthPx, shiftPx) => {
        const n = levels.length;
        const line = { tS: Float64Array.from({ length: n }, (_, i) => i / n), values: Float64Array.from(levels) };
        const scales = { x: (t: number) => shiftPx + t * widthPx, y: (v: number) => v * 2, yClamp: [-1, 200] as const };
        const whole = stepPath(line, scales, 1);
        const pieces = stepPieces(line, scales, 1);
        expect(inked(pieces.map((p) => p.d))).toEqual(inked([whole]));
        let from = 0;
        for (const p of pieces) {
          const [, x, y] = /^M(-?[\d.]+),(-?[\d.]+)/.exec(p.d) ?? [];
          from = along(whole, Number(x), Number(y), from);
          expect(p.dashOffsetPx, p.d).toBeCloseTo(from, 1);
          const xs = [...p.d.matchAll(/[MH](-?[\d.]+)/g)].map((m) => Number(m[1]));
          const k = Math.floor(Math.min(...xs) / PIECE_PX);
          expect(Math.max(...xs), p.d).toBeLessThanOrEqual((k + 1) * PIECE_PX);
        }
      }),
      { numRuns: 120 },
    );
  });
});

describe('ui stepPath per-column rule', () => {
  it('draws the envelope once a series has more than 3 points per pixel column, however short', () => {
    const n = 1000; // far below DECIMATE_ABOVE, but 10 points per column over 100 px
    const tS = Float64Array.from({ length: n }, (_, i) => i / n);
    const values = Float64Array.from({ length: n }, (_, i) => i % 10);
    const d = stepPath({ tS, values }, { x: (t) => t * 100, y: (v) => v, yClamp: [-1, 100] }, 1);
    expect(d.match(/H/g)?.length ?? 0).toBeLessThanOrEqual(102);
    const ys = [...d.matchAll(/V(-?[\d.]+)/g)].map((m) => Number(m[1]));
    expect([Math.min(...ys), Math.max(...ys)]).toEqual([0, 9]);
    // 3 points per column or fewer stay exact: 300 steps → 300 H commands plus the closing one
    const exact = stepPath({ tS: tS.slice(0, 300).map((t) => t * 10 / 3), values: values.slice(0, 300) }, { x: (t) => t * 100, y: (v) => v, yClamp: [-1, 100] }, 1);
    expect(exact.match(/H/g)?.length).toBe(300);
  });
});

describe('worker transfer', () => {
  it('lists every non-empty column buffer once (empty ones are cloned: tables not asked for share one)', () => {
    const trace = sampleTrace();
    const buffers = traceTransferables(trace);
    const columns = Object.values(trace).flatMap((t) => Object.values(t as Record<string, Float64Array>)).filter((c) => c.length > 0);
    expect(columns.length).toBeGreaterThan(0);
    expect(buffers.length).toBe(columns.length);
    expect(new Set(buffers).size).toBe(buffers.length);
  });
});

describe('ui finiteArgMax', () => {
  it('finds the first occurrence of the largest finite value', () => {
    expect(finiteArgMax(Float64Array.from([3, Infinity, 7, Number.NaN, 7, -1]))).toBe(2);
    expect(finiteArgMax(Float64Array.from([-5, -2, -9]))).toBe(1);
    expect(finiteArgMax(Float64Array.from([Infinity, Number.NaN]))).toBe(-1);
    expect(finiteArgMax(new Float64Array(0))).toBe(-1);
  });
});

describe('ui rowsWhere', () => {
  it("gives each key's rows in order, from one split of the column", () => {
    const key = Float64Array.from([0, 0, 2, 1, 1, 0, 2, Number.NaN, -0, 1]);
    expect(Array.from(rowsWhere(key, 0))).toEqual([0, 1, 5, 8]);
    expect(Array.from(rowsWhere(key, 1))).toEqual([3, 4, 9]);
    expect(Array.from(rowsWhere(key, 2))).toEqual([2, 6]);
    expect(Array.from(rowsWhere(key, 3))).toEqual([]);
    expect(Array.from(rowsWhere(key, Number.NaN))).toEqual([]);
    // asked again, the same rows
    expect(rowsWhere(key, 1)).toBe(rowsWhere(key, 1));
    expect(Array.from(rowsWhere(new Float64Array(0), 0))).toEqual([]);
  });
});

describe('ui timeWeightedQuantile', () => {
  it('weights values by how long they hold, not by how many samples they have', () => {
    // 1 s at 100 in 1000 samples, then 9 s at 10 in one sample
    const n = 1001;
    const tS = new Float64Array(n);
    const values = new Float64Array(n);
    for (let i = 0; i < 1000; i++) {
      tS[i] = i / 1000;
      values[i] = 100;
    }
    tS[1000] = 1;
    values[1000] = 10;
    expect(timeWeightedQuantile({ tS, values }, 10, 0.5)).toBe(10);
    expect(timeWeightedQuantile({ tS, values }, 10, 0.95)).toBe(100);
  });

  it('ignores non-finite values', () => {
    const s = { tS: Float64Array.from([0, 1]), values: Float64Array.from([Infinity, 3]) };
    expect(timeWeightedQuantile(s, 2, 0.9)).toBe(3);
  });

  it('adds up the time of a value held in separate stretches', () => {
    // 5 for [0,1) and [3,4), 1 for [1,3): each holds 2 s of 4
    const s = { tS: Float64Array.from([0, 1, 3]), values: Float64Array.from([5, 1, 5]) };
    expect(timeWeightedQuantile(s, 4, 0.5)).toBe(1);
    expect(timeWeightedQuantile(s, 4, 0.51)).toBe(5);
    expect(timeWeightedQuantile({ tS: new Float64Array(0), values: new Float64Array(0) }, 4, 0.5)).toBe(0);
  });

  it('finds the quantile among thousands of distinct values, in any order', () => {
    // values 1 … 2000, each held 1 s, shuffled in time: 90 % of the 2000 s is spent at ≤ 1800
    const n = 2000;
    const tS = Float64Array.from({ length: n }, (_, i) => i);
    const values = Float64Array.from({ length: n }, (_, i) => ((i * 7919) % n) + 1);
    expect(timeWeightedQuantile({ tS, values }, n, 0.9)).toBe(1800);
    expect(timeWeightedQuantile({ tS, values }, n, 0.5)).toBe(1000);
    expect(timeWeightedQuantile({ tS, values }, n, 1)).toBe(2000);
    expect(timeWeightedQuantile({ tS, values }, n, 0)).toBe(1);
  });

  it('resolves values close together under one far spike', () => {
    // 10.1, 10.2, 10.3 held 1, 1 and 7 s, then 1e6 for 1 s: every value but the spike shares a bin
    const s = { tS: Float64Array.from([0, 1, 2, 9]), values: Float64Array.from([10.1, 10.2, 10.3, 1e6]) };
    expect(timeWeightedQuantile(s, 10, 0.15)).toBe(10.2);
    expect(timeWeightedQuantile(s, 10, 0.9)).toBe(10.3);
    expect(timeWeightedQuantile(s, 10, 0.95)).toBe(1e6);
  });

  it('counts a value held for no time only where no time is needed', () => {
    // 3 at t = 0 is replaced at once (held 0 s); 5 holds 2 s
    const s = { tS: Float64Array.from([0, 0]), values: Float64Array.from([3, 5]) };
    expect(timeWeightedQuantile(s, 2, 0)).toBe(3);
    expect(timeWeightedQuantile(s, 2, 0.5)).toBe(5);
    // nothing held any time: the largest value
    expect(timeWeightedQuantile(s, 0, 0.5)).toBe(5);
  });

  it('reads −0 as 0', () => {
    expect(Object.is(timeWeightedQuantile({ tS: Float64Array.from([0]), values: Float64Array.from([-0]) }, 1, 0.5), 0)).toBe(true);
    expect(Object.is(timeWeightedQuantile({ tS: Float64Array.from([0]), values: Float64Array.from([-0]) }, 0, 0.5), 0)).toBe(true);
  });
});

describe('ui series for the new panels', () => {
  it('channelSpans merges repeated states and covers to the end', () => {
    const sink = new ColumnarSink();
    sink.channel(0, 3, 'good');
    sink.channel(1e9, 3, 'bad');
    sink.channel(1.5e9, 3, 'bad');
    sink.channel(2e9, 3, 'off');
    sink.channel(2e9, 4, 'bad'); // other link
    const spans = channelSpans(sink.finish(), 3, 5);
    expect(spans).toEqual([
      { t0S: 0, t1S: 1, state: 0 },
      { t0S: 1, t1S: 2, state: 1 },
      { t0S: 2, t1S: 5, state: 2 },
    ]);
  });

  it('dropsWithCause keeps the cause code of each drop', () => {
    const d = dropsWithCause(sampleTrace(), {});
    expect([...d.tS]).toEqual([1.5, 1.6, 1.7]);
    expect([...d.cause]).toEqual([0, 0, 2]);
  });

  it('timeSeq gives segments from the first byte sent, retransmissions flagged, ACKs and data drops of the flow', () => {
    const sink = new ColumnarSink();
    sink.send(0, 0, 5000, 1000, false);
    sink.send(1e9, 0, 6000, 1000, false);
    sink.send(2e9, 0, 5000, 1000, true);
    sink.send(2e9, 1, 9000, 1000, false);
    sink.ack(1.5e9, 0, 6000);
    sink.drop(0.5e9, 0, 0, 5000, false, 'queue-overflow');
    sink.drop(0.6e9, 0, 0, 6000, true, 'reverse-path');
    const ts = timeSeq(sink.finish(), 0, 1000);
    expect([...ts.sendS]).toEqual([0, 1, 2]);
    expect([...ts.sendSeg]).toEqual([0, 1, 0]);
    expect([...ts.retransmit]).toEqual([0, 0, 1]);
    expect([...ts.ackSeg]).toEqual([1]);
    expect([...ts.dropSeg]).toEqual([0]);
  });

  it('columnTicks draws one stroke per pixel column spanning its points, at least tickPx tall', () => {
    const tS = Float64Array.from([0, 0.2, 0.4, 3]);
    const v = Float64Array.from([10, 20, 15, 50]);
    const d = columnTicks(tS, v, { x: (t) => t, y: (x) => x }, 4);
    // column 0: 10…20; column 3: the lone point 50 becomes 48…52
    expect(d).toBe('M0,10V20M3,48V52');
    expect(columnTicks(tS, v, { x: (t) => t, y: (x) => x }, 4, (i) => i === 3)).toBe('M3,48V52');
  });

  it('indexAtOrBefore finds the sample in force at t', () => {
    const tS = Float64Array.from([0, 1, 1, 3]);
    expect(indexAtOrBefore(tS, -1)).toBe(-1);
    expect(indexAtOrBefore(tS, 1)).toBe(2);
    expect(indexAtOrBefore(tS, 2.9)).toBe(2);
    expect(indexAtOrBefore(tS, 10)).toBe(3);
  });
});

describe('ui series: the buffer limit over time', () => {
  it('steps where a timed change moved a queue limit, and only at that link', async () => {
    const { runScenario } = await import('../../src/engine/run.ts');
    const { getPreset } = await import('../../src/content/presets/index.ts');
    const { parseScenario } = await import('../../src/scenario/validate.ts');
    const base = parseScenario(getPreset('reference-2mbps')!.scenario);
    if (!base.ok) throw new Error('preset invalid');
    const changes = [
      { atS: 4, path: 'path.0.forward.rateBps', value: 1.5e6 },
      { atS: 6, path: 'path.0.forward.queue.limitPackets', value: 60 },
    ];
    const parsed = parseScenario({ ...base.scenario, durationS: 12, changes });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const run = runScenario(parsed.scenario);
    const link = run.links.findIndex((l) => l.id.endsWith('/fwd'));
    const built = base.scenario.path[0].forward.queue.limitPackets;
    const steps = bufferLimitSteps(run.trace, parsed.scenario.changes, link, run.links[link].limitPackets);
    // the rate change is not a limit change: one step, at 6 s, to the new limit
    expect(Array.from(steps.tS)).toEqual([0, 6]);
    expect(Array.from(steps.values)).toEqual([built, 60]);
    // the queue itself says so: never above the built limit before 6 s, above it after
    const q = queueSeries(run.trace, link);
    let before = 0;
    let after = 0;
    for (let i = 0; i < q.tS.length; i++) {
      if (q.tS[i] < 6) before = Math.max(before, q.values[i]);
      else after = Math.max(after, q.values[i]);
    }
    expect(before).toBeLessThanOrEqual(built);
    expect(after).toBeGreaterThan(built);
    // another link keeps one step
    const other = run.links.findIndex((l, i) => i !== link);
    expect(Array.from(bufferLimitSteps(run.trace, parsed.scenario.changes, other, 7).values)).toEqual([7]);
  });
});

describe('ui plainLinear', () => {
  it("is d3's linear scale to the last bit, wherever it is asked", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.double({ min: 1e-6, max: 1e4, noNaN: true }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 50, max: 4000 }), fc.array(fc.double({ min: -1e5, max: 1e5, noNaN: true }), { minLength: 1, maxLength: 30 }), fc.boolean(), (from, span, left, width, ts, upward) => {
        // a time axis runs left to right; a value axis bottom to top (its range descending)
        const x = d3.scaleLinear().domain([from, from + span]).range(upward ? [left + width, left] : [left, left + width]);
        const f = plainLinear(x);
        expect(f).not.toBe(x); // the fast path was taken
        for (const t of ts) expect(Object.is(f(t), x(t))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves any other scale as it is: clamped, rounding, reversed, or a plain function', () => {
    const clamped = d3.scaleLinear().domain([0, 60]).range([60, 900]).clamp(true);
    const rounding = d3.scaleLinear().domain([0, 60]).range([60, 900]).interpolate(d3.interpolateRound);
    const reversed = d3.scaleLinear().domain([60, 0]).range([60, 900]);
    const plain = (t: number): number => 3 * t;
    for (const s of [clamped, rounding, reversed, plain]) expect(plainLinear(s)).toBe(s);
  });
});
