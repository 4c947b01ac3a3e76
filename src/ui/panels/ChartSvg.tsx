/**
 * Hosts a pure D3 render function on the shared time axis: React owns the element and its
 * width, D3 owns what is inside. The cursor layer is redrawn on its own whenever the playback
 * cursor moves (no React render, no data redraw). Pointer: hover moves the cursor (while
 * paused), a click seeks, a drag brushes a zoom window, Shift+drag (or one finger) pans it, two
 * fingers pinch-zoom it, Ctrl/Shift+wheel zooms around the pointer (a plain wheel still scrolls
 * the page), a double click resets.
 */
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useOnScreen } from '../state/onScreen.ts';
import { useRunsSettled } from '../state/useRuns.ts';
import { applyReveal, drawReadoutWaiting, MARGIN, readoutRowId, timeScale, type ChartSize, type WindowS } from '../charts/frame.ts';
import { revealedUntilS } from '../state/playback.ts';
import { chartHover, HOVER_PX } from '../events/hover.ts';
import { measureDraw } from '../state/perf.ts';
import './stopMark.css';
import { normaliseWindow, pinchWindow, useTimeAxis, zoomWindow } from '../state/timeAxis.ts';
import { ChangeMarkers } from './TimedChanges.tsx';
import { SwatchSvg } from './Legend.tsx';
import { UpdatingRunsContext } from './Panel.tsx';
import { useHeldHeight } from './heldHeight.ts';

export interface ChartSvgProps<T> {
  data: T;
  render: (el: SVGSVGElement, data: T, size: ChartSize) => void;
  /**
   * Draws the cursor (line, readout, moving things) at tS into `overlay`, a transparent SVG
   * stacked on the chart: moving it never repaints the chart's thousands of path segments.
   * `base` is the chart itself, for the rare cursor that restyles it. Omitted: no time axis.
   */
  cursor?: (overlay: SVGSVGElement, data: T, size: ChartSize, tS: number | null, base: SVGSVGElement) => void;
  height: number;
  /** A time panel: its data is drawn only up to the playhead (the reveal, see applyReveal). */
  reveal?: boolean;
  /** Read by screen readers instead of the drawing. */
  label: string;
  id: string;
  /** Timed changes' markers over the plot (time charts only); false where x is not only time. */
  changeMarkers?: boolean;
}

/** Drags shorter than this are clicks. */
const DRAG_PX = 6;
/** A chart squeezed below this stops being a chart; its cell is then too small, not the chart. */
const MIN_FILL_HEIGHT_PX = 80;

/**
 * True where the stage sizes the charts (presenter mode: a grid that fills the screen): each
 * chart then takes the height its box is given by CSS instead of its panel's default height.
 */
export const ChartFillContext = createContext(false);

/**
 * A chart this far outside the viewport counts as off screen: one about to be scrolled to is
 * drawn like a visible one.
 */
export const NEAR_SCREEN_MARGIN = '100px';

/** Two fingers on a chart: the pointers' x positions when the pinch started, and the window then. */
interface Pinch {
  startPx: readonly [number, number];
  windowS: WindowS;
}

