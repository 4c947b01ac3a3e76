/**
 * The variant panels' series extraction (waves, probe cycles, token bucket, Ack Regulator,
 * estimates and verdicts), the band and path helpers their charts draw with, display decimation
 * of the new tables, and moving panels past ones without data. Every trace here is built by
 * hand with ColumnarSink; every expectation is worked out by hand in the comments.
 */
import * as d3 from 'd3';
import { describe, expect, it } from 'vitest';
import { ColumnarSink } from '../../src/engine/core/trace.ts';
import { writeAckReg } from '../../src/engine/tables/ackreg.ts';
import { writeProbe, type ProbeRecord } from '../../src/engine/tables/probe.ts';
import { writeWave, type WaveRecord } from '../../src/engine/tables/wave.ts';
import { ackRegLinks, ackRegSeries } from '../../src/ui/charts/ackRegSeries.ts';
import { abbreviate, bandScale, barsPath, fitLabel, polylinePath, splitBands } from '../../src/ui/charts/bands.ts';
import { availSeries, bandsByUnit, estimateLines, verdictMarks } from '../../src/ui/charts/estimateSeries.ts';
import type { EstimateInfo } from '../../src/engine/tcp/cc/types.ts';
import { cycleAt, decisionSteps, probeCounts, probeCycles, rttSamples, suspensionSpans } from '../../src/ui/charts/probeSeries.ts';
import { floorOf, robustTop, timeMean } from '../../src/ui/charts/stats.ts';
import { binAt, bucketLevel, bucketTakes, levelAt, refilledFullS, takesComplete, timeFullS, tokenBins } from '../../src/ui/charts/tokenSeries.ts';
import { decisionCounts, meanRateBps, thresholdSteps, waveAt, waves } from '../../src/ui/charts/waveSeries.ts';
import { verdictSentence } from '../../src/ui/panels/EstimatePanel.tsx';
import { movePanel } from '../../src/ui/state/panelList.ts';
import { decimateTrace } from '../../src/worker/decimate.ts';

const MS = 1e6;
const S = 1e9;

function wave(w: Partial<WaveRecord> & Pick<WaveRecord, 'wave' | 'level' | 'tfNs' | 'tlNs' | 'decision'>): WaveRecord {
  return { rateBps: 0, ratio: 0, nextLevel: w.level, thresholdLevel: 12, ...w };
}

describe('ui waves series', () => {
  const sink = new ColumnarSink();
  // wave 0: 4 segments of 1000 B between 100 and 116 ms → 3 gaps · 8000 bit / 16 ms = 1.5 Mb/s
  writeWave(sink.writer('wave')!, 120 * MS, 0, wave({ wave: 0, level: 2, tfNs: 100 * MS, tlNs: 116 * MS, rateBps: 1.5e6, decision: 'increase', nextLevel: 3 }));
  writeWave(sink.writer('wave')!, 121 * MS, 1, wave({ wave: 0, level: 9, tfNs: 101 * MS, tlNs: 110 * MS, rateBps: 9e6, decision: 'hold' })); // another flow
  writeWave(sink.writer('wave')!, 200 * MS, 0, wave({ wave: 1, level: 3, tfNs: 150 * MS, tlNs: 190 * MS, rateBps: 0.5e6, ratio: 1 / 3, decision: 'decrease', nextLevel: 2 }));
  writeWave(sink.writer('wave')!, 400 * MS, 0, wave({ wave: 2, level: 2, tfNs: 250 * MS, tlNs: -1, decision: 'timeout', nextLevel: 2, thresholdLevel: 6 }));
  const trace = sink.finish();
  const ws = waves(trace, 0);

  it('keeps one flow, in seconds, with a timeout having no last arrival, rate or ratio', () => {
    expect(ws.map((w) => w.wave)).toEqual([0, 1, 2]);
    expect(ws[0]).toMatchObject({ level: 2, tfS: 0.1, tlS: 0.116, decidedS: 0.12, rateBps: 1.5e6, ratio: null, decision: 'increase', nextLevel: 3 });
    expect(ws[1].ratio).toBeCloseTo(1 / 3, 12);
    expect(ws[2]).toMatchObject({ tlS: null, rateBps: null, ratio: null, decision: 'timeout', thresholdLevel: 6 });
  });

  it('counts decisions, averages measured rates only, and finds the wave in force at a time', () => {
    expect(decisionCounts(ws)).toEqual({ increase: 1, decrease: 1, hold: 0, timeout: 1 });
    expect(meanRateBps(ws)).toBe(1e6); // (1.5 + 0.5) / 2 Mb/s; the timeout has none
    expect(waveAt(ws, 0.119)).toBeNull();
    expect(waveAt(ws, 0.2)?.wave).toBe(1); // decided exactly then
    expect(waveAt(ws, 99)?.wave).toBe(2);
    expect([...thresholdSteps(ws).values]).toEqual([12, 12, 6]);
  });
});

