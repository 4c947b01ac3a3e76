/** Variant registry: name → plug-in. Rejects duplicates and plug-ins missing a required hook. */
import { bbr } from './bbr/index.ts';
import { cubic } from './cubic.ts';
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

const REQUIRED_HOOKS = ['congAvoid', 'ssthresh'] as const;

const registry = new Map<string, CcPlugin>();

export function registerVariant(plugin: CcPlugin): void {
  if (registry.has(plugin.name)) throw new Error(`variant "${plugin.name}" is already registered`);
  const instance = plugin.create();
  const missing = REQUIRED_HOOKS.filter((h) => typeof instance[h] !== 'function');
  if (missing.length > 0) throw new Error(`variant "${plugin.name}" is missing required hook(s): ${missing.join(', ')}`);
  registry.set(plugin.name, plugin);
}

export function getVariant(name: string): CcPlugin {
  const p = registry.get(name);
  if (!p) throw new Error(`unknown variant "${name}"; one of ${variantNames().join(', ')}`);
  return p;
}

export function variantNames(): string[] {
  return [...registry.keys()];
}

export function listVariants(): { name: string; description: string }[] {
  return [...registry.values()].map((p) => ({ name: p.name, description: p.description }));
}

// Menu order: classic, then each family as algorithms.md groups them. One line per variant.
registerVariant(tahoe);
registerVariant(reno);
registerVariant(newreno);
registerVariant(sack);
registerVariant(vegas);
registerVariant(veno);
registerVariant(newrenoLp);
registerVariant(newrenoIdealLp);
registerVariant(westwoodPlus);
registerVariant(westwood);
registerVariant(tibet);
registerVariant(jersey);
registerVariant(newJersey);
registerVariant(real);
registerVariant(probing);
registerVariant(probingTahoe);
registerVariant(cubic);
registerVariant(bbr);
