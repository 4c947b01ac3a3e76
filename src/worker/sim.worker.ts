/** Worker entry: the engine, unchanged, behind Comlink, so the main thread never blocks on a run. */
import * as Comlink from 'comlink';
import type { SimApi } from './protocol.ts';
import { runForDisplay } from './runForDisplay.ts';
import { traceTransferables } from './transfer.ts';

const api: SimApi = {
  ping: () => true,
  run(scenario, opts) {
    const result = runForDisplay(scenario, opts, () => performance.now());
    return Comlink.transfer(result, traceTransferables(result.trace));
  },
};

Comlink.expose(api);
