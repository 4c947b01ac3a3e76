import { hopName } from '../events/captions.ts';
import type { VariantRun } from '../state/runSet.ts';
import type { PickItem } from './KeyedTimePanel.tsx';

/**
 * A hop as the Link pickers offer it: its name, a return-path hop marked so ("bottleneck (return
 * path)"), never the trace's id ("bottleneck/fwd"). Kept out of captions.ts, which the first load
 * carries, since only panels that load on demand use it.
 */
export const linkOption = (id: string): string => `${hopName(id)}${/\/rev$/.test(id) ? ' (return path)' : ''}`;

/** A keyed panel's Link choices: the hops `indices` names, by name. */
export function linkItems(run: VariantRun, indices: readonly number[]): PickItem[] {
  return indices.map((index) => {
    const id = run.result.links[index]?.id ?? `link ${index}`;
    return { id, label: linkOption(id), index };
  });
}
