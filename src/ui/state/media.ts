/** Live media-query state (reduced motion, colour scheme) for components that must react to it. */
import { useSyncExternalStore } from 'react';

const lists = new Map<string, MediaQueryList>();

/**
 * The page's one MediaQueryList for `query` (null without matchMedia). Its `matches` is live, so
 * one per query serves every reader: React asks for it at every render of every chart, and
 * matchMedia parses the query anew at each call (docs/performance.md).
 */
export function mediaList(query: string): MediaQueryList | null {
  if (typeof matchMedia !== 'function') return null;
  let list = lists.get(query);
  if (!list) lists.set(query, (list = matchMedia(query)));
  return list;
}

function mediaStore(query: string) {
  const mql = (): MediaQueryList | null => mediaList(query);
  return {
    subscribe(listener: () => void): () => void {
      const m = mql();
      m?.addEventListener('change', listener);
      return () => m?.removeEventListener('change', listener);
    },
    get: (): boolean => mql()?.matches ?? false,
  };
}

const reduced = mediaStore('(prefers-reduced-motion: reduce)');

/** True when the user asked for less motion: no gliding packets, no animated transitions. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(reduced.subscribe, reduced.get, () => false);
}
