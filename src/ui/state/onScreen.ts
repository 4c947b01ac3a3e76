/** Whether an element is on screen (any part in the viewport), following scrolling and layout. */
import { useEffect, useState } from 'react';

/**
 * The element with id `id`, looked up once mounted. False until the observer's first report
 * (within a frame); always true where there is no IntersectionObserver, so work that waits for
 * it is never held back by a browser that cannot say.
 */
export function useOnScreen(id: string): boolean {
  const [on, setOn] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = document.getElementById(id);
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => setOn(entries[entries.length - 1].isIntersecting));
    io.observe(el);
    return () => io.disconnect();
  }, [id]);
  return on;
}