export function ChartSvg<T>({ data, render, cursor, reveal = false, height: ownHeight, label, id, changeMarkers = true }: ChartSvgProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const overlay = useRef<SVGSVGElement>(null);
  const brush = useRef<HTMLDivElement>(null);
  const fill = useContext(ChartFillContext);
  const [width, setWidth] = useState(0);
  const [boxHeight, setBoxHeight] = useState(0);
  const height = fill && boxHeight > 0 ? Math.max(MIN_FILL_HEIGHT_PX, boxHeight) : ownHeight;
  const axis = useTimeAxis();
  const { playback, dispatch, setWindow, windowS, ahead } = axis;
  const settled = useRunsSettled();
  const updating = useContext(UpdatingRunsContext);
  const readout = useRef<HTMLParagraphElement>(null);
  const readoutHeld = useHeldHeight(readout, updating.length > 0);
  // Read by the cursor layer when it draws (not a dependency of it): the readout's waiting
  // lines go with the picture drawn, and a chart off screen keeps its last complete picture
  // while the runs come in: redrawing its cursor at every arrival only re-drew what was there
  // and took main-thread time from the edit's redraw (docs/performance.md).
  const updatingNow = useRef(updating);
  updatingNow.current = updating;
  const onScreen = useOnScreen(box, { rootMargin: NEAR_SCREEN_MARGIN, initial: true });
  /** What the data layer shows (null: nothing yet); the cursor layer follows it, not `data`. */
  const [shown, setShown] = useState<{ data: T } | null>(null);
  const lastDraw = useRef<{ data: T; render: ChartSvgProps<T>['render']; width: number; height: number } | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => {
      setWidth(Math.floor(entry.contentRect.width));
      setBoxHeight(Math.floor(entry.contentRect.height));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // A layout effect: the data layer is drawn in the same commit as React's own changes, so the
  // browser paints the new picture once (a passive effect may run after a paint of half of it).
  // A chart off screen while an edit's runs come in waits (useRunsSettled): each result of a
  // comparison arriving redraws every panel, and on two cores the main thread's drawing takes a
  // core from the runs still to come; a chart nobody can see is drawn once the edit's runs are
  // all in and the visible charts painted (or at once if scrolled to first). Never held while
  // idle, so a zoom or a resize redraws everything as before.
  useLayoutEffect(() => {
    const el = svg.current;
    if (!el || width <= 0) return;
    const drawn = lastDraw.current;
    // coming on screen, or the runs settling, redraws only a chart whose redraw waited
    if (drawn && drawn.data === data && drawn.render === render && drawn.width === width && drawn.height === height) return;
    if (!onScreen && !settled) {
      // the picture is an older edit's until drawn (tests wait for none pending)
      el.setAttribute('data-pending-draw', '');
      return;
    }
    el.removeAttribute('data-pending-draw');
    const started = performance.now();
    render(el, data, { width, height });
    lastDraw.current = { data, render, width, height };
    measureDraw(started);
    setShown((s) => (s?.data === data ? s : { data }));
  }, [data, render, width, height, onScreen, settled]);

  // The cursor and the reveal, on every playback change; after the data layer (declared after
  // it, so it runs after a redraw, which resets the clips). Toggling Show all redraws only this.
  const drawn = shown?.data;
  useLayoutEffect(() => {
    const el = svg.current;
    const top = overlay.current;
    if (!el || !top || !cursor || width <= 0 || drawn === undefined) return;
    const size = { width, height };
    top.setAttribute('viewBox', `0 0 ${width} ${height}`);
    top.setAttribute('width', String(width));
    top.setAttribute('height', String(height));
    const x = timeScale(windowS, width);
    const draw = (): void => {
      const p = playback.get();
      cursor(top, drawn, size, p.tS, el);
      if (readout.current) drawReadoutWaiting(readout.current, updatingNow.current);
      if (reveal) applyReveal(el, top, x, height, revealedUntilS(p), ahead);
    };
    draw();
    return playback.subscribe(draw);
  }, [drawn, render, cursor, width, height, playback, reveal, ahead, windowS[0], windowS[1]]); // eslint-disable-line react-hooks/exhaustive-deps

  // Non-passive so Ctrl/Shift+wheel can zoom instead of zooming or scrolling the page.
  const latest = useRef({ windowS, width, setWindow, playback });
  latest.current = { windowS, width, setWindow, playback };
  useEffect(() => {
    const el = box.current;
    if (!el || !cursor) return;
    const onWheel = (e: WheelEvent): void => {
      if (!e.ctrlKey && !e.shiftKey) return;
      const { windowS: w, width: wd, setWindow: set, playback: pb } = latest.current;
      const rect = el.getBoundingClientRect();
      const px = e.clientX - rect.left;
      if (wd <= 0 || px < MARGIN.left || px > wd - MARGIN.right) return;
      e.preventDefault();
      const delta = e.deltaY !== 0 ? e.deltaY : e.deltaX;
      set(zoomWindow(w, delta > 0 ? 1.25 : 0.8, timeScale(w, wd).invert(px), pb.get().endS));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [cursor]);

  const timeAt = (clientX: number): number | null => {
    const el = svg.current;
    if (!el || width <= 0) return null;
    const px = clientX - el.getBoundingClientRect().left;
    if (px < MARGIN.left || px > width - MARGIN.right) return null;
    return timeScale(windowS, width).invert(px);
  };

  const drag = useRef<{ startX: number; startT: number; pan: WindowS | null } | null>(null);
  const showBrush = (a: number | null, b: number | null): void => {
    const el = brush.current;
    if (!el) return;
    if (a === null || b === null) {
      el.style.display = 'none';
      return;
    }
    const rect = svg.current!.getBoundingClientRect();
    el.style.display = 'block';
    el.style.left = `${Math.min(a, b) - rect.left}px`;
    el.style.width = `${Math.abs(b - a)}px`;
  };

  // Touch: one finger drags the window along time (a tap seeks), two fingers pinch-zoom it;
  // a vertical swipe still scrolls the page (touch-action: pan-y on the box).
  const touches = useRef(new Map<number, number>());
  const pinch = useRef<Pinch | null>(null);
  const plotPx = (): [number, number] => [MARGIN.left, Math.max(MARGIN.left + 1, width - MARGIN.right)];
  const localX = (clientX: number): number => clientX - (svg.current?.getBoundingClientRect().left ?? 0);
  const pointer = cursor
    ? {
        onPointerMove: (e: React.PointerEvent) => {
          if (e.pointerType === 'touch' && touches.current.has(e.pointerId)) {
            touches.current.set(e.pointerId, localX(e.clientX));
            const p = pinch.current;
            if (p && touches.current.size === 2) {
              const [a, b] = [...touches.current.values()];
              setWindow(pinchWindow(p.windowS, plotPx(), p.startPx, [a, b], playback.get().endS));
              return;
            }
          }
          const t = timeAt(e.clientX);
          // event markers under the pointer get their captions on the stage (events/hover.ts)
          chartHover.set(t === null || drag.current ? null : { tS: t, toleranceS: (HOVER_PX * (windowS[1] - windowS[0])) / Math.max(1, width - MARGIN.left - MARGIN.right) });
          const d = drag.current;
          if (d?.pan) {
            // the time under the pointer stays under the pointer
            const perPx = (d.pan[1] - d.pan[0]) / Math.max(1, width - MARGIN.left - MARGIN.right);
            const shift = -(e.clientX - d.startX) * perPx;
            const endS = playback.get().endS;
            const t0 = Math.min(Math.max(0, d.pan[0] + shift), Math.max(0, endS - (d.pan[1] - d.pan[0])));
            setWindow(normaliseWindow(t0, t0 + (d.pan[1] - d.pan[0]), endS));
          } else if (d) showBrush(d.startX, e.clientX);
          // hovering reads values; before playback has started it must not start the reveal
          else if (t !== null && !playback.get().playing) dispatch({ type: 'seek', tS: t, peek: true });
        },
        onPointerDown: (e: React.PointerEvent) => {
          if (e.pointerType === 'touch') {
            touches.current.set(e.pointerId, localX(e.clientX));
            if (touches.current.size === 2) {
              const [a, b] = [...touches.current.values()];
              pinch.current = { startPx: [a, b], windowS };
              drag.current = null;
              return;
            }
          }
          const t = timeAt(e.clientX);
          if (t === null || e.button !== 0) return;
          drag.current = { startX: e.clientX, startT: t, pan: e.shiftKey || e.pointerType === 'touch' ? windowS : null };
          try {
            (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
          } catch {
            // a pointer the browser no longer tracks (lifted already): the drag just ends at the box's edge
          }
        },
        onPointerUp: (e: React.PointerEvent) => {
          touches.current.delete(e.pointerId);
          if (pinch.current) {
            if (touches.current.size < 2) pinch.current = null;
            return;
          }
          const d = drag.current;
          drag.current = null;
          showBrush(null, null);
          if (!d) return;
          const moved = Math.abs(e.clientX - d.startX) >= DRAG_PX;
          if (d.pan) {
            if (!moved) dispatch({ type: 'seek', tS: d.startT });
            return;
          }
          const t = timeAt(e.clientX) ?? (e.clientX > d.startX ? windowS[1] : windowS[0]);
          if (moved) setWindow(normaliseWindow(d.startT, t, playback.get().endS));
          else dispatch({ type: 'seek', tS: d.startT });
        },
        onPointerCancel: (e: React.PointerEvent) => {
          touches.current.delete(e.pointerId);
          if (touches.current.size < 2) pinch.current = null;
          drag.current = null;
          showBrush(null, null);
        },
        onDoubleClick: () => setWindow(null),
        onPointerLeave: () => chartHover.set(null),
      }
    : {};

  return (
    <>
    {cursor ? <p ref={readout} className="cursor-readout" id={readoutRowId(id)} data-testid={readoutRowId(id)} aria-hidden="true" style={readoutHeld} /> : null}
    <div ref={box} className={cursor ? 'chart-box timed' : 'chart-box'} style={fill ? undefined : { height }} {...pointer}>
      <svg ref={svg} id={id} data-testid={id} role="img" aria-label={label} className="chart" />
      {cursor ? <svg ref={overlay} id={`${id}-cursor`} className="chart chart-overlay" aria-hidden="true" /> : null}
      {cursor && changeMarkers ? <ChangeMarkers width={width} height={height} /> : null}
      {cursor ? <div ref={brush} className="brush" aria-hidden="true" style={{ top: MARGIN.top, height: height - MARGIN.top - MARGIN.bottom }} /> : null}
      {updating.length > 0 ? (
        // over the plot, so nothing moves when the comparison completes; the status line says it in words
        <div className="chart-updating" data-testid={`${id}-updating`} aria-hidden="true" style={{ top: MARGIN.top + 4, right: MARGIN.right + 4, maxWidth: `calc(100% - ${MARGIN.left + MARGIN.right + 8}px)` }}>
          {updating.map((r) => (
            <span key={r.key}>
              <SwatchSvg s={{ kind: 'line', colour: r.colour, dashed: r.dash ?? undefined }} />
              {r.label}
            </span>
          ))}
          <span>updating…</span>
        </div>
      ) : null}
      {cursor && axis.stoppedAtS !== null && windowS[1] >= axis.stoppedAtS ? (
        // the axis ends where a cap stopped the run: say so at that edge, not as if the run ended there
        <div className="stop-mark" data-testid={`${id}-stop-mark`} style={{ top: MARGIN.top, right: MARGIN.right, height: height - MARGIN.top - MARGIN.bottom }}>
          <span>run stopped at {+axis.stoppedAtS.toFixed(1)} s</span>
        </div>
      ) : null}
    </div>
    </>
  );
}
