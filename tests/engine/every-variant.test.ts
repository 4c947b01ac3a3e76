/**
 * Every registered variant, on a few paths that exercise its hooks (a clean bottleneck, a lossy
 * wireless hop with bursty cross traffic and a variable rate, a congestion-warning queue with
 * ECN-style marks, a token bucket behind a handoff): every invariant holds, and the same
 * scenario and seed give a byte-identical trace (determinism); on the paths with random
 * elements a different seed gives a different one (the clean and warning paths have none).
 * A variant's declared estimates are traced, and each key names its unit as the units in
 * names rule says (the UI takes the unit from the declaration, not from the name).
 */
import { describe, expect, it } from 'vitest';
import { getVariant, variantNames } from '../../src/engine/tcp/cc/registry.ts';
import type { EstimateUnit } from '../../src/engine/tcp/cc/types.ts';
import type { Scenario, ScenarioInput } from '../../src/scenario/schema.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';
import { checkedRun, violations } from '../harness/invariants.ts';

const tcp = { mssBytes: 1000, delayedAck: true, timestamps: true, rwndSegments: 64 };

function parsed(input: ScenarioInput): Scenario {
  const r = parseScenario(input);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

function paths(variant: string): Record<string, Scenario> {
  const flow = (id: string, extra: object = {}) => ({ id, variant, access: { id: `access-${id}`, forward: { rateBps: 100e6, delayMs: 1 } }, tcp, ...extra });
  return {
    clean: parsed({
      version: 4,
      name: 'clean',
      durationS: 8,
      seed: 3,
      path: [{ id: 'b', forward: { rateBps: 2e6, delayMs: 40, queue: { kind: 'droptail', limitPackets: 20 } } }],
      flows: [flow('f1'), flow('f2', { startS: 1 })],
    }),
    wireless: parsed({
      version: 4,
      name: 'wireless',
      durationS: 8,
      seed: 3,
      path: [
        { id: 'wired', forward: { rateBps: 3e6, delayMs: 30, queue: { kind: 'droptail', limitPackets: 15 } } },
        {
          id: 'radio',
          forward: {
            rateBps: 2e6,
            delayMs: 5,
            rateSdBps: 3e5,
            queue: { kind: 'droptail', limitPackets: 10 },
            errors: [{ kind: 'gilbert-elliott', meanGoodS: 0.8, meanBadS: 0.06, perGood: 0.002, perBad: 0.3 }],
          },
          reverse: { rateBps: 2e6, delayMs: 5, errors: [{ kind: 'bernoulli', per: 0.01 }] },
        },
      ],
      flows: [flow('f1')],
      cross: [{ id: 'udp', kind: 'pareto-onoff', fromLink: 0, toLink: 0, sources: 5, rateBps: 3e5, packetBytes: 1000 }],
    }),
    warning: parsed({
      version: 4,
      name: 'warning',
      durationS: 8,
      seed: 3,
      path: [{ id: 'b', forward: { rateBps: 1.5e6, delayMs: 40, queue: { kind: 'cw', limitPackets: 30 } } }],
      flows: [flow('f1', { tcp: { ...tcp, ecn: true } })],
    }),
    bucketHandoff: parsed({
      version: 4,
      name: 'bucket',
      durationS: 8,
      seed: 3,
      path: [
        {
          id: 'b',
          forward: {
            rateBps: 2e6,
            delayMs: 15,
            queue: { kind: 'droptail', limitPackets: 30 },
            errors: [{ kind: 'gilbert-elliott', meanGoodS: 1.5, meanBadS: 0.5, perGood: 0, perBad: 0.99, badState: 'off' }],
          },
        },
      ],
      flows: [flow('f1', { bytes: 2_000_000, tokenBucket: { tokensPerInterval: 20, intervalMs: 30, depthTokens: 20 } })],
    }),
  };
}

const RANDOM_PATHS = ['wireless', 'bucketHandoff'];

describe.each(variantNames())('variant %s', (variant) => {
  it.each(Object.keys(paths(variant)))('keeps every invariant and is deterministic on the %s path', (name) => {
    const s = paths(variant)[name];
    const a = checkedRun(s);
    expect(violations(a)).toEqual([]);
    expect(a.result.flows[0].bytesDelivered).toBeGreaterThan(0);
    expect(checkedRun(s).hash).toBe(a.hash);
    if (RANDOM_PATHS.includes(name)) expect(checkedRun(s, s.seed + 1).hash).not.toBe(a.hash);
  });
});

/** The suffix a key in that unit ends with (units in names: bweBps, diffSegments, kS). */
const SUFFIX: Record<EstimateUnit, string> = { 'bit/s': 'Bps', segments: 'Segments', ms: 'Ms', s: 'S', gain: 'Gain', level: 'Level' };

describe.each(variantNames().filter((v) => (getVariant(v).create().estimates?.length ?? 0) > 0))('variant %s estimates', (variant) => {
  it('are traced under their index, with distinct keys that end in their unit', () => {
    const estimates = getVariant(variant).create().estimates ?? [];
    expect(new Set(estimates.map((e) => e.key)).size).toBe(estimates.length);
    for (const e of estimates) expect(e.key.endsWith(SUFFIX[e.unit]) && e.key.length > SUFFIX[e.unit].length, `${e.key} in ${e.unit}`).toBe(true);
    for (const name of RANDOM_PATHS) {
      const run = checkedRun(paths(variant)[name]);
      const rows = run.trace.estimate;
      expect(rows.tNs.length, `${name}: estimate rows`).toBeGreaterThan(0);
      expect(run.result.flows[0].estimates).toEqual(estimates.map(({ key, label, unit }) => ({ key, label, unit })));
      for (const k of rows.key) expect(k).toBeLessThan(estimates.length);
    }
  });
});
