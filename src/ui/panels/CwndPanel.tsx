/** Congestion window and ssthresh per flow (and per compared variant), with loss and recovery events. */
import { useId, useMemo, useState } from 'react';
import { FLOW_EVENTS } from '../../engine/core/trace.ts';
import { cwndCursor, cwndDropColours, cwndYRange, focusedRange, hasInflation, INFLATED_CWND_NOTE, prepareCwndStats, type CwndFlowInput } from '../charts/cwndChart.ts';
import { cwndSeries, dropsWithCause, eventTimes, finiteMax } from '../charts/series.ts';
import { caSpans } from '../events/caSpans.ts';
import { lateEvents } from '../events/late.ts';
import { CAUSE_STYLE, MARK_COLOURS } from '../../catalogue/palette.ts';
import { CYCLE_FILL, renderCwndWithSuspensions, runSuspensions, type CwndWithSuspensions } from '../charts/suspensionSpans.ts';
import { int, variantLabel } from '../../catalogue/format.ts';
import { flowStyle, overSpan, updatingFlowStyles, type RunSet, type VariantRun } from '../state/runSet.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import { useStore } from '../state/store.ts';
import { useLate } from '../state/lateModule.ts';
import { answerMask } from '../state/answerMask.ts';
import { ChartMultiples } from './Multiples.tsx';
import { withMarkLines } from './panelMarks.ts';
import { CAPTURED_KEY } from '../traces/capturedKey.ts';
import { LegendItem } from './Legend.tsx';
import { Panel } from './Panel.tsx';
import { perResult } from './perRun.ts';
import { prepareOnArrival } from '../state/prepare.ts';
import { useSteadyMaxima } from './steadyAxis.ts';
import { runGroups, type PanelProps } from './types.ts';

const CODES = {
  fastRetransmit: FLOW_EVENTS.indexOf('fast-retransmit'),
  timeout: FLOW_EVENTS.indexOf('timeout'),
};

/** A run's series per flow, built once per result (perResult), and ahead as its run arrives (prepare.ts). */
const flowSeries = perResult(({ scenario, result }: Pick<VariantRun, 'scenario' | 'result'>) =>
  scenario.flows.map((f, i) => ({
    series: cwndSeries(result.trace, i, f.tcp.mssBytes),
    fastRetransmitS: eventTimes(result.trace, i, CODES.fastRetransmit),
    timeoutS: eventTimes(result.trace, i, CODES.timeout),
    drops: dropsWithCause(result.trace, { flow: i, dataOnly: true }),
    // shaded from the sender's own state table: fast recovery, not the loss state after a timeout
    recoveries: caSpans(result.trace, i, result.endS, ['recovery']),
  })),
);

prepareOnArrival((run) => {
  // the y axis's peak and 90th percentile too (cwndYRange): the complete picture needs them for every run
  for (const f of flowSeries(run, 0)) prepareCwndStats(f.series, run.result.endS);
});

export function cwndFlows(set: RunSet, run: VariantRun): CwndFlowInput[] {
  return flowSeries(run, 0).map((data, i) => ({ key: `${run.key}/${run.scenario.flows[i].id}`, ...flowStyle(set, run, i), ...data }));
}

/** "1 timeout", "2 timeouts". */
const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

function summary(flows: readonly CwndFlowInput[], set: RunSet): string {
  const parts = flows.map(
    (f) =>
      `${f.label}'s window peaks at ${int(finiteMax(f.series.cwndSeg))} segments, ${count(f.fastRetransmitS.length, 'fast retransmit')}, ` +
      // a capture holds no drops (traces/capturedRun.ts): it cannot say how many there were
      `${count(f.timeoutS.length, 'timeout')}${f.key.startsWith(`${CAPTURED_KEY}/`) ? '' : `, ${count(f.drops.tS.length, 'data packet')} dropped`}`,
  );
  return `Congestion window (without fast-recovery inflation) and slow-start threshold ${overSpan(set)}: ${parts.join('; ')}.`;
}

