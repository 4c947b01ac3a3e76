/**
 * Issue 4's "main estimate next to cwnd": each flow's traced estimates (Westwood+'s BWE, Vegas'
 * diff, Jersey's rate …) against the bottleneck's available bandwidth, and each loss verdict
 * against what really happened, with the variant's classification accuracy in the summary.
 */
import { useMemo } from 'react';
import { LOSS_TRUTHS, VERDICTS } from '../../engine/core/trace.ts';
import type { Classification } from '../../engine/results.ts';
import { bottleneckOf } from '../../engine/bottleneck.ts';
import { AVAIL_FILL, estimateCursor, renderEstimateChart, TRUTH_STYLE, VERDICT_COLOURS, type EstimateBand, type EstimateChartInput, type EstimateSeriesInput, type VerdictRow } from '../charts/estimateChart.ts';
import { availSeries, bandsByUnit, estimateLines, UNIT_AXES, verdictMarks, type VerdictMark } from '../charts/estimateSeries.ts';
import { DASHES, INK } from '../../catalogue/palette.ts';
import type { StepSeries } from '../charts/series.ts';
import { lineTop, timeMean } from '../charts/stats.ts';
import { int } from '../../catalogue/format.ts';
import { flowStyle, type RunSet, type VariantRun } from '../state/runSet.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import { estimateNotice } from '../events/notices.ts';
import { BBR_STATE_KEYS } from '../events/bbrModes.ts';
import { LegendItem } from './Legend.tsx';
import { ChartMultiples } from './Multiples.tsx';
import { Panel } from './Panel.tsx';
import { chartHeight, hasRows, perResult } from './perRun.ts';
import { prepareOnArrival } from '../state/prepare.ts';
import { ShapeItem } from './ShapeLegend.tsx';
import { runGroups, type PanelProps } from './types.ts';

interface RunSeries {
  run: VariantRun;
  avail: StepSeries | null;
  series: (EstimateSeriesInput & { flowLabel: string })[];
  verdicts: (VerdictRow & { classification: Classification | null })[];
}

/** The trace index of the run's bottleneck, −1 without one. */
export function bottleneckIndex(run: Pick<VariantRun, 'scenario'>): number {
  return bottleneckOf(run.scenario.path)?.linkIndex ?? -1;
}

type ResultOf = Pick<VariantRun, 'scenario' | 'result'>;

/**
 * A flow's estimate lines, built once per result (perResult), and ahead as its run arrives. BBR's
 * mode, gain phase and gains are its control state, drawn by the BBR panel: here only what it
 * estimates (BtlBw, min RTT) and its pacing rate, so a comparison does not crowd.
 */
const linesOf = perResult(({ result }: ResultOf, flow: number) => estimateLines(result.trace, flow, result.flows[flow]?.estimates ?? []).filter((l) => !BBR_STATE_KEYS.has(l.key)));
const marksOf = perResult(({ result }: ResultOf, flow: number) => verdictMarks(result.trace, flow));
/** The available bandwidth at the run's bottleneck, null without one. */
const availOf = perResult((run: ResultOf, _: 0) => {
  const b = bottleneckIndex(run);
  return b >= 0 && run.result.trace.avail.tNs.length > 0 ? availSeries(run.result.trace, b) : null;
});

// what a comparison's complete picture would otherwise derive for every run at once (state/prepare.ts)
prepareOnArrival((run) => {
  const t = run.result.trace;
  if (t.estimate.tNs.length === 0 && t.verdict.tNs.length === 0) return;
  availOf(run, 0);
  run.scenario.flows.forEach((_, i) => {
    // the axis's figures too (bandsByUnit's robustTop), over the whole run as the panel fits it
    for (const line of linesOf(run, i)) lineTop(line.series, run.result.endS);
    marksOf(run, i);
  });
});

function seriesOf(set: RunSet, run: VariantRun): RunSeries {
  const avail = availOf(run, 0);
  const series: RunSeries['series'] = [];
  const verdicts: RunSeries['verdicts'] = [];
  run.scenario.flows.forEach((f, i) => {
    const style = flowStyle(set, run, i);
    const fr = run.result.flows[i];
    const perGroup = new Map<string, number>();
    for (const line of linesOf(run, i)) {
      // a second estimate of the same unit from one flow (BBR's two gains, TCP-Probing's three
      // RTTs) gets the next dash pattern after the flow's own, so it never looks like the first
      const k = perGroup.get(line.unit.group) ?? 0;
      perGroup.set(line.unit.group, k + 1);
      const dash = k === 0 ? style.dash : DASHES[(Math.max(0, (DASHES as readonly (string | null)[]).indexOf(style.dash)) + k) % DASHES.length];
      series.push({ key: `${run.key}/${f.id}/${line.key}`, label: `${style.label} ${line.label}`, flowLabel: style.label, colour: style.colour, dash, line });
    }
    const marks: VerdictMark[] = marksOf(run, i);
    if (marks.length > 0 || fr?.classification) verdicts.push({ key: `${run.key}/${f.id}`, label: style.label, marks, classification: fr?.classification ?? null });
  });
  return { run, avail, series, verdicts };
}

const pct = (x: number): string => `${Math.round(100 * x)} %`;

