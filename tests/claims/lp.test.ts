/**
 * Paper claims of Martignon & Fratta, "Loss Differentiation Schemes for TCP over Wireless
 * Networks", on the `lp-uncorrelated` preset (Fig. 1 topology: wired S–N link C_SN, wireless N–D
 * link 10 Mb/s with independent (Bernoulli) losses, RTT 100 ms, every queue = the bandwidth-delay
 * product, MSS 1500 bytes, delayed ACKs; 60 s bulk transfers):
 *
 * - §5.1 (Fig. 4a/4b, C_SN = 2 and 5 Mb/s; Fig. 5): "for all packet error rates and at all link
 *   speeds TCP NewReno-LP achieves higher goodput than TCP NewReno"; "for packet error rates
 *   close to zero … practically the same goodput as TCP NewReno"; NewReno-LP "approaches" /
 *   "practically overlaps" the NewReno-Ideal-LP upper bound.
 * - §4 (Fig. 2a/2b; C_SN = 10 Mb/s, τ_SN = 50 ms, with and without the 30 Pareto UDP sources at
 *   R_UDP = 0.5 Mb/s): the Vegas predictor is "very accurate … for the whole range of packet
 *   error rates"; "in all the scenarios we examined, the accuracy … has always been higher than
 *   70%".
 *
 * Method: PER 1e-4, 1e-3, 1e-2, 5e-2, 1e-1 (the paper sweeps 1e-5 … 1e-1); C_SN varied by
 * editing a copy of the preset — the queues follow the bandwidth-delay product (C_SN · 100 ms)
 * and R_UDP = C_SN / 20 (the preset's "half the bottleneck on average" rule); `cross` deleted for
 * the no-cross-traffic runs. Five seeds per point; the same seed gives every variant the same
 * channel and cross traffic (common random numbers). Goodputs are compared as means over the
 * seeds, accuracies pooled over them (correct verdicts / loss events whose truth is congestion or
 * wireless), as the paper averages over "multiple file transfers". NewReno-LP runs with its
 * default predictor (newreno-lp.ts: V_P estimated once per round outside recovery from the
 * round's mean RTT, as ns-2's Vegas does; a loss gets the current state).
 *
 * Tolerances (relative, on the means):
 * - "higher than NewReno": LP ≥ NewReno − 2 %. Where LP seldom judges a loss wireless the two
 *   runs are almost the same trajectory; 2 % allows the divergence one differing early decision
 *   causes in a 60 s goodput. Below that LP would be doing worse than the standard.
 * - "practically the same" at PER → 0: within 5 % (the issue's figure).
 * - "approaches the ideal bound": LP ≥ 90 % of Ideal-LP (the issue's figure).
 * - accuracy ≥ 70 %: the paper's own floor.
 */
import { describe, expect, it } from 'vitest';
import { allOf } from '../../src/experiments/claims.ts';
import { recordFor } from '../../src/experiments/claim-records.ts';
import { claimTest } from '../harness/claims.ts';
import type { FlowResult } from '../../src/engine/results.ts';
import { runScenario } from '../../src/engine/run.ts';
import { bdpPackets } from '../../src/content/presets/common.ts';
import { LP_MSS_BYTES, LP_RTT_MS, LP_WIRED_RATE_BPS } from '../../src/content/presets/lp-common.ts';
import { lpUncorrelated } from '../../src/content/presets/lp-uncorrelated.ts';
import type { Scenario, ScenarioInput } from '../../src/scenario/schema.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';

const PERS = [1e-4, 1e-3, 1e-2, 5e-2, 1e-1];
const SEEDS = [1, 2, 3, 4, 5];

interface Setup {
  cSnBps: number;
  cross: boolean;
}

const label = (s: Setup): string => `C_SN ${s.cSnBps / 1e6} Mb/s, ${s.cross ? 'with' : 'no'} cross traffic`;

