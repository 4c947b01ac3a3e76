/** The Ack Regulator (3G paper §5, a reconstruction): the ACKs it holds and the buffer it keeps from overflowing, per run. */
import { useMemo } from 'react';
import { DROP_CAUSES } from '../../engine/core/trace.ts';
import { ACKREG_COLOURS, ackRegCursor, renderAckRegChart, type AckRegChartInput } from '../charts/ackRegChart.ts';
import { ackRegLinks, ackRegSeries } from '../charts/ackRegSeries.ts';
import { timeMean } from '../charts/stats.ts';
import { dropsWithCause, finiteMax } from '../charts/series.ts';
import { CAUSE_STYLE, INK } from '../charts/palette.ts';
import { fixed1, int } from '../format.ts';
import type { RunSet, VariantRun } from '../state/runSet.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import { ackRegNotice } from '../events/notices.ts';
import { LegendItem } from './Legend.tsx';
import { ChartMultiples, ItemPicker, usePick } from './Multiples.tsx';
import { Panel } from './Panel.tsx';
import { chartHeight, maxOf, runsWithRows, titleWithRuns } from './perRun.ts';
import type { PanelDef, PanelProps } from './types.ts';

/** B and the reserve the regulator at a trace link plans with: its own settings, else the link's buffer. */
export function regulatorLimits(run: VariantRun, link: number): { bufferPackets: number; reservePackets: number } {
  const l = run.result.links[link];
  const spec = run.scenario.path.find((p) => `${p.id}/fwd` === l?.id) ?? run.scenario.flows.map((f) => f.access).find((a) => `${a.id}/fwd` === l?.id);
  const reg = spec?.ackRegulator ?? null;
  return { bufferPackets: reg?.bufferPackets ?? l?.limitPackets ?? 0, reservePackets: reg?.reservePackets ?? 0 };
}

function AckRegPanel({ set, presenter }: PanelProps) {
  const { windowS } = useTimeAxis();
  const runs = useMemo(() => runsWithRows(set, 'ackreg'), [set]);
  const linkIndices = useMemo(() => (runs[0] ? ackRegLinks(runs[0].result.trace) : []), [runs]);
  const items = linkIndices.map((i) => ({ id: runs[0]?.result.links[i]?.id ?? `link ${i}` }));
  const { id: selectId, shown: shownPick, setPick } = usePick(linkIndices.length);
  const link = linkIndices[shownPick] ?? 0;
  const perRun = useMemo(
    () =>
      runs.map((r) => {
        const s = ackRegSeries(r.result.trace, link);
        const limits = regulatorLimits(r, link);
        return { run: r, s, ...limits, drops: dropsWithCause(r.result.trace, { link }) };
      }),
    [runs, link],
  );
  const maxHeld = maxOf(perRun, (p) => finiteMax(p.s.held.values), 1);
  const maxBuffer = maxOf(perRun, (p) => Math.max(finiteMax(p.s.planned.values), p.bufferPackets), 1);
  const groups = useMemo(
    () =>
      perRun.map((p) => ({
        key: p.run.key,
        input: { windowS, endS: set.endS, label: p.run.label, s: p.s, bufferPackets: p.bufferPackets, reservePackets: p.reservePackets, drops: p.drops, maxHeld, maxBuffer } satisfies AckRegChartInput,
      })),
    [perRun, windowS, set.endS, maxHeld, maxBuffer],
  );
  const texts = perRun.map((p) => {
    const endS = p.run.result.sim.simTimeS;
    const who = set.compare ? `${p.run.label}: ` : '';
    const causes = DROP_CAUSES.map((c, i) => ({ label: CAUSE_STYLE[i]?.label ?? c, n: p.drops.cause.filter((x) => x === i).length })).filter((c) => c.n > 0);
    return (
      `${who}held up to ${int(finiteMax(p.s.held.values))} ACKs (mean ${fixed1(timeMean(p.s.held, endS))}) and released ${int(p.s.totalReleased)}; ` +
      `buffer mean ${fixed1(timeMean(p.s.queued, endS))}, at most ${int(finiteMax(p.s.queued.values))} packets of B = ${p.bufferPackets}` +
      (p.reservePackets > 0 ? ` (planning with B − ${p.reservePackets})` : '') +
      `; ${p.drops.tS.length === 0 ? 'no drops here' : `drops here: ${causes.map((c) => `${int(c.n)} ${c.label}`).join(', ')}`}.`
    );
  });
  const text = `Ack Regulator at ${items[shownPick]?.id ?? 'the link'}: ${texts.join(' ')}`;
  const legend = (
    <>
      <LegendItem swatch={{ kind: 'line', colour: ACKREG_COLOURS.held }} label="held ACKs" />
      <LegendItem swatch={{ kind: 'line', colour: ACKREG_COLOURS.release, thin: true }} label="ACKs released (tick)" />
      <LegendItem swatch={{ kind: 'area', colour: ACKREG_COLOURS.queued, fill: ACKREG_COLOURS.queuedFill }} label="queued packets" />
      <LegendItem swatch={{ kind: 'line', colour: ACKREG_COLOURS.planned, thin: true }} label="queued + expected" />
      <LegendItem swatch={{ kind: 'line', colour: INK, dashed: true, thin: true }} label="B (buffer)" />
    </>
  );
  const title = titleWithRuns('Ack Regulator', set, runs);
  return (
    <Panel
      id="ackreg"
      title={title}
      hint={ackRegNotice(runs.map((r) => r.result), link)}
      legend={legend}
      summary={text}
    >
      <ItemPicker id={selectId} label="Link" items={items} value={shownPick} onChange={setPick} />
      <ChartMultiples idPrefix="ackreg" groups={groups} titleOf={(i) => perRun[i]?.run.label} labelOf={(i) => texts[i]} render={renderAckRegChart} cursor={ackRegCursor} height={chartHeight(360, presenter, groups.length)} />
    </Panel>
  );
}

export const ackRegPanel: PanelDef = {
  id: 'ackreg',
  title: 'Ack Regulator',
  short: 'ACKs',
  defaultVisible: true,
  available: (set: RunSet) => runsWithRows(set, 'ackreg').length > 0,
  Component: AckRegPanel,
};
