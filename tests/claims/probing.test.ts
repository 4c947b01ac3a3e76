/**
 * Paper claims of Tsaoussidis & Lahanas, "Exploiting the adaptive properties of a probing device
 * for TCP in heterogeneous networks" (Computer Communications 2002), on the `probing-testbed`
 * and `probing-handoff` presets (5 MB task, maximum window 64, VLINK ON/OFF errors on the data
 * and the ACK path; see probing-common.ts for the reading of the error model):
 *
 * - §5.1, Tables A1–A3: "TCP-probing's goodput is uniformly no worse than Reno's, across the
 *   entire range of error rates" (task completion time ≤ Reno's at PER 0 … 40 %), with gains that
 *   grow with the error rate — 16.8 % and 25.1 % at PER 16 and 25 % (A1), more than 50 % at
 *   high PER with 50 ms delay (A2, text) — here: at least 10 % lower at PER ≥ 16 %.
 * - §5.1–5.2, Figs. 6–8: "TCP-probing yields these performance gains without applying a more
 *   aggressive behavior than Reno" — its overhead is at most Reno's; tolerance 0.5 percentage
 *   point (the issue's), as the paper's own differences at low PER are of that size (A2 PER 0:
 *   2.56 vs 2.54 %; A5 PER 40: 5.28 vs 5.22 %).
 * - §5.3, Tables A8–A9: with handoffs TCP-Probing completes the task faster than Reno (A8, 20 ms:
 *   62.6 vs 136.9 s).
 * - The reading of the error model against the paper's Reno (Table A2): Reno's overhead grows by
 *   4.21 − 2.54 = 1.67 points at PER 8 % and 4.99 − 2.54 = 2.45 points at PER 16 %; ours within
 *   1 point of both (the preset's sojourn time was chosen from this comparison; the test guards
 *   it). Absolute overheads differ: our headers count 40 bytes on every segment and ACK (6.0 %
 *   error-free against the paper's 2.54 %).
 *
 * Method: PER 0, 1, 8, 16, 25, 40 % on the testbed (both directions, as the preset), run until
 * the 5 MB are delivered; 40 seeds per point, the same seeds for both variants (common random
 * numbers: each seed gives both the same ON/OFF timeline). Claims are checked on the means over
 * the seeds, as the paper reports "the average of several replications". Every run takes a few
 * milliseconds (≈ 1,000 runs in all).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FlowResult } from '../../src/engine/results.ts';
import { runScenario } from '../../src/engine/run.ts';
import { probingChannel } from '../../src/content/presets/probing-common.ts';
import { probingHandoff } from '../../src/content/presets/probing-handoff.ts';
import { probingTestbed } from '../../src/content/presets/probing-testbed.ts';
import type { Preset } from '../../src/content/presets/types.ts';
import type { ScenarioInput } from '../../src/scenario/schema.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';

const PERS = [0, 0.01, 0.08, 0.16, 0.25, 0.4];
const SEEDS = Array.from({ length: 40 }, (_, i) => i + 1);
const VARIANTS = ['reno', 'probing'] as const;
type Variant = (typeof VARIANTS)[number];
/** Long enough for every 5 MB task to finish (the presets stop at 120 s for the UI). */
const DURATION_S = 3600;

function run(preset: Preset, variant: Variant, seed: number, per: number | null): FlowResult {
  const s = structuredClone(preset.scenario) as ScenarioInput;
  s.durationS = DURATION_S;
  s.flows[0].variant = variant;
  if (per !== null) {
    const errors = per === 0 ? [] : [probingChannel(per)];
    s.path[0].forward.errors = errors;
    s.path[0].reverse = { ...s.path[0].reverse, errors };
  }
  const parsed = parseScenario(s);
  if (!parsed.ok) throw new Error(formatErrors(parsed.errors));
  const f = runScenario(parsed.scenario, { seed, trace: false }).flows[0];
  if (f.completionTimeS === null) throw new Error(`${preset.name} ${variant} seed ${seed} did not finish in ${DURATION_S} s`);
  return f;
}

interface Point {
  timeS: number;
  overheadPct: number;
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

function averaged(flows: FlowResult[]): Point {
  return { timeS: mean(flows.map((f) => f.completionTimeS as number)), overheadPct: mean(flows.map((f) => f.overheadPct)) };
}

/** testbed[variant][PER index] and handoff[variant]: means over SEEDS. */
const testbed = {} as Record<Variant, Point[]>;
const handoff = {} as Record<Variant, Point>;

// All the runs happen here (~7 s alone): the hook gets the tests' 60 s budget, not the 10 s default,
// so a loaded machine does not skip the claims.
beforeAll(() => {
  for (const v of VARIANTS) {
    testbed[v] = PERS.map((per) => averaged(SEEDS.map((seed) => run(probingTestbed, v, seed, per))));
    handoff[v] = averaged(SEEDS.map((seed) => run(probingHandoff, v, seed, null)));
  }
}, 60_000);

const pct = (per: number): string => `PER ${Math.round(per * 100)} %`;

describe('TCP-Probing paper claims (testbed, Tables A1–A3; handoffs, Tables A8–A9)', () => {
  it('probing task completion time is no worse than Reno at every PER, and at least 10 % lower at PER ≥ 16 %', () => {
    PERS.forEach((per, i) => {
      const [r, p] = [testbed.reno[i].timeS, testbed.probing[i].timeS];
      expect(p, `${pct(per)}: probing ${p.toFixed(1)} s vs Reno ${r.toFixed(1)} s`).toBeLessThanOrEqual(r);
      if (per >= 0.16) expect(p, `${pct(per)}: probing ${p.toFixed(1)} s vs Reno ${r.toFixed(1)} s`).toBeLessThanOrEqual(0.9 * r);
    });
  });

  it('probing overhead is at most Reno’s + 0.5 percentage point at every PER', () => {
    PERS.forEach((per, i) => {
      const [r, p] = [testbed.reno[i].overheadPct, testbed.probing[i].overheadPct];
      expect(p, `${pct(per)}: probing ${p.toFixed(2)} % vs Reno ${r.toFixed(2)} %`).toBeLessThanOrEqual(r + 0.5);
    });
  });

  it('probing completes the 5 MB task faster than Reno with handoffs', () => {
    const [r, p] = [handoff.reno.timeS, handoff.probing.timeS];
    expect(p, `probing ${p.toFixed(1)} s vs Reno ${r.toFixed(1)} s`).toBeLessThan(r);
  });

  it('reno overhead grows with PER as in Table A2: +1.67 points at 8 %, +2.45 at 16 % (±1)', () => {
    const growth = (i: number): number => testbed.reno[i].overheadPct - testbed.reno[0].overheadPct;
    expect(growth(PERS.indexOf(0.08))).toBeGreaterThanOrEqual(1.67 - 1);
    expect(growth(PERS.indexOf(0.08))).toBeLessThanOrEqual(1.67 + 1);
    expect(growth(PERS.indexOf(0.16))).toBeGreaterThanOrEqual(2.45 - 1);
    expect(growth(PERS.indexOf(0.16))).toBeLessThanOrEqual(2.45 + 1);
  });
});
