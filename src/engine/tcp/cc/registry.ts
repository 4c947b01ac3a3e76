/**
 * Variant registry: name → implementation, joined with the variant's catalogue entry
 * (src/catalogue/variants.ts, what the UI and the schema know without loading the engine).
 * Rejects duplicates, plug-ins missing a required hook and names the catalogue does not know;
 * at load it checks that every catalogue entry has an implementation.
 */
import { variantInfo, VARIANTS, type VariantInfo } from '../../../catalogue/variants.ts';
import { bbr } from './bbr/index.ts';
import { cubic } from './cubic.ts';
import { dctcp } from './dctcp.ts';
import { prague } from './prague.ts';
import { jersey } from './jersey.ts';
import { newJersey } from './new-jersey.ts';
import { newrenoIdealLp } from './newreno-ideal-lp.ts';
import { newrenoLp } from './newreno-lp.ts';
import { newreno } from './newreno.ts';
import { probingTahoe } from './probing-tahoe.ts';
import { probing } from './probing.ts';
import { real } from './real.ts';
import { reno } from './reno.ts';
import { sack } from './sack.ts';
import { tahoe } from './tahoe.ts';
import { tibet } from './tibet.ts';
import { vegas } from './vegas.ts';
import { veno } from './veno.ts';
import { westwoodPlus } from './westwood-plus.ts';
import { westwood } from './westwood.ts';
import type { CcPlugin } from './types.ts';

/** A registered variant: its implementation and its catalogue entry. */
export type Variant = CcPlugin & VariantInfo;

const REQUIRED_HOOKS = ['congAvoid', 'ssthresh'] as const;

const registry = new Map<string, Variant>();

/**
 * Register an implementation. `info` defaults to the catalogue entry of its name; tests that
 * register tuned copies of a variant pass one (e.g. the original's entry under the new name).
 */
export function registerVariant(plugin: CcPlugin, info: VariantInfo | undefined = variantInfo(plugin.name)): void {
  if (registry.has(plugin.name)) throw new Error(`variant "${plugin.name}" is already registered`);
  if (info === undefined || info.name !== plugin.name) throw new Error(`variant "${plugin.name}" has no catalogue entry`);
  const instance = plugin.create();
  const missing = REQUIRED_HOOKS.filter((h) => typeof instance[h] !== 'function');
  if (missing.length > 0) throw new Error(`variant "${plugin.name}" is missing required hook(s): ${missing.join(', ')}`);
  registry.set(plugin.name, { ...info, ...plugin });
}

export function getVariant(name: string): Variant {
  const p = registry.get(name);
  if (!p) throw new Error(`unknown variant "${name}"; one of ${variantNames().join(', ')}`);
  return p;
}

/** Every registered name (the catalogue's, plus any a test registered). */
export function variantNames(): string[] {
  return [...registry.keys()];
}

for (const plugin of [tahoe, reno, newreno, sack, vegas, veno, newrenoLp, newrenoIdealLp, westwoodPlus, westwood, tibet, jersey, newJersey, real, probing, probingTahoe, cubic, dctcp, prague, bbr]) {
  registerVariant(plugin);
}
const unimplemented = VARIANTS.filter((v) => !registry.has(v.name)).map((v) => v.name);
if (unimplemented.length > 0) throw new Error(`catalogue variants without an implementation: ${unimplemented.join(', ')}`);
