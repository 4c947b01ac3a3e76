import { describe, expect, it } from 'vitest';
import { getPreset, presetNames, PRESETS } from '../../src/scenarios/presets/index.ts';
import { formatErrors, parseScenario } from '../../src/scenarios/validate.ts';
import type { Scenario } from '../../src/scenarios/schema.ts';

function parsed(name: string): Scenario {
  const p = getPreset(name);
  if (!p) throw new Error(`no preset ${name}`);
  const r = parseScenario(p.scenario);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

describe('presets', () => {
  it.each(PRESETS.map((p) => p.name))('%s validates', (name) => {
    const p = getPreset(name);
    const r = parseScenario(p?.scenario);
    expect(r.ok ? '' : formatErrors(r.errors)).toBe('');
  });

  it('have unique kebab-case names, a group and a one-line description', () => {
    expect(new Set(presetNames()).size).toBe(PRESETS.length);
    for (const p of PRESETS) {
      expect(p.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.group.length).toBeGreaterThan(0);
      expect(p.description.length).toBeGreaterThan(10);
      expect(p.description).not.toContain('\n');
    }
  });

  it('include the reference presets', () => {
    expect(presetNames()).toEqual(expect.arrayContaining(['reference-2mbps', 'fairness-5flows', 'lossy-10mbps']));
  });

  it('getPreset returns a copy, so callers cannot edit the catalogue', () => {
    const a = getPreset('reference-2mbps');
    (a?.scenario as { durationS: number }).durationS = 1;
    expect(getPreset('reference-2mbps')?.scenario.durationS).toBe(100);
    expect(getPreset('no-such-preset')).toBeUndefined();
  });
});

// These scenarios are compared with other simulators: their meaning must not drift.
describe('reference preset contents', () => {
  const referenceTcp = { mssBytes: 1000, initialCwndSegments: 2, sack: false, timestamps: true, delayedAck: false };

  it('reference-2mbps', () => {
    const s = parsed('reference-2mbps');
    expect(s.durationS).toBe(100);
    expect(s.path).toHaveLength(1);
    const b = s.path[0];
    expect(b.forward).toEqual({ rateBps: 2e6, delayMs: 49, queue: { kind: 'droptail', limitPackets: 25, limitBytes: null }, errors: [], rateSdBps: 0, rateSlotMs: null, extraDelayMeanMs: 0 });
    expect(b.reverse).toEqual(b.forward);
    expect(s.flows).toHaveLength(1);
    const f = s.flows[0];
    expect(f).toMatchObject({ variant: 'newreno', startS: 0, bytes: null, tcp: referenceTcp });
    expect(f.access.forward).toMatchObject({ rateBps: 100e6, delayMs: 1, errors: [] });
    expect(f.access.reverse).toEqual(f.access.forward);
  });

  it('fairness-5flows', () => {
    const s = parsed('fairness-5flows');
    expect(s.durationS).toBe(100);
    expect(s.path).toHaveLength(1);
    expect(s.path[0].forward).toMatchObject({ rateBps: 10e6, delayMs: 49, queue: { kind: 'droptail', limitPackets: 125 }, errors: [] });
    expect(s.path[0].reverse).toEqual(s.path[0].forward);
    expect(s.flows).toHaveLength(5);
    for (const f of s.flows) {
      expect(f).toMatchObject({ variant: 'newreno', startS: 0, bytes: null, tcp: referenceTcp });
      expect(f.access.forward).toMatchObject({ rateBps: 100e6, delayMs: 1, errors: [] });
    }
    expect(new Set(s.flows.map((f) => f.access.id)).size).toBe(5);
  });

  it('lossy-10mbps', () => {
    const s = parsed('lossy-10mbps');
    expect(s.durationS).toBe(100);
    const b = s.path[0];
    expect(b.forward).toMatchObject({ rateBps: 10e6, delayMs: 49, queue: { limitPackets: 1000 }, errors: [{ kind: 'bernoulli', per: 0.01 }] });
    expect(b.reverse.errors).toEqual([]);
    expect(s.flows).toHaveLength(1);
    expect(s.flows[0]).toMatchObject({ variant: 'newreno', tcp: { mssBytes: 1000, delayedAck: false } });
    expect(s.flows[0].access.forward).toMatchObject({ rateBps: 100e6, delayMs: 1, errors: [] });
  });
});