/** The panel's component (its declaration is in registry.ts). */
export function CwndPanel({ set, layout, presenter }: PanelProps) {
  const { windowS } = useTimeAxis();
  const all = useMemo(() => set.runs.map((r) => cwndFlows(set, r)), [set]);
  // the axis fits the window shown: zoomed into a few seconds, their sawtooth, not a spike elsewhere
  const fitted = useMemo(() => cwndYRange(all.flat(), set.endS, windowS), [all, set.endS, windowS]);
  // while the comparison fills in, the axis does not shrink to the runs in so far (steadyAxis.ts);
  // the focused range is decided again from the held maxima: the runs in so far may lack the
  // excursion that made the complete picture focus, and their own range would then be the full one
  const held = useSteadyMaxima(fitted, set, windowS);
  const range = { ...held, focused: focusedRange(held.full, held.sawtooth) };
  const [fullRange, setFullRange] = useState(false);
  const [showInflated, setShowInflated] = useState(false);
  const toggleId = useId();
  const inflatedId = useId();
  const inflation = useMemo(() => hasInflation(all.flat()), [all]);
  const yMax = fullRange ? range.full : range.focused;
  const maskSsthresh = useStore(answerMask).has('ssthresh');
  const groups = useMemo(() => {
    const byRun = new Map(set.runs.map((r, i) => [r.key, all[i]]));
    const groups = runGroups(set, layout).map((runs): { key: string; input: CwndWithSuspensions } => {
      const flows = runs.flatMap((r) => byRun.get(r.key) ?? []);
      // overlaid runs' recovery periods would shade nearly everything: shade only a lone run
      const shaded = runs.length === 1 ? flows : flows.map((f) => ({ ...f, recoveries: [] }));
      const suspensions = runs.length === 1 ? runSuspensions(runs[0]) : [];
      return { key: runs.map((r) => r.key).join('+'), input: { windowS, endS: set.endS, yMax, flows: shaded, suspensions, showInflated: showInflated && inflation, maskSsthresh } satisfies CwndWithSuspensions };
    });
    return withMarkLines(groups, (input) => input.flows.map((f) => f.colour));
  }, [set, all, layout, windowS, yMax, showInflated, inflation, maskSsthresh]);
  const causes = new Set<number>();
  for (const f of all.flat()) for (const c of f.drops.cause) causes.add(c);
  const first = all[0]?.[0];
  // the drop marks' colours as every chart of the panel draws them: none the colour of a run's line
  const markColour = cwndDropColours(groups[0]?.input ?? { flows: [] });
  const waiting = updatingFlowStyles(set);
  const legend = (
    <>
      {all.flat().length + waiting.length <= 6 ? (
        <>
          {all.flat().map((f) => (
            <LegendItem key={f.key} swatch={{ kind: 'line', colour: f.colour, dashed: f.dash ?? undefined }} label={`${f.label} window`} />
          ))}
          {waiting.map((f) => (
            <LegendItem key={f.key} waiting swatch={{ kind: 'line', colour: f.colour, dashed: f.dash ?? undefined }} label={`${f.label} window`} />
          ))}
        </>
      ) : null}
      <LegendItem swatch={{ kind: 'line', colour: first?.colour ?? MARK_COLOURS.queue, thin: true, dashed: '8 5' }} label="ssthresh" />
      <LegendItem swatch={{ kind: 'symbol', shape: 'triangle', colour: MARK_COLOURS.fastRetransmit }} label="fast retransmit" />
      <LegendItem swatch={{ kind: 'symbol', shape: 'diamond', colour: MARK_COLOURS.timeout }} label="timeout" />
      <LegendItem swatch={{ kind: 'band', colour: MARK_COLOURS.recovery }} label="recovery" />
      {groups.some((g) => g.input.suspensions.length > 0) ? <LegendItem swatch={{ kind: 'band', colour: CYCLE_FILL }} label="probing: data suspended" /> : null}
      {[...causes].sort().map((c) => (
        <LegendItem key={c} swatch={{ kind: 'symbol', shape: 'times', colour: markColour(c) }} label={`drop: ${CAUSE_STYLE[c]?.label ?? c}`} />
      ))}
      {/* always there (disabled when nothing was inflated), so the legend keeps its rows while a comparison fills in */}
      <li className="toggle" title={inflation ? INFLATED_CWND_NOTE : 'No run here inflated cwnd (SACK, PRR and Tahoe never do).'}>
        <input id={inflatedId} type="checkbox" checked={showInflated && inflation} disabled={!inflation} onChange={(e) => setShowInflated(e.target.checked)} />
        <label htmlFor={inflatedId}>inflated cwnd (RFC 5681)</label>
      </li>
      {inflation && showInflated ? <li className="legend-note">{INFLATED_CWND_NOTE}</li> : null}
      {range.focused < range.full ? (
        <li className="toggle">
          <input id={toggleId} type="checkbox" checked={fullRange} onChange={(e) => setFullRange(e.target.checked)} />
          <label htmlFor={toggleId}>full y range</label>
        </li>
      ) : null}
    </>
  );
  const text = summary(all.flat(), set);
  // the notice comes with the events' code, a moment after the chart: until then its line is held blank
  const notice = useLate(lateEvents)?.cwndNotice;
  const hint = notice ? notice(set.runs.map((r) => r.result), set.compare, set.senderView ? 'sender' : 'truth') : '\u00a0';
  const height = (presenter ? 420 : 330) / (groups.length > 1 ? 1.6 : 1);
  return (
    <Panel id="cwnd" title="Congestion window" hint={hint} legend={legend} summary={text}>
      <ChartMultiples
        idPrefix="cwnd"
        groups={groups}
        titleOf={(i) => set.runs[i]?.label ?? variantLabel(groups[i].key)}
        labelOf={(i) => summary(groups[i].input.flows, set)}
        render={renderCwndWithSuspensions}
        cursor={cwndCursor}
        height={height}
      />
    </Panel>
  );
}
