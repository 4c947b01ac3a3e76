/**
 * SimClient against a fake worker (a MessageChannel with Comlink on the far end): latest run
 * wins, a stale run is rejected as superseded and dropped by the same (kept, warm) worker,
 * engine and worker failures reach the caller, and only a failed worker is replaced.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isSuperseded, SimClient } from '../../src/worker/client.ts';
import { fakeWorkers, scenario } from './fakeWorkers.ts';

let client: SimClient | undefined;
afterEach(() => client?.dispose());

describe('ui SimClient', () => {
  it('resolves with the worker result', async () => {
    const { factory } = fakeWorkers(1);
    client = new SimClient(factory);
    const r = await client.run(scenario(5));
    expect(r.sim.seed).toBe(5);
  });

  it('a newer run supersedes one in flight; the same worker drops the old run and stays up', async () => {
    const { factory, made } = fakeWorkers(50);
    client = new SimClient(factory);
    const first = client.run(scenario(1));
    const second = client.run(scenario(2));
    await expect(first).rejects.toSatisfy(isSuperseded);
    expect((await second).sim.seed).toBe(2);
    expect(made.length).toBe(1);
    expect(made[0].terminated).toBe(false);
    expect(made[0].dropped).toEqual([1]);
  });

  it('reuses the worker for sequential runs', async () => {
    const { factory, made } = fakeWorkers(1);
    client = new SimClient(factory);
    await client.run(scenario(1));
    await client.run(scenario(2));
    expect(made.length).toBe(1);
  });

  it('passes an engine error through with its message', async () => {
    const { factory } = fakeWorkers(1);
    client = new SimClient(factory);
    await expect(client.run(scenario(666))).rejects.toThrow('engine exploded');
    expect((await client.run(scenario(3))).sim.seed).toBe(3);
  });

  it('cancel rejects the run in flight and tells the worker to drop it, keeping the worker', async () => {
    const { factory, made } = fakeWorkers(50);
    client = new SimClient(factory);
    const run = client.run(scenario(1));
    expect(client.busy).toBe(true);
    client.cancel();
    await expect(run).rejects.toSatisfy(isSuperseded);
    expect(client.busy).toBe(false);
    expect((await client.run(scenario(9))).sim.seed).toBe(9);
    expect(made.length).toBe(1);
    expect(made[0].terminated).toBe(false);
    expect(made[0].cancels).toBe(1);
    expect(made[0].dropped).toEqual([1]);
  });

  it('warm with a scenario asks the worker to warm up with those variants', async () => {
    const { factory, made } = fakeWorkers(1);
    client = new SimClient(factory);
    client.warm(scenario(1), ['reno', 'sack']);
    await client.run(scenario(2)); // messages are handled in order: the warm-up arrived first
    expect(made[0].warmUps).toEqual([['reno', 'sack']]);
  });

  it('rejects when the worker itself fails, then starts a fresh one', async () => {
    const { factory, made } = fakeWorkers(1000);
    client = new SimClient(factory);
    const run = client.run(scenario(1));
    made[0].fail();
    await expect(run).rejects.toThrow(/worker/);
    expect(made[0].terminated).toBe(true);
    client.dispose();
    const { factory: quick } = fakeWorkers(1);
    client = new SimClient(quick);
    expect((await client.run(scenario(4))).sim.seed).toBe(4);
  });
});
