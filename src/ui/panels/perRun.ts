/**
 * What the variant-specific panels (waves, probes, token bucket, Ack Regulator, estimates)
 * share: which runs have rows in their table — in compare mode only some variants fill it, and
 * a panel draws one chart per run that does — and the largest value over those runs, so the
 * small multiples share their axes and compare at a glance.
 */
import type { TableName } from '../../engine/core/trace.ts';
import type { RunOutput } from '../../worker/protocol.ts';
import type { RunSet, VariantRun } from '../state/runSet.ts';

/**
 * `derive(run, key)` computed once per result and key (the link or flow shown …): a comparison
 * filling in redraws its panels at each arrival, and the runs already in must not have their
 * series rebuilt every time. Results are never mutated, so a result's series never go stale;
 * they go when the result does.
 */
export function perResult<T, K extends string | number = number, R extends Pick<VariantRun, 'result'> = VariantRun>(derive: (run: R, key: K) => T): (run: R, key: K) => T {
  const cache = new WeakMap<RunOutput, Map<K, T>>();
  return (run, key) => {
    let byKey = cache.get(run.result);
    if (!byKey) cache.set(run.result, (byKey = new Map()));
    if (!byKey.has(key)) byKey.set(key, derive(run, key));
    return byKey.get(key) as T;
  };
}

export const hasRows = (run: VariantRun, table: TableName): boolean => run.result.trace[table].tNs.length > 0;

export function runsWithRows(set: RunSet, table: TableName): VariantRun[] {
  return set.runs.filter((r) => hasRows(r, table));
}

/**
 * The panel's title, naming in compare mode the runs it draws (only some variants fill its
 * table) — unless the title already names the one run ("TCP-Real waves", not "TCP-Real waves (TCP-Real)").
 */
export const titleWithRuns = (base: string, set: RunSet, runs: readonly VariantRun[]): string =>
  set.compare && runs.length > 0 && !(runs.length === 1 && base.startsWith(`${runs[0].label} `)) ? `${base} (${runs.map((r) => r.label).join(', ')})` : base;

/** Largest finite value of `f` over the items, or `fallback` if there is none. */
export function maxOf<T>(items: readonly T[], f: (item: T) => number, fallback = 0): number {
  let m = Number.NEGATIVE_INFINITY;
  for (const it of items) {
    const v = f(it);
    if (Number.isFinite(v) && v > m) m = v;
  }
  return Number.isFinite(m) ? m : fallback;
}

/** Chart height for `charts` stacked charts: each a little shorter when there are several. */
export const chartHeight = (base: number, presenter: boolean, charts: number): number => Math.round((presenter ? base * 1.3 : base) / (charts > 1 ? 1.2 : 1));
