/**
 * Every optional module, imported statically and put in the process's set at import: what Node's
 * entry points (the CLI, benchmarks, experiments, validation, the tests) build with, so
 * `runScenario` and `buildSimulation` need no preparation there. The browser's simulation worker
 * must not import this file (its first chunk would carry the whole engine again); it loads
 * modules on demand through ./loaders.ts instead.
 */
import { VARIANTS } from '../catalogue/variants.ts';
import * as playback from './app/playback.ts';
import * as tokenBucket from './app/token-bucket.ts';
import * as aqm from './build/aqm.ts';
import * as changes from './build/changes.ts';
import * as cross from './build/cross.ts';
import { ENGINE_MODULES, type EngineModules, type OptionalModules } from './modules.ts';
import * as ackRegulator from './net/ack-regulator.ts';
import * as errors from './build/errors.ts';
import * as red from './net/red.ts';
import { bbr } from './tcp/cc/bbr/index.ts';
import { cubic } from './tcp/cc/cubic.ts';
import { dctcp } from './tcp/cc/dctcp.ts';
import { jersey } from './tcp/cc/jersey.ts';
import { newJersey } from './tcp/cc/new-jersey.ts';
import { newrenoIdealLp } from './tcp/cc/newreno-ideal-lp.ts';
import { newrenoLp } from './tcp/cc/newreno-lp.ts';
import { newreno } from './tcp/cc/newreno.ts';
import { prague } from './tcp/cc/prague.ts';
import { probingTahoe } from './tcp/cc/probing-tahoe.ts';
import { probing } from './tcp/cc/probing.ts';
import { real } from './tcp/cc/real.ts';
import { reno } from './tcp/cc/reno.ts';
import { sack } from './tcp/cc/sack.ts';
import { tahoe } from './tcp/cc/tahoe.ts';
import { tibet } from './tcp/cc/tibet.ts';
import { vegas } from './tcp/cc/vegas.ts';
import { veno } from './tcp/cc/veno.ts';
import { westwoodPlus } from './tcp/cc/westwood-plus.ts';
import { westwood } from './tcp/cc/westwood.ts';
import * as sackRecovery from './tcp/recovery/sack.ts';

/** Every optional module by id (the type makes the list complete). */
export const ALL_OPTIONAL: OptionalModules = {
  red,
  aqm,
  'ack-regulator': ackRegulator,
  errors,
  cross,
  changes,
  'token-bucket': tokenBucket,
  playback,
  'sack-recovery': sackRecovery,
};

/** Every variant, in the catalogue's order (the order `variantNames()` lists them in). */
export const ALL_VARIANTS = [tahoe, reno, newreno, sack, vegas, veno, newrenoLp, newrenoIdealLp, westwoodPlus, westwood, tibet, jersey, newJersey, real, probing, probingTahoe, cubic, dctcp, prague, bbr];

/** Puts every module in `set`. */
export function registerAll(set: EngineModules): void {
  for (const [id, m] of Object.entries(ALL_OPTIONAL)) set.provide(id as keyof OptionalModules, m as never);
  for (const plugin of ALL_VARIANTS) set.registerVariant(plugin);
  const unimplemented = VARIANTS.filter((v) => !set.has(`variant:${v.name}`)).map((v) => v.name);
  if (unimplemented.length > 0) throw new Error(`catalogue variants without an implementation: ${unimplemented.join(', ')}`);
}

registerAll(ENGINE_MODULES);
