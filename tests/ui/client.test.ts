/**
 * SimClient against a fake worker (a MessageChannel with Comlink on the far end): latest run
 * wins, a stale run is rejected as superseded, engine and worker failures reach the caller.
 */
import * as Comlink from 'comlink';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/scenarios/schema.ts';
import { isSuperseded, SimClient } from '../../src/worker/client.ts';
import type { RunOutput, SimApi } from '../../src/worker/protocol.ts';

interface Fake {
  port: MessagePort;
  terminated: boolean;
  fail(): void;
}

/** Each "worker" answers run() after `delayMs`, echoing the scenario's seed, or throws for seed 666. */
function fakeWorkers(delayMs: number) {
  const made: Fake[] = [];
  const factory = (): Worker => {
    const { port1, port2 } = new MessageChannel();
    const api: SimApi = {
      run(scenario) {
        if (scenario.seed === 666) throw new Error('engine exploded');
        return { sim: { events: 0, simTimeS: 0, seed: scenario.seed } } as unknown as RunOutput;
      },
    };
    const slow = {
      run: (s: Scenario) =>
        new Promise((ok, fail) =>
          setTimeout(() => {
            try {
              ok(api.run(s, {}));
            } catch (e) {
              fail(e);
            }
          }, delayMs),
        ),
    };
    Comlink.expose(slow, port2 as unknown as Comlink.Endpoint);
    const fake: Fake = {
      port: port1,
      terminated: false,
      fail: () => port1.dispatchEvent(new Event('error')),
    };
    made.push(fake);
    const worker = Object.assign(port1, {
      terminate: () => {
        fake.terminated = true;
        port1.close();
        port2.close();
      },
    });
    return worker as unknown as Worker;
  };
  return { factory, made };
}

const scenario = (seed: number): Scenario => ({ seed }) as unknown as Scenario;

let client: SimClient | undefined;
afterEach(() => client?.dispose());

describe('ui SimClient', () => {
  it('resolves with the worker result', async () => {
    const { factory } = fakeWorkers(1);
    client = new SimClient(factory);
    const r = await client.run(scenario(5));
    expect(r.sim.seed).toBe(5);
  });

  it('a newer run supersedes one in flight and terminates its worker', async () => {
    const { factory, made } = fakeWorkers(50);
    client = new SimClient(factory);
    const first = client.run(scenario(1));
    const second = client.run(scenario(2));
    await expect(first).rejects.toSatisfy(isSuperseded);
    expect((await second).sim.seed).toBe(2);
    expect(made.length).toBe(2);
    expect(made[0].terminated).toBe(true);
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
