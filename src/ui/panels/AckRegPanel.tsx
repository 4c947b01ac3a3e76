/** The Ack Regulator (3G paper §5, a reconstruction): the ACKs it holds and the buffer it keeps from overflowing, per run. */
import { linkPlace } from '../events/captions.ts';
import { linkItems } from './linkOption.ts';
import { DROP_CAUSES } from '../../engine/core/trace.ts';
import { ACKREG_COLOURS, ackRegCursor, renderAckRegChart, type AckRegChartInput } from '../charts/ackRegChart.ts';
import { ackRegLinks, ackRegSeries, type AckRegSeries } from '../charts/ackRegSeries.ts';
import { timeMean } from '../charts/stats.ts';
import { dropsWithCause, finiteMax, type CausedTimes } from '../charts/series.ts';
import { CAUSE_STYLE, INK } from '../../catalogue/palette.ts';
import { fixed1, int } from '../../catalogue/format.ts';
import type { VariantRun } from '../state/runSet.ts';
import { keyedTimePanel } from './KeyedTimePanel.tsx';
import { ackRegNotice } from '../events/notices.ts';
import { LegendItem } from './Legend.tsx';
import { maxOf } from './perRun.ts';
import type { KeyedMeta } from './types.ts';

/** B and the reserve the regulator at a trace link plans with: its own settings, else the link's buffer. */
export function regulatorLimits(run: VariantRun, link: number): { bufferPackets: number; reservePackets: number } {
  const l = run.result.links[link];
  const spec = run.scenario.path.find((p) => `${p.id}/fwd` === l?.id) ?? run.scenario.flows.map((f) => f.access).find((a) => `${a.id}/fwd` === l?.id);
  const reg = spec?.ackRegulator ?? null;
  return { bufferPackets: reg?.bufferPackets ?? l?.limitPackets ?? 0, reservePackets: reg?.reservePackets ?? 0 };
}

interface RunRegulator {
  run: VariantRun;
  s: AckRegSeries;
  bufferPackets: number;
  reservePackets: number;
  drops: CausedTimes;
}

/** The panel's component, given its declaration (registry.ts). */
export const ackRegPanel = (meta: KeyedMeta) =>
  keyedTimePanel<RunRegulator, AckRegChartInput>(meta, {
    pickLabel: 'Link',
    items: (run) => linkItems(run, ackRegLinks(run.result.trace)),
    perRun: (_set, run, link) => ({ run, s: ackRegSeries(run.result.trace, link), ...regulatorLimits(run, link), drops: dropsWithCause(run.result.trace, { link }) }),
    inputs: (runs, set, windowS) => {
      const maxHeld = maxOf(runs, (p) => finiteMax(p.s.held.values), 1);
      const maxBuffer = maxOf(runs, (p) => Math.max(finiteMax(p.s.planned.values), p.bufferPackets), 1);
      return runs.map((p) => ({ windowS, endS: set.endS, label: p.run.label, s: p.s, bufferPackets: p.bufferPackets, reservePackets: p.reservePackets, drops: p.drops, maxHeld, maxBuffer }));
    },
    sentence: (p, set) => {
      const endS = p.run.result.sim.simTimeS;
      const who = set.compare ? `${p.run.label}: ` : '';
      const causes = DROP_CAUSES.map((c, i) => ({ label: CAUSE_STYLE[i]?.label ?? c, n: p.drops.cause.filter((x) => x === i).length })).filter((c) => c.n > 0);
      return (
        `${who}held up to ${int(finiteMax(p.s.held.values))} ACKs (mean ${fixed1(timeMean(p.s.held, endS))}) and released ${int(p.s.totalReleased)}; ` +
        `buffer mean ${fixed1(timeMean(p.s.queued, endS))}, at most ${int(finiteMax(p.s.queued.values))} packets of B = ${p.bufferPackets}` +
        (p.reservePackets > 0 ? ` (planning with B − ${p.reservePackets})` : '') +
        `; ${p.drops.tS.length === 0 ? 'no drops here' : `drops here: ${causes.map((c) => `${int(c.n)} ${c.label}`).join(', ')}`}.`
      );
    },
    summary: (sentences, link) => `Ack Regulator at ${link ? linkPlace(link.id) : 'the link'}: ${sentences.join(' ')}`,
    legend: () => (
      <>
        <LegendItem swatch={{ kind: 'line', colour: ACKREG_COLOURS.held }} label="held ACKs" />
        <LegendItem swatch={{ kind: 'line', colour: ACKREG_COLOURS.release, thin: true }} label="ACKs released (tick)" />
        <LegendItem swatch={{ kind: 'area', colour: ACKREG_COLOURS.queued, fill: ACKREG_COLOURS.queuedFill }} label="queued packets" />
        <LegendItem swatch={{ kind: 'line', colour: ACKREG_COLOURS.planned, thin: true }} label="queued + expected" />
        <LegendItem swatch={{ kind: 'line', colour: INK, dashed: true, thin: true }} label="B (buffer)" />
      </>
    ),
    hint: (runs, item) => ackRegNotice(runs.map((r) => r.result), item?.index ?? 0),
    render: renderAckRegChart,
    cursor: ackRegCursor,
    heightPx: 360,
  });
