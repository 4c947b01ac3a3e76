/**
 * The visible panels and their order, as declarative edits of `view.panels` (an empty list
 * means the default set). Pure: each returns the new list.
 */

import type { RunSet } from './runSet.ts';

/**
 * Whether a panel (by its `available` test) stays in the grid for `set`: it has data there, or
 * the set is a comparison still filling in and the last complete set had data for it — the
 * panel then keeps that picture until this set is complete (PanelGrid) instead of leaving the
 * grid at each edit while the runs without its data (Tahoe before Vegas) come in first, and the
 * panels below it jumping up and back down.
 */
export function panelHasData(available: (set: RunSet) => boolean, set: RunSet, lastComplete: RunSet | null): boolean {
  return available(set) || (set.updating.length > 0 && lastComplete !== null && available(lastComplete));
}

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
