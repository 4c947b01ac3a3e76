/**
 * The one definition of a path's bottleneck, on the scenario's path alone: the engine (its
 * available-bandwidth truth, the results' summary), the CSV trace, the lessons and every panel
 * read it. Pure and engine-free, so the main thread can import it without the simulator.
 */
import type { LinkSpec } from '../scenario/schema.ts';

/** A path's bottleneck: where it is in the path, in `RunResult.links` and the trace, and its result id. */
export interface Bottleneck {
  pathIndex: number;
  /** Index in `RunResult.links` and the trace's link columns: path links come first, forward before reverse. */
  linkIndex: number;
  /** `<link id>/fwd`, as `RunResult.links` names it. */
  id: string;
}

/**
 * The bottleneck: the slowest forward link of the shared path as built (the first of equals);
 * null for an empty path. The engine's available-bandwidth truth, the results' summary, the CSV
 * trace and every panel use this one definition.
 */
export function bottleneckOf(path: readonly Pick<LinkSpec, 'id' | 'forward'>[]): Bottleneck | null {
  let best = -1;
  path.forEach((l, i) => {
    if (best < 0 || l.forward.rateBps < path[best].forward.rateBps) best = i;
  });
  return best < 0 ? null : { pathIndex: best, linkIndex: 2 * best, id: `${path[best].id}/fwd` };
}
