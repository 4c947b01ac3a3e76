/**
 * The simulation worker's engine modules on demand (src/engine/loaders.ts): every variant, queue
 * discipline, error model, cross-traffic kind, application and recovery a scenario can name builds
 * from a fresh module set once `prepareModules` has loaded what `modulesFor` asks for, and the run
 * is byte for byte the run Node's statically registered set gives; which modules arrived when (the
 * order of loading) changes nothing; a module that is missing or fails to load is named.
 */
import { describe, expect, it } from 'vitest';
import { VARIANTS } from '../../src/catalogue/variants.ts';
import { PRESETS } from '../../src/content/presets/index.ts';
import { buildSimulation } from '../../src/engine/build.ts';
import { ColumnarSink, TABLE_NAMES } from '../../src/engine/core/trace.ts';
import { everyModule, loadModule, LOADERS, modulesFor, prepareModules, type Loaders } from '../../src/engine/loaders.ts';
import { ENGINE_MODULES, EngineModules, ModuleNotLoadedError } from '../../src/engine/modules.ts';
import { ERROR_MODEL_KINDS, type ErrorModelKind } from '../../src/scenario/error-models.ts';
import type { CrossTrafficSpec, QueueSpec, Scenario } from '../../src/scenario/schema.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { DEFAULT_SCENARIO } from '../../src/ui/state/defaultScenario.ts';
import { createRunner } from '../../src/worker/runner.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const reference = PRESETS.find((p) => p.name === 'reference-2mbps');
if (reference === undefined) throw new Error('the reference-2mbps preset is gone');

/** The reference scenario, 5 s long, edited and validated (the schema fills every default). */
function scenario(edit: (s: Json) => void): Scenario {
  const s = structuredClone(reference!.scenario) as Json;
  s.durationS = 5;
  edit(s);
  const r = parseScenario(s);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.scenario;
}

// Keyed by the schema's own unions: a new kind that is not listed here fails to compile.
const QUEUES: Record<QueueSpec['kind'], Json> = {
  droptail: { kind: 'droptail', limitPackets: 25 },
  red: { kind: 'red', limitPackets: 50 },
  cw: { kind: 'cw', limitPackets: 50 },
  codel: { kind: 'codel', limitPackets: 100 },
  'fq-codel': { kind: 'fq-codel', limitPackets: 100 },
  pie: { kind: 'pie', limitPackets: 100 },
  dualpi2: { kind: 'dualpi2', limitPackets: 100 },
};
const CROSS: Record<CrossTrafficSpec['kind'], Json> = {
  cbr: { kind: 'cbr', id: 'cbr', schedule: [{ atS: 0, rateBps: 200_000 }] },
  'pareto-onoff': { kind: 'pareto-onoff', id: 'pareto', rateBps: 500_000 },
  // sessions running CUBIC with SACK: their variant and recovery come on demand too
  ftp: { kind: 'ftp', id: 'ftp', variant: 'cubic', meanGapS: 0.5, tcp: { sack: true } },
};

const ERRORS: Record<ErrorModelKind, Json> = {
  bernoulli: { kind: 'bernoulli', per: 0.01 },
  'gilbert-elliott': { kind: 'gilbert-elliott', meanGoodS: 1, meanBadS: 0.1, perGood: 0, perBad: 0.5 },
  blackout: { kind: 'blackout', atS: 1, durationS: 0.5 },
};

const CASES: [string, Scenario][] = [
  ...VARIANTS.map((v): [string, Scenario] => [`variant ${v.name}`, scenario((s) => (s.flows[0].variant = v.name))]),
  ...Object.entries(QUEUES).map(([kind, q]): [string, Scenario] => [`queue ${kind}`, scenario((s) => (s.path[0].forward.queue = q))]),
  ...Object.entries(CROSS).map(([kind, c]): [string, Scenario] => [`cross traffic ${kind}`, scenario((s) => (s.cross = [c]))]),
  ...ERROR_MODEL_KINDS.map((kind): [string, Scenario] => [`error model ${kind}`, scenario((s) => (s.path[0].forward.errors = [ERRORS[kind]]))]),
  ['token bucket', scenario((s) => (s.flows[0].tokenBucket = {}))],
  ['playback', scenario((s) => (s.flows[0].playback = {}))],
  ['Ack Regulator', scenario((s) => (s.path[0].ackRegulator = {}))],
  ['SACK recovery', scenario((s) => (s.flows[0].tcp.sack = true))],
  ['timed change', scenario((s) => (s.changes = [{ atS: 1, path: 'path.0.forward.rateBps', value: 1_000_000 }]))],
  ['timed change to an error model', scenario((s) => (s.changes = [{ atS: 1, path: 'path.0.forward.errors', value: [{ kind: 'bernoulli', per: 0.01 }] }]))],
];

