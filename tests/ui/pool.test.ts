/**
 * SimPool against fake workers: jobs spread over the workers and come back in job order, the
 * pool size follows the core count up to six, a newer batch supersedes an older one and
 * frees its workers, and a failure reaches the caller.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isSuperseded } from '../../src/worker/client.ts';
import { poolSizeFor, SimPool } from '../../src/worker/pool.ts';
import { fakeWorkers, scenario } from './fakeWorkers.ts';

let pool: SimPool | undefined;
afterEach(() => pool?.dispose());

describe('ui SimPool', () => {
  it('sizes itself min(cores, 6), at least one', () => {
    expect(poolSizeFor(1)).toBe(1);
    expect(poolSizeFor(4)).toBe(4);
    expect(poolSizeFor(32)).toBe(6);
    expect(poolSizeFor(0)).toBe(2);
    expect(poolSizeFor(undefined)).toBe(2);
  });

  it('warm starts every worker before any run', () => {
    const { factory, made } = fakeWorkers(1);
    pool = new SimPool(3, factory);
    pool.warm();
    expect(made.length).toBe(3);
  });

  it('runs one job per worker at the same time and returns results in job order', async () => {
    const { factory, made } = fakeWorkers(30);
    pool = new SimPool(3, factory);
    const done = pool.runAll([10, 11, 12].map((s) => ({ scenario: scenario(s) })));
    // all three were handed out before any finished
    await new Promise((r) => setTimeout(r, 10));
    expect(made.map((m) => m.inFlight)).toEqual([1, 1, 1]);
    const out = await done;
    expect(out.map((r) => r.sim.seed)).toEqual([10, 11, 12]);
    expect(made.map((m) => m.started)).toEqual([[10], [11], [12]]);
  });

  it('queues extra jobs on the workers in order when there are more jobs than workers', async () => {
    const { factory, made } = fakeWorkers(1);
    pool = new SimPool(2, factory);
    const out = await pool.runAll([1, 2, 3, 4, 5].map((s) => ({ scenario: scenario(s) })));
    expect(out.map((r) => r.sim.seed)).toEqual([1, 2, 3, 4, 5]);
    expect(made.map((m) => m.started)).toEqual([[1, 3, 5], [2, 4]]);
  });

  it('a newer batch supersedes the older one and terminates its busy workers', async () => {
    const { factory, made } = fakeWorkers(40);
    pool = new SimPool(2, factory);
    const old = pool.runAll([1, 2, 3].map((s) => ({ scenario: scenario(s) })));
    const fresh = pool.runAll([7].map((s) => ({ scenario: scenario(s) })));
    await expect(old).rejects.toSatisfy(isSuperseded);
    expect((await fresh).map((r) => r.sim.seed)).toEqual([7]);
    // both old workers were busy and were replaced; job 3 of the old batch never started
    expect(made[0].terminated && made[1].terminated).toBe(true);
    expect(made.flatMap((m) => m.started)).not.toContain(3);
  });

  it('passes a failing job through', async () => {
    const { factory } = fakeWorkers(1);
    pool = new SimPool(2, factory);
    await expect(pool.runAll([1, 666].map((s) => ({ scenario: scenario(s) })))).rejects.toThrow('engine exploded');
  });
});