describe('ui probe cycles', () => {
  const rec = (event: ProbeRecord['event'], id: number, extra: Partial<ProbeRecord> = {}): ProbeRecord => ({ event, id, rttNs: -1, acprttNs: -1, bestNs: -1, worstNs: -1, cwndBytes: -1, ...extra });
  const sink = new ColumnarSink();
  // cycle 1 at 1 s: PROBE1 answered after 100 ms, PROBE2 lost (timer 300 ms later), a fresh
  // exchange (id 2) answered twice, then Gentle Recovery to 12 000 B = 12 segments of 1000 B
  writeProbe(sink.writer('probe')!, 1.0 * S, 0, rec('cycle-start', 1));
  writeProbe(sink.writer('probe')!, 1.0 * S, 0, rec('probe1-sent', 1));
  writeProbe(sink.writer('probe')!, 1.1 * S, 0, rec('pr1-ack', 1, { rttNs: 100 * MS }));
  writeProbe(sink.writer('probe')!, 1.1 * S, 0, rec('probe2-sent', 1));
  writeProbe(sink.writer('probe')!, 1.4 * S, 0, rec('probe-timeout', 1));
  writeProbe(sink.writer('probe')!, 1.4 * S, 0, rec('probe1-sent', 2));
  writeProbe(sink.writer('probe')!, 1.52 * S, 0, rec('pr1-ack', 2, { rttNs: 120 * MS }));
  writeProbe(sink.writer('probe')!, 1.52 * S, 0, rec('probe2-sent', 2));
  writeProbe(sink.writer('probe')!, 1.63 * S, 0, rec('pr2-ack', 2, { rttNs: 110 * MS }));
  writeProbe(sink.writer('probe')!, 1.63 * S, 0, rec('gentle-recovery', 2, { acprttNs: 112 * MS, bestNs: 100 * MS, worstNs: 150 * MS, cwndBytes: 12_000 }));
  writeProbe(sink.writer('probe')!, 1.7 * S, 1, rec('cycle-start', 1)); // another flow
  // cycle 2 at 5 s, still open when the run ends at 6 s
  writeProbe(sink.writer('probe')!, 5.0 * S, 0, rec('cycle-start', 3));
  writeProbe(sink.writer('probe')!, 5.0 * S, 0, rec('probe1-sent', 3));
  const cycles = probeCycles(sink.finish(), 0, 1000, 6);

  it('pairs probes with replies by id, marks the lost one, and records the decision', () => {
    expect(cycles).toHaveLength(2);
    const [c] = cycles;
    expect(c).toMatchObject({ startS: 1, endS: 1.63, decision: 'gentle-recovery', decisionId: 2, acprttMs: 112, bestMs: 100, worstMs: 150, cwndSeg: 12 });
    expect(c.exchanges.map((e) => [e.kind, e.id, e.ackS, e.rttMs, e.timeoutS])).toEqual([
      [1, 1, 1.1, 100, null],
      [2, 1, null, null, 1.4],
      [1, 2, 1.52, 120, null],
      [2, 2, 1.63, 110, null],
    ]);
    expect(cycles[1]).toMatchObject({ startS: 5, endS: 6, decision: null, cwndSeg: null });
  });

  it('gives suspension spans, the cycle at a time, RTT samples, decision steps and counts', () => {
    expect(suspensionSpans(cycles)).toEqual([
      { t0S: 1, t1S: 1.63, state: 1 },
      { t0S: 5, t1S: 6, state: 1 },
    ]);
    expect(cycleAt(cycles, 0.5)).toBeNull();
    expect(cycleAt(cycles, 3)?.startS).toBe(1); // the last one before
    expect(cycleAt(cycles, 5.5)?.startS).toBe(5);
    const s = rttSamples(cycles);
    expect([...s.tS]).toEqual([1.1, 1.52, 1.63]);
    expect([...s.rttMs]).toEqual([100, 120, 110]);
    // the first sample's exchange (id 1) was abandoned when its PROBE2 was lost: the decision used id 2's
    expect([...s.used]).toEqual([0, 1, 1]);
    const acprtt = decisionSteps(cycles, 'acprttMs');
    expect([...acprtt.tS]).toEqual([1.63]);
    expect([...acprtt.values]).toEqual([112]);
    expect(probeCounts(cycles)).toEqual({ 'immediate-recovery': 0, 'gentle-recovery': 1, 'reno-recovery': 0, 'slow-start': 0, timeouts: 1, open: 1 });
  });
});

