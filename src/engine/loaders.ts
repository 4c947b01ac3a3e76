/**
 * Loading the engine's optional modules on demand (the browser's simulation worker): what a
 * scenario needs (`modulesFor`), where each module comes from (`LOADERS`, dynamic imports the
 * bundler turns into chunks of their own), and `prepareModules`, which fetches what a set lacks
 * before the synchronous build. NewReno, the first visit's variant, is imported statically, so
 * preparing the first visit's scenario fetches nothing.
 */
import { variantInfo, VARIANTS } from '../catalogue/variants.ts';
import type { ErrorModelSpec, LinkSpec, QueueSpec, Scenario, TcpSpec } from '../scenario/schema.ts';
import { describeModule, type EngineModules, type ModuleId, type OptionalModuleId, type OptionalModules } from './modules.ts';
import type { CcPlugin } from './tcp/cc/types.ts';
import { newreno } from './tcp/cc/newreno.ts';
import { recoveryNeedsSack, resolveRecovery } from './tcp/recovery/index.ts';

export interface Loaders {
  optional: { [K in OptionalModuleId]: () => Promise<OptionalModules[K]> };
  variant(name: string): (() => Promise<CcPlugin>) | undefined;
}

const VARIANT_LOADERS: Record<string, () => Promise<CcPlugin>> = {
  tahoe: () => import('./tcp/cc/tahoe.ts').then((m) => m.tahoe),
  reno: () => import('./tcp/cc/reno.ts').then((m) => m.reno),
  newreno: () => Promise.resolve(newreno),
  sack: () => import('./tcp/cc/sack.ts').then((m) => m.sack),
  vegas: () => import('./tcp/cc/vegas.ts').then((m) => m.vegas),
  veno: () => import('./tcp/cc/veno.ts').then((m) => m.veno),
  'newreno-lp': () => import('./tcp/cc/newreno-lp.ts').then((m) => m.newrenoLp),
  'newreno-ideal-lp': () => import('./tcp/cc/newreno-ideal-lp.ts').then((m) => m.newrenoIdealLp),
  'westwood-plus': () => import('./tcp/cc/westwood-plus.ts').then((m) => m.westwoodPlus),
  westwood: () => import('./tcp/cc/westwood.ts').then((m) => m.westwood),
  tibet: () => import('./tcp/cc/tibet.ts').then((m) => m.tibet),
  jersey: () => import('./tcp/cc/jersey.ts').then((m) => m.jersey),
  'new-jersey': () => import('./tcp/cc/new-jersey.ts').then((m) => m.newJersey),
  real: () => import('./tcp/cc/real.ts').then((m) => m.real),
  probing: () => import('./tcp/cc/probing.ts').then((m) => m.probing),
  'probing-tahoe': () => import('./tcp/cc/probing-tahoe.ts').then((m) => m.probingTahoe),
  cubic: () => import('./tcp/cc/cubic.ts').then((m) => m.cubic),
  dctcp: () => import('./tcp/cc/dctcp.ts').then((m) => m.dctcp),
  prague: () => import('./tcp/cc/prague.ts').then((m) => m.prague),
  bbr: () => import('./tcp/cc/bbr/index.ts').then((m) => m.bbr),
};

/** Where the browser gets each module. */
export const LOADERS: Loaders = {
  optional: {
    red: () => import('./net/red.ts'),
    aqm: () => import('./build/aqm.ts'),
    'ack-regulator': () => import('./net/ack-regulator.ts'),
    errors: () => import('./build/errors.ts'),
    cross: () => import('./build/cross.ts'),
    changes: () => import('./build/changes.ts'),
    'token-bucket': () => import('./app/token-bucket.ts'),
    playback: () => import('./app/playback.ts'),
    'sack-recovery': () => import('./tcp/recovery/sack.ts'),
  },
  variant: (name) => (Object.hasOwn(VARIANT_LOADERS, name) ? VARIANT_LOADERS[name] : undefined),
};

/**
 * The module each queue kind is built from (build/topology.ts's queueDisc): one entry per kind, so
 * a new kind does not compile until it says where it comes from.
 */
