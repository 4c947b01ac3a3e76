import { useEffect, useRef, type CSSProperties, type RefObject } from 'react';

/**
 * While `holding` (a comparison filling in), the element keeps at least the height it last had
 * when not holding. Text about the runs drawn so far (a chart's cursor readout, a panel's hint
 * and summary) can be shorter with one run in than with six: shrinking and growing back as the runs
 * arrive moved everything below it twice per slider step, and on two cores the browser's
 * re-layout, repaint and raster of the moved panels cost more than drawing the run itself.
 * Heights come from a ResizeObserver, so nothing is measured (no forced layout) while drawing.
 * `present`: whether the element is rendered now (it is observed from when it is).
 */
export function useHeldHeight(el: RefObject<HTMLElement | null>, holding: boolean, present = true): CSSProperties | undefined {
  const settledPx = useRef(0);
  const hold = useRef(holding);
  hold.current = holding;
  // Observed afresh whenever holding ends: an observer reports a new target's size once, so the
  // height is known even when the complete picture happens to be as tall as the partial one
  // before it (an observer kept all along reported only changes, and one made while holding —
  // a page opening on a comparison that fills in — never learned the complete height).
  useEffect(() => {
    const node = el.current;
    if (!node || typeof ResizeObserver === 'undefined' || holding) return;
    const ro = new ResizeObserver(([entry]) => {
      if (!hold.current) settledPx.current = entry.borderBoxSize?.[0]?.blockSize ?? node.offsetHeight;
    });
    ro.observe(node);
    return () => ro.disconnect();
  }, [el, present, holding]);
  return holding && settledPx.current > 0 ? { minHeight: settledPx.current } : undefined;
}