describe('ui token bucket', () => {
  // r = 2 tokens per 10 ms (200 tokens/s), depth 4, starts full at 0
  const spec = { tokensPerInterval: 2, intervalMs: 10, depthTokens: 4 };
  const sink = new ColumnarSink();
  sink.bucket(0, 0, 3); // two takes at 0: 4 → 3 → 2
  sink.bucket(0, 0, 2);
  sink.bucket(0, 1, 7); // another flow
  // refilling from 2 at 200/s reaches the depth at 10 ms; at 12.5 ms a take leaves 3
  sink.bucket(12.5 * MS, 0, 3);
  const { takeS, leftAfter } = bucketTakes(sink.finish(), 0);

  it('rebuilds the level between takes: exact before and after each take, capped at the depth with a knee', () => {
    const l = bucketLevel(takeS, leftAfter, spec, 0, 0.02);
    // after the last take: 3 + 200·t reaches 4 at 12.5 + 5 = 17.5 ms, then stays full to 20 ms
    const expectedT = [0, 0, 0, 0, 0, 0.01, 0.0125, 0.0125, 0.0175, 0.02];
    const expectedV = [4, 4, 3, 3, 2, 4, 4, 3, 4, 4];
    expect(l.tS.length).toBe(expectedT.length);
    expectedT.forEach((t, i) => expect(l.tS[i]).toBeCloseTo(t, 12));
    expect([...l.tokens]).toEqual(expectedV);
    expect(levelAt(l, 0.005)).toBeCloseTo(3, 9); // half-way from 2 (t = 0) to 4 (t = 10 ms)
    expect(levelAt(l, -1)).toBeNull();
    expect(timeFullS(l, 4)).toBeCloseTo(0.005, 12); // 10–12.5 ms and 17.5–20 ms
  });

  it('counts only a refill: full again after dropping below the depth, from a given time', () => {
    const l = bucketLevel(takeS, leftAfter, spec, 0, 0.02);
    // the start-up full bucket (t = 0) is not a refill; 10–12.5 ms and 17.5–20 ms are
    expect(refilledFullS(l, 4, 0)).toBeCloseTo(0.005, 12);
    // from 11 ms the level is 4 until 12.5 ms, but it had not dropped since 11 ms: only 17.5–20 ms
    expect(refilledFullS(l, 4, 0.011)).toBeCloseTo(0.0025, 12);
    expect(refilledFullS(l, 4, 0.019)).toBe(0);
  });

  it('bins takes per RTT with the bin width behind the permitted figure', () => {
    // r = 20 per 30 ms; permitted 20 per RTT ⇒ RTT = 20 · 30 ms / 20 = 30 ms; whole bins in 100 ms: 3
    const b = tokenBins([0.001, 0.002, 0.031, 0.065, 0.089, 0.095], { tokensPerInterval: 20, intervalMs: 30, depthTokens: 20 }, 20, 0, 0.1)!;
    expect(b.widthS).toBeCloseTo(0.03, 12);
    expect([...b.consumed]).toEqual([2, 1, 2]); // 0.095 s is in the partial fourth bin
    expect(b.meanConsumed).toBeCloseTo(5 / 3, 12);
    expect(b.permittedPerRtt).toBeCloseTo(20, 12);
    expect(binAt(b, 0.045)).toBe(1);
    expect(binAt(b, 0.095)).toBe(-1);
  });

  it('tells a thinned bucket table from a full one by the segments sent', () => {
    expect(takesComplete(1000, 1000)).toBe(true);
    expect(takesComplete(16_000, 250_000)).toBe(false);
  });
});

