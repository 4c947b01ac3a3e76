/** Live media-query state (reduced motion, colour scheme) for components that must react to it. */
import { useSyncExternalStore } from 'react';

function mediaStore(query: string) {
  const mql = (): MediaQueryList | null => (typeof matchMedia === 'function' ? matchMedia(query) : null);
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
