/** Whether a media query matches, following it as the window is resized or turned. */
import { useCallback, useSyncExternalStore } from 'react';
import { mediaList } from '../state/media.ts';

export function useMedia(query: string): boolean {
  // stable per query: a new subscribe function would make React unsubscribe and subscribe again at every render
  const subscribe = useCallback(
    (changed: () => void) => {
      const m = mediaList(query);
      m?.addEventListener('change', changed);
      return () => m?.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaList(query)?.matches ?? false);
}

/**
 * A phone, upright or on its side: one panel at a time, controls in a bottom sheet, touch-sized
 * targets. Kept in step with the `@media` rules of styles.css that use the same numbers.
 */
export const PHONE_QUERY = '(max-width: 700px), (max-height: 500px)';
