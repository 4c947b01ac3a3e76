/**
 * The figure: per variant the mean ± 95 % CI at each point, the seeds as faint dots, the paper's
 * values as hollow diamonds, the models as grey lines or crosses. Hover or focus shows the
 * numbers; clicking a mean (its first seed) or a seed's dot opens that run in the main view.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { FigurePreset } from '../../experiments/figures.ts';
import { formatValue, plotModel, publishedMark, type PlotModel } from '../../experiments/plot.ts';
import type { Cell, Row } from '../../experiments/results.ts';
import type { Experiment } from '../../experiments/spec.ts';
import { describeInterval } from '../../experiments/stats.ts';
import { variantLabel } from '../../catalogue/format.ts';

interface Props {
  experiment: Experiment;
  figure: FigurePreset | null;
  cells: readonly Cell[];
  metric: string;
  onOpen: (row: Row) => void;
  svgRef: React.RefObject<SVGSVGElement | null>;
}

interface Tip {
  x: number;
  y: number;
  lines: string[];
}

export function ExperimentPlot({ experiment, figure, cells, metric, onOpen, svgRef }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  const [tip, setTip] = useState<Tip | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(Math.max(300, Math.floor(el.clientWidth))));
    ro.observe(el);
    setWidth(Math.max(300, Math.floor(el.clientWidth)));
    return () => ro.disconnect();
  }, []);
  const height = Math.round(Math.min(560, Math.max(300, width * 0.55)));
  const m: PlotModel = plotModel(experiment, figure, cells, metric, { width, height });
  const fmt = (v: number): string => formatValue(v * m.factor, m.unit);
  const iw = m.width - m.margin.left - m.margin.right;
  const ih = m.height - m.margin.top - m.margin.bottom;
  const show = (x: number, y: number, lines: string[]) => setTip({ x: x + m.margin.left, y: y + m.margin.top, lines });
  const activate = (row: Row | undefined) => (e: React.KeyboardEvent) => {
    if (row && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      onOpen(row);
    }
  };

  return (
    <div className="exp-plot" ref={box}>
      <svg ref={svgRef} className="chart exp-chart" width={m.width} height={m.height} role="group" aria-label={`${m.yLabel} against ${m.xLabel}`} data-testid="exp-chart" onMouseLeave={() => setTip(null)}>
        <g transform={`translate(${m.margin.left},${m.margin.top})`}>
          {m.yTicks.map((t) => (
            <g key={`y${t.label}`}>
              <line x1={0} x2={iw} y1={t.pos} y2={t.pos} stroke="var(--grid)" />
              <text x={-6} y={t.pos + 4} textAnchor="end" fontSize={13} fill="var(--ink)">
                {t.label}
              </text>
            </g>
          ))}
          {m.xTicks.map((t) => (
            <g key={`x${t.label}`}>
              <line x1={t.pos} x2={t.pos} y1={ih} y2={ih + 5} stroke="var(--ink)" />
              <text x={t.pos} y={ih + 19} textAnchor="middle" fontSize={13} fill="var(--ink)">
                {t.label}
              </text>
            </g>
          ))}
          <line x1={0} x2={iw} y1={ih} y2={ih} stroke="var(--ink)" />
          <line x1={0} x2={0} y1={0} y2={ih} stroke="var(--ink)" />
          <text x={iw / 2} y={ih + 42} textAnchor="middle" fontSize={14} fill="var(--ink)">
            {m.xLabel}
          </text>
          <text transform={`translate(-48,${ih / 2}) rotate(-90)`} textAnchor="middle" fontSize={14} fill="var(--ink)">
            {m.yLabel}
          </text>
          {m.models.map((md) => (
            <g key={md.label} className="exp-model" data-testid="exp-model">
              {md.path ? <path d={md.path} fill="none" stroke="var(--muted)" strokeWidth={1.8} strokeDasharray={md.dash} /> : null}
              {md.points.map((p, i) => (
                <path key={i} d={`M${p.cx - 5},${p.cy - 5}L${p.cx + 5},${p.cy + 5}M${p.cx - 5},${p.cy + 5}L${p.cx + 5},${p.cy - 5}`} stroke="var(--muted)" strokeWidth={2} onMouseEnter={() => show(p.cx, p.cy, [p.text])} />
              ))}
            </g>
          ))}
          {m.series.map((s) => (
            <g key={s.variant} data-variant={s.variant}>
              {s.path ? <path d={s.path} fill="none" stroke={s.colour} strokeWidth={2} strokeDasharray={s.dash ?? undefined} /> : null}
              {s.points.map((p) => (
                <g key={p.cell.point.index}>
                  {p.seeds.map((d) => (
                    <circle
                      key={d.row.seed}
                      className="exp-seed"
                      data-testid="exp-seed"
                      cx={d.cx}
                      cy={d.cy}
                      r={3}
                      fill={s.colour}
                      fillOpacity={0.28}
                      onMouseEnter={() => show(d.cx, d.cy, [`${s.label}, ${p.cell.point.label}, seed ${d.row.seed}: ${fmt(d.row.values[metric] as number)}`, 'Click to open this run'])}
                      onClick={() => onOpen(d.row)}
                    />
                  ))}
                  {p.lo !== null && p.hi !== null ? <path d={`M${p.cx},${p.lo}V${p.hi}M${p.cx - 5},${p.lo}H${p.cx + 5}M${p.cx - 5},${p.hi}H${p.cx + 5}`} stroke={s.colour} strokeWidth={2} data-testid="exp-ci" /> : null}
                  <circle
                    className="exp-mean"
                    data-testid="exp-point"
                    data-point={p.cell.point.index}
                    data-variant={s.variant}
                    data-seed={p.cell.rows[0]?.seed}
                    data-hash={p.cell.rows[0]?.traceHash ?? ''}
                    cx={p.cx}
                    cy={p.cy}
                    r={5.5}
                    fill={s.colour}
                    stroke="var(--paper)"
                    strokeWidth={1.5}
                    tabIndex={0}
                    role="button"
                    aria-label={`${s.label} at ${p.cell.point.label}: ${describeInterval(p.cell.stats[metric], fmt)}. Press Enter to open the run of seed ${p.cell.rows[0]?.seed}.`}
                    onMouseEnter={() =>
                      show(p.cx, p.cy, [`${s.label} at ${experiment.axis.label.toLowerCase()} ${p.cell.point.label}`, describeInterval(p.cell.stats[metric], fmt), `Click to open the run of seed ${p.cell.rows[0]?.seed} (or click a dot for another seed)`])
                    }
                    onFocus={() => show(p.cx, p.cy, [`${s.label} at ${p.cell.point.label}`, describeInterval(p.cell.stats[metric], fmt)])}
                    onClick={() => p.cell.rows[0] && onOpen(p.cell.rows[0])}
                    onKeyDown={activate(p.cell.rows[0])}
                  />
                </g>
              ))}
            </g>
          ))}
          {m.published.map((pub) => (
            <g key={pub.label} data-testid="exp-published">
              {pub.points.map((p, i) => (
                <path key={i} d={publishedMark(pub.shape, p.cx, p.cy, 7)} fill="var(--paper)" fillOpacity={0.55} stroke={p.colour} strokeWidth={2.2} onMouseEnter={() => show(p.cx, p.cy, [`Paper (${pub.kindLabel}): ${p.text}`])} />
              ))}
            </g>
          ))}
        </g>
      </svg>
      {tip ? (
        <div className="exp-tip" style={{ left: Math.min(tip.x + 12, m.width - 260), top: Math.max(0, tip.y - 10) }} role="tooltip">
          {tip.lines.map((l) => (
            <div key={l}>{l}</div>
          ))}
        </div>
      ) : null}
      <ul className="legend exp-legend" aria-label="Legend">
        {m.series.map((s) => (
          <li key={s.variant}>
            <svg width={26} height={12} aria-hidden="true">
              <line x1={0} x2={26} y1={6} y2={6} stroke={s.colour} strokeWidth={2.5} strokeDasharray={s.dash ?? undefined} />
              <circle cx={13} cy={6} r={4} fill={s.colour} />
            </svg>
            {variantLabel(s.variant)}
          </li>
        ))}
        <li>
          <svg width={16} height={12} aria-hidden="true">
            <circle cx={8} cy={6} r={3} fill="var(--ink)" fillOpacity={0.3} />
          </svg>
          one seed
        </li>
        {m.published.map((p) => (
          <li key={p.label}>
            <svg width={18} height={16} aria-hidden="true">
              <path d={publishedMark(p.shape, 9, 8, 6)} fill="var(--paper)" stroke="var(--ink)" strokeWidth={2} />
            </svg>
            {p.label}
          </li>
        ))}
        {m.models.map((md) => (
          <li key={md.label}>
            <svg width={26} height={12} aria-hidden="true">
              {md.path ? <line x1={0} x2={26} y1={6} y2={6} stroke="var(--muted)" strokeWidth={2} strokeDasharray={md.dash} /> : <path d="M8,1L18,11M8,11L18,1" stroke="var(--muted)" strokeWidth={2} />}
            </svg>
            {md.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
