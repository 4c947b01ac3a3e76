/**
 * Every panel the app can show: one declaration each — id, titles, whether it opens by default,
 * when a run set has data for it, and where its code is. The catalogue (src/catalogue/panels.ts)
 * gives the default order and which panels show the network; lessons, the sender's view and the
 * URL read the ids there. Adding a panel = its module (the component), its declaration here and
 * its id in the catalogue. A panel whose `available` says no (its trace table is empty, e.g. a
 * bandwidth-estimate panel for a variant that reports none) is neither drawn nor offered.
 *
 * Only the congestion-window panel (the first chart) is in the page's first load; every other
 * panel's code is a chunk of its own, fetched when the panel is first drawn (a frame or two
 * after the first chart, on a first visit), so a first visit parses less and paints the first
 * chart without waiting for the other charts' draws. What the app must know before that code is
 * in (the menus, the grid, the tabs) is therefore declared here, not in the panel's module.
 */
import { createElement, useEffect, type ComponentType } from 'react';
import { lateModule, useLate } from '../state/lateModule.ts';
import type { TableName } from '../../engine/core/trace.ts';
import { PANEL_IDS } from '../../catalogue/panels.ts';
import { isBbrFlow } from '../events/bbrFlow.ts';
import type { RunSet, VariantRun } from '../state/runSet.ts';
import { CwndPanel } from './CwndPanel.tsx';
import { hasRows, runsWithRows } from './perRun.ts';
import type { KeyedMeta, PanelDef, PanelMeta, PanelProps } from './types.ts';

type Load = () => Promise<ComponentType<PanelProps>>;

const preloads: (() => Promise<void>)[] = [];
/** Each deferred panel's loader, by id (loadPanel). */
const loaders = new Map<string, Load>();

/**
 * A panel whose code is loaded on first use (or by preloadPanels). Until it is in, its cell holds
 * an empty element; once in, the panel renders at once, in the same commit as the others (not through a
 * Suspense fallback, which React may hold back for a while before revealing).
 */
function deferred(meta: PanelMeta, load: Load): PanelDef {
  // loaded once; a failed fetch (offline, a new deployment) is tried again at the next render
  const code = lateModule(load);
  preloads.push(() => code.load().then(() => {}, () => {}));
  loaders.set(meta.id, load);
  function DeferredPanel(props: PanelProps) {
    const Loaded = useLate(code);
    useEffect(() => {
      if (!code.get()) void code.load().catch(() => {});
    }, []);
    // an empty stand-in until then, marked as not final (data-late) like the other late parts
    return Loaded ? createElement(Loaded, props) : createElement('div', { 'data-late': meta.id });
  }
  DeferredPanel.displayName = `Deferred(${meta.id})`;
  return { ...meta, Component: DeferredPanel };
}

/**
 * A keyed time panel (KeyedTimePanel.tsx): offered wherever some run fills `table` (and passes
 * `drawn`); its module makes the component from this declaration.
 */
function keyed(id: string, title: string, short: string, table: TableName, load: () => Promise<(meta: KeyedMeta) => ComponentType<PanelProps>>, drawn?: (run: VariantRun) => boolean): PanelDef {
  const meta: KeyedMeta = { id, title, short, table, drawn, defaultVisible: true, available: (set: RunSet) => runsWithRows(set, table).some((r) => drawn?.(r) ?? true) };
  return deferred(meta, () => load().then((make) => make(meta)));
}

/** Every panel's declaration; tests/ui/panels.test.ts checks they and the catalogue match one to one. */
export const PANEL_DEFS: readonly PanelDef[] = [
  keyed('ackreg', 'Ack Regulator', 'ACKs', 'ackreg', () => import('./AckRegPanel.tsx').then((m) => m.ackRegPanel)),
  keyed('aqm', 'Inside the AQM', 'AQM', 'aqm', () => import('./AqmPanel.tsx').then((m) => m.aqmPanel)),
  // BBR writes its state into the estimate table other variants share: only runs with a BBR flow count
  // BBR's mode and phase are in `ccstate`, its gains in the estimate table; only runs with a BBR flow count
  keyed('bbr', 'BBR state', 'BBR', 'ccstate', () => import('./BbrPanel.tsx').then((m) => m.bbrPanel), (run) => run.result.flows.some((f) => isBbrFlow(f.estimates))),
  {
    id: 'cwnd',
    title: 'Congestion window',
    short: 'cwnd',
    defaultVisible: true,
    available: (set) => set.runs.some((r) => r.result.trace.cwnd.tNs.length > 0),
    Component: CwndPanel,
  },
  deferred(
    {
      id: 'estimate',
      title: 'Estimates and loss verdicts',
      short: 'Estimates',
      defaultVisible: true,
      available: (set) => set.runs.some((r) => hasRows(r, 'estimate') || hasRows(r, 'verdict')),
    },
    () => import('./EstimatePanel.tsx').then((m) => m.EstimatePanel),
  ),
  deferred({ id: 'metrics', title: 'Metrics', short: 'Metrics', defaultVisible: true, available: () => true }, () => import('./MetricsPanel.tsx').then((m) => m.MetricsPanel)),
  deferred({ id: 'path', title: 'Path', short: 'Path', defaultVisible: true, available: () => true }, () => import('./PathPanel.tsx').then((m) => m.PathPanel)),
  keyed('probe', 'TCP-Probing probe cycles', 'Probes', 'probe', () => import('./ProbePanel.tsx').then((m) => m.probePanel)),
  deferred(
    { id: 'queue', title: 'Queue', short: 'Queue', defaultVisible: true, available: (set) => set.runs.some((r) => r.result.trace.queue.tNs.length > 0) },
    () => import('./QueuePanel.tsx').then((m) => m.QueuePanel),
  ),
  deferred(
    { id: 'rates', title: 'Rate vs rate (Chiu–Jain)', short: 'Rates', defaultVisible: false, available: (set) => !set.compare && (set.runs[0]?.scenario.flows.length ?? 0) >= 2 },
    () => import('./RatesPanel.tsx').then((m) => m.RatesPanel),
  ),
  deferred(
    { id: 'timeseq', title: 'Time–sequence', short: 'Seq', defaultVisible: true, available: (set) => set.runs.some((r) => r.result.trace.send.tNs.length > 0) },
    () => import('./TimeSeqPanel.tsx').then((m) => m.TimeSeqPanel),
  ),
  keyed('tokens', 'Token bucket', 'Tokens', 'bucket', () => import('./TokenBucketPanel.tsx').then((m) => m.tokenBucketPanel)),
  keyed('waves', 'TCP-Real waves', 'Waves', 'wave', () => import('./WavesPanel.tsx').then((m) => m.wavesPanel)),
];
const byId = new Map(PANEL_DEFS.map((p) => [p.id, p]));

/** In the catalogue's order: the estimate panel sits next to cwnd, a variant's own mechanism comes next. */
export const PANELS: readonly PanelDef[] = PANEL_IDS.flatMap((id) => byId.get(id) ?? []);

export const getPanel = (id: string): PanelDef | undefined => byId.get(id);

export const DEFAULT_PANEL_IDS: readonly string[] = PANELS.filter((p) => p.defaultVisible).map((p) => p.id);

/** Fetches every panel's code (after the first picture: see lazy.tsx), so a panel shown later draws at once. */
export function preloadPanels(): void {
  for (const p of preloads) void p();
}

/** A deferred panel's own component, loaded (for tests: the registry's stand-in is not it); null for cwnd, which is loaded with the page. */
export const loadPanel = (id: string): Promise<ComponentType<PanelProps>> | null => loaders.get(id)?.() ?? null;
