/**
 * Sketch-then-reveal on the real chart: the run's own cwnd (or queue) chart, drawn only up to
 * the start of the span the student predicts; the student draws over the empty span with the
 * pointer, a finger or the keyboard; on reveal the whole run is drawn under the sketch and the
 * difference is scored (src/content/lessons/sketch.ts).
 *
 * Keyboard: ← / → pick a column (a new column starts at the previous one's value), ↑ / ↓ raise
 * or lower it by one (Shift: by five), Home / End jump to the first / last column.
 */
import * as d3 from 'd3';
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useElementWidth } from '../state/useElementWidth.ts';
import { renderQueueChart, type QueueChartInput } from '../charts/queueChart.ts';
import { renderCwndWithSuspensions, runSuspensions, type CwndWithSuspensions } from '../charts/suspensionSpans.ts';
import { timeScale, valueScale, type WindowS } from '../charts/frame.ts';
import { bufferLimitSteps, dropsWithCause, markTimes, queueSeries, type CausedTimes, type Span, type StepSeries } from '../charts/series.ts';
import { cwndFlows } from '../panels/CwndPanel.tsx';
import type { RunSet, VariantRun } from '../state/runSet.ts';
import { fillSketch, SKETCH_COLUMNS } from '../../content/lessons/sketch.ts';
import { bottleneckOf } from '../../engine/bottleneck.ts';

interface Props {
  set: RunSet;
  run: VariantRun;
  series: 'cwnd' | 'queue';
  flow: number;
  fromS: number;
  toS: number;
  values: (number | null)[];
  onChange: (values: (number | null)[]) => void;
  revealed: boolean;
  /** The run's value at fromS: where a keyboard sketch starts. */
  startValue: number;
  /** Drawing height, px. */
  height: number;
}

function cutTimes(t: Float64Array, beforeS: number): Float64Array {
  return t.filter((x) => x <= beforeS);
}
function cutCaused(c: CausedTimes, beforeS: number): CausedTimes {
  const keep = Array.from(c.tS, (t, i) => (t <= beforeS ? i : -1)).filter((i) => i >= 0);
  return { tS: Float64Array.from(keep, (i) => c.tS[i]), cause: Uint8Array.from(keep, (i) => c.cause[i]) };
}
function cutSpans(s: Span[], beforeS: number): Span[] {
  return s.filter((x) => x.t0S <= beforeS).map((x) => ({ ...x, t1S: Math.min(x.t1S, beforeS) }));
}
function cutStep(s: StepSeries, beforeS: number): StepSeries {
  const n = s.tS.findIndex((t) => t > beforeS);
  return n < 0 ? s : { tS: s.tS.slice(0, n), values: s.values.slice(0, n) };
}

