/** TCP-Real's receiver-driven waves: wave levels, receiving rates and the receiver's decisions, per run that has them. */
import { useMemo } from 'react';
import { WAVE_DECISIONS } from '../../engine/core/trace.ts';
import { dropsWithCause } from '../charts/series.ts';
import { INK, OKABE_ITO } from '../charts/palette.ts';
import { decisionCounts, meanRateBps, waves, type Wave } from '../charts/waveSeries.ts';
import { renderWavesChart, WAVE_DECISION_STYLE, wavesCursor, type WavesChartInput } from '../charts/wavesChart.ts';
import { fixed1, int } from '../format.ts';
import { flowStyle, type RunSet } from '../state/runSet.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import { wavesNotice } from '../events/notices.ts';
import { LegendItem } from './Legend.tsx';
import { ChartMultiples, ItemPicker, usePick } from './Multiples.tsx';
import { Panel } from './Panel.tsx';
import { chartHeight, maxOf, runsWithRows, titleWithRuns } from './perRun.ts';
import { ShapeItem } from './ShapeLegend.tsx';
import type { PanelDef, PanelProps } from './types.ts';

/** One sentence per run: how its waves went. */
export function wavesSummary(label: string, ws: readonly Wave[]): string {
  if (ws.length === 0) return `${label}: no wave decided.`;
  const n = decisionCounts(ws);
  const meanLevel = ws.reduce((a, w) => a + w.level, 0) / ws.length;
  const rate = meanRateBps(ws);
  return (
    `${label}: ${int(ws.length)} waves — ${WAVE_DECISIONS.map((d) => `${int(n[d])} ${d === 'timeout' ? 'timeouts' : d === 'hold' ? 'holds' : `${d}s`}`).join(', ')}; ` +
    `mean level ${fixed1(meanLevel)} (${fixed1(2 * meanLevel)} segments)` +
    (rate === null ? '' : `, mean receiving rate ${(rate / 1e6).toFixed(2)} Mb/s`) +
    `; threshold level ends at ${int(ws[ws.length - 1].thresholdLevel)}.`
  );
}

function WavesPanel({ set, presenter }: PanelProps) {
  const { windowS } = useTimeAxis();
  const runs = useMemo(() => runsWithRows(set, 'wave'), [set]);
  const flows = runs[0]?.scenario.flows ?? [];
  const { id: selectId, shown: shownFlow, setPick: setFlow } = usePick(flows.length);
  const perRun = useMemo(
    () =>
      runs.map((r) => ({
        run: r,
        style: flowStyle(set, r, shownFlow),
        waves: waves(r.result.trace, shownFlow),
        drops: dropsWithCause(r.result.trace, { flow: shownFlow, dataOnly: true }),
      })),
    [set, runs, shownFlow],
  );
  const all = perRun.flatMap((p) => p.waves);
  const maxLevel = maxOf(all, (w) => Math.max(w.level, w.nextLevel, w.thresholdLevel), 1);
  const maxRateMbps = maxOf(all, (w) => (w.rateBps === null ? Number.NaN : w.rateBps / 1e6), 1);
  const groups = useMemo(
    () =>
      perRun.map((p) => ({
        key: p.run.key,
        input: { windowS, endS: set.endS, label: p.style.label, colour: p.style.colour, waves: p.waves, drops: p.drops, maxLevel, maxRateMbps } satisfies WavesChartInput,
      })),
    [perRun, windowS, set.endS, maxLevel, maxRateMbps],
  );
  const texts = perRun.map((p) => wavesSummary(p.style.label, p.waves));
  const text = `TCP-Real waves of ${flows[shownFlow]?.id ?? 'the flow'} (receiver times): ${texts.join(' ')}`;
  const legend = (
    <>
      <LegendItem swatch={{ kind: 'band', colour: perRun[0]?.style.colour ?? OKABE_ITO.blue }} label="wave: first to last arrival, height = level" />
      <LegendItem swatch={{ kind: 'line', colour: INK, dashed: '8 5', thin: true }} label="threshold level" />
      {WAVE_DECISIONS.map((d) => (
        <ShapeItem key={d} shape={WAVE_DECISION_STYLE[d].shape} fill={WAVE_DECISION_STYLE[d].colour} label={WAVE_DECISION_STYLE[d].label} />
      ))}
      <LegendItem swatch={{ kind: 'line', colour: perRun[0]?.style.colour ?? OKABE_ITO.blue }} label="receiving rate" />
    </>
  );
  const title = titleWithRuns('TCP-Real waves', set, runs);
  return (
    <Panel
      id="waves"
      title={title}
      hint={wavesNotice(runs.map((r) => r.result))}
      legend={legend}
      summary={text}
    >
      <ItemPicker id={selectId} label="Flow" items={flows} value={shownFlow} onChange={setFlow} />
      <ChartMultiples
        idPrefix="waves"
        groups={groups}
        titleOf={(i) => perRun[i]?.run.label}
        labelOf={(i) => texts[i]}
        render={renderWavesChart}
        cursor={wavesCursor}
        height={chartHeight(360, presenter, groups.length)}
      />
    </Panel>
  );
}

export const wavesPanel: PanelDef = {
  id: 'waves',
  title: 'TCP-Real waves',
  short: 'Waves',
  defaultVisible: true,
  available: (set: RunSet) => runsWithRows(set, 'wave').length > 0,
  Component: WavesPanel,
};
