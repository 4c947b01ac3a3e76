/**
 * The figure's geometry, computed once for both renderers — the app's interactive SVG (React,
 * with hover and click) and the standalone SVG the CLI writes: per variant the mean at each point
 * with its 95 % interval, every seed as a faint dot, the paper's values in a distinct hollow
 * marker, the models as grey lines or crosses. Log x for PER-like axes, a point scale for cases
 * (variants side by side within a case).
 */
import { line, scaleLinear, scaleLog, scalePoint } from 'd3';
import { distinctColours, DASHES } from '../catalogue/palette.ts';
import { variantLabel } from '../catalogue/format.ts';
import type { FigurePreset, ModelSeries } from './figures.ts';
import { parseMetricRef, metricLabel } from './metrics.ts';
import { PUBLISHED_KIND_LABEL, type PublishedSeries } from './published/types.ts';
import type { Cell, Row } from './results.ts';
import { axisPoints, type Experiment } from './spec.ts';

export interface PlotSize {
  width: number;
  height: number;
}

export interface PlotPoint {
  cx: number;
  cy: number;
  /** Interval ends in px; null with one seed. */
  lo: number | null;
  hi: number | null;
  cell: Cell;
  seeds: { cx: number; cy: number; row: Row }[];
}

export interface PlotSeries {
  variant: string;
  label: string;
  colour: string;
  dash: string | null;
  points: PlotPoint[];
  /** Path through the means (numeric axes only). */
  path: string | null;
}

export interface PlotModel {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  xTicks: { pos: number; label: string }[];
  yTicks: { pos: number; label: string }[];
  xLabel: string;
  yLabel: string;
  series: PlotSeries[];
  /** The paper's values: measurements as diamonds, the paper's own model columns as squares. */
  published: { label: string; kindLabel: string; source: string; shape: 'diamond' | 'square'; points: { cx: number; cy: number; variant: string; colour: string; text: string }[] }[];
  models: { label: string; path: string | null; points: { cx: number; cy: number; text: string }[]; dash: string }[];
  /** Display unit factor of the metric (base → shown). */
  factor: number;
  unit: string;
}

const MODEL_DASHES = ['6 3', '2 2', '10 3 2 3'];

