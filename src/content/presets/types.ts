import type { ScenarioInput } from '../../scenario/schema.ts';

export interface Preset {
  /** Stable kebab-case name: the CLI's `--preset` and the URL refer to it. */
  name: string;
  /** One line: what the preset teaches. */
  description: string;
  /** Heading the preset menu files it under. */
  group: string;
  scenario: ScenarioInput;
  /**
   * The variants the paper compares on this setup, opened side by side when the preset is picked
   * (the UI's compare mode; at most 6). Absent: a single run of the scenario's own variants.
   */
  compare?: readonly string[];
}
