/** What every panel receives, and what the registry knows about each panel. */
import type { ComponentType } from 'react';
import type { TableName } from '../../engine/core/trace.ts';
import type { RunSet, VariantRun } from '../state/runSet.ts';

export interface PanelProps {
  set: RunSet;
  /** Overlay: every compared run in one chart; multiples: one small chart per run. */
  layout: 'overlay' | 'multiples';
  /** Presenter mode: larger charts. */
  presenter: boolean;
}

export interface PanelDef {
  /** Stable id, used in the URL (view.panels) and as the DOM id prefix. */
  id: string;
  /** Name in the panel menu. */
  title: string;
  /** A word for the phone's panel tabs. */
  short: string;
  /** Shown when the app opens (or when the view lists no panels). */
  defaultVisible: boolean;
  /** False hides the panel and its menu entry, e.g. when the trace lacks its data. */
  available: (set: RunSet) => boolean;
  Component: ComponentType<PanelProps>;
}

/** What the app knows of a panel before its code is loaded (its declaration in registry.ts). */
export type PanelMeta = Omit<PanelDef, 'Component'>;

/** A keyed time panel's declaration (see KeyedTimePanel.tsx): shown by default wherever some run fills its table. */
export interface KeyedMeta extends PanelMeta {
  /** The trace table whose rows make a run worth a chart. */
  table: TableName;
  /** Narrows the runs drawn and named further (the table alone is shared with other variants). */
  drawn?: (run: VariantRun) => boolean;
}

/** Runs grouped for drawing: all in one chart (overlay or a single run), or one group per run. */
export function runGroups(set: RunSet, layout: PanelProps['layout']): VariantRun[][] {
  return set.compare && layout === 'multiples' ? set.runs.map((r) => [r]) : [set.runs];
}
