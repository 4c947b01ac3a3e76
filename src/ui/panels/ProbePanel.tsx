/** TCP-Probing's probe cycles: the probe exchanges, their RTT samples and the decision each cycle ends in, per run that probes. */
import { INK } from '../../catalogue/palette.ts';
import { CYCLE_FILL, PROBE_COLOURS, PROBE_DECISION_STYLE, PROBE_TIMEOUT_COLOUR, probeCursor, renderProbeChart, RTT_LINES, SAMPLE_COLOUR, type ProbeChartInput } from '../charts/probeChart.ts';
import { DECISION_LABEL, PROBE_DECISIONS, probeCounts, probeCycles, rttSamples, type ProbeCycle } from '../charts/probeSeries.ts';
import { finiteMax } from '../charts/series.ts';
import { int } from '../../catalogue/format.ts';
import { flowStyle, type VariantRun } from '../state/runSet.ts';
import { allFlows, keyedTimePanel } from './KeyedTimePanel.tsx';
import { probeNotice } from '../events/notices.ts';
import { LegendItem } from './Legend.tsx';
import { maxOf } from './perRun.ts';
import { ShapeItem } from './ShapeLegend.tsx';
import type { KeyedMeta } from './types.ts';

/** One sentence per run: its cycles, decisions, lost probes and time spent suspended. */
export function probeSummary(label: string, cycles: readonly ProbeCycle[], probesSent: number | null): string {
  if (cycles.length === 0) return `${label}: no probe cycle.`;
  const n = probeCounts(cycles);
  const suspendedS = cycles.reduce((a, c) => a + (c.endS - c.startS), 0);
  const decided = PROBE_DECISIONS.filter((d) => n[d] > 0).map((d) => `${int(n[d])} ${DECISION_LABEL[d]}`);
  return (
    `${label}: ${int(cycles.length)} probe cycles` +
    (decided.length > 0 ? ` ending in ${decided.join(', ')}` : '') +
    (n.open > 0 ? ` (${int(n.open)} still open at the end)` : '') +
    `; ${int(n.timeouts)} probes lost; data suspended ${suspendedS.toFixed(2)} s in all` +
    (probesSent === null ? '.' : `; ${int(probesSent)} probe segments sent.`)
  );
}

interface RunProbes {
  run: VariantRun;
  style: ReturnType<typeof flowStyle>;
  cycles: ProbeCycle[];
  probesSent: number | null;
}

/** The panel's component, given its declaration (registry.ts). */
export const probePanel = (meta: KeyedMeta) =>
  keyedTimePanel<RunProbes, ProbeChartInput>(meta, {
    pickLabel: 'Flow',
    items: allFlows,
    perRun: (set, run, flow) => ({
      run,
      style: flowStyle(set, run, flow),
      cycles: probeCycles(run.result.trace, flow, run.scenario.flows[flow]?.tcp.mssBytes ?? 1000, run.result.sim.simTimeS),
      probesSent: run.result.flows[flow]?.probesSent ?? null,
    }),
    inputs: (runs, set, windowS) => {
      const maxRttMs = Math.max(
        maxOf(runs, (p) => finiteMax(rttSamples(p.cycles).rttMs)),
        maxOf(
          runs.flatMap((p) => p.cycles),
          (c) => Math.max(c.worstMs ?? 0, c.acprttMs ?? 0),
          0,
        ),
        1,
      );
      return runs.map((p) => ({ windowS, endS: set.endS, label: p.style.label, cycles: p.cycles, maxRttMs }));
    },
    sentence: (p) => probeSummary(p.style.label, p.cycles, p.probesSent),
    summary: (sentences, flow) => `TCP-Probing cycles of ${flow?.id ?? 'the flow'}: ${sentences.join(' ')} Zoom into a shaded cycle (drag across it) to see its probes.`,
    legend: () => (
      <>
        <LegendItem swatch={{ kind: 'band', colour: CYCLE_FILL }} label="probe cycle (data suspended)" />
        <LegendItem swatch={{ kind: 'line', colour: PROBE_COLOURS[1], thin: true }} label="PROBE1 / PR1_ACK" />
        <LegendItem swatch={{ kind: 'line', colour: PROBE_COLOURS[2], thin: true }} label="PROBE2 / PR2_ACK" />
        <ShapeItem shape="diamond" fill={PROBE_TIMEOUT_COLOUR} label="probe timeout (lost probe ×)" />
        {PROBE_DECISIONS.map((d) => (
          <ShapeItem key={d} shape={PROBE_DECISION_STYLE[d].shape} fill={PROBE_DECISION_STYLE[d].colour} label={DECISION_LABEL[d]} />
        ))}
        <ShapeItem shape="circle" fill={SAMPLE_COLOUR} label="probe RTT sample" />
        <ShapeItem shape="circle" fill="none" stroke={SAMPLE_COLOUR} label="sample of an abandoned exchange" />
        <LegendItem swatch={{ kind: 'line', colour: INK }} label="acprtt" />
        <LegendItem swatch={{ kind: 'line', colour: RTT_LINES.best, dashed: '6 3', thin: true }} label="best" />
        <LegendItem swatch={{ kind: 'line', colour: RTT_LINES.worst, dashed: '6 3', thin: true }} label="worst" />
        <LegendItem swatch={{ kind: 'line', colour: RTT_LINES.mid, dashed: '2 3', thin: true }} label="(best + worst) / 2" />
      </>
    ),
    hint: (runs) => probeNotice(runs.map((r) => r.result)),
    render: renderProbeChart,
    cursor: probeCursor,
    heightPx: 440,
  });
