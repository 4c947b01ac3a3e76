/**
 * A variant's traced estimates (table `estimate`, key = index into the flow's `estimates`),
 * the bottleneck's available-bandwidth truth (table `avail`) and its loss verdicts against the
 * ground truth (table `verdict`), ready to draw. Each estimate's legend label and unit come
 * from the variant's declaration (FlowResult.estimates), not from its name.
 */
import { LOSS_TRUTHS, VERDICTS, type LossTruth, type TraceData, type Verdict } from '../../engine/core/trace.ts';
import type { EstimateInfo, EstimateUnit } from '../../engine/tcp/cc/types.ts';
import { finiteMax, pick, rowsWhere, type StepSeries } from './series.ts';
import { floorOf, robustTop } from './stats.ts';

const NS_PER_S = 1e9;

/** How estimates of one unit are drawn. */
export interface UnitAxis {
  /** Estimates with the same group share an axis; 'rate' is the bandwidth axis with the truth line. */
  group: string;
  /** Axis label. */
  axis: string;
  /** Short unit for readouts ('' for a pure number). */
  unit: string;
  /** Multiply a traced value by this to get the axis unit. */
  scale: number;
}

export const UNIT_AXES: Readonly<Record<EstimateUnit, UnitAxis>> = {
  'bit/s': { group: 'rate', axis: 'bandwidth (Mb/s)', unit: 'Mb/s', scale: 1e-6 },
  segments: { group: 'segments', axis: 'segments', unit: 'seg', scale: 1 },
  ms: { group: 'time', axis: 'time (ms)', unit: 'ms', scale: 1 },
  // CUBIC's K is traced in seconds; drawn with the other times, in ms
  s: { group: 'time', axis: 'time (ms)', unit: 'ms', scale: 1000 },
  // BBR's pacing and cwnd gains share one axis: multipliers, no unit
  gain: { group: 'gain', axis: 'gain', unit: '', scale: 1 },
  level: { group: 'level', axis: 'wave level', unit: '', scale: 1 },
};

export interface EstimateLine {
  key: string;
  label: string;
  unit: UnitAxis;
  /** Values already in the axis unit (unit.scale applied). */
  series: StepSeries;
}

/** One line per estimate that has rows for this flow, in the variant's order. */
export function estimateLines(trace: TraceData, flow: number, estimates: readonly EstimateInfo[]): EstimateLine[] {
  const e = trace.estimate;
  const rows = rowsWhere(e.flow, flow);
  const byKey = new Map<number, number[]>();
  for (const r of rows) {
    const k = e.key[r];
    let list = byKey.get(k);
    if (!list) byKey.set(k, (list = []));
    list.push(r);
  }
  const out: EstimateLine[] = [];
  estimates.forEach(({ key, label, unit: u }, k) => {
    const list = byKey.get(k);
    if (!list) return;
    const unit = UNIT_AXES[u];
    const idx = Int32Array.from(list);
    out.push({ key, label, unit, series: { tS: pick(e.tNs, idx, NS_PER_S), values: pick(e.value, idx, 1 / unit.scale) } });
  });
  return out;
}

/**
 * Available bandwidth at a link, Mb/s, as a step series: each row is the mean over the bin that
 * ENDS at its time, so the value is drawn over that bin (bins are equal and the first starts at 0).
 */
export function availSeries(trace: TraceData, link: number): StepSeries {
  const a = trace.avail;
  const rows = rowsWhere(a.link, link);
  const endS = pick(a.tNs, rows, NS_PER_S);
  const binS = endS.length > 1 ? endS[1] - endS[0] : endS.length === 1 ? endS[0] : 0;
  return { tS: endS.map((t) => t - binS), values: pick(a.bps, rows, 1e6) };
}

export interface VerdictMark {
  tS: number;
  verdict: Verdict;
  truth: LossTruth;
}

export function verdictMarks(trace: TraceData, flow: number): VerdictMark[] {
  const v = trace.verdict;
  return Array.from(rowsWhere(v.flow, flow), (r) => ({
    tS: v.tNs[r] / NS_PER_S,
    verdict: VERDICTS[v.verdict[r]] ?? 'congestion',
    truth: LOSS_TRUTHS[v.truth[r]] ?? 'none',
  }));
}

/** Estimates that share a unit, drawn on one axis; bandwidth ('rate') first, then in order of appearance. */
export interface UnitBand<T> {
  group: string;
  axis: string;
  series: T[];
  yMin: number;
  yMax: number;
}

/**
 * Groups lines by unit into bands with their axis range over everything given (call it with
 * every run's lines so small multiples share axes). The bandwidth band also fits the truth
 * (`avail`, Mb/s); without a bandwidth estimate it is drawn only if there is nothing else.
 */
export function bandsByUnit<T extends { line: EstimateLine }>(series: readonly T[], avail: StepSeries | null, endS: number): UnitBand<T>[] {
  const byGroup = new Map<string, { axis: string; series: T[] }>();
  // the truth earns a band next to a bandwidth estimate, or as the only thing to show
  const rateEstimates = series.some((s) => s.line.unit.group === 'rate');
  if (avail && avail.tS.length > 0 && (rateEstimates || series.length === 0)) byGroup.set('rate', { axis: UNIT_AXES['bit/s'].axis, series: [] });
  for (const s of series) {
    const u = s.line.unit;
    let g = byGroup.get(u.group);
    if (!g) byGroup.set(u.group, (g = { axis: u.axis, series: [] }));
    g.series.push(s);
  }
  const order = [...byGroup.keys()].sort((a, b) => (a === 'rate' ? -1 : b === 'rate' ? 1 : 0));
  return order.map((group) => {
    const g = byGroup.get(group)!;
    const lines = g.series.map((s) => s.line.series);
    const truth = group === 'rate' && avail ? finiteMax(avail.values) : 0;
    const top = Math.max(robustTop(lines, endS), truth);
    return { group, axis: g.axis, series: g.series, yMin: floorOf(lines), yMax: top > 0 ? top : 1 };
  });
}