describe('ui ack regulator series', () => {
  const sink = new ColumnarSink();
  writeAckReg(sink.writer('ackreg')!, 1 * S, 2, { heldAcks: 3, queuedPackets: 5, expectedPackets: 1, released: 0 });
  writeAckReg(sink.writer('ackreg')!, 2 * S, 2, { heldAcks: 1, queuedPackets: 4, expectedPackets: 3, released: 2 });
  writeAckReg(sink.writer('ackreg')!, 2.5 * S, 0, { heldAcks: 9, queuedPackets: 9, expectedPackets: 9, released: 9 });
  writeAckReg(sink.writer('ackreg')!, 3 * S, 2, { heldAcks: 0, queuedPackets: 6, expectedPackets: 2, released: 1 });
  const trace = sink.finish();

  it('gives held, queued, queued + expected and the releases of one link', () => {
    expect(ackRegLinks(trace)).toEqual([0, 2]);
    const s = ackRegSeries(trace, 2);
    expect([...s.held.values]).toEqual([3, 1, 0]);
    expect([...s.planned.values]).toEqual([6, 7, 8]);
    expect([...s.releaseS]).toEqual([2, 3]);
    expect([...s.releasedSoFar]).toEqual([2, 3]);
    expect(s.totalReleased).toBe(3);
    // held: 3 for 1 s, 1 for 1 s, 0 for 1 s, over [1, 4] s → 4 / 3
    expect(timeMean(s.held, 4)).toBeCloseTo(4 / 3, 12);
  });
});

