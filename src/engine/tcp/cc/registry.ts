/**
 * Variant registry: name → implementation, joined with the variant's catalogue entry
 * (src/catalogue/variants.ts, what the UI and the schema know without loading the engine).
 * Rejects duplicates, plug-ins missing a required hook and names the catalogue does not know.
 * The implementations live in the process's module set (../../modules.ts): Node's entry points
 * register every variant (../../all.ts, which also checks that the catalogue is implemented
 * in full); the browser's worker registers each as it loads it.
 */
import type { VariantInfo } from '../../../catalogue/variants.ts';
// Node's API: whoever asks for variants by name here gets all of them (the worker does not import this file).
import '../../all.ts';
import { ENGINE_MODULES, type Variant } from '../../modules.ts';
import type { CcPlugin } from './types.ts';

export type { Variant } from '../../modules.ts';

/**
 * Register an implementation. `info` defaults to the catalogue entry of its name; tests that
 * register tuned copies of a variant pass one (e.g. the original's entry under the new name).
 */
export function registerVariant(plugin: CcPlugin, info?: VariantInfo): void {
  ENGINE_MODULES.registerVariant(plugin, info);
}

export function getVariant(name: string): Variant {
  return ENGINE_MODULES.variant(name);
}

/** Every registered name (the catalogue's, plus any a test registered). */
export function variantNames(): string[] {
  return ENGINE_MODULES.variantNames();
}
