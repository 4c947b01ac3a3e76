/**
 * Worker entry: the engine behind Comlink, so the main thread never blocks on a run. Runs are
 * sliced and latest-wins (./runner.ts); between slices the worker yields through a
 * MessageChannel, a macrotask without setTimeout's 4 ms clamp for nested timers.
 */
import * as Comlink from 'comlink';
import type { SimApi } from './protocol.ts';
import { createRunner, YIELD_EVERY_MS } from './runner.ts';
import { traceTransferables } from './transfer.ts';

const waiting: (() => void)[] = [];
const channel = new MessageChannel();
channel.port1.onmessage = () => waiting.shift()?.();
const yieldNow = (): Promise<void> =>
  new Promise((resume) => {
    waiting.push(resume);
    channel.port2.postMessage(0);
  });

const runner = createRunner(yieldNow, () => performance.now(), YIELD_EVERY_MS);

const api: SimApi = {
  ping: () => true,
  async run(scenario, opts) {
    const result = await runner.run(scenario, opts);
    result.sentAtEpochMs = performance.timeOrigin + performance.now();
    return Comlink.transfer(result, traceTransferables(result.trace));
  },
  traceHash: (ticket) => runner.traceHash(ticket),
  cancel: () => runner.cancel(),
  warmUp: (scenario, variants) => runner.warmUp(scenario, variants),
};

Comlink.expose(api);
