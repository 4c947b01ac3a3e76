/**
 * What the app knows about each panel before its code is loaded: id, titles, whether it opens
 * by default and whether a run set has data for it. Kept apart from the components so the
 * registry (./registry.ts) can offer every panel, and lay out the grid, while only the first
 * chart's panel is in the page's first load; each panel file builds its PanelDef from its entry
 * here, so the two cannot drift apart.
 */
import type { TableName } from '../../engine/core/trace.ts';
import { isBbrFlow } from '../events/bbrModes.ts';
import type { RunSet, VariantRun } from '../state/runSet.ts';
import { hasRows, runsWithRows } from './perRun.ts';
import type { PanelDef } from './types.ts';

export type PanelMeta = Omit<PanelDef, 'Component'>;

/** A keyed time panel's entry (see KeyedTimePanel.tsx): shown by default wherever some run fills its table. */
export interface KeyedMeta extends PanelMeta {
  /** The trace table whose rows make a run worth a chart. */
  table: TableName;
  /** Narrows the runs drawn and named further (the table alone is shared with other variants). */
  drawn?: (run: VariantRun) => boolean;
}

function keyed(id: string, title: string, short: string, table: TableName, drawn?: (run: VariantRun) => boolean): KeyedMeta {
  return { id, title, short, table, drawn, defaultVisible: true, available: (set: RunSet) => runsWithRows(set, table).some((r) => drawn?.(r) ?? true) };
}

export const ACKREG_META = keyed('ackreg', 'Ack Regulator', 'ACKs', 'ackreg');
export const PROBE_META = keyed('probe', 'TCP-Probing probe cycles', 'Probes', 'probe');
export const TOKENS_META = keyed('tokens', 'Token bucket', 'Tokens', 'bucket');
export const WAVES_META = keyed('waves', 'TCP-Real waves', 'Waves', 'wave');
export const AQM_META = keyed('aqm', 'Inside the AQM', 'AQM', 'aqm');
// BBR's mode and phase are in `ccstate`, its gains in the estimate table; only runs with a BBR flow count
export const BBR_META = keyed('bbr', 'BBR state', 'BBR', 'ccstate', (run) => run.result.flows.some((f) => isBbrFlow(f.estimates)));

export const ESTIMATE_META: PanelMeta = {
  id: 'estimate',
  title: 'Estimates and loss verdicts',
  short: 'Estimates',
  defaultVisible: true,
  available: (set: RunSet) => set.runs.some((r) => hasRows(r, 'estimate') || hasRows(r, 'verdict')),
};

export const METRICS_META: PanelMeta = { id: 'metrics', title: 'Metrics', short: 'Metrics', defaultVisible: true, available: () => true };

export const PATH_META: PanelMeta = { id: 'path', title: 'Path', short: 'Path', defaultVisible: true, available: () => true };

export const QUEUE_META: PanelMeta = {
  id: 'queue',
  title: 'Queue',
  short: 'Queue',
  defaultVisible: true,
  available: (set: RunSet) => set.runs.some((r) => r.result.trace.queue.tNs.length > 0),
};

export const RATES_META: PanelMeta = {
  id: 'rates',
  title: 'Rate vs rate (Chiu–Jain)',
  short: 'Rates',
  defaultVisible: false,
  available: (set: RunSet) => !set.compare && (set.runs[0]?.scenario.flows.length ?? 0) >= 2,
};

export const TIMESEQ_META: PanelMeta = {
  id: 'timeseq',
  title: 'Time–sequence',
  short: 'Seq',
  defaultVisible: true,
  available: (set: RunSet) => set.runs.some((r) => r.result.trace.send.tNs.length > 0),
};
