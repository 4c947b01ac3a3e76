/** Whether an element is on screen (any part in or near the viewport), following scrolling and layout. */
import { useEffect, useState, type RefObject } from 'react';

/**
 * `target`: an element's id or a ref to it, looked up once mounted. `rootMargin` widens the
 * viewport (an element about to be scrolled to counts as on screen). `initial` holds until the
 * observer's first report (within a frame). Always true where there is no IntersectionObserver,
 * so work that waits for it is never held back by a browser that cannot say.
 */
export function useOnScreen(target: string | RefObject<Element | null>, { rootMargin = '0px', initial = false }: { rootMargin?: string; initial?: boolean } = {}): boolean {
  const [on, setOn] = useState(() => initial || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = typeof target === 'string' ? document.getElementById(target) : target.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => setOn(entries[entries.length - 1].isIntersecting), { rootMargin });
    io.observe(el);
    return () => io.disconnect();
  }, [target, rootMargin]);
  return on;
}
