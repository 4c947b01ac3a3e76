/** tcptrace-style time–sequence diagram of one flow, per compared run. */
import { useMemo } from 'react';
import { timeSeq } from '../charts/series.ts';
import { MARK_COLOURS } from '../../catalogue/palette.ts';
import { renderTimeSeqChart, timeSeqCursor, type TimeSeqChartInput, type TimeSeqRunInput } from '../charts/timeSeqChart.ts';
import { int } from '../../catalogue/format.ts';
import { flowStyle, type VariantRun } from '../state/runSet.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import { timeSeqNotice } from '../events/notices.ts';
import { ChartMultiples, ItemPicker, usePick } from './Multiples.tsx';
import { LegendItem } from './Legend.tsx';
import { Panel } from './Panel.tsx';
import { perResult } from './perRun.ts';
import { runGroups, type PanelProps } from './types.ts';
import { CAPTURED_KEY } from '../traces/capturedKey.ts';

/** A run's diagram of one flow, built once per result and flow (perResult). */
const flowTimeSeq = perResult((r: VariantRun, flow: number) => timeSeq(r.result.trace, flow, r.scenario.flows[flow]?.tcp.mssBytes ?? 1000));

/** The panel's component (its declaration is in registry.ts). */
export function TimeSeqPanel({ set, layout, presenter }: PanelProps) {
  const { windowS } = useTimeAxis();
  const flows = set.runs[0]?.scenario.flows ?? [];
  const { id: selectId, shown: shownFlow, setPick: setFlow } = usePick(flows.length);
  const runs = useMemo<TimeSeqRunInput[]>(
    () =>
      set.runs.map((r) => ({
        key: r.key,
        ...flowStyle(set, r, shownFlow),
        seq: flowTimeSeq(r, shownFlow),
      })),
    [set, shownFlow],
  );
  const groups = useMemo(
    () =>
      runGroups(set, layout).map((g) => {
        const keys = new Set(g.map((r) => r.key));
        return { key: [...keys].join('+'), input: { windowS, endS: set.endS, runs: runs.filter((r) => keys.has(r.key)) } satisfies TimeSeqChartInput };
      }),
    [set, layout, windowS, runs],
  );
  const text =
    `Time–sequence diagram of ${flows[shownFlow]?.id ?? 'flow'}: ` +
    runs
      .map((r) => {
        let retx = 0;
        for (const x of r.seq.retransmit) retx += x;
        // a capture holds no drops (traces/capturedRun.ts): it cannot say how many there were
        return `${r.label} sent ${int(r.seq.sendS.length)} segments (${int(retx)} retransmitted)${r.key === CAPTURED_KEY ? '' : `, ${int(r.seq.dropS.length)} dropped`}`;
      })
      .join('; ') +
    '. Zoom in (drag across the chart) to see single segments.';
  const legend = (
    <>
      <LegendItem swatch={{ kind: 'line', colour: runs[0]?.colour ?? MARK_COLOURS.queue }} label="segment sent" />
      <LegendItem swatch={{ kind: 'symbol', shape: 'diamond', colour: MARK_COLOURS.retransmit }} label="retransmission" />
      <LegendItem swatch={{ kind: 'line', colour: runs.length === 1 ? MARK_COLOURS.ack : (runs[0]?.colour ?? MARK_COLOURS.ack), thin: true }} label="cumulative ACK" />
      <LegendItem swatch={{ kind: 'symbol', shape: 'times', colour: MARK_COLOURS.drop }} label="dropped segment" />
    </>
  );
  const height = (presenter ? 420 : 320) / (groups.length > 1 ? 1.5 : 1);
  return (
    <Panel id="timeseq" title="Time–sequence" hint={timeSeqNotice(set.runs.map((r) => r.result), shownFlow, set.senderView ? 'sender' : 'truth')} legend={legend} summary={text}>
      <ItemPicker id={selectId} label="Flow" items={flows} value={shownFlow} onChange={setFlow} />
      <ChartMultiples idPrefix="timeseq" groups={groups} titleOf={(i) => set.runs[i]?.label} labelOf={() => text} render={renderTimeSeqChart} cursor={timeSeqCursor} height={height} />
    </Panel>
  );
}
