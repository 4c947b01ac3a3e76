/**
 * The AQM inside view's data (src/ui/charts/aqmSeries.ts) on real runs, against what the RFCs
 * say each AQM does: CoDel drops only on entering or inside its dropping state (RFC 8289 §5.3,
 * so every AQM drop falls in a drawn dropping span); FQ-CoDel serves a sparse flow's queue
 * ahead of the bulk backlog (RFC 8290 §1.1), so its packets wait at most for the packet being
 * sent — 1500 bytes at 10 Mb/s, 1.2 ms; DualPI2's derived probabilities by hand (RFC 9332:
 * p_C = p′², p_CL = min(1, k·p′)); and the panel's words name the AQM and its target.
 */
import { describe, expect, it } from 'vitest';
import { DROP_CAUSES } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { aqmLinks, aqmSeries, aqmSpecAt, classicProb, coupledLProb, quantile } from '../../src/ui/charts/aqmSeries.ts';
import { aqmNotice, aqmSentence, flowName } from '../../src/ui/panels/AqmPanel.tsx';
import type { VariantRun } from '../../src/ui/state/runSet.ts';

function preset(name: string, durationS: number): Scenario {
  const r = parseScenario({ ...(getPreset(name)?.scenario as object), durationS });
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return r.scenario;
}

