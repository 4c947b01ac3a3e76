/** BBR's own state per flow: its mode over time and its two gains (the estimates panel keeps BtlBw, min RTT and the pacing rate). */
import { BBR_GAIN_COLOURS, BBR_MODE_FILLS, bbrCursor, renderBbrChart, type BbrChartInput } from '../charts/bbrChart.ts';
import { finiteMax, pick, rowsWhere, type StepSeries } from '../charts/series.ts';
import { BBR_MODE_NAMES, bbrModeChanges, bbrModeSpans, bbrPhaseSteps, isBbrFlow, type BbrModeChange, type BbrModeSpan } from '../events/bbrModes.ts';
import { fixed1, int } from '../../catalogue/format.ts';
import { flowStyle, type VariantRun } from '../state/runSet.ts';
import { keyedTimePanel } from './KeyedTimePanel.tsx';
import { LegendItem } from './Legend.tsx';
import { maxOf } from './perRun.ts';
import type { KeyedMeta } from './types.ts';

interface RunBbr {
  run: VariantRun;
  label: string;
  changes: BbrModeChange[];
  spans: BbrModeSpan[];
  pacingGain: StepSeries;
  cwndGain: StepSeries;
  phase: StepSeries;
}

/** One estimate of the flow as a step series, by its key. */
function estimateSteps(run: VariantRun, flow: number, key: string): StepSeries {
  const k = run.result.flows[flow]?.estimates.findIndex((e) => e.key === key) ?? -1;
  const e = run.result.trace.estimate;
  const rows = Int32Array.from([...rowsWhere(e.flow, flow)].filter((r) => e.key[r] === k));
  return { tS: pick(e.tNs, rows, 1e9), values: pick(e.value, rows) };
}

function bbrOf(run: VariantRun, flow: number, label: string): RunBbr | null {
  const est = run.result.flows[flow]?.estimates;
  if (!isBbrFlow(est)) return null;
  const changes = bbrModeChanges(run.result.trace, flow, est ?? []);
  if (changes.length === 0) return null;
  return {
    run,
    label,
    changes,
    spans: bbrModeSpans(changes, run.result.sim.simTimeS),
    pacingGain: estimateSteps(run, flow, 'pacingGain'),
    cwndGain: estimateSteps(run, flow, 'cwndGain'),
    phase: bbrPhaseSteps(run.result.trace, flow),
  };
}

/** Seconds in each mode and the number of PROBE_RTT visits, in words. */
export function bbrSentence(p: Pick<RunBbr, 'spans' | 'changes' | 'label'>): string {
  const time = BBR_MODE_NAMES.map((name, m) => ({ name, s: p.spans.filter((x) => x.mode === m).reduce((a, x) => a + x.t1S - x.t0S, 0) })).filter((x) => x.s > 0);
  const probeRtt = p.changes.filter((c) => BBR_MODE_NAMES[c.mode] === 'PROBE_RTT').length;
  return `${p.label}: ${time.map((x) => `${x.name} ${fixed1(x.s)} s`).join(', ')}; ${int(probeRtt)} PROBE_RTT visit${probeRtt === 1 ? '' : 's'}.`;
}

/** The panel's component, given its declaration (registry.ts). */
export const bbrPanel = (meta: KeyedMeta) =>
  keyedTimePanel<RunBbr, BbrChartInput>(meta, {
    pickLabel: 'Flow',
    items: (run) => run.scenario.flows.flatMap((f, index) => (isBbrFlow(run.result.flows[index]?.estimates) ? [{ id: f.id, index }] : [])),
    perRun: (set, run, flow) => bbrOf(run, flow, flowStyle(set, run, flow).label),
    inputs: (runs, set, windowS) => {
      const maxGain = maxOf(runs, (p) => Math.max(finiteMax(p.pacingGain.values), finiteMax(p.cwndGain.values)) * 1.1, 3);
      return runs.map((p) => ({ windowS, endS: set.endS, label: p.label, spans: p.spans, changes: p.changes, pacingGain: p.pacingGain, cwndGain: p.cwndGain, phase: p.phase, maxGain }));
    },
    sentence: (p) => bbrSentence(p),
    summary: (sentences, flow) => `BBR’s modes${flow ? ` (${flow.id})` : ''}: ${sentences.join(' ')}`,
    legend: () => (
      <>
        {BBR_MODE_NAMES.map((name, m) => (
          <LegendItem key={name} swatch={{ kind: 'band', colour: BBR_MODE_FILLS[m] }} label={name} />
        ))}
        <LegendItem swatch={{ kind: 'line', colour: BBR_GAIN_COLOURS.pacing }} label="pacing gain" />
        <LegendItem swatch={{ kind: 'line', colour: BBR_GAIN_COLOURS.cwnd, dashed: true }} label="cwnd gain" />
      </>
    ),
    hint: () => 'Notice: STARTUP paces at 2.89 × BtlBw until the bandwidth stops growing, DRAIN empties the queue it built, PROBE_BW cycles 1.25 / 0.75 / 1, and every 10 s without a lower RTT PROBE_RTT drops to 4 segments for 200 ms.',
    render: renderBbrChart,
    cursor: bbrCursor,
    heightPx: 220,
  });
