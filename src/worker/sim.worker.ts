/** Worker entry: the engine, unchanged, behind Comlink, so the main thread never blocks on a run. */
import * as Comlink from 'comlink';
import { runScenario } from '../engine/run.ts';
import type { SimApi } from './protocol.ts';
import { traceTransferables } from './transfer.ts';

const api: SimApi = {
  run(scenario, opts) {
    const result = runScenario(scenario, opts);
    return Comlink.transfer(result, traceTransferables(result.trace));
  },
};

Comlink.expose(api);
