import { hopName } from '../events/captions.ts';

/**
 * A hop as the Link pickers offer it: its name, a return-path hop marked so ("bottleneck (return
 * path)"), never the trace's id ("bottleneck/fwd"). Kept out of captions.ts, which the first load
 * carries, since only panels that load on demand use it.
 */
export const linkOption = (id: string): string => `${hopName(id)}${/\/rev$/.test(id) ? ' (return path)' : ''}`;
