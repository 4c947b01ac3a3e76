/**
 * The visible panels and their order, as declarative edits of `view.panels` (an empty list
 * means the default set). Pure: each returns the new list.
 */

/** The ids actually shown: the view's list (or the defaults), minus unknown or unavailable panels. */
export function visiblePanels(listed: readonly string[], defaults: readonly string[], available: (id: string) => boolean): string[] {
  return (listed.length > 0 ? listed : defaults).filter((id, i, all) => available(id) && all.indexOf(id) === i);
}

/** Moves past the next panel that is `shown` (default: any), so panels hidden for lack of data are skipped. */
export function movePanel(list: readonly string[], id: string, dir: -1 | 1, shown: readonly string[] = list): string[] {
  const i = list.indexOf(id);
  let j = i + dir;
  while (j >= 0 && j < list.length && !shown.includes(list[j])) j += dir;
  if (i < 0 || j < 0 || j >= list.length) return [...list];
  const out = [...list];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

export const hidePanel = (list: readonly string[], id: string): string[] => list.filter((x) => x !== id);

export const showPanel = (list: readonly string[], id: string): string[] => (list.includes(id) ? [...list] : [...list, id]);