export function SketchChart({ set, run, series, flow, fromS, toS, values, onChange, revealed, startValue, height: HEIGHT }: Props) {
  const [box, width] = useElementWidth<HTMLDivElement>();
  const base = useRef<SVGSVGElement>(null);
  const overlay = useRef<SVGSVGElement>(null);
  const [column, setColumn] = useState(0);
  const drawing = useRef<number | null>(null);
  const chartId = useId().replace(/:/g, '');
  const windowS: WindowS = [Math.max(0, fromS - 0.5 * (toS - fromS)), toS];
  const shownEndS = revealed ? toS : fromS;

  const chart = useMemo(() => {
    if (series === 'cwnd') {
      const all = cwndFlows(set, run);
      const f = all[flow];
      const shown = f.series.tS.findIndex((t) => t > fromS);
      const n = shown < 0 ? f.series.tS.length : shown;
      // room to draw twice what the visible past reached: the axis must not hint at the answer
      let pastMax = 0;
      for (let i = 0; i < n; i++) if (f.series.tS[i] >= windowS[0] || i === n - 1) pastMax = Math.max(pastMax, f.series.cwndSeg[i]);
      const yMax = Math.max(8, 2 * pastMax);
      const cut = revealed
        ? f
        : {
            ...f,
            series: { tS: f.series.tS.slice(0, n), cwndSeg: f.series.cwndSeg.slice(0, n), ssthreshSeg: f.series.ssthreshSeg.slice(0, n) },
            fastRetransmitS: cutTimes(f.fastRetransmitS, fromS),
            timeoutS: cutTimes(f.timeoutS, fromS),
            drops: cutCaused(f.drops, fromS),
            recoveries: cutSpans(f.recoveries, fromS),
          };
      const input: CwndWithSuspensions = { windowS, endS: shownEndS, yMax, flows: [cut], suspensions: revealed ? runSuspensions(run) : [] };
      return { yMax, draw: (el: SVGSVGElement, w: number) => renderCwndWithSuspensions(el, input, { width: w, height: HEIGHT }) };
    }
    const link = bottleneckOf(run.scenario.path)?.linkIndex ?? 0;
    const limit = run.result.links[link]?.limitPackets ?? 1;
    const q = queueSeries(run.result.trace, link);
    const input: QueueChartInput = {
      windowS,
      endS: shownEndS,
      limit: bufferLimitSteps(run.result.trace, run.scenario.changes, link, limit),
      series: [{ key: run.key, label: run.label || 'queue', colour: run.colour, dash: null, queue: revealed ? q : cutStep(q, fromS), drops: revealed ? dropsWithCause(run.result.trace, { link }) : cutCaused(dropsWithCause(run.result.trace, { link }), fromS), marksS: revealed ? markTimes(run.result.trace, link) : cutTimes(markTimes(run.result.trace, link), fromS) }],
    };
    return { yMax: limit * 1.1, draw: (el: SVGSVGElement, w: number) => renderQueueChart(el, input, { width: w, height: HEIGHT }) };
  }, [set, run, series, flow, fromS, toS, revealed, HEIGHT]); // eslint-disable-line react-hooks/exhaustive-deps

  useLayoutEffect(() => {
    if (base.current && width > 0) chart.draw(base.current, width);
  }, [chart, width]);

  const x = timeScale(windowS, Math.max(width, 1));
  const y = valueScale(chart.yMax, HEIGHT);
  const dtS = (toS - fromS) / SKETCH_COLUMNS;
  const colX = (c: number): number => x(fromS + (c + 0.5) * dtS);

  // the sketch layer: the span, the drawn columns as a line, the keyboard's column
  useLayoutEffect(() => {
    const el = overlay.current;
    if (!el || width <= 0) return;
    const svg = d3.select(el).attr('viewBox', `0 0 ${width} ${HEIGHT}`).attr('width', width).attr('height', HEIGHT);
    const [plotBottom, plotTop] = y.range();
    svg.selectAll('rect.sketch-span').data([0]).join('rect').attr('class', 'sketch-span').attr('x', x(fromS)).attr('width', x(toS) - x(fromS)).attr('y', plotTop).attr('height', plotBottom - plotTop);
    const filled = fillSketch(values);
    const line = d3.line<number>().x((_, i) => colX(i)).y((v) => y(v));
    svg.selectAll('path.sketch-line').data(filled ? [filled] : []).join('path').attr('class', 'sketch-line').attr('d', (d) => line(d));
    svg
      .selectAll('circle.sketch-point')
      .data(values.map((v, i) => ({ v, i })).filter((p) => p.v !== null))
      .join('circle')
      .attr('class', 'sketch-point')
      .attr('cx', (p) => colX(p.i))
      .attr('cy', (p) => y(p.v!))
      .attr('r', 3.5);
    svg.selectAll('line.sketch-column').data(revealed ? [] : [column]).join('line').attr('class', 'sketch-column').attr('x1', colX(column)).attr('x2', colX(column)).attr('y1', plotTop).attr('y2', plotBottom);
  });

  const setAt = (updates: [number, number][]): void => {
    const next = [...values];
    for (const [c, v] of updates) next[c] = Math.max(0, Math.min(chart.yMax, Math.round(v * 2) / 2));
    onChange(next);
  };

  const columnAt = (px: number): number => Math.max(0, Math.min(SKETCH_COLUMNS - 1, Math.floor((x.invert(px) - fromS) / dtS)));
  const pointer = (e: PointerEvent<SVGSVGElement>, down: boolean): void => {
    if (revealed || (!down && drawing.current === null)) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const px = ((e.clientX - rect.left) / rect.width) * width;
    const py = ((e.clientY - rect.top) / rect.height) * HEIGHT;
    if (x.invert(px) < fromS - dtS || x.invert(px) > toS + dtS) return;
    if (down) {
      try {
        e.currentTarget.setPointerCapture(e.pointerId);
      } catch {
        // a pointer the browser no longer tracks (lifted already): the stroke still draws
      }
    }
    const c = columnAt(px);
    const v = y.invert(py);
    const from = drawing.current ?? c;
    // a fast stroke skips columns: fill them along the stroke
    const prev = values[from] ?? v;
    const span = Math.abs(c - from);
    const updates: [number, number][] = [];
    for (let k = 0; k <= span; k++) {
      const col = from + Math.sign(c - from) * k;
      updates.push([col, span === 0 ? v : prev + ((v - prev) * k) / span]);
    }
    setAt(updates);
    drawing.current = c;
    setColumn(c);
  };

  const onKey = (e: KeyboardEvent<SVGSVGElement>): void => {
    if (revealed) return;
    const step = e.shiftKey ? 5 : 1;
    const here = values[column] ?? (column > 0 ? values[column - 1] : null) ?? startValue;
    const go = (c: number): void => {
      const next = Math.max(0, Math.min(SKETCH_COLUMNS - 1, c));
      setColumn(next);
      if (values[next] === null) setAt([[next, here]]);
    };
    switch (e.key) {
      case 'ArrowUp':
        setAt([[column, here + step]]);
        break;
      case 'ArrowDown':
        setAt([[column, here - step]]);
        break;
      case 'ArrowRight':
        go(column + 1);
        break;
      case 'ArrowLeft':
        go(column - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(SKETCH_COLUMNS - 1);
        break;
      default:
        return;
    }
    // the stage's keys (event stepping) must not act on a key the sketch used
    e.preventDefault();
  };

  const unit = series === 'cwnd' ? 'segments' : 'packets';
  const current = values[column];
  return (
    <div className="sketch" ref={box}>
      <svg ref={base} id={`sketch-${chartId}`} className="chart" role="img" aria-label={`${series === 'cwnd' ? 'Congestion window' : 'Queue'} until ${fromS} s${revealed ? `, and the whole run to ${toS} s` : ''}`} />
      <svg
        ref={overlay}
        className="sketch-layer"
        data-testid="sketch"
        tabIndex={revealed ? -1 : 0}
        role="application"
        aria-roledescription="sketch"
        aria-label={`Your prediction from ${fromS} to ${toS} s: draw with the pointer, or use the arrow keys — left and right pick a moment, up and down set ${series === 'cwnd' ? 'cwnd' : 'the queue'}`}
        onPointerDown={(e) => pointer(e, true)}
        onPointerMove={(e) => pointer(e, false)}
        onPointerUp={() => (drawing.current = null)}
        onPointerCancel={() => (drawing.current = null)}
        onKeyDown={onKey}
      />
      <p className="sketch-readout" aria-live="polite" data-testid="sketch-readout">
        {revealed ? '' : `${(fromS + (column + 0.5) * dtS).toFixed(2)} s: ${current === null || current === undefined ? 'not drawn yet' : `${current} ${unit}`}`}
      </p>
    </div>
  );
}
