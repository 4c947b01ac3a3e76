/** Queue occupancy at one link (the bottleneck by default; any link can be chosen), per compared run. */
import { useMemo } from 'react';
import { queueCursor, queueDropColours, queueLineStyle, renderQueueChart, type QueueChartInput, type QueueSeriesInput } from '../charts/queueChart.ts';
import { bufferLimitSteps, dropsWithCause, markTimes, queueSeries } from '../charts/series.ts';
import { CAUSE_STYLE, MARK_COLOURS } from '../../catalogue/palette.ts';
import { fixed1, int } from '../../catalogue/format.ts';
import { overSpan, type RunSet, type VariantRun } from '../state/runSet.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import { queueNotice } from '../events/notices.ts';
import { hopName, linkPlace } from '../events/captions.ts';
import { linkOption } from './linkOption.ts';
import { ChartMultiples, ItemPicker, usePick } from './Multiples.tsx';
import { LegendItem } from './Legend.tsx';
import { Panel } from './Panel.tsx';
import { withMarkLines } from './panelMarks.ts';
import { perResult } from './perRun.ts';
import { runGroups, type PanelProps } from './types.ts';

/** A run's series at a link, built once per result and link (perResult). */
const linkSeries = perResult(({ result }: VariantRun, link: number) => ({
  queue: queueSeries(result.trace, link),
  drops: dropsWithCause(result.trace, { link }),
  marksS: markTimes(result.trace, link),
}));

function seriesFor(set: RunSet, link: number): QueueSeriesInput[] {
  return set.runs.map((r) => ({
    key: r.key,
    // the read-out names the hop as the picker does ("bottleneck"), not by the trace's id
    label: set.compare ? r.label : linkOption(r.result.links[link]?.id ?? `link ${link}`),
    colour: r.colour,
    dash: r.dash,
    ...linkSeries(r, link),
  }));
}

function summary(set: RunSet, link: number, series: readonly QueueSeriesInput[], limitsPackets: readonly number[]): string {
  const parts = set.runs.map((r, i) => {
    const l = r.result.links[link];
    const who = set.compare ? `${r.label}: ` : '';
    return l
      ? `${who}mean ${fixed1(l.meanQueuePackets)} and at most ${int(l.maxQueuePackets)} packets waiting, ${series[i].drops.tS.length} packets dropped, ${series[i].marksS.length} marked`
      : `${who}no data`;
  });
  const l0 = set.runs[0]?.result.links[link];
  return `Queue at ${linkPlace(l0?.id ?? `link ${link}`)} ${overSpan(set)}, buffer limit ${limitsPackets.join(', then ')} packets: ${parts.join('; ')}.`;
}

/**
 * The legend's queue entries, each in the colour and dash its chart draws (queueLineStyle): one
 * chart of one series is the filled blue backlog (null: one "waiting packets" entry); otherwise a
 * line per run — overlaid in the runs' colours, or as small multiples each in blue with its run's dash.
 */
export function queueLegendLines(groups: readonly { input: QueueChartInput }[]): { key: string; label: string; colour: string; dash: string | null }[] | null {
  if (groups.length === 1 && groups[0].input.series.length === 1) return null;
  return groups.flatMap((g) => g.input.series.map((s) => ({ key: s.key, label: s.label, ...queueLineStyle(g.input, s) })));
}

/**
 * The panel's title, in the captions' words rather than the trace's link id ("link/fwd"): the
 * first hop is the bottleneck, named when the scenario gives it a name of its own; another hop
 * is "link 2" or `link "wifi"`; a return-path hop says so.
 */
export function queueTitle(id: string | undefined, index: number): string {
  if (id === undefined) return 'Queue';
  const name = hopName(id);
  const back = /\/rev$/.test(id) ? ' (return path)' : '';
  if (index === 0) return `Queue at the bottleneck${/^(link ?\d*|bottleneck)$/i.test(name) ? '' : ` “${name}”`}${back}`;
  return `Queue at ${linkPlace(id)}${back}`;
}

