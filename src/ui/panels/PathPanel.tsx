/** The path as a live picture: every hop's state at the playhead, one lane per compared run. */
import { useMemo } from 'react';
import { CHANNEL_STATES } from '../../engine/core/trace.ts';
import { pathCursor, pathHeight, renderPathChart, type PathChartInput, type PathLane, type PathLink } from '../charts/pathChart.ts';
import { steps, type Steps } from '../charts/pathModel.ts';
import { channelSpans } from '../charts/series.ts';
import { CHANNEL_COLOURS, MARK_COLOURS } from '../../catalogue/palette.ts';
import { rate } from '../../catalogue/format.ts';
import { useReducedMotion } from '../state/media.ts';
import { measurePathFrame } from '../state/perf.ts';
import { usePacketWindows } from '../state/usePacketWindows.ts';
import { flowStyle, type RunSet, type VariantRun } from '../state/runSet.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import { ChartSvg } from './ChartSvg.tsx';
import { LegendItem } from './Legend.tsx';
import { Panel } from './Panel.tsx';
import { perResult } from './perRun.ts';
import type { PanelProps } from './types.ts';
import './path.css';

/** Trace link index of a link's forward direction (see build.ts: path hops, then access links; fwd then rev). */
const fwd = (i: number): number => 2 * i;

/** A drop stays drawn this long (simulated), or one base RTT if longer: long enough to be seen while playing. */
const LINGER_MIN_NS = 0.3e9;

/** A run's per-link step series (queues, channel states, held ACKs, token buckets), built once per result (perResult). */
const laneSteps = perResult(({ scenario: s, result }: VariantRun) => {
  const trace = result.trace;
  const links = 2 * (s.path.length + s.flows.length);
  const queue = new Map<number, Steps>();
  const channel = new Map<number, Steps>();
  for (let l = 0; l < links; l++) {
    queue.set(l, steps(trace.queue.tNs, trace.queue.link, l, trace.queue.packets));
    const c = steps(trace.channel.tNs, trace.channel.link, l, trace.channel.state);
    if (c.tNs.length > 0) channel.set(l, c);
  }
  const heldAcks = new Map<number, Steps>();
  s.path.forEach((l, k) => {
    if (l.ackRegulator !== null) heldAcks.set(fwd(k), steps(trace.ackreg.tNs, trace.ackreg.link, fwd(k), trace.ackreg.heldAcks));
  });
  const tokens = s.flows.map((f, i) => (f.tokenBucket === null ? null : steps(trace.bucket.tNs, trace.bucket.flow, i, trace.bucket.tokens)));
  return { trace, queue, channel, tokens, heldAcks };
});

function laneOf(set: RunSet, run: VariantRun): Omit<PathLane, 'windows'> {
  return {
    key: run.key,
    label: run.label,
    colour: run.colour,
    flowColours: run.scenario.flows.map((_, i) => flowStyle(set, run, i).colour),
    ...laneSteps(run, 0),
  };
}

export function pathInput(set: RunSet, windowS: PathChartInput['windowS'], still: boolean): Omit<PathChartInput, 'lanes'> & { lanes: Omit<PathLane, 'windows'>[] } {
  const run = set.runs[0];
  const s = run.scenario;
  const limit = (i: number): number => run.result.links[i]?.limitPackets ?? Infinity;
  const hops: PathLink[] = s.path.map((l, i) => ({ id: l.id, linkIndex: fwd(i), rateLabel: rate(l.forward.rateBps), delayMs: l.forward.delayMs, limitPackets: limit(fwd(i)) }));
  const flows = s.flows.map((f, i) => ({
    id: f.id,
    access: { id: f.access.id, linkIndex: fwd(s.path.length + i), rateLabel: rate(f.access.forward.rateBps), delayMs: f.access.forward.delayMs, limitPackets: limit(fwd(s.path.length + i)) },
    bucketDepth: f.tokenBucket?.depthTokens ?? null,
  }));
  const delayNs = [...s.path, ...s.flows.map((f) => f.access)].flatMap((l) => [l.forward.delayMs * 1e6, l.reverse.delayMs * 1e6]);
  const all = [...hops, ...flows.map((f) => f.access)];
  const channels = all
    .map((link) => ({ link, spans: channelSpans(run.result.trace, link.linkIndex, run.result.endS) }))
    .filter((c) => c.spans.length > 0);
  const baseRttNs = 2 * (s.path.reduce((a, l) => a + l.forward.delayMs, 0) + Math.max(0, ...s.flows.map((f) => f.access.forward.delayMs))) * 1e6;
  return { windowS, hops, flows, delayNs, channels, lingerNs: Math.max(LINGER_MIN_NS, baseRttNs), still, lanes: set.runs.map((r) => laneOf(set, r)) };
}