export function formatValue(v: number, unit: string): string {
  const abs = Math.abs(v);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return `${v.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

export function plotModel(e: Experiment, fig: FigurePreset | null, cells: readonly Cell[], metric: string, size: PlotSize): PlotModel {
  const { def } = parseMetricRef(metric);
  let factor = def.display.factor;
  let unit = def.display.unit;
  const margin = { top: 16, right: 16, bottom: 52, left: 64 };
  const innerW = Math.max(40, size.width - margin.left - margin.right);
  const innerH = Math.max(40, size.height - margin.top - margin.bottom);
  const points = axisPoints(e);
  const category = e.axis.scale === 'category' || points.some((p) => p.x === null);
  const colours = distinctColours(e.variants);
  const published = (fig?.published ?? []).filter((s) => s.metric === metric);
  const models = (fig?.models?.(e) ?? []).filter((m) => m.metric === metric);

  // x: where a point (and a variant within it) goes
  let xOf: (at: number | string, variantIndex: number) => number;
  let xTicks: { pos: number; label: string }[];
  const nv = e.variants.length;
  if (category) {
    const band = scalePoint<string>().domain(points.map((p) => p.label)).range([0, innerW]).padding(0.5);
    const step = band.step();
    const dodge = Math.min(18, (0.7 * step) / Math.max(1, nv));
    xOf = (at, vi) => (band(String(at)) ?? 0) + (vi - (nv - 1) / 2) * dodge;
    xTicks = points.map((p) => ({ pos: band(p.label) ?? 0, label: p.label }));
  } else {
    const xs = points.map((p) => p.x as number);
    const lo = Math.min(...xs);
    const hi = Math.max(...xs);
    const pad = e.axis.scale === 'log' ? 1.3 : (hi - lo || 1) * 0.04;
    const sx =
      e.axis.scale === 'log'
        ? scaleLog().domain([lo / pad, hi * pad]).range([0, innerW])
        : scaleLinear().domain([lo - pad, hi + pad]).range([0, innerW]);
    const dodge = Math.min(4, innerW / (xs.length * nv * 4));
    xOf = (at, vi) => sx(Number(at)) + (vi - (nv - 1) / 2) * dodge;
    const ticks = e.axis.scale === 'log' ? sx.ticks().filter((t) => Number.isInteger(Math.log10(t) + 1e-9) || Math.abs(Math.log10(t) - Math.round(Math.log10(t))) < 1e-9) : sx.ticks(6);
    xTicks = ticks.map((t) => ({ pos: sx(t), label: e.axis.scale === 'log' ? t.toExponential(0).replace('e-', 'e−') : String(Number(t.toPrecision(6))) }));
  }

  // y: 0 to the largest thing drawn
  const ys: number[] = [];
  for (const c of cells) {
    const s = c.stats[metric];
    if (s) ys.push(s.mean + (s.halfWidth ?? 0), s.max);
  }
  for (const s of published) for (const p of s.points) ys.push(p.value * s.toBase);
  for (const m of models) if (m.kind === 'points') for (const v of m.values) ys.push(v.value);
  // rates below 1 Mb/s read better in kb/s (the 3G paper's 200 kb/s link)
  if (unit === 'Mb/s' && ys.length > 0 && Math.max(...ys) < 1e6) {
    factor = 1e-3;
    unit = 'kb/s';
  }
  const yMax = Math.max(1e-12, ...ys.map((v) => v * factor));
  const sy = scaleLinear().domain([0, yMax * 1.08]).nice().range([innerH, 0]);
  const yTicks = sy.ticks(6).map((t) => ({ pos: sy(t), label: String(Number(t.toPrecision(6))) }));
  const Y = (base: number): number => sy(base * factor);

  const series: PlotSeries[] = e.variants.map((variant, vi) => {
    const mine = cells.filter((c) => c.variant === variant);
    const pts: PlotPoint[] = mine.flatMap((cell) => {
      const s = cell.stats[metric];
      if (!s) return [];
      const at = cell.point.x ?? cell.point.label;
      const cx = xOf(at, vi);
      return [
        {
          cx,
          cy: Y(s.mean),
          lo: s.halfWidth === null ? null : Y(s.mean - s.halfWidth),
          hi: s.halfWidth === null ? null : Y(s.mean + s.halfWidth),
          cell,
          seeds: cell.rows.flatMap((row) => (row.values[metric] === null ? [] : [{ cx, cy: Y(row.values[metric] as number), row }])),
        },
      ];
    });
    const path = category || pts.length < 2 ? null : (line<PlotPoint>().x((p) => p.cx).y((p) => p.cy)([...pts].sort((a, b) => a.cx - b.cx)) ?? null);
    return { variant, label: variantLabel(variant), colour: colours[vi], dash: DASHES[vi % DASHES.length], points: pts, path };
  });

  const pubModel = published.map((s: PublishedSeries) => ({
    label: `${s.label} — ${PUBLISHED_KIND_LABEL[s.kind]}`,
    kindLabel: PUBLISHED_KIND_LABEL[s.kind],
    source: s.source,
    shape: s.model ? ('square' as const) : ('diamond' as const),
    points: s.points.flatMap((p) => {
      const vi = e.variants.indexOf(p.variant);
      if (vi < 0) return [];
      const known = category ? points.some((q) => q.label === p.at) : true;
      if (!known) return [];
      return [{ cx: xOf(p.at, vi), cy: Y(p.value * s.toBase), variant: p.variant, colour: colours[vi], text: `${variantLabel(p.variant)}: ${p.value}${s.unit ? ` ${s.unit}` : ''} (${s.source})` }];
    }),
  }));

  const modelModel = models.map((m: ModelSeries, i) => {
    const clipped = m.values.filter((v) => v.value * factor <= yMax * 1.08);
    return {
      label: m.label,
      dash: MODEL_DASHES[i % MODEL_DASHES.length],
      path:
        m.kind === 'line' && !category
          ? (line<{ at: number | string; value: number }>()
              .x((v) => xOf(v.at, (nv - 1) / 2))
              .y((v) => Y(v.value))(clipped) ?? null)
          : null,
      points: m.kind === 'points' ? m.values.map((v) => ({ cx: xOf(v.at, (nv - 1) / 2), cy: Y(v.value), text: `${m.label}: ${formatValue(v.value * factor, unit)}` })) : [],
    };
  });

  return {
    width: size.width,
    height: size.height,
    margin,
    xTicks,
    yTicks,
    xLabel: `${e.axis.label}${e.axis.unit ? ` (${e.axis.unit})` : ''}${e.axis.scale === 'log' ? ', log scale' : ''}`,
    yLabel: `${metricLabel(metric)}${unit ? ` (${unit})` : ''}`,
    series,
    published: pubModel,
    models: modelModel,
    factor,
    unit,
  };
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Hollow diamond of half-size r at (x, y): the paper's measured values. */
export const diamond = (x: number, y: number, r: number): string => `M${x},${y - r}L${x + r},${y}L${x},${y + r}L${x - r},${y}Z`;

/** Hollow square: the paper's own model values. */
export const square = (x: number, y: number, r: number): string => `M${x - r * 0.75},${y - r * 0.75}h${r * 1.5}v${r * 1.5}h${-r * 1.5}Z`;

export const publishedMark = (shape: 'diamond' | 'square', x: number, y: number, r: number): string => (shape === 'square' ? square(x, y, r) : diamond(x, y, r));

/** A standalone SVG of the figure (fixed colours, no CSS), with title, legend and verdict line. */
export function figureSvg(m: PlotModel, title: string, note: string): string {
  const legendRows = m.series.length + m.published.length + m.models.length;
  const legendH = 18 * legendRows + 8;
  const W = m.width;
  const H = m.height + 28 + legendH + 22;
  const ox = m.margin.left;
  const oy = 28 + m.margin.top;
  const iw = m.width - m.margin.left - m.margin.right;
  const ih = m.height - m.margin.top - m.margin.bottom;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  out.push(`<text x="8" y="18" font-size="14" font-weight="bold">${esc(title)}</text>`);
  out.push(`<g transform="translate(${ox},${oy})">`);
  for (const t of m.yTicks) out.push(`<line x1="0" x2="${iw}" y1="${t.pos}" y2="${t.pos}" stroke="#e6e6e6"/><text x="-6" y="${t.pos + 4}" text-anchor="end">${esc(t.label)}</text>`);
  for (const t of m.xTicks) out.push(`<line x1="${t.pos}" x2="${t.pos}" y1="${ih}" y2="${ih + 5}" stroke="#111"/><text x="${t.pos}" y="${ih + 18}" text-anchor="middle">${esc(t.label)}</text>`);
  out.push(`<line x1="0" x2="${iw}" y1="${ih}" y2="${ih}" stroke="#111"/><line x1="0" x2="0" y1="0" y2="${ih}" stroke="#111"/>`);
  out.push(`<text x="${iw / 2}" y="${ih + 40}" text-anchor="middle">${esc(m.xLabel)}</text>`);
  out.push(`<text transform="translate(${-48},${ih / 2}) rotate(-90)" text-anchor="middle">${esc(m.yLabel)}</text>`);
  for (const md of m.models) {
    if (md.path) out.push(`<path d="${md.path}" fill="none" stroke="#666" stroke-width="1.5" stroke-dasharray="${md.dash}"/>`);
    for (const p of md.points) out.push(`<path d="M${p.cx - 5},${p.cy - 5}L${p.cx + 5},${p.cy + 5}M${p.cx - 5},${p.cy + 5}L${p.cx + 5},${p.cy - 5}" stroke="#666" stroke-width="1.5"/>`);
  }
  for (const s of m.series) {
    if (s.path) out.push(`<path d="${s.path}" fill="none" stroke="${s.colour}" stroke-width="1.5"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>`);
    for (const p of s.points) {
      for (const d of p.seeds) out.push(`<circle cx="${d.cx}" cy="${d.cy}" r="2" fill="${s.colour}" fill-opacity="0.25"/>`);
      if (p.lo !== null && p.hi !== null) out.push(`<path d="M${p.cx},${p.lo}V${p.hi}M${p.cx - 4},${p.lo}H${p.cx + 4}M${p.cx - 4},${p.hi}H${p.cx + 4}" stroke="${s.colour}" stroke-width="1.5"/>`);
      out.push(`<circle cx="${p.cx}" cy="${p.cy}" r="4" fill="${s.colour}"/>`);
    }
  }
  for (const pub of m.published) for (const p of pub.points) out.push(`<path d="${publishedMark(pub.shape, p.cx, p.cy, 6)}" fill="#fff" fill-opacity="0.6" stroke="${p.colour}" stroke-width="2"/>`);
  out.push('</g>');
  let ly = oy + ih + m.margin.bottom + 8;
  const row = (mark: string, text: string): void => {
    out.push(`<g transform="translate(${ox},${ly})">${mark}<text x="26" y="4">${esc(text)}</text></g>`);
    ly += 18;
  };
  for (const s of m.series) row(`<line x1="0" x2="18" y1="0" y2="0" stroke="${s.colour}" stroke-width="2"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/><circle cx="9" cy="0" r="4" fill="${s.colour}"/>`, `${s.label} — ours: mean ± 95 % CI, seeds as faint dots`);
  for (const p of m.published) row(`<path d="${publishedMark(p.shape, 9, 0, 6)}" fill="#fff" stroke="#111" stroke-width="2"/>`, `${p.label} (${p.source})`);
  for (const md of m.models) row(md.path ? `<line x1="0" x2="18" y1="0" y2="0" stroke="#666" stroke-width="1.5" stroke-dasharray="${md.dash}"/>` : `<path d="M4,-5L14,5M4,5L14,-5" stroke="#666" stroke-width="1.5"/>`, md.label);
  out.push(`<text x="8" y="${H - 8}" font-size="11">${esc(note)}</text>`);
  out.push('</svg>');
  return out.join('\n') + '\n';
}
