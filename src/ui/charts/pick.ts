/** Finding the item in force at a time in a list of records sorted by a time field (cursor readouts). */

/** Index of the last item whose time is ≤ tS (items sorted by `timeOf`), or −1 if none. */
export function lastAtOrBefore<T>(items: ArrayLike<T>, timeOf: (item: T) => number, tS: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (timeOf(items[mid]) <= tS) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
