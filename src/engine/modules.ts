/**
 * The engine's optional modules: the variants, the delay-based AQMs, the Ack Regulator, error
 * models, cross traffic, the applications, timed changes and the SACK recoveries, each found by
 * id in a set when a scenario is built. Node's entry points fill the process's set with every
 * module at import (./all.ts), so their API stays synchronous; the browser's simulation worker
 * carries only what the first visit's scenario needs and loads the rest with `prepareModules`
 * (./loaders.ts, which also says what a scenario needs) before it builds. Lookups go by id only, never by the order modules arrived, so
 * what is loaded when cannot change a trace: a build either finds the module it needs or throws.
 */
import { variantInfo, VARIANTS, type VariantInfo } from '../catalogue/variants.ts';
import type { CcPlugin } from './tcp/cc/types.ts';

/**
 * What each optional module provides (type-only imports: nothing is loaded by naming them here).
 * The builders that read the build's own types (`changes`, `cross`, `errors`) are added where
 * they are used (./build.ts), so that no import circle runs through this file.
 */
export interface OptionalModules {
  red: typeof import('./net/red.ts');
  aqm: typeof import('./build/aqm.ts');
  'ack-regulator': typeof import('./net/ack-regulator.ts');
  'token-bucket': typeof import('./app/token-bucket.ts');
  playback: typeof import('./app/playback.ts');
  'sack-recovery': typeof import('./tcp/recovery/sack.ts');
}
export type OptionalModuleId = keyof OptionalModules;

/** A module as `prepareModules` and error messages name it: an optional module, or `variant:<name>`. */
export type ModuleId = OptionalModuleId | `variant:${string}`;

/** What a module is, in words, for messages ("the CUBIC variant", "the delay-based AQMs"). */
const MODULE_WORDS: Record<OptionalModuleId, string> = {
  red: 'the RED and congestion-warning queues',
  aqm: 'the delay-based AQMs (CoDel, FQ-CoDel, PIE, DualPI2)',
  'ack-regulator': 'the Ack Regulator',
  errors: 'the error models',
  cross: 'the cross-traffic generators',
  changes: 'the timed changes',
  'token-bucket': 'the token bucket',
  playback: 'the playback application',
  'sack-recovery': 'the SACK loss recoveries',
};

export function describeModule(id: ModuleId): string {
  if (id.startsWith('variant:')) {
    const name = id.slice('variant:'.length);
    return `the ${variantInfo(name)?.label ?? name} variant`;
  }
  return MODULE_WORDS[id as OptionalModuleId];
}

/** A registered variant: its implementation and its catalogue entry. */
export type Variant = CcPlugin & VariantInfo;

const REQUIRED_HOOKS = ['congAvoid', 'ssthresh'] as const;

/** Thrown by a build that needs a module its set does not hold. */
export class ModuleNotLoadedError extends Error {
  constructor(readonly id: ModuleId) {
    super(`${describeModule(id)} (engine module "${id}") is not loaded: prepare the scenario's modules before building it`);
    this.name = 'ModuleNotLoadedError';
  }
}

/** A set of loaded modules, looked up by id. */
export class EngineModules {
  private readonly optional = new Map<OptionalModuleId, unknown>();
  private readonly variants = new Map<string, Variant>();

  provide<K extends OptionalModuleId>(id: K, m: OptionalModules[K]): void {
    this.optional.set(id, m);
  }

  get<K extends OptionalModuleId>(id: K): OptionalModules[K] {
    const m = this.optional.get(id);
    if (m === undefined) throw new ModuleNotLoadedError(id);
    return m as OptionalModules[K];
  }

  has(id: ModuleId): boolean {
    return id.startsWith('variant:') ? this.variants.has(id.slice('variant:'.length)) : this.optional.has(id as OptionalModuleId);
  }

  /**
   * Adds a variant's implementation. `info` defaults to the catalogue entry of its name; tests
   * that register tuned copies of a variant pass one (e.g. the original's entry under the new name).
   */
  registerVariant(plugin: CcPlugin, info: VariantInfo | undefined = variantInfo(plugin.name)): void {
    if (this.variants.has(plugin.name)) throw new Error(`variant "${plugin.name}" is already registered`);
    if (info === undefined || info.name !== plugin.name) throw new Error(`variant "${plugin.name}" has no catalogue entry`);
    const instance = plugin.create();
    const missing = REQUIRED_HOOKS.filter((h) => typeof instance[h] !== 'function');
    if (missing.length > 0) throw new Error(`variant "${plugin.name}" is missing required hook(s): ${missing.join(', ')}`);
    this.variants.set(plugin.name, { ...info, ...plugin });
  }

  variant(name: string): Variant {
    const v = this.variants.get(name);
    if (v !== undefined) return v;
    if (variantInfo(name) !== undefined) throw new ModuleNotLoadedError(`variant:${name}`);
    throw new Error(`unknown variant "${name}"; one of ${this.knownVariants().join(', ')}`);
  }

  /** Every registered variant's name, in registration order. */
  variantNames(): string[] {
    return [...this.variants.keys()];
  }

  /** The catalogue's names and any registered besides (a test's tuned copy). */
  private knownVariants(): string[] {
    return [...new Set([...VARIANTS.map((v) => v.name), ...this.variants.keys()])];
  }
}

/** The process's own set: what `buildSimulation` and the variant registry use unless given another. */
export const ENGINE_MODULES = new EngineModules();
