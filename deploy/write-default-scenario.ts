/**
 * Writes src/ui/state/defaultScenario.ts: the default preset as the validator returns it, so a
 * first visit can run it without loading the validator (zod and the scenario format) before the
 * first chart. tests/ui/firstLoad.test.ts fails when the file no longer matches the preset
 * and the schema; run this again then:
 *
 *   node --import tsx deploy/write-default-scenario.ts
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultScenarioSource } from '../tests/ui/defaultScenarioSource.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const path = 'src/ui/state/defaultScenario.ts';
writeFileSync(join(root, path), defaultScenarioSource());
console.log(`wrote ${path}`);
