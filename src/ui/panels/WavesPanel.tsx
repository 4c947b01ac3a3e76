/** TCP-Real's receiver-driven waves: wave levels, receiving rates and the receiver's decisions, per run that has them. */
import { WAVE_DECISIONS } from '../../engine/tables/wave.ts';
import { dropsWithCause, type CausedTimes } from '../charts/series.ts';
import { INK, OKABE_ITO } from '../../catalogue/palette.ts';
import { decisionCounts, meanRateBps, waves, type Wave } from '../charts/waveSeries.ts';
import { renderWavesChart, WAVE_DECISION_STYLE, wavesCursor, type WavesChartInput } from '../charts/wavesChart.ts';
import { fixed1, int } from '../../catalogue/format.ts';
import { flowStyle, type VariantRun } from '../state/runSet.ts';
import { allFlows, keyedTimePanel } from './KeyedTimePanel.tsx';
import { wavesNotice } from '../events/notices.ts';
import { LegendItem } from './Legend.tsx';
import { maxOf } from './perRun.ts';
import { ShapeItem } from './ShapeLegend.tsx';
import type { KeyedMeta } from './types.ts';

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

interface RunWaves {
  run: VariantRun;
  style: ReturnType<typeof flowStyle>;
  waves: Wave[];
  drops: CausedTimes;
}

/** The panel's component, given its declaration (registry.ts). */
export const wavesPanel = (meta: KeyedMeta) =>
  keyedTimePanel<RunWaves, WavesChartInput>(meta, {
    pickLabel: 'Flow',
    items: allFlows,
    perRun: (set, run, flow) => ({ run, style: flowStyle(set, run, flow), waves: waves(run.result.trace, flow), drops: dropsWithCause(run.result.trace, { flow, dataOnly: true }) }),
    inputs: (runs, set, windowS) => {
      const all = runs.flatMap((p) => p.waves);
      const maxLevel = maxOf(all, (w) => Math.max(w.level, w.nextLevel, w.thresholdLevel), 1);
      const maxRateMbps = maxOf(all, (w) => (w.rateBps === null ? Number.NaN : w.rateBps / 1e6), 1);
      return runs.map((p) => ({ windowS, endS: set.endS, label: p.style.label, colour: p.style.colour, waves: p.waves, drops: p.drops, maxLevel, maxRateMbps }));
    },
    sentence: (p) => wavesSummary(p.style.label, p.waves),
    summary: (sentences, flow) => `TCP-Real waves of ${flow?.id ?? 'the flow'} (receiver times): ${sentences.join(' ')}`,
    legend: (runs) => (
      <>
        <LegendItem swatch={{ kind: 'band', colour: runs[0]?.style.colour ?? OKABE_ITO.blue }} label="wave: first to last arrival, height = level" />
        <LegendItem swatch={{ kind: 'line', colour: INK, dashed: '8 5', thin: true }} label="threshold level" />
        {WAVE_DECISIONS.map((d) => (
          <ShapeItem key={d} shape={WAVE_DECISION_STYLE[d].shape} fill={WAVE_DECISION_STYLE[d].colour} label={WAVE_DECISION_STYLE[d].label} />
        ))}
        <LegendItem swatch={{ kind: 'line', colour: runs[0]?.style.colour ?? OKABE_ITO.blue }} label="receiving rate" />
      </>
    ),
    hint: (runs) => wavesNotice(runs.map((r) => r.result)),
    render: renderWavesChart,
    cursor: wavesCursor,
    heightPx: 360,
  });
