/**
 * BBR's own state machine in the `ccstate` table (issue 34): the mode (STARTUP, DRAIN, PROBE_BW,
 * PROBE_RTT) and the PROBE_BW gain-cycle phase, checked against BBR v1's rules (Cardwell et al.,
 * draft-cardwell-iccrg-bbr-congestion-control-00; Linux tcp_bbr.c), not against a stored run:
 * - the modes go STARTUP → DRAIN → PROBE_BW, and PROBE_RTT is entered only from PROBE_BW here;
 * - the phase is −1 outside PROBE_BW; PROBE_BW never starts in phase 1, the 0.75 drain phase
 *   (bbr_reset_probe_bw_mode), and inside it the phase only steps to the next one modulo 8
 *   (bbr_advance_cycle_phase), each phase but the 0.75 one lasting longer than one min RTT
 *   (bbr_is_next_cycle_phase: the 0.75 phase also ends once inflight is down to the BDP);
 * - PROBE_RTT lasts at least 200 ms (bbr_probe_rtt_mode_ms);
 * - a row only when mode or phase changes, and the table agrees with the mode the variant also
 *   declares as an estimate; no other variant writes a row, so their fingerprints do not move.
 */
import { describe, expect, it } from 'vitest';
import { ColumnarSink, TABLE_NAMES } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { buildSimulation } from '../../src/engine/build.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import type { Scenario } from '../../src/scenario/schema.ts';

function reference(variant: string, durationS: number): Scenario {
  const r = parseScenario({ ...(getPreset('reference-2mbps')?.scenario as object), durationS });
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return { ...r.scenario, flows: r.scenario.flows.map((f) => ({ ...f, variant })) };
}

describe('ccstate: BBR’s mode and gain-cycle phase', () => {
  it('follows BBR v1’s state machine on the reference path', () => {
    const run = runScenario(reference('bbr', 30), {});
    const c = run.trace.ccstate;
    const n = c.tNs.length;
    expect(n).toBeGreaterThan(10);
    const rows = Array.from({ length: n }, (_, i) => ({ t: c.tNs[i], flow: c.flow[i], mode: c.mode[i], phase: c.phase[i] }));
    expect(rows.every((r) => r.flow === 0)).toBe(true);
    // a row only at a change
    for (let i = 1; i < n; i++) expect(rows[i].mode !== rows[i - 1].mode || rows[i].phase !== rows[i - 1].phase).toBe(true);
    const modes = rows.map((r) => r.mode).filter((m, i, a) => i === 0 || m !== a[i - 1]);
    expect(modes.slice(0, 3)).toEqual([0, 1, 2]);
    for (let i = 3; i < modes.length; i++) expect(modes[i] === 3 ? modes[i - 1] : modes[i]).toBe(2); // PROBE_RTT only from and back to PROBE_BW
    expect(modes).toContain(3);

    const minRttNs = Math.min(...[...run.trace.estimate.value].filter((_, i) => run.flows[0].estimates[run.trace.estimate.key[i]]?.key === 'minRttMs')) * 1e6;
    expect(minRttNs).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      const r = rows[i];
      if (r.mode !== 2) {
        expect(r.phase).toBe(-1);
        continue;
      }
      expect(r.phase).toBeGreaterThanOrEqual(0);
      expect(r.phase).toBeLessThan(8);
      const prev = rows[i - 1];
      if (prev.mode !== 2) expect(r.phase).not.toBe(1); // entering PROBE_BW
      else {
        expect(r.phase).toBe((prev.phase + 1) % 8);
        // the 0.75 phase may end early, once inflight is down to the estimated BDP; the others
        // last longer than the min RTT in force, itself never below the run's lowest
        if (prev.phase !== 1) expect(r.t - prev.t).toBeGreaterThan(minRttNs);
      }
    }
    for (let i = 0; i + 1 < n; i++) if (rows[i].mode === 3) expect(rows[i + 1].t - rows[i].t).toBeGreaterThanOrEqual(200e6);

    // the same mode as the variant's declared mode estimate, at every ccstate row
    const e = run.trace.estimate;
    const modeKey = run.flows[0].estimates.findIndex((x) => x.key === 'bbrModeLevel');
    for (const r of rows) {
      let last = -1;
      for (let k = 0; k < e.tNs.length && e.tNs[k] <= r.t; k++) if (e.key[k] === modeKey) last = e.value[k];
      expect(last).toBe(r.mode);
    }
  });

  it('is written by no other variant, which keeps its fingerprint with or without the table', () => {
    for (const variant of ['cubic', 'newreno', 'prague', 'bbr']) {
      const scenario = reference(variant, 5);
      const all = new ColumnarSink(TABLE_NAMES);
      buildSimulation(scenario, 1, all).run(Infinity);
      if (variant === 'bbr') {
        expect(all.rows('ccstate')).toBeGreaterThan(0);
        continue;
      }
      expect(all.rows('ccstate'), variant).toBe(0);
      const without = new ColumnarSink(TABLE_NAMES.filter((t) => t !== 'ccstate'));
      buildSimulation(scenario, 1, without).run(Infinity);
      expect(all.hash(), variant).toBe(without.hash());
    }
  });
});
