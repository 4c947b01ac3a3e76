/**
 * Paper claims for the Ack Regulator (Chan & Ramjee, "TCP/IP Performance over 3G Wireless Links
 * with Rate and Delay Variation", MobiCom 2002): "a network-based solution called Ack Regulator
 * that mitigates the effect of variable rate and/or delay without significantly increasing the
 * round trip time, while improving TCP performance" (abstract); "any solution that improves TCP
 * performance must reduce the occurrence of multiple packet losses, p2 and p3" (§4, end).
 *
 * Setup: the `3g-ack-regulator` preset — Table 1 case 9, rate u(200, 75) kb/s, delay
 * 300 + e(100) ms, buffer 10, 1000-byte packets — run for 3600 s as the paper's Table 1 runs,
 * on seeds 1, 2, 3, with the regulator in each mode and without it; with the preset's NewReno
 * and with Reno, the variant the paper's model analyses (§4).
 *
 * p1, p2, p3 as §4 defines them (shares of loss events with one, two, three or more losses),
 * from the drop trace by `lossEvents`: congestion drops of the flow grouped into events of one
 * mean RTT from their first drop (the run's own mean RTT, so the regulator's slightly longer RTT
 * groups its drops more generously — against the claim, not for it).
 *
 * Tolerances: goodput and the multi-loss share are compared per seed with strict inequalities
 * (the paper claims an improvement, not a size — its "up to 40 %" is a best case over its
 * setups); the RTT bound of +10 % is our reading of "without significantly increasing the round
 * trip time", set by the issue.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run.ts';
import { lossEvents } from '../../src/engine/metrics-loss-events.ts';
import { threeGAckRegulator } from '../../src/content/presets/3g-ack-regulator.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';
import type { Scenario, ScenarioInput } from '../../src/scenario/schema.ts';

const SEEDS = [1, 2, 3];
/** Table 1: "The simulation is run for 3600 seconds." */
const DURATION_S = 3600;
const MODES = ['non-conservative', 'conservative'] as const;
const VARIANTS = ['newreno', 'reno'] as const;
type Setting = (typeof MODES)[number] | 'none';
type Variant = (typeof VARIANTS)[number];

function scenario(setting: Setting, variant: Variant = 'newreno'): Scenario {
  const input = structuredClone(threeGAckRegulator.scenario) as ScenarioInput;
  input.durationS = DURATION_S;
  input.flows[0].variant = variant;
  input.path[0].ackRegulator = setting === 'none' ? null : { mode: setting };
  const r = parseScenario(input);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

interface Measured {
  goodputBps: number;
  meanRttMs: number;
  /** p2 + p3: the share of loss events with more than one loss. */
  multiShare: number;
  events: number;
}

const cache = new Map<string, Measured>();
function measure(variant: Variant, setting: Setting, seed: number): Measured {
  const key = `${variant}/${setting}/${seed}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const res = runScenario(scenario(setting, variant), { seed, trace: ['drop'] });
  const f = res.flows[0];
  if (f.meanRttMs === null) throw new Error('no RTT samples');
  const ev = lossEvents(res.trace.drop, { flow: 0, windowNs: f.meanRttMs * 1e6 });
  const m = { goodputBps: f.goodputBps, meanRttMs: f.meanRttMs, multiShare: ev.p2 + ev.p3, events: ev.events };
  cache.set(key, m);
  return m;
}

describe('3G Ack Regulator setup', () => {
  it('is Table 1 case 9 with the regulator at the RNC', () => {
    const s = scenario('non-conservative');
    const w = s.path[0];
    expect(w.forward).toMatchObject({ rateBps: 200e3, rateSdBps: 75e3, extraDelayMeanMs: 100 }); // u(200, 75), e(100)
    // τ = 300 ms constant round-trip propagation, as the 3g-variation preset splits it.
    const constRttMs = 2 * (w.forward.delayMs + s.flows[0].access.forward.delayMs);
    expect(constRttMs).toBeCloseTo(300, 9);
    expect(w.reverse.delayMs).toBe(w.forward.delayMs);
    expect(w.forward.queue.limitPackets).toBe(10); // "a buffer of 10"
    expect(s.flows[0].tcp.mssBytes).toBe(1000); // "a packet size of 1000 bytes"
    expect(w.ackRegulator?.mode).toBe('non-conservative');
  });

  it.each(VARIANTS)('%s without the regulator: multiple losses are common (paper, case 9: p2 + p3 = 1 − 0.404)', (variant) => {
    // A precondition, so the comparison below is not vacuous: at least half the paper's share.
    for (const seed of SEEDS) {
      const base = measure(variant, 'none', seed);
      expect(base.events).toBeGreaterThan(100);
      expect(base.multiShare).toBeGreaterThan((1 - 0.404) / 2);
    }
  });
});

const CASES = VARIANTS.flatMap((variant) => MODES.map((mode) => [variant, mode] as const));

describe.each(CASES)('%s with the Ack Regulator (%s) on 3G rate and delay variation', (variant, mode) => {
  const seeds = (f: (withReg: Measured, without: Measured, seed: number) => void): void => {
    for (const seed of SEEDS) f(measure(variant, mode, seed), measure(variant, 'none', seed), seed);
  };

  it('raises goodput on every seed', () => {
    seeds((w, wo, seed) => expect(w.goodputBps, `seed ${seed}`).toBeGreaterThan(wo.goodputBps));
  });

  it('lowers the share of multiple-loss events p2 + p3 on every seed', () => {
    seeds((w, wo, seed) => expect(w.multiShare, `seed ${seed}`).toBeLessThan(wo.multiShare));
  });

  it('raises the mean RTT by at most 10 %', () => {
    seeds((w, wo, seed) => expect(w.meanRttMs, `seed ${seed}`).toBeLessThanOrEqual(1.1 * wo.meanRttMs));
  });
});
