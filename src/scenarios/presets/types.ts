import type { ScenarioInput } from '../schema.ts';

export interface Preset {
  /** Stable kebab-case name: the CLI's `--preset` and the URL refer to it. */
  name: string;
  /** One line: what the preset teaches. */
  description: string;
  /** Heading the preset menu files it under. */
  group: string;
  scenario: ScenarioInput;
}
