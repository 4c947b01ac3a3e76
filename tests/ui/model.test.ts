// The app's model and run scheduler in Node, without React or a DOM: the pool is a fake that
// answers when told, the clock is turned by hand. The timings checked are the scheduler's own
// rules (first run drawn at once, later ones at most every 100 ms, complete set at once).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppModel, initialFromHash } from '../../src/ui/model/appModel.ts';
import { createRunScheduler } from '../../src/ui/model/runScheduler.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { fakePool, manualClock } from './schedulerFakes.ts';
import { loadChecks } from '../../src/ui/state/late.ts';
import { prepareOnArrival } from '../../src/ui/state/prepare.ts';

// The app loads its scenario checks after the first chart (src/ui/state/late.ts); here, before any test.
beforeAll(async () => {
  await loadChecks();
});

// Every call of the scenario validator is counted, wherever in the app it is made.
vi.mock('../../src/scenario/validate.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/scenario/validate.ts')>();
  return { ...real, parseScenario: vi.fn(real.parseScenario) };
});
const validations = vi.mocked(parseScenario);

function setup(hash = '') {
  const model = createAppModel(initialFromHash(hash), () => 0);
  const pool = fakePool();
  const clock = manualClock();
  const scheduler = createRunScheduler(pool, clock);
  const disconnect = model.runWith(scheduler);
  return { model, pool, clock, scheduler, disconnect };
}

function withRate(s: Scenario, rateBps: number): Scenario {
  return { ...s, path: s.path.map((l, i) => (i === 0 ? { ...l, forward: { ...l.forward, rateBps } } : l)) };
}

