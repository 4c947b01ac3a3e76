/**
 * The simulation worker's engine modules. Its first chunk carries what the first visit's
 * scenario needs (NewReno over drop-tail); every other variant, the AQMs, error models, cross
 * traffic, … come as chunks of their own (src/engine/loaders.ts). A run whose scenario needs one
 * that is not here yet waits for it; once the worker has done its first work it fetches all the
 * rest in the background, so a later edit that picks CUBIC or BBR finds it here. The service
 * worker precaches every chunk, so this works offline too.
 */
import { ENGINE_MODULES } from '../engine/modules.ts';
import { everyModule, loadModule, prepareModules } from '../engine/loaders.ts';
import type { Scenario } from '../scenario/schema.ts';

/** Null when the worker has everything `scenario` needs; else a promise that rejects, naming the module, if a load fails. */
export const prepareScenario = (scenario: Scenario): Promise<void> | null => prepareModules(scenario, ENGINE_MODULES);

/**
 * Wait after the first piece of work before fetching the rest: the page is still busy with its
 * first pictures and its own late chunk then, and a run asked for meanwhile goes first.
 */
export const PRELOAD_AFTER_MS = 1000;

let preloading: Promise<void> | null = null;

/**
 * Fetches every module the worker lacks, once, after `delayMs`. A failed fetch is left: a run
 * that needs the module tries again and reports the failure by name.
 */
export function preloadRest(delay: (ms: number) => Promise<void>, delayMs = PRELOAD_AFTER_MS): Promise<void> {
  preloading ??= delay(delayMs).then(async () => {
    await Promise.allSettled(everyModule().map((id) => loadModule(id, ENGINE_MODULES)));
  });
  return preloading;
}
