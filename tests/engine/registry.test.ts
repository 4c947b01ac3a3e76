/** Variant registry: name → implementation joined with its catalogue entry; duplicates, incomplete plug-ins and uncatalogued names rejected. */
import { describe, expect, it } from 'vitest';
import { variantInfo, variantNames as catalogueNames, type VariantInfo } from '../../src/catalogue/variants.ts';
import { getVariant, registerVariant, variantNames } from '../../src/engine/tcp/cc/registry.ts';
import type { CcPlugin, CongestionControl } from '../../src/engine/tcp/cc/types.ts';
import { tahoe } from '../../src/engine/tcp/cc/tahoe.ts';

describe('registry', () => {
  it('registry implements exactly the catalogue, in its order, and carries its entries', () => {
    expect(variantNames().slice(0, catalogueNames().length)).toEqual(catalogueNames());
    expect(getVariant('newreno').name).toBe('newreno');
    expect(getVariant('sack').needsSack).toBe(true);
    expect(getVariant('tahoe').defaultRecovery).toBe('tahoe');
  });

  it('registry rejects a duplicate name', () => {
    expect(() => registerVariant({ ...tahoe })).toThrow(new Error('variant "tahoe" is already registered'));
  });

  it('registry rejects a name the catalogue does not know', () => {
    expect(() => registerVariant({ name: 'tcp-hybla', create: tahoe.create })).toThrow(new Error('variant "tcp-hybla" has no catalogue entry'));
  });

  it('registry rejects a plug-in missing required hooks, naming them', () => {
    // The old interface's growth hook is no longer the window algorithm's: congAvoid is missing.
    const partial = { onAck() {}, ssthresh: () => 0 } as unknown as CongestionControl;
    const broken: CcPlugin = { name: 'broken-test-variant', create: () => partial };
    expect(() => registerVariant(broken, { ...(variantInfo('newreno') as VariantInfo), name: 'broken-test-variant' })).toThrow(
      new Error('variant "broken-test-variant" is missing required hook(s): congAvoid'),
    );
    expect(variantNames()).not.toContain('broken-test-variant');
  });

  it('registry rejects an unknown name', () => {
    expect(() => getVariant('no-such-variant')).toThrow(/unknown variant "no-such-variant"/);
  });
});