describe('the app model', () => {
  it('opens on the default preset and asks for its run once', () => {
    const { model, pool } = setup();
    expect(model.get().presetName).toBe('reference-2mbps');
    expect(pool.batches).toHaveLength(1);
    expect(pool.batches[0].jobs).toHaveLength(1);
  });

  it('an edit produces one validated scenario and one batch of runs', async () => {
    const { model, pool, scheduler } = setup();
    await pool.batches[0].finish();
    let notified = 0;
    model.subscribe(() => notified++);
    const before = model.get().shared!.scenario;
    model.editScenario(withRate(before, 3_000_000), { tS: 0, endS: 100 });
    const after = model.get().shared!.scenario;
    expect(notified).toBe(1);
    expect(after.path[0].forward.rateBps).toBe(3_000_000);
    expect(parseScenario(after)).toEqual({ ok: true, scenario: after });
    expect(pool.batches).toHaveLength(2);
    expect(pool.batches[1].jobs.map((j) => j.scenario)).toEqual([after]);
    // an edited preset is no longer the preset as shipped… unless the edit kept its name (it does)
    expect(model.get().presetName).toBe('reference-2mbps');
    expect(scheduler.busy.get()).toBe(true);
  });

  it('validates an edit once, whole-run or live, and hands an invalid one back with its messages', async () => {
    const { model, pool, clock } = setup();
    await pool.batches[0].finish();
    const base = model.get().shared!.scenario;
    validations.mockClear();
    expect(model.editScenario(withRate(base, 3_000_000), { tS: 0, endS: 100 })).toEqual([]);
    expect(validations).toHaveBeenCalledTimes(1);

    // live: the edit becomes a timed change, and the scenario carrying it is the one validated
    validations.mockClear();
    expect(model.editScenario(withRate(model.get().shared!.scenario, 500_000), { tS: 20, endS: 100 })).toEqual([]);
    clock.frame();
    expect(validations).toHaveBeenCalledTimes(1);
    expect(model.get().shared!.scenario.changes).toEqual([{ atS: 20, path: 'path.0.forward.rateBps', value: 500_000 }]);
    expect(pool.batches).toHaveLength(3);

    // the schema allows 1000 … 1e11 b/s: a live edit out of range names the field, changes nothing and runs nothing
    const now = model.get().shared!.scenario;
    const refused = model.editScenario(withRate(now, 10), { tS: 30, endS: 100 });
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/^path\.0\.forward\.rateBps: 10 is out of range/);
    expect(model.get().shared!.scenario).toBe(now);
    clock.frame();
    expect(pool.batches).toHaveLength(3);
  });

  it('coalesces a drag: edits while a batch runs post only the newest, at the next frame', async () => {
    const { model, pool, clock } = setup();
    const s = model.get().shared!.scenario;
    model.setScenario(withRate(s, 3_000_000));
    model.setScenario(withRate(s, 4_000_000));
    model.setScenario(withRate(s, 5_000_000));
    expect(pool.batches).toHaveLength(1); // the first batch is still running
    clock.frame();
    expect(pool.batches).toHaveLength(2);
    expect(pool.batches[1].jobs[0].scenario.path[0].forward.rateBps).toBe(5_000_000);
  });

  it('has the panels derive each run as it arrives, except the first (drawn at once) and the last (drawn with the rest)', async () => {
    const prepared: string[] = [];
    prepareOnArrival((run) => prepared.push(`${run.key}:${run.result === undefined ? 'no result' : 'result'}`));
    const { model, pool } = setup();
    await pool.batches[0].finish();
    model.setCompare(['reno', 'newreno', 'cubic']);
    const batch = pool.batches[1];
    batch.arrive(1);
    expect(prepared).toEqual([]);
    batch.arrive(0);
    expect(prepared).toEqual(['v-reno:result']);
    batch.arrive(2);
    await batch.finish();
    expect(prepared).toEqual(['v-reno:result']);
  });

  it('a comparison fills in progressively: first run at once, the next within 100 ms, the whole set at the end', async () => {
    const { model, pool, clock, scheduler } = setup();
    await pool.batches[0].finish();
    model.setCompare(['reno', 'newreno', 'cubic']);
    const batch = pool.batches[1];
    expect(batch.jobs.map((j) => j.scenario.flows[0].variant)).toEqual(['reno', 'newreno', 'cubic']);
    const jobs = model.get().jobs;
    expect(scheduler.get().ended).not.toBe(jobs); // running

    batch.arrive(1);
    let set = scheduler.get().set!;
    expect(set.runs.map((r) => r.key)).toEqual(['v-newreno']);
    expect(set.updating.map((u) => u.key)).toEqual(['v-reno', 'v-cubic']);

    clock.paint();
    clock.advance(10);
    batch.arrive(0); // the next partial picture waits for PARTIAL_EVERY_MS after the first
    expect(scheduler.get().set!.runs).toHaveLength(1);
    clock.advance(89);
    expect(scheduler.get().set!.runs).toHaveLength(1);
    clock.advance(1);
    set = scheduler.get().set!;
    expect(set.runs.map((r) => r.key)).toEqual(['v-reno', 'v-newreno']);
    expect(set.updating.map((u) => u.key)).toEqual(['v-cubic']);

    await batch.finish();
    set = scheduler.get().set!;
    expect(set.runs.map((r) => r.key)).toEqual(['v-reno', 'v-newreno', 'v-cubic']);
    expect(set.updating).toEqual([]);
    expect(scheduler.get().ended).toBe(jobs);
  });

  it('a stale batch never overwrites the newer edit’s picture', async () => {
    const { model, pool, clock, scheduler } = setup();
    const s = model.get().shared!.scenario;
    model.setScenario(withRate(s, 3_000_000));
    clock.frame();
    await pool.batches[0].finish(); // the first edit's batch ends after the second was posted
    expect(scheduler.get().set).toBeNull();
    await pool.batches[1].finish();
    expect(scheduler.get().set!.runs[0].scenario.path[0].forward.rateBps).toBe(3_000_000);
  });

  it('a live edit becomes a timed change at the playhead, the whole run left as it was', () => {
    const { model, pool, clock } = setup();
    const base = model.get().shared!.scenario;
    model.editScenario(withRate(base, 500_000), { tS: 12.3456, endS: 100 });
    clock.frame(); // the opening run is still out: the edit's batch goes at the next frame
    const s = model.get().shared!.scenario;
    expect(s.path[0].forward.rateBps).toBe(2_000_000);
    expect(s.changes).toEqual([{ atS: 12.345, path: 'path.0.forward.rateBps', value: 500_000 }]);
    // the controls at the playhead show the new value; before it, the old one
    expect(model.liveAt({ tS: 12.3456, endS: 100 })).toBe(1);
    expect(model.liveAt({ tS: 12.3, endS: 100 })).toBe(0);
    expect(pool.batches.at(-1)!.jobs[0].scenario).toBe(s);
  });

  it('"from the start" turns the same edit into a whole-run edit', () => {
    const { model } = setup();
    model.setFromStart(true);
    model.editScenario(withRate(model.get().shared!.scenario, 500_000), { tS: 12.3456, endS: 100 });
    expect(model.get().shared!.scenario.path[0].forward.rateBps).toBe(500_000);
    expect(model.get().shared!.scenario.changes).toEqual([]);
  });

  it('a share link round-trips the model', () => {
    const { model } = setup();
    const base = model.get().shared!.scenario;
    model.editScenario(withRate(base, 500_000), { tS: 20, endS: 100 });
    model.setCompare(['newreno', 'westwood']);
    model.setView((v) => ({ ...v, theme: 'dark', windowS: [10, 30] }));
    const hash = model.shareHash(null)!;
    const opened = createAppModel(initialFromHash(hash));
    expect(opened.get().problems.lines).toEqual([]);
    expect(opened.get().shared).toEqual(model.get().shared);
    expect(opened.get().jobs!.map((j) => j.key)).toEqual(['v-newreno', 'v-westwood']);
  });

  it('a hash edited by hand is decoded with its problems reported', () => {
    const { model } = setup();
    const hash = model.shareHash(null)!;
    expect(model.applyHash(hash)).toBe('state');
    expect(model.get().problems.lines).toEqual([]);
    expect(model.applyHash('s=not-a-link')).toBe('state');
    expect(model.get().problems.lines.length).toBeGreaterThan(0);
  });
});
