import { useId, useMemo, useState } from 'react';
import { FLOW_EVENTS } from '../../engine/core/trace.ts';
import { cwndYRange, renderCwndChart, type CwndChartInput, type CwndFlowInput } from '../charts/cwndChart.ts';
import { cwndSeries, dropTimes, eventTimes, finiteMax } from '../charts/series.ts';
import { MARK_COLOURS, variantColour } from '../charts/palette.ts';
import { int, variantLabel } from '../format.ts';
import type { Shown } from '../state/useSimulation.ts';
import { ChartSvg } from './ChartSvg.tsx';
import { LegendItem } from './Legend.tsx';
import { Panel } from './Panel.tsx';

const FAST_RETRANSMIT = FLOW_EVENTS.indexOf('fast-retransmit');
const TIMEOUT = FLOW_EVENTS.indexOf('timeout');

export function cwndFlows({ scenario, result }: Shown): CwndFlowInput[] {
  return scenario.flows.map((f, i) => ({
    key: f.id,
    colour: variantColour(f.variant),
    series: cwndSeries(result.trace, i, f.tcp.mssBytes),
    fastRetransmitS: eventTimes(result.trace, i, FAST_RETRANSMIT),
    timeoutS: eventTimes(result.trace, i, TIMEOUT),
    dropS: dropTimes(result.trace, { flow: i, dataOnly: true }),
  }));
}

function summary(shown: Shown, input: CwndChartInput): string {
  const parts = input.flows.map((f, i) => {
    const spec = shown.scenario.flows[i];
    return (
      `flow ${spec.id} (${variantLabel(spec.variant)}) peaks at ${int(finiteMax(f.series.cwndSeg))} segments, ` +
      `${f.fastRetransmitS.length} fast retransmits, ${f.timeoutS.length} timeouts, ${f.dropS.length} data packets dropped`
    );
  });
  return `Congestion window and slow-start threshold over ${shown.scenario.durationS} seconds: ${parts.join('; ')}.`;
}

/** Tahoe's lesson differs from the others': it has no fast recovery, so every loss restarts slow start. */
function hintFor(variant: string): string {
  return variant === 'tahoe'
    ? 'Notice: after every loss Tahoe drops cwnd to 1 segment, then slow-starts up to ssthresh (dashed).'
    : 'Notice the sawtooth: cwnd climbs until the queue overflows, then each fast retransmit halves it.';
}

export function CwndPanel({ shown }: { shown: Shown }) {
  const flows = useMemo(() => cwndFlows(shown), [shown]);
  const range = useMemo(() => cwndYRange(flows, shown.scenario.durationS), [flows, shown]);
  const [fullRange, setFullRange] = useState(false);
  const toggleId = useId();
  const input = useMemo<CwndChartInput>(
    () => ({ durationS: shown.scenario.durationS, flows, yMax: fullRange ? range.full : range.focused }),
    [shown, flows, range, fullRange],
  );
  const colour = input.flows[0]?.colour ?? MARK_COLOURS.queue;
  const legend = (
    <>
      <LegendItem swatch={{ kind: 'line', colour }} label="cwnd" />
      <LegendItem swatch={{ kind: 'line', colour, dashed: true }} label="ssthresh" />
      <LegendItem swatch={{ kind: 'symbol', shape: 'triangle', colour: MARK_COLOURS.fastRetransmit }} label="fast retransmit" />
      <LegendItem swatch={{ kind: 'symbol', shape: 'diamond', colour: MARK_COLOURS.timeout }} label="timeout" />
      <LegendItem swatch={{ kind: 'symbol', shape: 'times', colour: MARK_COLOURS.drop }} label="drop" />
      {range.focused < range.full ? (
        <li className="toggle">
          <input id={toggleId} type="checkbox" checked={fullRange} onChange={(e) => setFullRange(e.target.checked)} />
          <label htmlFor={toggleId}>full y range</label>
        </li>
      ) : null}
    </>
  );
  return (
    <Panel
      id="cwnd"
      title="Congestion window"
      hint={hintFor(shown.scenario.flows[0]?.variant ?? '')}
      legend={legend}
    >
      <ChartSvg id="cwnd-chart" data={input} render={renderCwndChart} height={330} label={summary(shown, input)} />
    </Panel>
  );
}
