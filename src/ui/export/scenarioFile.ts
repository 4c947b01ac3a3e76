/**
 * Scenario files: export as pretty JSON (the format of docs/scenario.md, every default written
 * out so the file says exactly what ran), import with the same migration and validation as a
 * share link. Unlike a link, an invalid file is not repaired field by field: the user wrote it
 * and can fix it, so it is refused with every error listed.
 */
import type { Scenario } from '../../scenario/schema.ts';
import { formatErrors, parseScenario } from '../../scenario/validate.ts';
import { migrateScenario } from '../../scenario/migrate.ts';
import { MAX_SCENARIO_CHARS, parseJsonText } from '../../scenario/jsonText.ts';
import { safeFilename } from './download.ts';

/** Files bigger than this are not scenarios (the largest allowed one is well under 1 MB). */
export const MAX_SCENARIO_FILE_CHARS = MAX_SCENARIO_CHARS;

export function scenarioJson(scenario: Scenario): string {
  return `${JSON.stringify(scenario, null, 2)}\n`;
}

export function scenarioFilename(scenario: Pick<Scenario, 'name'>): string {
  return `${safeFilename(scenario.name, 'scenario')}.json`;
}

export interface ImportedScenario {
  /** null when the file cannot be used; then `problems` says why. */
  scenario: Scenario | null;
  /** Errors (scenario null) or notes about an older format that was updated (scenario set). */
  problems: string[];
}

export function importScenarioFile(text: string): ImportedScenario {
  const json = parseJsonText(text, 'the file');
  if (!json.ok) return { scenario: null, problems: [json.message] };
  const migrated = migrateScenario(json.value);
  const notes = migrated.notes.map((n) => `updated from an older format: ${n}`);
  const parsed = parseScenario(migrated.value);
  if (!parsed.ok) return { scenario: null, problems: [...notes, ...formatErrors(parsed.errors).split('\n')] };
  return { scenario: parsed.scenario, problems: notes };
}
