/**
 * SimClient against a fake worker (a MessageChannel with Comlink on the far end): latest run
 * wins, a stale run is rejected as superseded and dropped by the same (kept, warm) worker,
 * engine failures reach the caller, and only a failed worker is replaced: a worker that errors
 * or falls silent (no heartbeat, no answer) is terminated, replaced and the run repeated once;
 * a second loss, or a run past its deadline, rejects with a WorkerLostError.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isSuperseded, isWorkerLost, SimClient } from '../../src/worker/client.ts';
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

  it('a worker that reports an error is replaced and the run repeated once on the new one, saying so', async () => {
    const { factory, made } = fakeWorkers(200);
    client = new SimClient(factory);
    const run = client.run(scenario(1));
    made[0].fail();
    const r = await run;
    expect(r.sim.seed).toBe(1);
    expect(r.recovery).toMatch(/^The simulation worker failed to start; it was restarted and the run repeated\.$/);
    expect(made[0].terminated).toBe(true);
    expect(made).toHaveLength(2);
    expect(made[1].started).toEqual([1]);
  });

  it('a worker that dies without a word mid-run is noticed by its silence, replaced, and the run repeated', async () => {
    const { factory, made } = fakeWorkers(300, { beatEveryMs: 20 });
    client = new SimClient(factory, { silenceMs: 150, checkEveryMs: 10 });
    const run = client.run(scenario(7));
    await new Promise((r) => setTimeout(r, 50));
    made[0].kill();
    const r = await run;
    expect(r.sim.seed).toBe(7);
    expect(r.recovery).toMatch(/^The simulation worker stopped responding \(nothing for 0 s\); it was restarted and the run repeated\.$/);
    expect(made[0].terminated).toBe(true);
    expect(made).toHaveLength(2);
  });

  it('heartbeats keep a long run alive well past the silence limit', async () => {
    const { factory, made } = fakeWorkers(400, { beatEveryMs: 20 });
    client = new SimClient(factory, { silenceMs: 100, checkEveryMs: 10 });
    const r = await client.run(scenario(3));
    expect(r.recovery).toBeUndefined();
    expect(made).toHaveLength(1);
  });

  it('a worker that dies again after the restart ends in a WorkerLostError a student can act on, and the next run works', async () => {
    let dead = true;
    const { factory, made } = fakeWorkers(5, { bornDead: () => dead });
    client = new SimClient(factory, { silenceMs: 60, firstContactMs: 60, checkEveryMs: 10 });
    const run = client.run(scenario(1));
    await expect(run).rejects.toSatisfy(isWorkerLost);
    await expect(run).rejects.toThrow(
      /^The simulation worker stopped responding \(nothing for 0 s\), again after a restart\. Try again, or shorten the scenario or lower its rates; reloading the page also helps\.$/,
    );
    expect(made).toHaveLength(2);
    expect(made.every((m) => m.terminated)).toBe(true);
    dead = false;
    expect((await client.run(scenario(2))).sim.seed).toBe(2);
  });

  it('a worker not yet heard from (its module may still be loading) is given the longer first-contact allowance', async () => {
    const { factory, made } = fakeWorkers(150);
    client = new SimClient(factory, { silenceMs: 60, firstContactMs: 1000, checkEveryMs: 10 });
    const r = await client.run(scenario(4));
    expect(r.recovery).toBeUndefined();
    expect(made).toHaveLength(1);
  });

  it('a run that outlives the deadline for its size is given up at once, not repeated', async () => {
    const { factory, made } = fakeWorkers(1000, { beatEveryMs: 10 });
    client = new SimClient(factory, { deadlineMs: () => 100, checkEveryMs: 10 });
    await expect(client.run(scenario(1))).rejects.toThrow(/^The simulation worker did not finish within 0 s, the most a run this size may take\. Try again/);
    expect(made).toHaveLength(1);
    expect(made[0].terminated).toBe(true);
  });

  it('a worker that died while idle is found out by the next run, which still completes', async () => {
    const { factory, made } = fakeWorkers(5);
    client = new SimClient(factory, { silenceMs: 60, checkEveryMs: 10 });
    await client.run(scenario(1));
    made[0].kill();
    const r = await client.run(scenario(2));
    expect(r.sim.seed).toBe(2);
    expect(r.recovery).toMatch(/restarted and the run repeated/);
  });
});
