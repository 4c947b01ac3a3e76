import { describe, expect, it } from 'vitest';
import { getPreset } from '../../src/scenarios/presets/index.ts';
import { parseScenario } from '../../src/scenarios/validate.ts';
import type { Scenario } from '../../src/scenarios/schema.ts';
import { applyControls, controlsFrom, parseSeed, snapRate } from '../../src/ui/state/controls.ts';
import { describeScenario } from '../../src/ui/format.ts';

function reference(): Scenario {
  const parsed = parseScenario(getPreset('reference-2mbps')?.scenario);
  if (!parsed.ok) throw new Error('reference-2mbps does not validate');
  return parsed.scenario;
}

describe('ui controls', () => {
  it('reads variant, bottleneck rate and seed from a scenario', () => {
    expect(controlsFrom(reference())).toEqual({ variant: 'newreno', rateMbps: 2, seed: 1 });
  });

  it('applyControls edits a copy: bottleneck forward rate, every flow variant, seed', () => {
    const base = reference();
    const edited = applyControls(base, { variant: 'reno', rateMbps: 5.3, seed: 7 });
    expect(edited.path[0].forward.rateBps).toBe(5_300_000);
    expect(edited.flows.every((f) => f.variant === 'reno')).toBe(true);
    expect(edited.seed).toBe(7);
    expect(base.path[0].forward.rateBps).toBe(2e6);
    expect(base.flows[0].variant).toBe('newreno');
    expect(parseScenario(edited).ok).toBe(true);
  });

  it('snapRate keeps the slider grid and range', () => {
    expect(snapRate(1.9000000000000001)).toBeCloseTo(1.9, 12);
    expect(snapRate(0.1)).toBe(0.5);
    expect(snapRate(42)).toBe(10);
  });

  it('parseSeed accepts whole numbers in range only', () => {
    expect(parseSeed(' 42 ')).toEqual({ ok: true, seed: 42 });
    expect(parseSeed('0')).toEqual({ ok: true, seed: 0 });
    expect(parseSeed('-1').ok).toBe(false);
    expect(parseSeed('1.5').ok).toBe(false);
    expect(parseSeed('').ok).toBe(false);
    expect(parseSeed('4294967296').ok).toBe(false);
  });
});

describe('ui describeScenario', () => {
  it('says what runs now, not what the preset said', () => {
    const s = applyControls(reference(), { variant: 'tahoe', rateMbps: 1.5, seed: 1 });
    expect(describeScenario(s)).toBe('1 Tahoe flow through a 1.5 Mb/s, 49 ms link with a 25-packet queue, 100 s');
  });
});