/** The panel's component (its declaration is in registry.ts). */
export function QueuePanel({ set, layout, presenter }: PanelProps) {
  const { windowS } = useTimeAxis();
  const links = set.runs[0]?.result.links ?? [];
  const { id: selectId, shown: shownLink, setPick: setLink } = usePick(links.length);
  const series = useMemo(() => seriesFor(set, shownLink), [set, shownLink]);
  // the same for every compared run: timed changes belong to the scenario, not the variant
  const limit = useMemo(() => {
    const run = set.runs[0];
    return run ? bufferLimitSteps(run.result.trace, run.scenario.changes, shownLink, run.result.links[shownLink]?.limitPackets ?? 0) : { tS: Float64Array.of(0), values: Float64Array.of(0) };
  }, [set, shownLink]);
  const groups = useMemo(
    () =>
      withMarkLines(
        runGroups(set, layout).map((runs): { key: string; input: QueueChartInput } => {
          const keys = new Set(runs.map((r) => r.key));
          return { key: [...keys].join('+'), input: { windowS, endS: set.endS, series: series.filter((s) => keys.has(s.key)), limit } satisfies QueueChartInput };
        }),
        (input) => input.series.map((s) => queueLineStyle(input, s).colour),
      ),
    [set, layout, windowS, series, limit],
  );
  const legendLines = queueLegendLines(groups);
  const causes = new Set<number>();
  for (const s of series) for (const c of s.drops.cause) causes.add(c);
  const anyMarks = series.some((s) => s.marksS.length > 0);
  // the drop marks' colours as every chart of the panel draws them: none the colour of a line
  const markColour = queueDropColours(groups[0]?.input ?? { windowS, endS: set.endS, series: [], limit });
  const legend = (
    <>
      {legendLines === null ? (
        <LegendItem swatch={{ kind: 'area', colour: MARK_COLOURS.queue, fill: MARK_COLOURS.queueFill }} label="waiting packets" />
      ) : (
        legendLines.map((l) => <LegendItem key={l.key} swatch={{ kind: 'line', colour: l.colour, dashed: l.dash ?? undefined }} label={`${l.label}: waiting packets`} />)
      )}
      <LegendItem swatch={{ kind: 'line', colour: MARK_COLOURS.limit, dashed: true }} label="buffer limit" />
      {[...causes].sort().map((c) => (
        <LegendItem key={c} swatch={{ kind: 'symbol', shape: 'times', colour: markColour(c) }} label={`drop: ${CAUSE_STYLE[c]?.label ?? c}`} />
      ))}
      {causes.size === 0 ? <LegendItem swatch={{ kind: 'symbol', shape: 'times', colour: MARK_COLOURS.drop }} label="drop" /> : null}
      {anyMarks ? <LegendItem swatch={{ kind: 'dot', colour: MARK_COLOURS.mark }} label="marked packet" /> : null}
    </>
  );
  const limits = Array.from(limit.values);
  const text = summary(set, shownLink, series, limits);
  // 260 px: with the drops lane and the time axis, 250 left 158 px of plot, under the 160 a plot needs to be read
  const height = (presenter ? 320 : 260) / (groups.length > 1 ? 1.4 : 1);
  return (
    <Panel id="queue" title={queueTitle(links[shownLink]?.id, shownLink)} hint={queueNotice(set.runs.map((r) => r.result), shownLink, limits)} legend={legend} summary={text}>
      <ItemPicker id={selectId} label="Link" testId="queue-link" items={links.map((l) => ({ id: l.id, label: linkOption(l.id) }))} value={shownLink} onChange={setLink} />
      <ChartMultiples idPrefix="queue" groups={groups} titleOf={(i) => set.runs[i]?.label} labelOf={() => text} render={renderQueueChart} cursor={queueCursor} height={height} />
    </Panel>
  );
}
