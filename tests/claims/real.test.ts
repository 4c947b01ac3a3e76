/**
 * TCP-Real's paper claims (Zhang & Tsaoussidis 2001, §4, Tables 1, 3, 4 and Figure 10) on the
 * TCP-Real presets (15 ms one way, 2 Mb/s, window ≤ 48 segments; see real-common.ts), each
 * variant on the same channel (the error model depends on time and seed only), means over seeds.
 *
 * Claims as the paper states them, tolerances:
 * - §4.1 / Table 1: with ON/OFF errors (1 s / 1 s) TCP-Real's goodput is at least Reno's and
 *   Tahoe's. The paper's margins over the better of the two at PER 5, 10, 20 % during ON are
 *   +7 %, −1 % (Tahoe) and +43 %; we assert "at least" on the means over seeds 1–5, no slack.
 * - §4.2 / Table 4: the playback application (5 KB every 40 ms) succeeds at least as often
 *   with TCP-Real as with Reno at PER ≥ 5 % (paper: +3.3, +5.0, +7.9 points); same runs, no slack.
 * - §4.1 / Table 3: with handoffs (5 s connected / 0.5 s at PER 0.99, 50 MB) TCP-Real's goodput
 *   is 1.77 × Reno's; we assert the ≥ 1.5 × the issue asks for, on three seeds.
 * - §4.4: with a token bucket (20 tokens per 30 ms, depth 20 KB) and 20 % PER during ON,
 *   TCP-Real consumes 11.12 tokens per RTT against Reno's 5.82 (1.9 ×); we assert ≥ 1.5 × on seeds 1–5.
 */
import { describe, expect, it } from 'vitest';
import { allOf } from '../../src/experiments/claims.ts';
import { claimRecord } from '../../src/experiments/claim-records.ts';
import { claimTest } from '../harness/claims.ts';
import { runScenario } from '../../src/engine/run.ts';
import type { FlowResult } from '../../src/engine/results.ts';
import { onOffErrors, PAPER_5MB_BYTES } from '../../src/content/presets/common.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { realHandoff } from '../../src/content/presets/real-handoff.ts';
import { realLinkErrors } from '../../src/content/presets/real-link-errors.ts';
import { realTokenBucket } from '../../src/content/presets/real-token-bucket.ts';
import type { ScenarioInput } from '../../src/scenario/schema.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';

const SEEDS = [1, 2, 3, 4, 5];
/** 50 MB runs are the slow ones: the three seeds "several seeds" asks for. */
const HANDOFF_SEEDS = [1, 2, 3];

/** Flow 0's result for a copy of `input` with the variant and edits applied, on each seed. */
function runAll(input: ScenarioInput, variant: string, seeds: number[], edit: (s: ScenarioInput) => void = () => {}): FlowResult[] {
  const copy = structuredClone(input);
  copy.flows[0].variant = variant;
  edit(copy);
  const parsed = parseScenario(copy);
  if (!parsed.ok) throw new Error(formatErrors(parsed.errors));
  return seeds.map((seed) => runScenario(parsed.scenario, { seed, trace: false }).flows[0]);
}

function mean(results: FlowResult[], pick: (f: FlowResult) => number | null): number {
  return results.reduce((sum, f) => sum + (pick(f) ?? Number.NaN), 0) / results.length;
}

/** 5 MB with the ON/OFF channel at `per` during ON, long enough for every variant to finish. */
function linkErrors(per: number) {
  return (s: ScenarioInput) => {
    s.path[0].forward.errors = [onOffErrors(per)];
    s.flows[0].bytes = PAPER_5MB_BYTES;
    s.durationS = 400;
  };
}

describe('TCP-Real claims: link errors (Table 1, Table 4)', () => {
  for (const per of [0.05, 0.1, 0.2]) {
    it(`real goodput ≥ Reno's and Tahoe's, playback success ≥ Reno's, at ${per * 100} % PER during ON`, () => {
      const [real, reno, tahoe] = ['real', 'reno', 'tahoe'].map((v) => runAll(realLinkErrors.scenario, v, SEEDS, linkErrors(per)));
      for (const f of [...real, ...reno, ...tahoe]) expect(f.completionTimeS).not.toBeNull();
      const goodput = (rs: FlowResult[]) => mean(rs, (f) => f.goodputBps);
      expect(goodput(real)).toBeGreaterThanOrEqual(goodput(reno));
      expect(goodput(real)).toBeGreaterThanOrEqual(goodput(tahoe));
      const success = (rs: FlowResult[]) => mean(rs, (f) => f.appSuccessPct);
      expect(success(real)).toBeGreaterThanOrEqual(success(reno));
    });
  }
});

describe('TCP-Real claims: token bucket (§4.4)', () => {
  it('real consumes ≥ 1.5 × the tokens per RTT Reno does at 20 % PER during ON', () => {
    const [real, reno] = ['real', 'reno'].map((v) => runAll(realTokenBucket.scenario, v, SEEDS));
    expect(mean(real, (f) => f.tokensPerRtt)).toBeGreaterThanOrEqual(1.5 * mean(reno, (f) => f.tokensPerRtt));
  });
});

/**
 * A congested path: lp-uncorrelated (NewReno-LP §3: 2 Mb/s shared with 30 Pareto UDP sources,
 * 17-packet queues, PER 1 % on the wireless hop). TCP-Real is not built for it, but it must not
 * collapse: at least half of Reno's goodput (the bar), means over seeds 1–5.
 */
describe('TCP-Real on a congested path (lp-uncorrelated)', () => {
  it("real goodput ≥ half of Reno's", () => {
    const [real, reno] = ['real', 'reno'].map((v) => runAll(getPreset('lp-uncorrelated')!.scenario, v, SEEDS));
    expect(mean(real, (f) => f.goodputBps)).toBeGreaterThanOrEqual(0.5 * mean(reno, (f) => f.goodputBps));
  });
});

/** Not reproduced: the measured figures and the analysis are in the claim record. */
describe('TCP-Real claims: handoff (Table 3)', () => {
  claimTest(claimRecord('real/handoff-1.5x'), () => {
    const fiftyMb = (s: ScenarioInput) => {
      s.flows[0].bytes = 50 * 1024 * 1024;
      s.durationS = 1000;
    };
    const [real, reno] = ['real', 'reno'].map((v) => runAll(realHandoff.scenario, v, HANDOFF_SEEDS, fiftyMb));
    for (const f of [...real, ...reno]) if (f.completionTimeS === null) throw new Error(`${f.variant} did not finish the 50 MB transfer`);
    const [g, r] = [mean(real, (f) => f.goodputBps), mean(reno, (f) => f.goodputBps)];
    return allOf([{ ok: g >= 1.5 * r, text: `Real ${(g / 1e6).toFixed(3)} vs Reno ${(r / 1e6).toFixed(3)} Mb/s (${(g / r).toFixed(2)} ×)` }]);
  });
});