describe('ui estimates and verdicts', () => {
  const sink = new ColumnarSink();
  sink.estimate(1 * S, 0, 0, 2e6);
  sink.estimate(1 * S, 0, 1, 3);
  sink.estimate(1 * S, 1, 0, 7e6);
  sink.estimate(2 * S, 0, 0, 2.5e6);
  sink.avail(0.1 * S, 0, 1.5e6);
  sink.avail(0.2 * S, 0, 1e6);
  sink.verdict(1 * S, 0, 0, 'congestion', 'congestion');
  sink.verdict(2 * S, 0, 0, 'wireless', 'congestion');
  sink.verdict(3 * S, 0, 0, 'wireless', 'wireless');
  sink.verdict(4 * S, 0, 0, 'congestion', 'none');
  const trace = sink.finish();
  const BWE: EstimateInfo = { key: 'bweBps', label: 'BWE', unit: 'bit/s' };
  const DIFF: EstimateInfo = { key: 'diffSegments', label: 'diff', unit: 'segments' };

  it('splits a flow’s estimates by index, in axis units, under their declared labels', () => {
    const lines = estimateLines(trace, 0, [BWE, DIFF]);
    expect(lines.map((l) => [l.key, l.label, l.unit.group])).toEqual([
      ['bweBps', 'BWE', 'rate'],
      ['diffSegments', 'diff', 'segments'],
    ]);
    expect([...lines[0].series.tS]).toEqual([1, 2]);
    expect([...lines[0].series.values]).toEqual([2, 2.5]); // Mb/s
    expect([...lines[1].series.values]).toEqual([3]);
    expect(estimateLines(trace, 0, [BWE])).toHaveLength(1); // a key without a declaration is left out
  });

  it('takes the unit from the declaration, not from the name: seconds drawn as ms, gains on one axis', () => {
    const [k, gain] = estimateLines(trace, 0, [
      { key: 'kS', label: 'K', unit: 's' },
      { key: 'pacingGain', label: 'pacing gain', unit: 'gain' },
    ]);
    expect([k.unit.group, k.unit.unit, [...k.series.values]]).toEqual(['time', 'ms', [2e9, 2.5e9]]);
    expect([gain.unit.group, gain.unit.unit]).toEqual(['gain', '']);
    const [odd] = estimateLines(trace, 0, [{ key: 'oddBps', label: 'odd', unit: 'segments' }]);
    expect([odd.unit.group, [...odd.series.values]]).toEqual(['segments', [2e6, 2.5e6]]);
  });

  it('draws each available-bandwidth bin over the 100 ms that ends at its row', () => {
    const a = availSeries(trace, 0);
    expect([...a.tS].map((t) => Math.round(t * 1000))).toEqual([0, 100]);
    expect([...a.values]).toEqual([1.5, 1]);
  });

  it('reads verdicts against the truth, and words the engine’s confusion matrix', () => {
    const marks = verdictMarks(trace, 0);
    expect(marks.map((m) => `${m.verdict}/${m.truth}`)).toEqual(['congestion/congestion', 'wireless/congestion', 'wireless/wireless', 'congestion/none']);
    const sentence = verdictSentence({
      events: 4,
      matrix: { congestion: { congestion: 1, wireless: 0, none: 1 }, wireless: { congestion: 1, wireless: 1, none: 0 } },
      accuracy: 2 / 3,
    });
    expect(sentence).toBe(
      '4 loss events classified, accuracy 67 %: judged congestion 2 (really congestion 1, wireless 0, nothing dropped 1); judged wireless 2 (really congestion 1, wireless 1, nothing dropped 0)',
    );
  });

  it('groups estimates into bands by unit, bandwidth first, its axis covering the truth', () => {
    const [bwe, diff] = estimateLines(trace, 0, [BWE, DIFF]);
    const bands = bandsByUnit([{ line: diff }, { line: bwe }], availSeries(trace, 0), 3);
    expect(bands.map((b) => b.group)).toEqual(['rate', 'segments']);
    // BWE is 2 then 2.5 Mb/s for 1 s each (its 99 % time quantile is its peak) and beats the truth's 1.5
    expect(bands[0].yMax).toBe(2.5);
    expect(bands[0].series.map((x) => x.line.key)).toEqual(['bweBps']);
    expect(bands[1].yMax).toBe(3);
    // without a bandwidth estimate the truth gets a band only when there is nothing else to draw
    expect(bandsByUnit([{ line: diff }], availSeries(trace, 0), 3).map((b) => b.group)).toEqual(['segments']);
    expect(bandsByUnit([], availSeries(trace, 0), 3).map((b) => [b.group, b.yMax])).toEqual([['rate', 1.5]]);
  });

  it('keeps an axis top out of reach of a brief spike, and below zero when a value is negative', () => {
    const spiky = { tS: Float64Array.from([0, 1, 1.001]), values: Float64Array.from([1, 100, 1]) };
    // 100 holds for 1 ms of 10 s: the 99 % time quantile is 1, so the top is 1.6
    expect(robustTop([spiky], 10)).toBeCloseTo(1.6, 12);
    const steady = { tS: Float64Array.from([0, 5]), values: Float64Array.from([1, 2]) };
    expect(robustTop([steady], 10)).toBe(2);
    expect(floorOf([{ tS: Float64Array.from([0]), values: Float64Array.from([-3]) }])).toBe(-3);
  });
});

