/**
 * Running an experiment to completion in Node and writing what the CLI promises: the CSV (one row
 * per run and variant), the JSON summary (per point and variant: mean, CI, seeds; the verdict)
 * and the figure as SVG.
 */
import { getFigure, type FigurePreset } from './figures.ts';
import { nodeExecutor } from './node-executor.ts';
import { cells as cellsOf, rows as rowsOf, toCsv, type Cell } from './results.ts';
import { runSweep, type Cache, type Executor, type Progress } from './runner.ts';
import type { Experiment } from './spec.ts';
import { figureSvg, plotModel } from './plot.ts';
import { verdict, type Verdict } from './verdict.ts';

export interface Finished {
  experiment: Experiment;
  figure: FigurePreset | null;
  cells: Cell[];
  csv: string;
  verdict: Verdict | null;
  runs: number;
  wallMs: number;
}

/** Run `e` to completion (in-process one run at a time, or on `executor`), then build its files' contents. */
export async function runInNode(
  e: Experiment,
  cache: Cache,
  opts: { hash?: boolean; onProgress?: (p: Progress) => void; nowMs?: () => number; executor?: Executor } = {},
): Promise<Finished> {
  const now = opts.nowMs ?? (() => performance.now());
  const t0 = now();
  const h = runSweep(e, opts.executor ?? nodeExecutor({ hash: opts.hash }), cache, opts.onProgress ?? (() => {}), now);
  await h.done;
  const rs = rowsOf(e, cache);
  const cs = cellsOf(e, rs);
  const figure = getFigure(e.id) ?? null;
  return { experiment: e, figure, cells: cs, csv: toCsv(e, rs), verdict: figure ? verdict(figure, e, cs) : null, runs: new Set(rs.map((r) => r.key)).size, wallMs: now() - t0 };
}

/** The JSON summary: per point, variant and metric the mean, sd, 95 % CI half-width and seeds; the verdict. */
export function summaryJson(f: Finished): string {
  const e = f.experiment;
  return (
    JSON.stringify(
      {
        experiment: e.id,
        title: e.title,
        source: e.source,
        metrics: e.metrics,
        points: f.cells.map((c) => ({
          point: c.point.index,
          x: c.point.x,
          label: c.point.label,
          variant: c.variant,
          seeds: c.rows.map((r) => r.seed),
          stats: Object.fromEntries(
            Object.entries(c.stats).map(([m, s]) => [m, s ? { n: s.n, mean: s.mean, sd: s.sd, ci95HalfWidth: s.halfWidth, ci95: s.halfWidth === null ? 'one seed: no interval' : [s.mean - s.halfWidth, s.mean + s.halfWidth] } : null]),
          ),
        })),
        verdict: f.verdict,
        experimentSpec: e,
      },
      null,
      2,
    ) + '\n'
  );
}

export function svgOf(f: Finished, metric: string = f.experiment.metrics[0]): string {
  const m = plotModel(f.experiment, f.figure, f.cells, metric, { width: 760, height: 420 });
  const note = f.verdict ? `Did it match the paper? ${f.verdict.badge} — ${f.verdict.words}` : `${f.runs} runs`;
  return figureSvg(m, `${f.experiment.title} — ${f.experiment.source}`, note);
}

export function progressLine(id: string, p: Progress): string {
  const eta = p.finished ? 'done' : p.etaMs === null ? 'estimating…' : `about ${Math.ceil(p.etaMs / 1000)} s to go`;
  return `[${id}] ${p.done}/${p.total} runs${p.reused ? ` (${p.reused} reused)` : ''}, ${(p.elapsedMs / 1000).toFixed(1)} s, ${eta}`;
}
