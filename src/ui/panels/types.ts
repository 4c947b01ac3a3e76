/** What every panel receives, and what the registry knows about each panel. */
import type { ComponentType } from 'react';
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

/** Runs grouped for drawing: all in one chart (overlay or a single run), or one group per run. */
export function runGroups(set: RunSet, layout: PanelProps['layout']): VariantRun[][] {
  return set.compare && layout === 'multiples' ? set.runs.map((r) => [r]) : [set.runs];
}