function scenario(setup: Setup, per: number, variant: string): Scenario {
  const s = structuredClone(lpUncorrelated.scenario) as ScenarioInput;
  const [wired, wireless] = s.path;
  const queuePackets = bdpPackets(setup.cSnBps, LP_RTT_MS, LP_MSS_BYTES);
  wired.forward.rateBps = setup.cSnBps;
  wired.forward.queue = { kind: 'droptail', limitPackets: queuePackets };
  wireless.forward.queue = { kind: 'droptail', limitPackets: queuePackets };
  wireless.forward.errors = [{ kind: 'bernoulli', per }];
  s.flows[0].variant = variant;
  if (!setup.cross) delete s.cross;
  else for (const c of s.cross ?? []) if (c.kind === 'pareto-onoff') c.rateBps = (c.rateBps ?? 0) * (setup.cSnBps / LP_WIRED_RATE_BPS);
  const r = parseScenario(s);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

const cache = new Map<string, FlowResult[]>();
/** The flow's result for every seed (memoized: several claims read the same runs). */
function runs(setup: Setup, per: number, variant: string): FlowResult[] {
  const key = `${setup.cSnBps}/${setup.cross}/${per}/${variant}`;
  let r = cache.get(key);
  if (r === undefined) {
    const sc = scenario(setup, per, variant);
    r = SEEDS.map((seed) => runScenario(sc, { seed, trace: false }).flows[0]);
    cache.set(key, r);
  }
  return r;
}

const meanGoodputBps = (rs: FlowResult[]): number => rs.reduce((a, f) => a + f.goodputBps, 0) / rs.length;

/** Correct verdicts over events whose truth is congestion or wireless, pooled over the seeds. */
function pooledAccuracy(rs: FlowResult[]): number {
  let correct = 0;
  let judged = 0;
  for (const f of rs) {
    const m = f.classification?.matrix;
    if (!m) throw new Error(`${f.variant} classified no losses`);
    correct += m.congestion.congestion + m.wireless.wireless;
    judged += m.congestion.congestion + m.congestion.wireless + m.wireless.congestion + m.wireless.wireless;
  }
  return correct / judged;
}

/** Fig. 4a, 4b (no cross traffic) and the §3 cross-traffic scenario at both speeds (Fig. 5). */
const GOODPUT_SETUPS: Setup[] = [
  { cSnBps: 2e6, cross: false },
  { cSnBps: 5e6, cross: false },
  { cSnBps: 2e6, cross: true },
  { cSnBps: 5e6, cross: true },
];

describe('NewReno-LP goodput against NewReno (§5.1)', () => {
  for (const setup of GOODPUT_SETUPS) {
    for (const per of PERS) {
      it(`${label(setup)}, PER ${per}: NewReno-LP ≥ NewReno (−2 %)`, () => {
        const lp = meanGoodputBps(runs(setup, per, 'newreno-lp'));
        const nr = meanGoodputBps(runs(setup, per, 'newreno'));
        expect(lp).toBeGreaterThanOrEqual(0.98 * nr);
      });
    }
    it(`${label(setup)}, PER 1e-4 (→ 0): NewReno-LP within 5 % of NewReno`, () => {
      const lp = meanGoodputBps(runs(setup, 1e-4, 'newreno-lp'));
      const nr = meanGoodputBps(runs(setup, 1e-4, 'newreno'));
      expect(Math.abs(lp - nr) / nr).toBeLessThanOrEqual(0.05);
    });
  }
});

const pointKey = (s: Setup, per: number): string => `${s.cSnBps / 1e6}/${s.cross ? 'cross' : 'nocross'}/${per}`;

/**
 * Every point is a claim record (src/experiments/claim-records.ts): reproduced, or not reproduced
 * with the measured figures and the analysis there. A point whose outcome differs from its record
 * fails, in either direction; the thresholds stay the 90 % and the paper's 70 %.
 */
describe('NewReno-LP within 10 % of NewReno-Ideal-LP (§5.1: "approaches this bound")', () => {
  for (const setup of GOODPUT_SETUPS) {
    for (const per of PERS) {
      const record = recordFor(
        `lp/ideal-bound/${pointKey(setup, per)}`,
        'Martignon & Fratta §5.1 (Figs. 4, 5): NewReno-LP "approaches" the Ideal-LP bound',
        `${label(setup)}, PER ${per}: NewReno-LP ≥ 90 % of Ideal-LP (means of 5 seeds)`,
      );
      claimTest(record, () => {
        const lp = meanGoodputBps(runs(setup, per, 'newreno-lp'));
        const ideal = meanGoodputBps(runs(setup, per, 'newreno-ideal-lp'));
        return allOf([{ ok: lp >= 0.9 * ideal, text: `LP ${(lp / 1e6).toFixed(3)} vs Ideal-LP ${(ideal / 1e6).toFixed(3)} Mb/s (${(lp / ideal).toFixed(3)})` }]);
      });
    }
  }
});

describe('Vegas predictor accuracy ≥ 70 % (§4, Fig. 2; "in all the scenarios we examined")', () => {
  const ACCURACY_SETUPS: Setup[] = [
    // §4's own setup: C_SN = C_ND = 10 Mb/s, τ_SN = 50 ms, R_UDP = 0.5 Mb/s
    { cSnBps: 10e6, cross: false },
    { cSnBps: 10e6, cross: true },
    ...GOODPUT_SETUPS,
  ];
  for (const setup of ACCURACY_SETUPS) {
    for (const per of PERS) {
      const record = recordFor(
        `lp/accuracy/${pointKey(setup, per)}`,
        'Martignon & Fratta §4 (Fig. 2): "the accuracy of the Vegas predictor has always been higher than 70%"',
        `${label(setup)}, PER ${per}: pooled accuracy ≥ 70 %`,
      );
      claimTest(record, () => {
        const accuracy = pooledAccuracy(runs(setup, per, 'newreno-lp'));
        return allOf([{ ok: accuracy >= 0.7, text: `accuracy ${(100 * accuracy).toFixed(1)} %` }]);
      });
    }
  }
});