/** The whole trace's fingerprint of `s` built from `set`. */
function traceHash(s: Scenario, set: EngineModules): string {
  const sink = new ColumnarSink(TABLE_NAMES);
  buildSimulation(s, s.seed, sink, set).run();
  return sink.hash();
}

describe('engine modules on demand', () => {
  it('the first visit’s scenario needs only NewReno, which the worker’s first chunk carries', () => {
    expect(modulesFor(DEFAULT_SCENARIO)).toEqual(['variant:newreno']);
  });

  it('every catalogue variant, queue, error model, cross traffic, application and recovery has a loader its scenario asks for', () => {
    const asked = new Set(CASES.flatMap(([, s]) => modulesFor(s)));
    expect([...asked].sort()).toEqual(everyModule().sort());
  });

  it.each(CASES)('%s: missing from a fresh set it is named; prepared, the run equals the statically registered one', async (_, s) => {
    const set = new EngineModules();
    expect(() => buildSimulation(s, s.seed, new ColumnarSink([]), set)).toThrow(ModuleNotLoadedError);
    await prepareModules(s, set);
    expect(prepareModules(s, set)).toBeNull();
    expect(traceHash(s, set)).toBe(traceHash(s, ENGINE_MODULES));
  });

  it('the order modules arrive in changes no trace', async () => {
    const s = scenario((x) => {
      x.flows = ['bbr', 'cubic', 'vegas'].map((variant, i) => ({ ...x.flows[0], id: `flow${i}`, variant, access: { ...x.flows[0].access, id: `access${i}` } }));
      x.path[0].forward.queue = QUEUES['fq-codel'];
      x.cross = [CROSS['pareto-onoff']];
    });
    const forward = new EngineModules();
    for (const id of everyModule()) await loadModule(id, forward);
    const backward = new EngineModules();
    for (const id of everyModule().reverse()) await loadModule(id, backward);
    expect(forward.variantNames()).not.toEqual(backward.variantNames());
    expect(traceHash(s, backward)).toBe(traceHash(s, forward));
    expect(traceHash(s, forward)).toBe(traceHash(s, ENGINE_MODULES));
  });

  it('a build without its module names the module and how to get it', () => {
    const s = scenario((x) => (x.flows[0].variant = 'cubic'));
    expect(() => buildSimulation(s, 1, new ColumnarSink([]), new EngineModules())).toThrow(
      'the CUBIC variant (engine module "variant:cubic") is not loaded: prepare the scenario\'s modules before building it',
    );
    const q = scenario((x) => (x.path[0].forward.queue = QUEUES.codel));
    expect(() => buildSimulation(q, 1, new ColumnarSink([]), new EngineModules())).toThrow(/the delay-based AQMs .*\(engine module "aqm"\) is not loaded/);
  });

  it('a chunk that fails to load is named, leaves the set as it was, and is tried again next time', async () => {
    const s = scenario((x) => (x.flows[0].variant = 'cubic'));
    const offline: Loaders = {
      optional: LOADERS.optional,
      variant: (name) => (name === 'cubic' ? () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: ./assets/cubic-x.js')) : LOADERS.variant(name)),
    };
    const set = new EngineModules();
    await expect(prepareModules(s, set, offline)).rejects.toThrow(
      'could not load the CUBIC variant (engine module "variant:cubic"): Failed to fetch dynamically imported module: ./assets/cubic-x.js',
    );
    expect(set.has('variant:cubic')).toBe(false);
    await prepareModules(s, set);
    expect(set.has('variant:cubic')).toBe(true);
  });

  it('the worker’s runner reports a failed load as the run’s failure and keeps serving runs', async () => {
    const cubic = scenario((x) => (x.flows[0].variant = 'cubic'));
    const failing = (sc: Scenario): Promise<void> | null =>
      modulesFor(sc).includes('variant:cubic') ? Promise.reject(new Error('could not load the CUBIC variant (engine module "variant:cubic"): offline')) : null;
    const runner = createRunner(() => Promise.resolve(), undefined, undefined, undefined, failing);
    await expect(runner.run(cubic, {})).rejects.toThrow('could not load the CUBIC variant (engine module "variant:cubic"): offline');
    const ok = await runner.run(scenario(() => {}), {});
    expect(ok.stoppedEarly).toBe(false);
  });
});
