import { useEffect, useRef, useState } from 'react';
import type { ChartSize } from '../charts/frame.ts';

interface Props<T> {
  data: T;
  render: (el: SVGSVGElement, data: T, size: ChartSize) => void;
  height: number;
  /** Read by screen readers instead of the drawing. */
  label: string;
  id: string;
}

/** Hosts a pure D3 render function: React owns the element and its width, D3 owns what is inside. */
export function ChartSvg<T>({ data, render, height, label, id }: Props<T>) {
  const box = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    if (svg.current && width > 0) render(svg.current, data, { width, height });
  }, [data, render, width, height]);

  return (
    <div ref={box} className="chart-box" style={{ height }}>
      <svg ref={svg} id={id} data-testid={id} role="img" aria-label={label} className="chart" />
    </div>
  );
}