describe('AQM inside view: series', () => {
  it('finds the AQM and its defaults at a trace link, and nothing at a drop-tail link', () => {
    const s = preset('cures-codel', 5);
    expect(aqmSpecAt(s, 'bottleneck/fwd')).toMatchObject({ kind: 'codel', targetMs: 5, intervalMs: 100 });
    expect(aqmSpecAt(s, 'access1/fwd')).toBeNull();
    expect(aqmSpecAt(preset('l4s-dualpi2', 5), 'bottleneck/fwd')).toMatchObject({ kind: 'dualpi2', targetMs: 15, k: 2, minThMs: 0.8 });
  });

  it('CoDel: every AQM drop at the link falls inside a dropping span (RFC 8289 drops only when entering or in that state)', () => {
    const s = preset('cures-codel', 20);
    const run = runScenario(s, {});
    const link = run.links.findIndex((l) => l.id === 'bottleneck/fwd');
    const a = aqmSeries(run.trace, link, aqmSpecAt(s, 'bottleneck/fwd')!);
    expect(a.queues).toHaveLength(1);
    const spans = a.queues[0].dropping;
    const aqmDrop = DROP_CAUSES.indexOf('aqm-drop');
    const d = run.trace.drop;
    let n = 0;
    for (let i = 0; i < d.tNs.length; i++) {
      if (d.link[i] !== link || d.cause[i] !== aqmDrop) continue;
      n++;
      const t = d.tNs[i] / 1e9;
      expect(spans.some((sp) => sp.t0S <= t && t <= sp.t1S)).toBe(true);
    }
    expect(n).toBeGreaterThan(0);
    expect(spans.length).toBeGreaterThan(0);
  });

  it('FQ-CoDel: two flow queues; the interactive one never waits longer than one 1500-byte packet at 10 Mb/s, the bulk one does', () => {
    const s = preset('cures-fq-codel', 15);
    const run = runScenario(s, {});
    const link = run.links.findIndex((l) => l.id === 'bottleneck/fwd');
    expect(aqmLinks(run.trace)).toContain(link);
    const a = aqmSeries(run.trace, link, aqmSpecAt(s, 'bottleneck/fwd')!);
    expect(a.queues).toHaveLength(2);
    const [bulk, sparse] = a.queues; // busiest first
    expect(bulk.share).toBeGreaterThan(sparse.share);
    const oneMtuMs = (1500 * 8 * 1e3) / 10e6; // 1.2 ms
    expect(Math.max(...sparse.sojournMs)).toBeLessThanOrEqual(oneMtuMs + 1e-6);
    expect(quantile(sparse.sojournMs, 0.5)).toBeLessThan(1);
    expect(quantile(bulk.sojournMs, 0.9)).toBeGreaterThan(oneMtuMs);
  });

  it('FQ-CoDel: each flow queue is named by the flow it carried, not by its hash index', () => {
    const s = preset('cures-fq-codel', 8);
    const run = runScenario(s, {});
    const link = run.links.findIndex((l) => l.id === 'bottleneck/fwd');
    const vr = { scenario: s } as unknown as VariantRun;
    const a = aqmSeries(run.trace, link, aqmSpecAt(s, 'bottleneck/fwd')!, (f) => flowName(vr, f));
    // the preset's flows: 0 = CUBIC "bulk", 1 = NewReno "interactive"; busiest queue first
    expect(s.flows.map((f) => [f.id, f.variant])).toEqual([
      ['bulk', 'cubic'],
      ['interactive', 'newreno'],
    ]);
    expect(a.queues.map((q) => q.label)).toEqual(['CUBIC bulk', 'NewReno interactive']);
    // without names the index is all there is
    expect(aqmSeries(run.trace, link, aqmSpecAt(s, 'bottleneck/fwd')!).queues[0].label).toMatch(/^flow queue \d+$/);
    expect(flowName(vr, -1)).toBe('cross traffic');
  });

  it('DualPI2: the traced p_L of each L4S packet is max(p_CL, RFC 9332’s ramp on its sojourn) or p_CL alone (Th_len), Classic rows carry none', () => {
    const s = preset('l4s-dualpi2', 10);
    const run = runScenario(s, {});
    const link = run.links.findIndex((l) => l.id === 'bottleneck/fwd');
    const spec = aqmSpecAt(s, 'bottleneck/fwd');
    if (spec?.kind !== 'dualpi2') throw new Error('no DualPI2 at the bottleneck');
    // RFC 9332 A.1's ramp, written out here: 0 to minTh, linear over range, 1 from minTh + range
    const ramp = (ms: number): number => (ms < spec.minThMs ? 0 : ms >= spec.minThMs + spec.rangeMs ? 1 : (ms - spec.minThMs) / spec.rangeMs);
    const t = run.trace.aqm;
    let lRows = 0;
    let rampRows = 0;
    for (let i = 0; i < t.tNs.length; i++) {
      if (t.link[i] !== link) continue;
      if (t.queue[i] === 0) {
        expect(t.probL[i]).toBe(0);
        continue;
      }
      lRows++;
      const pCL = Math.min(1, spec.k * t.prob[i]);
      const native = ramp(t.sojournNs[i] / 1e6);
      const pL = t.probL[i];
      // either the ramp counted (the L4S queue held more than Th_len packets) or it did not
      const withRamp = Math.max(pCL, native);
      expect(Math.abs(pL - withRamp) < 1e-9 || Math.abs(pL - pCL) < 1e-9, `row ${i}: p_L ${pL}, p_CL ${pCL}, ramp ${native}`).toBe(true);
      if (native > pCL && Math.abs(pL - native) < 1e-9) rampRows++;
    }
    expect(lRows).toBeGreaterThan(100);
    expect(rampRows).toBeGreaterThan(0); // the native ramp really acts in this run
    const a = aqmSeries(run.trace, link, spec);
    expect(a.probL.values.length).toBe(lRows);
  });

  it('DualPI2: p_C = p′² and p_CL = min(1, k·p′), by hand', () => {
    expect(classicProb(0.05)).toBeCloseTo(0.0025, 15);
    expect(coupledLProb(0.05, 2)).toBeCloseTo(0.1, 15);
    expect(coupledLProb(0.6, 2)).toBe(1);
    expect(quantile(Float64Array.of(5, 1, 4, 2, 3), 0.5)).toBe(3);
    expect(quantile(Float64Array.of(5, 1, 4, 2, 3), 0.99)).toBe(5);
    expect(Number.isNaN(quantile(new Float64Array(0), 0.5))).toBe(true);
  });

  it('names the AQM, its target, the L4S and Classic queues, and the coupled probabilities in its sentence', () => {
    const s = preset('l4s-dualpi2', 10);
    const run = runScenario(s, {});
    const link = run.links.findIndex((l) => l.id === 'bottleneck/fwd');
    const a = aqmSeries(run.trace, link, aqmSpecAt(s, 'bottleneck/fwd')!);
    expect(a.queues.map((q) => q.label)).toEqual(['L4S queue', 'Classic queue']);
    const r = { run: { result: run, scenario: s, label: 'Prague + CUBIC' } as unknown as VariantRun, s: a, drops: { tS: new Float64Array(0), cause: new Uint8Array(0) }, aqmDrops: 3, marks: 7 };
    const text = aqmSentence(r, '');
    expect(text).toMatch(/^DualPI2 target 15 ms: L4S queue \(\d+ % of packets\) median sojourn [\d.]+ ms/);
    expect(text).toContain('p_C = p′²');
    expect(text).toContain('3 dropped by the AQM, 7 marked.');
    expect(aqmNotice([r])).toContain('k·p′');
  });
});

describe('the queue and window notices under an AQM', () => {
  it('says the AQM dropped on waiting time, far below the buffer limit, instead of "when it reaches its limit"', async () => {
    const { queueNotice } = await import('../../src/ui/events/notices.ts');
    const s = preset('cures-codel', 20);
    const run = runScenario(s, {});
    const link = run.links.findIndex((l) => l.id === 'bottleneck/fwd');
    const text = queueNotice([run], link);
    expect(text).toMatch(new RegExp(`^Notice: the AQM drops \\(×, ${run.links[link].drops['aqm-drop']} here\\) on waiting time, not on a full buffer: at most \\d+ of 400 packets waited`));
    expect(text).not.toMatch(/reaches its limit/);
    // and the window's notice names the AQM, not an overflow, as what ends each climb
    const { cwndNotice } = await import('../../src/ui/events/notices.ts');
    expect(cwndNotice([run], false)).toMatch(/^Notice the sawtooth: cwnd climbs until the AQM drops a packet because packets waited too long \(\d+ drops\)/);
  });
});
