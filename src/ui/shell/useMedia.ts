/** Whether a media query matches, following it as the window is resized or turned. */
import { useSyncExternalStore } from 'react';

export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const m = matchMedia(query);
      m.addEventListener('change', changed);
      return () => m.removeEventListener('change', changed);
    },
    () => matchMedia(query).matches,
  );
}

/**
 * A phone, upright or on its side: one panel at a time, controls in a bottom sheet, touch-sized
 * targets. Kept in step with the `@media` rules of styles.css that use the same numbers.
 */
export const PHONE_QUERY = '(max-width: 700px), (max-height: 500px)';
