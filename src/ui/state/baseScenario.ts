/** The scenario the app opens with: a preset, validated like any user-supplied scenario. */
import { getPreset } from '../../content/presets/index.ts';
import { formatErrors, parseScenario } from '../../scenario/validate.ts';
import type { Scenario } from '../../scenario/schema.ts';

export { DEFAULT_PRESET } from './defaultPreset.ts';

export type Loaded =
  | { ok: true; scenario: Scenario; title: string; description: string; compare: readonly string[] }
  | { ok: false; message: string };

export function loadPreset(name: string): Loaded {
  try {
    const preset = getPreset(name);
    if (!preset) return { ok: false, message: `preset "${name}" not found` };
    const parsed = parseScenario(preset.scenario);
    if (!parsed.ok) return { ok: false, message: `preset "${name}" is invalid:\n${formatErrors(parsed.errors)}` };
    return { ok: true, scenario: parsed.scenario, title: preset.name, description: preset.description, compare: preset.compare ?? [] };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/** Re-validates after an edit, so a bad control value is reported like a bad file, not crashed on. */
export function validated(s: Scenario): { ok: true; scenario: Scenario } | { ok: false; message: string } {
  const parsed = parseScenario(s);
  return parsed.ok ? parsed : { ok: false, message: formatErrors(parsed.errors) };
}