/** The picture at the playhead, timed for the benchmark (one measure per frame). */
function timedPathCursor(...args: Parameters<typeof pathCursor>): void {
  const started = performance.now();
  pathCursor(...args);
  measurePathFrame(started);
}

/** The panel's component (its declaration is in registry.ts). */
export function PathPanel({ set }: PanelProps) {
  const { windowS, playback } = useTimeAxis();
  const still = useReducedMotion();
  const base = useMemo(() => pathInput(set, windowS, still), [set, windowS, still]);
  const windows = usePacketWindows(set, playback, set.endS, 'path-chart');
  const input: PathChartInput = useMemo(() => ({ ...base, lanes: base.lanes.map((l, i) => ({ ...l, windows: windows[i] ?? [] })) }), [base, windows]);
  const s = set.runs[0].scenario;
  const channelStates = new Set<number>();
  for (const c of input.channels) for (const span of c.spans) channelStates.add(span.state);
  const summary =
    `${s.flows.length} sender${s.flows.length === 1 ? '' : 's'} through ${s.path.map((l) => `${l.id} (${rate(l.forward.rateBps)}, ${l.forward.delayMs} ms)`).join(' then ')} to the receiver` +
    (input.channels.length > 0 ? `; channel state shown for ${input.channels.map((c) => c.link.id).join(', ')}.` : '; no link has a channel-state error model.') +
    (set.compare ? ` One lane per variant: ${set.runs.map((r) => r.label).join(', ')}.` : '');
  const legend = (
    // drops need no entry: each burst is labelled with its cause
    <>
      <LegendItem swatch={{ kind: 'line', colour: set.runs[0].colour }} label="data →" />
      <LegendItem swatch={{ kind: 'line', colour: set.runs[0].colour, thin: true }} label="← ACK" />
      <LegendItem swatch={{ kind: 'line', colour: MARK_COLOURS.retransmit }} label="retransmission" />
      <LegendItem swatch={{ kind: 'band', colour: MARK_COLOURS.queueFill }} label="queue (waiting / limit)" />
      {set.runs.some((r) => r.result.trace.mark.tNs.length > 0) ? <LegendItem swatch={{ kind: 'dot', colour: MARK_COLOURS.mark }} label="marked (ECN / CW)" /> : null}
      {[...channelStates].sort().map((st) => (
        <LegendItem key={`ch${st}`} swatch={{ kind: 'band', colour: CHANNEL_COLOURS[st] ?? MARK_COLOURS.limit }} label={`channel ${CHANNEL_STATES[st] ?? st}`} />
      ))}
    </>
  );
  return (
    <Panel
      id="path"
      title="Path"
      hint="At the playhead: data packets travel on each link's upper track, ACKs on the lower; each router's stack is its queue against its limit; a burst marks a drop, labelled with its cause. Link lengths follow propagation delay."
      legend={legend}
      summary={summary}
    >
      <ChartSvg id="path-chart" data={input} render={renderPathChart} cursor={timedPathCursor} height={pathHeight(input)} label={summary} changeMarkers={false} />
    </Panel>
  );
}
