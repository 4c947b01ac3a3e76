/**
 * The cwnd chart's main line is the window without fast-recovery inflation (cwndSeries merges
 * the engine's `cwnd` and `inflation` tables), and its y axis is fitted to that line, so the
 * inflation of a long recovery cannot flatten slow start and the sawtooth.
 */
import { describe, expect, it } from 'vitest';
import { ColumnarSink } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { DEFAULT_PRESET } from '../../src/ui/state/baseScenario.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { cwndSeries, finiteMax } from '../../src/ui/charts/series.ts';
import { cwndReadout, cwndYRange, hasInflation } from '../../src/ui/charts/cwndChart.ts';

const MS = 1e6;

describe('cwndSeries: window = cwnd − inflation', () => {
  it('merges the two tables by instant, never pairing a new cwnd with an old inflation', () => {
    const t = new ColumnarSink(['cwnd', 'inflation']);
    t.cwnd(0, 0, 10_000, Infinity);
    // 3rd duplicate ACK at 10 ms: ssthresh 5, cwnd 5 + 3 = 8, inflation 3
    t.cwnd(10 * MS, 0, 8000, 5000);
    t.writer('inflation')!.add(10 * MS, 0, 3000);
    // a further duplicate at 11 ms: cwnd 9, inflation 4
    t.cwnd(11 * MS, 0, 9000, 5000);
    t.writer('inflation')!.add(11 * MS, 0, 4000);
    // two hooks at 20 ms: a duplicate (cwnd 10, inflation 5), then the recovery ends (cwnd 5, inflation 0)
    t.cwnd(20 * MS, 0, 10_000, 5000);
    t.writer('inflation')!.add(20 * MS, 0, 5000);
    t.cwnd(20 * MS, 0, 5000, 5000);
    t.writer('inflation')!.add(20 * MS, 0, 0);
    const s = cwndSeries(t.finish(['cwnd', 'inflation']), 0, 1000);
    expect([...s.tS]).toEqual([0, 0.01, 0.011, 0.02]);
    expect([...s.cwndSeg]).toEqual([10, 5, 5, 5]);
    expect([...(s.inflatedSeg ?? [])]).toEqual([10, 8, 9, 5]);
    expect([...s.ssthreshSeg]).toEqual([Infinity, 5, 5, 5]);
  });

  it('without inflation rows the window is cwnd itself (SACK, Tahoe, imported traces)', () => {
    const t = new ColumnarSink(['cwnd', 'inflation']);
    t.cwnd(0, 0, 10_000, Infinity);
    t.cwnd(MS, 0, 5000, 5000);
    const s = cwndSeries(t.finish(['cwnd', 'inflation']), 0, 1000);
    expect([...s.cwndSeg]).toEqual([10, 5]);
    expect(hasInflation([{ series: s }])).toBe(false);
  });

  it('the readout names both quantities while they differ', () => {
    const t = new ColumnarSink(['cwnd', 'inflation']);
    t.cwnd(0, 0, 10_000, Infinity);
    t.cwnd(10 * MS, 0, 8000, 5000);
    t.writer('inflation')!.add(10 * MS, 0, 3000);
    const series = cwndSeries(t.finish(['cwnd', 'inflation']), 0, 1000);
    const flow = { key: 'a', label: 'NewReno', colour: '#000', dash: null, series, fastRetransmitS: new Float64Array(0), timeoutS: new Float64Array(0), drops: { tS: new Float64Array(0), cause: new Uint8Array(0) }, recoveries: [] };
    const input = { windowS: [0, 1] as [number, number], endS: 1, flows: [flow], yMax: 12 };
    expect(cwndReadout(input, 0.005)[0].text).toBe('NewReno: window 10.0, ssthresh ∞');
    expect(cwndReadout(input, 0.5)[0].text).toBe('NewReno: window 5.0 (inflated cwnd 8.0), ssthresh 5.0');
  });
});

describe('the default scenario: the y range follows the window, not the inflation', () => {
  const parsed = parseScenario(getPreset(DEFAULT_PRESET)!.scenario);
  if (!parsed.ok) throw new Error('default preset does not parse');
  const scenario = parsed.scenario;
  const result = runScenario(scenario);
  const f = scenario.flows[0];
  const series = cwndSeries(result.trace, 0, f.tcp.mssBytes);

  it('inflation is large there (the issue saw cwnd reach about 1 000 segments), the window stays near pipe + buffer', () => {
    expect(hasInflation([{ series }])).toBe(true);
    expect(finiteMax(series.inflatedSeg!)).toBeGreaterThan(500);
    // 2 Mb/s, 100 ms RTT, 1000-byte segments: 25 packets in the pipe, a 25-packet buffer. Slow
    // start can at most double a window that fitted (≤ 51 + 1), so the window never passes ~104.
    expect(finiteMax(series.cwndSeg)).toBeLessThanOrEqual(2 * (25 + 25 + 1) + 2);
  });

  it('every 10 s follow window of the first minute has its y axis under 150 segments', () => {
    for (let t0 = 0; t0 + 10 <= Math.min(60, scenario.durationS); t0 += 1) {
      const r = cwndYRange([{ series }], scenario.durationS, [t0, t0 + 10]);
      expect(r.focused, `window ${t0}–${t0 + 10} s`).toBeLessThan(150);
    }
  });
});
