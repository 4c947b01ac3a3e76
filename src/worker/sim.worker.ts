/** Worker entry: the engine, unchanged, behind Comlink, so the main thread never blocks on a run. */
import * as Comlink from 'comlink';
import { traceHash } from '../engine/core/trace.ts';
import { runScenario } from '../engine/run.ts';
import type { SimApi } from './protocol.ts';
import { traceTransferables } from './transfer.ts';

const api: SimApi = {
  run(scenario, opts) {
    const run = runScenario(scenario, opts);
    const result = { ...run, traceHash: traceHash(run.trace) };
    return Comlink.transfer(result, traceTransferables(result.trace));
  },
};

Comlink.expose(api);
