/**
 * A short name for "this scenario, whichever variant runs it": FNV-1a over its JSON with every
 * flow's variant blanked, so all runs of one comparison share it and any edit changes it. The
 * worker stamps each result with the id of the scenario it actually ran; the page shows it on
 * the panels (data-runs), so a browser test can check that one chart never mixes two edits.
 */
import type { Scenario } from '../scenario/schema.ts';

export function scenarioId(scenario: Scenario): string {
  const text = JSON.stringify({ ...scenario, flows: scenario.flows.map((f) => ({ ...f, variant: '' })) });
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
