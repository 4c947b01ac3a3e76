/**
 * Axis maxima that hold still while a comparison fills in. Refitting a chart's axis to the runs
 * in so far at each arrival would make it jump to the first run's range, then back to all of
 * them — twice per slider step, under the lecturer's hand, each jump redrawing the axis and its
 * grid. While runs are still to come (`set.updating`), a fitted maximum never drops below the one the last complete picture had over the same window; the
 * complete set is fitted to its own runs again, so a picture that settles always fits what it
 * shows. A drag whose runs stay in one range then keeps one axis throughout.
 */
import { useEffect, useRef } from 'react';
import type { WindowS } from '../charts/frame.ts';
import type { RunSet } from '../state/runSet.ts';

/** Named axis maxima (a chart's full and focused ranges, say). */
export type Maxima<T> = { readonly [K in keyof T]: number };

/**
 * `fitted` for a complete set; for one still filling in, each maximum raised to the last
 * complete picture's over the same window and run length (`last`), if there is one.
 */
export function steadyMaxima<T extends Maxima<T>>(fitted: T, filling: boolean, last: { key: string; maxima: T } | null, key: string): T {
  if (!filling || !last || last.key !== key) return fitted;
  const out = { ...fitted } as Record<keyof T, number>;
  for (const k of Object.keys(fitted) as (keyof T)[]) out[k] = Math.max(fitted[k], last.maxima[k]);
  return out as T;
}

/** steadyMaxima for a panel: remembers the maxima of the last complete set it drew. */
export function useSteadyMaxima<T extends Maxima<T>>(fitted: T, set: RunSet, windowS: WindowS): T {
  const last = useRef<{ key: string; maxima: T } | null>(null);
  const key = `${windowS[0]}|${windowS[1]}|${set.endS}`;
  const filling = set.updating.length > 0;
  useEffect(() => {
    if (!filling) last.current = { key, maxima: fitted };
  }, [filling, key, fitted]);
  return steadyMaxima(fitted, filling, last.current, key);
}
