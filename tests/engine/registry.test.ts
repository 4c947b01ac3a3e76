/** Variant registry: name → plug-in, duplicates and incomplete plug-ins rejected. */
import { describe, expect, it } from 'vitest';
import { getVariant, registerVariant, variantNames } from '../../src/engine/tcp/cc/registry.ts';
import type { CcPlugin, CongestionControl } from '../../src/engine/tcp/cc/types.ts';
import { tahoe } from '../../src/engine/tcp/cc/tahoe.ts';

describe('registry', () => {
  it('registry lists the classic variants', () => {
    expect(variantNames()).toEqual(expect.arrayContaining(['tahoe', 'reno', 'newreno', 'sack']));
    expect(getVariant('newreno').name).toBe('newreno');
    expect(getVariant('sack').needsSack).toBe(true);
  });

  it('registry rejects a duplicate name', () => {
    expect(() => registerVariant({ ...tahoe, description: 'another Tahoe' })).toThrow(
      new Error('variant "tahoe" is already registered'),
    );
  });

  it('registry rejects a plug-in missing required hooks, naming them', () => {
    // The old interface's growth hook is no longer the window algorithm's: congAvoid is missing.
    const partial = { onAck() {}, ssthresh: () => 0 } as unknown as CongestionControl;
    const broken: CcPlugin = { name: 'broken-test-variant', description: '', needsSack: false, defaultRecovery: 'newreno', create: () => partial };
    expect(() => registerVariant(broken)).toThrow(
      new Error('variant "broken-test-variant" is missing required hook(s): congAvoid'),
    );
    expect(variantNames()).not.toContain('broken-test-variant');
  });

  it('registry rejects an unknown name', () => {
    expect(() => getVariant('no-such-variant')).toThrow(/unknown variant "no-such-variant"/);
  });
});
