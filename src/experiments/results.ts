/**
 * From the cache of finished runs to what the plot, the CSV and the summary show: one row per
 * run and variant (in a fixed order — point, variant, seed — whatever order the runs finished
 * in, so the same experiment always gives the same CSV), and per point and variant the mean and
 * 95 % confidence interval of each metric over the seeds.
 */
import { readMetric } from './metrics.ts';
import type { Cache } from './runner.ts';
import { axisPoints, jobsFor, seedList, type AxisPoint, type Experiment } from './spec.ts';
import { summarize, type Summary } from './stats.ts';

export interface Row {
  point: AxisPoint;
  variant: string;
  seed: number;
  key: string;
  /** metric ref → value (null where undefined, e.g. an unfinished transfer's completion time). */
  values: Record<string, number | null>;
  traceHash: string | null;
  note: string | null;
}

export interface Cell {
  point: AxisPoint;
  variant: string;
  /** metric ref → summary over the seeds that have a value; null if none has. */
  stats: Record<string, Summary | null>;
  rows: Row[];
}

/** The experiment's seeds, extended by the ones the half-width rule added (those found in the cache). */
export function seedsInCache(e: Experiment, cache: Cache): number[] {
  const seeds = seedList(e);
  if (e.untilHalfWidthPct === null) return seeds;
  for (let s = Math.max(...seeds) + 1; seeds.length < e.maxSeeds; s++) {
    const any = axisPoints(e).some((p) => jobsFor(e, p.index, s).some((j) => cache.has(j.key)));
    if (!any) break;
    seeds.push(s);
  }
  return seeds;
}

/** Finished rows, in point, variant, seed order. */
export function rows(e: Experiment, cache: Cache, metrics: readonly string[] = e.metrics): Row[] {
  const seeds = seedsInCache(e, cache);
  const out: Row[] = [];
  for (const point of axisPoints(e)) {
    for (const variant of e.variants) {
      for (const seed of seeds) {
        const job = jobsFor(e, point.index, seed).find((j) => j.variants.includes(variant));
        const run = job && cache.get(job.key);
        if (!job || !run) continue;
        const values: Record<string, number | null> = {};
        for (const m of metrics) values[m] = readMetric(m, run.result, variant);
        out.push({ point, variant, seed, key: job.key, values, traceHash: run.traceHash, note: run.note });
      }
    }
  }
  return out;
}

export function cells(e: Experiment, rs: readonly Row[], metrics: readonly string[] = e.metrics): Cell[] {
  const out: Cell[] = [];
  for (const point of axisPoints(e)) {
    for (const variant of e.variants) {
      const mine = rs.filter((r) => r.point.index === point.index && r.variant === variant);
      const stats: Record<string, Summary | null> = {};
      for (const m of metrics) stats[m] = summarize(mine.flatMap((r) => (r.values[m] === null ? [] : [r.values[m] as number])));
      out.push({ point, variant, stats, rows: mine });
    }
  }
  return out;
}

const csvField = (s: string): string => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const csvNum = (v: number | null): string => (v === null ? '' : String(v));

/** One row per run and variant: experiment, point, x, label, variant, seed, every metric, trace hash. */
export function toCsv(e: Experiment, rs: readonly Row[], metrics: readonly string[] = e.metrics): string {
  const header = ['experiment', 'point', 'x', 'label', 'variant', 'seed', ...metrics, 'trace_hash', 'note'];
  const lines = [header.map(csvField).join(',')];
  for (const r of rs) {
    lines.push(
      [e.id, String(r.point.index), r.point.x === null ? '' : String(r.point.x), r.point.label, r.variant, String(r.seed), ...metrics.map((m) => csvNum(r.values[m])), r.traceHash ?? '', r.note ?? '']
        .map(csvField)
        .join(','),
    );
  }
  return lines.join('\n') + '\n';
}