const QUEUE_MODULE: Record<QueueSpec['kind'], OptionalModuleId | null> = {
  droptail: null,
  red: 'red',
  cw: 'red',
  codel: 'aqm',
  'fq-codel': 'aqm',
  pie: 'aqm',
  dualpi2: 'aqm',
};

/**
 * The modules building `s` needs, each once, in a fixed order. A variant the catalogue does not
 * know is left out: the build reports it, naming the allowed ones, as it always has.
 */
export function modulesFor(s: Scenario): ModuleId[] {
  const ids = new Set<ModuleId>();
  const tcp = (variant: string, spec: TcpSpec): void => {
    const info = variantInfo(variant);
    if (info === undefined) return;
    ids.add(`variant:${variant}`);
    // the rule tcpPair applies (flows.ts)
    if (recoveryNeedsSack(resolveRecovery(spec.recovery, info, spec.sack || info.needsSack))) ids.add('sack-recovery');
  };
  const errors = (list: readonly ErrorModelSpec[]): void => {
    if (list.length > 0) ids.add('errors');
  };
  const link = (l: LinkSpec): void => {
    for (const dir of [l.forward, l.reverse]) {
      const m = QUEUE_MODULE[dir.queue.kind];
      if (m !== null) ids.add(m);
      errors(dir.errors);
    }
    if (l.ackRegulator !== null) ids.add('ack-regulator');
  };
  s.path.forEach(link);
  for (const f of s.flows) {
    link(f.access);
    tcp(f.variant, f.tcp);
    if (f.tokenBucket !== null) ids.add('token-bucket');
    if (f.playback !== null) ids.add('playback');
  }
  for (const c of s.cross) {
    ids.add('cross');
    if (c.kind === 'ftp') tcp(c.variant, c.tcp);
  }
  if (s.changes.length > 0) ids.add('changes');
  // a change that sets a direction's error list may put models on a clean link
  for (const c of s.changes) if (Array.isArray(c.value) && c.value.length > 0) ids.add('errors');
  return [...ids];
}

/** Every module the loaders know: what a worker fetches in the background once its first runs are done. */
export function everyModule(): ModuleId[] {
  return [...(Object.keys(LOADERS.optional) as OptionalModuleId[]), ...VARIANTS.map((v): ModuleId => `variant:${v.name}`)];
}

/** Loads in flight, so two runs asking for the same module share one fetch. */
const inFlight = new WeakMap<EngineModules, Map<ModuleId, Promise<void>>>();

/** Loads one module into `set` (nothing if it is there); a failure names the module and leaves the set as it was, so a later call tries again. */
export function loadModule(id: ModuleId, set: EngineModules, loaders: Loaders = LOADERS): Promise<void> {
  if (set.has(id)) return Promise.resolve();
  let pending = inFlight.get(set);
  if (pending === undefined) inFlight.set(set, (pending = new Map()));
  const known = pending.get(id);
  if (known !== undefined) return known;
  const load = async (): Promise<void> => {
    const name = id.startsWith('variant:') ? id.slice('variant:'.length) : null;
    const loader = name === null ? loaders.optional[id as OptionalModuleId] : loaders.variant(name);
    if (loader === undefined) throw new Error(`${describeModule(id)} (engine module "${id}") has no loader`);
    let m: unknown;
    try {
      m = await loader();
    } catch (e) {
      throw new Error(`could not load ${describeModule(id)} (engine module "${id}"): ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
    // another path may have put it there meanwhile (a static registration): the first one stays
    if (set.has(id)) return;
    if (name === null) set.provide(id as OptionalModuleId, m as never);
    else set.registerVariant(m as CcPlugin);
  };
  const p = load().finally(() => pending.delete(id));
  pending.set(id, p);
  return p;
}

/**
 * Loads what building `s` needs and `set` lacks. Null when nothing is missing, so a caller can
 * build at once (no extra turn of the event loop); otherwise a promise that rejects, naming the
 * module, if a load fails.
 */
export function prepareModules(s: Scenario, set: EngineModules, loaders: Loaders = LOADERS): Promise<void> | null {
  const missing = modulesFor(s).filter((id) => !set.has(id));
  if (missing.length === 0) return null;
  return Promise.all(missing.map((id) => loadModule(id, set, loaders))).then(() => undefined);
}