/** The variant's verdicts in words: accuracy, then the confusion matrix row by row. */
export function verdictSentence(c: Classification): string {
  if (c.events === 0) return 'no loss event classified';
  const rows = VERDICTS.map((v) => {
    const m = c.matrix[v];
    const n = LOSS_TRUTHS.reduce((a, t) => a + m[t], 0);
    return n === 0 ? null : `judged ${v} ${int(n)} (really congestion ${int(m.congestion)}, wireless ${int(m.wireless)}, nothing dropped ${int(m.none)})`;
  }).filter((r) => r !== null);
  return `${int(c.events)} loss events classified, accuracy ${c.accuracy === null ? 'n/a (no real loss)' : pct(c.accuracy)}: ${rows.join('; ')}`;
}

function summary(set: RunSet, all: readonly RunSeries[]): string {
  const s = set.runs[0]?.result.summary;
  const head =
    `Estimates against the truth` +
    (s?.bottleneck ? ` at the bottleneck ${s.bottleneck}` : '') +
    (s?.meanAvailableBps !== null && s?.meanAvailableBps !== undefined ? ` (available on average ${(s.meanAvailableBps / 1e6).toFixed(2)} Mb/s)` : '');
  const parts: string[] = [];
  for (const r of all) {
    const endS = r.run.result.sim.simTimeS;
    const byFlow = new Map<string, string[]>();
    for (const x of r.series) {
      const list = byFlow.get(x.flowLabel) ?? [];
      list.push(`${x.line.label} averages ${timeMean(x.line.series, endS).toFixed(2)} ${x.line.unit.unit}`.trim());
      byFlow.set(x.flowLabel, list);
    }
    for (const v of r.verdicts) {
      const list = byFlow.get(v.label) ?? [];
      if (v.classification) list.push(verdictSentence(v.classification));
      byFlow.set(v.label, list);
    }
    for (const [flow, list] of byFlow) parts.push(`${flow}: ${list.join('; ')}`);
  }
  return `${head}. ${parts.join('. ')}.`;
}

/** The panel's component (its declaration is in registry.ts). */
export function EstimatePanel({ set, layout, presenter }: PanelProps) {
  const { windowS } = useTimeAxis();
  const all = useMemo(() => set.runs.filter((r) => hasRows(r, 'estimate') || hasRows(r, 'verdict')).map((r) => seriesOf(set, r)), [set]);
  const global = useMemo(
    () =>
      bandsByUnit(
        all.flatMap((r) => r.series),
        all.find((r) => r.avail)?.avail ?? null,
        set.endS,
      ),
    [all, set.endS],
  );
  const groups = useMemo(() => {
    const byRun = new Map(all.map((r) => [r.run.key, r]));
    return runGroups(set, layout)
      .map((runs) => runs.flatMap((r) => byRun.get(r.key) ?? []))
      .filter((rs) => rs.length > 0)
      .map((rs) => {
        const keys = new Set(rs.flatMap((r) => r.series.map((s) => s.key)));
        const avail = rs.find((r) => r.avail)?.avail ?? null;
        let bands: EstimateBand[] = global.map((b) => ({ ...b, series: b.series.filter((s) => keys.has(s.key)) })).filter((b) => b.series.length > 0 || (b.group === 'rate' && avail !== null));
        if (bands.length === 0) bands = [{ group: 'rate', axis: UNIT_AXES['bit/s'].axis, series: [], yMin: 0, yMax: 1 }];
        const input: EstimateChartInput = { windowS, endS: set.endS, bands, avail, verdicts: rs.flatMap((r) => r.verdicts) };
        return { key: rs.map((r) => r.run.key).join('+'), input, label: rs.map((r) => r.run.label).join(', ') };
      });
  }, [all, global, set, layout, windowS]);
  const text = summary(set, all);
  const series = all.flatMap((r) => r.series);
  const anyAvail = global.some((b) => b.group === 'rate') && all.some((r) => r.avail);
  const anyVerdict = all.some((r) => r.verdicts.some((v) => v.marks.length > 0));
  const legend = (
    <>
      {series.length <= 6 ? series.map((s) => <LegendItem key={s.key} swatch={{ kind: 'line', colour: s.colour, dashed: s.dash ?? undefined }} label={s.label} />) : null}
      {anyAvail ? <LegendItem swatch={{ kind: 'area', colour: INK, fill: AVAIL_FILL }} label="available bandwidth (truth)" /> : null}
      {anyVerdict ? (
        <>
          {VERDICTS.map((v) => (
            <LegendItem key={v} swatch={{ kind: 'dot', colour: VERDICT_COLOURS[v] }} label={`fill: judged ${v}`} />
          ))}
          {LOSS_TRUTHS.map((t) => (
            <ShapeItem key={t} shape={TRUTH_STYLE[t].shape} fill="none" stroke={TRUTH_STYLE[t].stroke} label={`shape: ${TRUTH_STYLE[t].label}`} />
          ))}
        </>
      ) : null}
    </>
  );
  const verdictRows = groups.reduce((m, g) => Math.max(m, g.input.verdicts.length), 0);
  return (
    <Panel
      id="estimate"
      // the title says what is drawn: verdicts only where some run gave one
      title={anyVerdict ? 'Estimates and loss verdicts' : 'Estimates'}
      hint={estimateNotice({ truthLine: anyAvail && series.some((s) => s.line.unit.group === 'rate'), verdicts: anyVerdict })}
      legend={legend}
      summary={text}
    >
      <ChartMultiples
        idPrefix="estimate"
        groups={groups}
        titleOf={(i) => groups[i]?.label}
        labelOf={() => text}
        render={renderEstimateChart}
        cursor={estimateCursor}
        height={chartHeight(330 + 20 * verdictRows + 60 * Math.max(0, (groups[0]?.input.bands.length ?? 1) - 1), presenter, groups.length)}
      />
    </Panel>
  );
}
