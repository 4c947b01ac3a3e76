/** The path diagram with channel-state strips and, during playback, packets on their way. */
import { useMemo } from 'react';
import { pathCursor, pathHeight, renderPathChart, type PathChartInput, type PathLink } from '../charts/pathChart.ts';
import { channelSpans } from '../charts/series.ts';
import { CHANNEL_COLOURS } from '../charts/palette.ts';
import { rate } from '../format.ts';
import { useReducedMotion } from '../state/media.ts';
import { flowStyle, type RunSet } from '../state/runSet.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import { ChartSvg } from './ChartSvg.tsx';
import { LegendItem } from './Legend.tsx';
import { Panel } from './Panel.tsx';
import type { PanelDef, PanelProps } from './types.ts';

/** Trace link index of a link's forward direction (see build.ts: path hops, then access links; fwd then rev). */
const fwd = (i: number): number => 2 * i;

export function pathInput(set: RunSet, windowS: PathChartInput['windowS'], still: boolean): PathChartInput {
  const run = set.runs[0];
  const s = run.scenario;
  const hops: PathLink[] = s.path.map((l, i) => ({ id: l.id, linkIndex: fwd(i), rateLabel: rate(l.forward.rateBps), delayMs: l.forward.delayMs }));
  const flows = s.flows.map((f, i) => {
    const send = run.result.trace.send;
    const t: number[] = [];
    const r: number[] = [];
    for (let k = 0; k < send.tNs.length; k++) {
      if (send.flow[k] !== i) continue;
      t.push(send.tNs[k] / 1e9);
      r.push(send.retransmit[k]);
    }
    return {
      id: f.id,
      colour: flowStyle(set, run, i).colour,
      access: { id: f.access.id, linkIndex: fwd(s.path.length + i), rateLabel: rate(f.access.forward.rateBps), delayMs: f.access.forward.delayMs },
      sendS: Float64Array.from(t),
      retransmit: Float64Array.from(r),
    };
  });
  const all = [...hops, ...flows.map((f) => f.access)];
  const channels = all
    .map((link) => ({ link, spans: channelSpans(run.result.trace, link.linkIndex, run.result.endS) }))
    .filter((c) => c.spans.length > 0);
  return { windowS, hops, flows, channels, still };
}

function PathPanel({ set }: PanelProps) {
  const { windowS } = useTimeAxis();
  const still = useReducedMotion();
  const input = useMemo(() => pathInput(set, windowS, still), [set, windowS, still]);
  const s = set.runs[0].scenario;
  const summary =
    `${s.flows.length} sender${s.flows.length === 1 ? '' : 's'} through ${s.path.map((l) => `${l.id} (${rate(l.forward.rateBps)}, ${l.forward.delayMs} ms)`).join(' then ')} to the receiver` +
    (input.channels.length > 0 ? `; channel state shown for ${input.channels.map((c) => c.link.id).join(', ')}.` : '; no link has a channel-state error model.') +
    (set.compare ? ` Packets shown for ${set.runs[0].label}.` : '');
  const legend = (
    <>
      {input.channels.length > 0 ? (
        <>
          <LegendItem swatch={{ kind: 'band', colour: CHANNEL_COLOURS[0] }} label="good" />
          <LegendItem swatch={{ kind: 'band', colour: CHANNEL_COLOURS[1] }} label="bad" />
          <LegendItem swatch={{ kind: 'band', colour: CHANNEL_COLOURS[2] }} label="off" />
        </>
      ) : null}
    </>
  );
  return (
    <Panel id="path" title="Path" hint={still ? 'Link lengths are to scale of propagation delay. (Moving packets are off: your system asks for reduced motion.)' : 'Link lengths are to scale of propagation delay; press play to watch packets travel.'} legend={legend} summary={summary}>
      <ChartSvg id="path-chart" data={input} render={renderPathChart} cursor={pathCursor} height={pathHeight(input)} label={summary} changeMarkers={false} />
    </Panel>
  );
}

export const pathPanel: PanelDef = {
  id: 'path',
  title: 'Path',
  short: 'Path',
  defaultVisible: true,
  available: () => true,
  Component: PathPanel,
};