describe('ui band and path helpers', () => {
  it('splits the plot area into bands by weight, gaps between them', () => {
    // plot area 34 … 242 px (MARGIN top 34, bottom 58 of 300): 208 − 18 px gap = 190 px, 3:2
    const [a, b] = splitBands({ width: 500, height: 300 }, [3, 2]);
    expect(a.top).toBe(34);
    expect(a.bottom).toBeCloseTo(34 + 114, 9);
    expect(b.top).toBeCloseTo(34 + 114 + 18, 9);
    expect(b.bottom).toBeCloseTo(242, 9);
  });

  it('scales a band from its foot (the value 0) up to its top', () => {
    const y = bandScale(9.3, { top: 40, bottom: 140 });
    expect(y.range()).toEqual([140, 40]);
    expect(y(0)).toBe(140);
    expect(y(y.domain()[1])).toBe(40);
    expect(y.domain()[1]).toBeGreaterThanOrEqual(9.3);
  });

  it('draws a polyline exactly when sparse, broken at non-finite values', () => {
    const id = { x: (t: number) => t * 100, y: (v: number) => v };
    expect(polylinePath([0, 1, 2, 3], [0, 10, Number.NaN, 30], id)).toBe('M0,0L100,10M300,30');
  });

  it('thins a dense polyline to first, lowest, highest and last point per pixel column', () => {
    // 7 points in column 0 and 1 in column 1 (more than 3 per column over 1 column)
    const t = [0, 0.001, 0.002, 0.003, 0.004, 0.005, 0.006, 1];
    const v = [5, 2, 9, 4, 4, 4, 6, 7];
    expect(polylinePath(t, v, { x: (s) => s, y: (x) => x })).toBe('M0,5L0,2L0,9L0,6L1,7');
  });

  it('draws bars as rectangles, merging sub-pixel bars per column (the tallest wins)', () => {
    const x = d3.scaleLinear().domain([0, 10]).range([0, 100]);
    const y = d3.scaleLinear().domain([0, 10]).range([100, 0]);
    const d = barsPath(
      [
        { t0S: 0, t1S: 1, value: 5 },
        { t0S: 5.01, t1S: 5.02, value: 3 },
        { t0S: 5.03, t1S: 5.04, value: 7 },
        { t0S: 20, t1S: 21, value: 9 }, // outside the window
        { t0S: 2, t1S: 3, value: 0 }, // nothing to draw
      ],
      x,
      y,
    );
    expect(d).toBe('M0,100V50H10V100ZM50,100V30H51V100Z');
  });

  it('shortens a long axis label at a word boundary', () => {
    expect(fitLabel('receiving rate (Mb/s)', 1000)).toBe('receiving rate (Mb/s)');
    expect(fitLabel('receiving rate (Mb/s)', 130)).toBe('receiving rate'); // 15 characters fit
    // 66 px hold 7 characters: the two LP variants stay apart, unlike a plain cut ("NewReno" twice)
    expect(abbreviate('NewReno-LP', 66)).toBe('NR-LP');
    expect(abbreviate('NewReno-Ideal-LP', 66)).toBe('NR-I-LP');
    expect(abbreviate('Westwood+', 66)).toBe('W+');
    expect(abbreviate('Jersey', 66)).toBe('Jersey');
    expect(abbreviate('TCP-Probing (Tahoe)', 66)).toBe('TCP-P'); // 'TCP-P (T)' cut at 7, no dangling ' ('
  });
});

describe('ui decimation of the new tables', () => {
  it('thins each estimate key of a flow separately, so both keys keep their extremes', () => {
    const sink = new ColumnarSink();
    const n = 3000;
    for (let i = 0; i < n; i++) {
      sink.estimate(i * 1000, 0, 0, i === 1234 ? 5e5 : 1e6); // a dip in a bandwidth estimate
      sink.estimate(i * 1000, 0, 1, i === 2345 ? 9 : 5); // a spike in a segment count
    }
    const { trace: out, decimated } = decimateTrace(sink.finish(), n * 1000, 1000, 10);
    expect(decimated).toBe(true);
    const e = out.estimate;
    const values = (key: number): number[] => [...e.value].filter((_, i) => e.key[i] === key);
    // both keys' rows are there, and neither extreme was swallowed by the other key's scale
    expect(values(0)).toContain(5e5);
    expect(values(1)).toContain(9);
    expect(e.tNs.length).toBeLessThan(2 * n / 10);
  });
});

describe('ui panel moves skip panels that are not shown', () => {
  it('moves past a panel hidden for lack of data in one step', () => {
    expect(movePanel(['a', 'x', 'b'], 'b', -1, ['a', 'b'])).toEqual(['b', 'x', 'a']);
    expect(movePanel(['a', 'x', 'b'], 'a', 1, ['a', 'b'])).toEqual(['b', 'x', 'a']);
    expect(movePanel(['a', 'x', 'b'], 'b', 1, ['a', 'b'])).toEqual(['a', 'x', 'b']);
  });
});
