/**
 * The papers' metric formulas on hand-built inputs, and the run's queue statistics against the
 * same statistics recomputed from its own queue trace.
 */
import { describe, expect, it } from 'vitest';
import { congestionLossPct, goodputBps, jainIndex, linkEfficiency, overheadPct, successPct, timeWeightedMeanSd } from '../../src/engine/metrics.ts';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';

describe('metric formulas', () => {
  it('goodput: 5 MB in 20 s is 2 Mb/s', () => {
    expect(goodputBps(5_000_000, 20e9)).toBe(2e6);
    expect(goodputBps(100, 0)).toBe(0);
  });

  it('overhead: 1000 B of data carried in 1040 B segments plus two 52 B ACKs is 14.4 %', () => {
    expect(overheadPct(1040 + 2 * 52, 1000)).toBeCloseTo(14.4, 10);
    expect(overheadPct(500, 0)).toBe(0);
  });

  it('application success: 79 of 100 reads', () => {
    expect(successPct(79, 100)).toBe(79);
    expect(successPct(0, 0)).toBeNull();
  });

  it("Jain's index: 1 for equal shares, 1/n for one taker, (Σx)²/(nΣx²) otherwise", () => {
    expect(jainIndex([3, 3, 3])).toBe(1);
    expect(jainIndex([5, 0, 0, 0])).toBe(0.25);
    // (1 + 2 + 3)² / (3·(1 + 4 + 9)) = 36/42
    expect(jainIndex([1, 2, 3])).toBeCloseTo(36 / 42, 12);
    expect(jainIndex([])).toBeNull();
    expect(jainIndex([0, 0])).toBeNull();
  });

  it('link efficiency and congestion loss', () => {
    expect(linkEfficiency(1.5e6, 2e6)).toBe(0.75);
    expect(congestionLossPct(3, 200)).toBe(1.5);
    expect(congestionLossPct(0, 0)).toBe(0);
  });

  it('time-weighted queue mean and sd of a hand-built step trace', () => {
    // 0 for 1 s, 4 for 2 s, 2 for 1 s: mean = (0 + 8 + 2)/4 = 2.5; E[q²] = (0 + 32 + 4)/4 = 9; sd = √(9 − 6.25).
    const r = timeWeightedMeanSd([1e9, 3e9], [4, 2], 4e9);
    expect(r.mean).toBeCloseTo(2.5, 12);
    expect(r.sd).toBeCloseTo(Math.sqrt(2.75), 12);
    expect(timeWeightedMeanSd([], [], 0)).toEqual({ mean: 0, sd: 0 });
  });
});

describe('run statistics against the run trace', () => {
  it('link mean and sd of the queue equal the ones recomputed from the queue trace', () => {
    const p = getPreset('reference-2mbps');
    if (!p) throw new Error('missing preset');
    const input = structuredClone(p.scenario);
    input.durationS = 30;
    const parsed = parseScenario(input);
    if (!parsed.ok) throw new Error(formatErrors(parsed.errors));
    const r = runScenario(parsed.scenario);
    const endNs = r.sim.simTimeS * 1e9;
    const q = r.trace.queue;
    const rows = Array.from(q.link.keys()).filter((i) => q.link[i] === 0);
    const fromTrace = timeWeightedMeanSd(
      rows.map((i) => q.tNs[i]),
      rows.map((i) => q.packets[i]),
      endNs,
    );
    const link = r.links[0];
    expect(link.meanQueuePackets).toBeGreaterThan(1);
    expect(link.meanQueuePackets).toBeCloseTo(fromTrace.mean, 9);
    expect(link.queueSdPackets).toBeCloseTo(fromTrace.sd, 9);
    // Congestion loss % from the link's own counters.
    expect(link.congestionLossPct).toBeCloseTo((100 * link.drops['queue-overflow']) / link.arrivedPackets, 12);
    // Utilization: every packet on the bottleneck is a 1052-byte data segment (1000 B + 40 B
    // headers + 12 B timestamps) taking 1052·8/2e6 s; busy time = packets sent × that (± the one
    // still in service at the end).
    const txS = (1052 * 8) / 2e6;
    expect(link.utilization).toBeGreaterThan(0.9);
    expect(Math.abs(link.utilization * r.sim.simTimeS - link.packetsSent * txS)).toBeLessThanOrEqual(txS);
    expect(r.summary.jainIndex).toBe(1);
    expect(r.summary.linkEfficiency).toBeNull(); // a wired path
  });
});
