import { useMemo } from 'react';
import { renderQueueChart, type QueueChartInput } from '../charts/queueChart.ts';
import { dropTimes, queueSeries } from '../charts/series.ts';
import { MARK_COLOURS } from '../charts/palette.ts';
import { fixed1, int } from '../format.ts';
import type { Shown } from '../state/useSimulation.ts';
import { ChartSvg } from './ChartSvg.tsx';
import { LegendItem } from './Legend.tsx';
import { Panel } from './Panel.tsx';

/** Path links come first in `result.links`, forward before reverse: index 0 is the first hop's data direction. */
const BOTTLENECK = 0;

export function queueInput({ scenario, result }: Shown): QueueChartInput {
  return {
    durationS: scenario.durationS,
    queue: queueSeries(result.trace, BOTTLENECK),
    limitPackets: result.links[BOTTLENECK]?.limitPackets ?? scenario.path[0].forward.queue.limitPackets,
    dropS: dropTimes(result.trace, { link: BOTTLENECK }),
  };
}

function summary(shown: Shown, input: QueueChartInput): string {
  const link = shown.result.links[BOTTLENECK];
  const name = link?.id ?? `${shown.scenario.path[0].id}/fwd`;
  const stats = link ? `, mean ${fixed1(link.meanQueuePackets)} and at most ${int(link.maxQueuePackets)} packets waiting` : '';
  return `Queue at ${name} over ${shown.scenario.durationS} seconds: buffer limit ${input.limitPackets} packets${stats}; ${input.dropS.length} packets dropped there.`;
}

export function QueuePanel({ shown }: { shown: Shown }) {
  const input = useMemo(() => queueInput(shown), [shown]);
  const linkId = shown.result.links[BOTTLENECK]?.id ?? `${shown.scenario.path[0].id}/fwd`;
  const legend = (
    <>
      <LegendItem swatch={{ kind: 'area', colour: MARK_COLOURS.queue, fill: MARK_COLOURS.queueFill }} label="waiting packets" />
      <LegendItem swatch={{ kind: 'line', colour: MARK_COLOURS.limit, dashed: true }} label="buffer limit" />
      <LegendItem swatch={{ kind: 'symbol', shape: 'times', colour: MARK_COLOURS.drop }} label="drop" />
    </>
  );
  return (
    <Panel
      id="queue"
      title={`Queue at the bottleneck (${linkId})`}
      hint="Notice that drops happen only when the queue reaches the buffer limit, and that the queue drains after each cut."
      legend={legend}
    >
      <ChartSvg id="queue-chart" data={input} render={renderQueueChart} height={250} label={summary(shown, input)} />
    </Panel>
  );
}
