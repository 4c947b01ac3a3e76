/** TCP-Probing's probe cycles: the probe exchanges, their RTT samples and the decision each cycle ends in, per run that probes. */
import { useMemo } from 'react';
import { INK } from '../charts/palette.ts';
import { CYCLE_FILL, PROBE_COLOURS, PROBE_DECISION_STYLE, PROBE_TIMEOUT_COLOUR, probeCursor, renderProbeChart, RTT_LINES, SAMPLE_COLOUR, type ProbeChartInput } from '../charts/probeChart.ts';
import { DECISION_LABEL, PROBE_DECISIONS, probeCounts, probeCycles, rttSamples, type ProbeCycle } from '../charts/probeSeries.ts';
import { finiteMax } from '../charts/series.ts';
import { int } from '../format.ts';
import { flowStyle, type RunSet } from '../state/runSet.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import { probeNotice } from '../events/notices.ts';
import { LegendItem } from './Legend.tsx';
import { ChartMultiples, ItemPicker, usePick } from './Multiples.tsx';
import { Panel } from './Panel.tsx';
import { chartHeight, maxOf, runsWithRows, titleWithRuns } from './perRun.ts';
import { ShapeItem } from './ShapeLegend.tsx';
import type { PanelDef, PanelProps } from './types.ts';

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

function ProbePanel({ set, presenter }: PanelProps) {
  const { windowS } = useTimeAxis();
  const runs = useMemo(() => runsWithRows(set, 'probe'), [set]);
  const flows = runs[0]?.scenario.flows ?? [];
  const { id: selectId, shown: shownFlow, setPick: setFlow } = usePick(flows.length);
  const perRun = useMemo(
    () =>
      runs.map((r) => ({
        run: r,
        style: flowStyle(set, r, shownFlow),
        cycles: probeCycles(r.result.trace, shownFlow, r.scenario.flows[shownFlow]?.tcp.mssBytes ?? 1000, r.result.sim.simTimeS),
        probesSent: r.result.flows[shownFlow]?.probesSent ?? null,
      })),
    [set, runs, shownFlow],
  );
  const maxRttMs = Math.max(
    maxOf(perRun, (p) => finiteMax(rttSamples(p.cycles).rttMs)),
    maxOf(
      perRun.flatMap((p) => p.cycles),
      (c) => Math.max(c.worstMs ?? 0, c.acprttMs ?? 0),
      0,
    ),
    1,
  );
  const groups = useMemo(
    () => perRun.map((p) => ({ key: p.run.key, input: { windowS, endS: set.endS, label: p.style.label, cycles: p.cycles, maxRttMs } satisfies ProbeChartInput })),
    [perRun, windowS, set.endS, maxRttMs],
  );
  const texts = perRun.map((p) => probeSummary(p.style.label, p.cycles, p.probesSent));
  const text = `TCP-Probing cycles of ${flows[shownFlow]?.id ?? 'the flow'}: ${texts.join(' ')} Zoom into a shaded cycle (drag across it) to see its probes.`;
  const legend = (
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
  );
  const title = titleWithRuns('TCP-Probing probe cycles', set, runs);
  return (
    <Panel
      id="probe"
      title={title}
      hint={probeNotice(runs.map((r) => r.result))}
      legend={legend}
      summary={text}
    >
      <ItemPicker id={selectId} label="Flow" items={flows} value={shownFlow} onChange={setFlow} />
      <ChartMultiples idPrefix="probe" groups={groups} titleOf={(i) => perRun[i]?.run.label} labelOf={(i) => texts[i]} render={renderProbeChart} cursor={probeCursor} height={chartHeight(440, presenter, groups.length)} />
    </Panel>
  );
}

export const probePanel: PanelDef = {
  id: 'probe',
  title: 'TCP-Probing probe cycles',
  short: 'Probes',
  defaultVisible: true,
  available: (set: RunSet) => runsWithRows(set, 'probe').length > 0,
  Component: ProbePanel,
};
