/**
 * The one skeleton of the variant-specific time panels keyed by a flow or a link (TCP-Real
 * waves, TCP-Probing cycles, token bucket, Ack Regulator): the runs whose trace fills the
 * panel's table, a picker for which flow or link is shown, per run the data of that item, one
 * chart per run (small multiples sharing their axes), a sentence per run and the panel's frame.
 * Each panel supplies only what is its own: how to read its data, its chart, its words.
 */
import { useMemo, type ComponentType, type ReactNode } from 'react';
import type { ChartSize, WindowS } from '../charts/frame.ts';
import type { RunSet, VariantRun } from '../state/runSet.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import { ChartMultiples, ItemPicker, usePick } from './Multiples.tsx';
import { Panel } from './Panel.tsx';
import { chartHeight, runsWithRows, titleWithRuns } from './perRun.ts';
import type { KeyedMeta, PanelProps } from './types.ts';

/** One choice of the picker: its name and the flow or link index it stands for. */
export interface PickItem {
  id: string;
  /** What the picker shows, when the id is not for readers (a link's "bottleneck/fwd"). */
  label?: string;
  index: number;
}

/** What a keyed panel's own module supplies; its id, titles, table and filter are its declaration's (registry.ts). */
export interface KeyedPanelBody<P extends { run: VariantRun }, T> {
  /** The picker's label ('Flow', 'Link'). */
  pickLabel: string;
  /** What the picker offers, read from the first run that has rows. */
  items: (run: VariantRun) => PickItem[];
  /** One run's data for the picked flow or link; null when this run has none to draw. */
  perRun: (set: RunSet, run: VariantRun, index: number) => P | null;
  /** The charts' inputs, all runs at once (so they can share their axes), over the shown window. */
  inputs: (runs: readonly P[], set: RunSet, windowS: WindowS) => T[];
  /** One sentence per run for the summary and its chart's screen-reader label. */
  sentence: (p: P, set: RunSet) => string;
  /** The panel's summary from the runs' sentences, for the picked item. */
  summary: (sentences: readonly string[], item: PickItem | undefined, first: VariantRun | undefined) => string;
  legend: (runs: readonly P[]) => ReactNode;
  /** The "Notice …" line, computed from the runs it sits under (never a claim they contradict). */
  hint: (runs: readonly VariantRun[], item: PickItem | undefined) => string;
  render: (el: SVGSVGElement, data: T, size: ChartSize) => void;
  cursor: (overlay: SVGSVGElement, data: T, size: ChartSize, tS: number | null, base: SVGSVGElement) => void;
  /** Chart height in px for one chart at normal size (presenter mode and multiples scale it). */
  heightPx: number;
}

type KeyedPanelSpec<P extends { run: VariantRun }, T> = KeyedMeta & KeyedPanelBody<P, T>;

function KeyedTimePanel<P extends { run: VariantRun }, T>({ spec, set, presenter }: PanelProps & { spec: KeyedPanelSpec<P, T> }) {
  const { windowS } = useTimeAxis();
  const runs = useMemo(() => runsWithRows(set, spec.table).filter((r) => spec.drawn?.(r) ?? true), [set, spec]);
  const items = useMemo(() => (runs[0] ? spec.items(runs[0]) : []), [runs, spec]);
  const { id: selectId, shown, setPick } = usePick(items.length);
  const index = items[shown]?.index ?? 0;
  const perRun = useMemo(() => runs.map((r) => spec.perRun(set, r, index)).filter((p): p is P => p !== null), [set, runs, index, spec]);
  const groups = useMemo(() => spec.inputs(perRun, set, windowS).map((input, i) => ({ key: perRun[i].run.key, input })), [perRun, set, windowS, spec]);
  const sentences = perRun.map((p) => spec.sentence(p, set));
  return (
    <Panel id={spec.id} title={titleWithRuns(spec.title, set, runs)} hint={spec.hint(runs, items[shown])} legend={spec.legend(perRun)} summary={spec.summary(sentences, items[shown], runs[0])}>
      <ItemPicker id={selectId} label={spec.pickLabel} items={items} value={shown} onChange={setPick} />
      <ChartMultiples
        idPrefix={spec.id}
        groups={groups}
        titleOf={(i) => perRun[i]?.run.label}
        labelOf={(i) => sentences[i]}
        render={spec.render}
        cursor={spec.cursor}
        height={chartHeight(spec.heightPx, presenter, groups.length)}
      />
    </Panel>
  );
}

/** A keyed time panel's component, from its declaration (registry.ts) and what its module supplies. */
export function keyedTimePanel<P extends { run: VariantRun }, T>(meta: KeyedMeta, body: KeyedPanelBody<P, T>): ComponentType<PanelProps> {
  const spec: KeyedPanelSpec<P, T> = { ...meta, ...body };
  const Component = (props: PanelProps) => <KeyedTimePanel spec={spec} {...props} />;
  Component.displayName = `KeyedTimePanel(${spec.id})`;
  return Component;
}

/** Every flow of a run, for a flow picker. */
export const allFlows = (run: VariantRun): PickItem[] => run.scenario.flows.map((f, index) => ({ id: f.id, index }));
