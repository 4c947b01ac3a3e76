/**
 * Every panel the app can show, in the catalogue's default order (src/catalogue/panels.ts).
 * Adding a panel = one file exporting a PanelDef built from its entry in ./meta.ts, its id in
 * the catalogue, and one entry here. A panel whose `available` says no (its trace table is
 * empty, e.g. a bandwidth-estimate panel for a variant that reports none) is neither drawn nor
 * offered.
 *
 * Only the congestion-window panel (the first chart) is in the page's first load; every other
 * panel's code is a chunk of its own, fetched when the panel is first drawn (a frame or two
 * after the first chart, on a first visit), so a first visit parses less and paints the first
 * chart without waiting for the other charts' draws.
 */
import { createElement, useEffect, useState, type ComponentType } from 'react';
import { cwndPanel } from './CwndPanel.tsx';
import { ACKREG_META, AQM_META, BBR_META, ESTIMATE_META, METRICS_META, PATH_META, PROBE_META, QUEUE_META, RATES_META, TIMESEQ_META, TOKENS_META, WAVES_META, type PanelMeta } from './meta.ts';
import { PANEL_IDS } from '../../catalogue/panels.ts';
import type { PanelDef, PanelProps } from './types.ts';

const preloads: (() => Promise<void>)[] = [];

/**
 * A panel whose code is loaded on first use (or by preloadPanels). Until it is in, its cell stays
 * empty; once in, the panel renders at once, in the same commit as the others (not through a
 * Suspense fallback, which React may hold back for a while before revealing).
 */
function deferred(meta: PanelMeta, load: () => Promise<PanelDef>): PanelDef {
  let Loaded: ComponentType<PanelProps> | null = null;
  let loading: Promise<void> | null = null;
  const preload = (): Promise<void> =>
    (loading ??= load().then(
      (def) => {
        Loaded = def.Component;
      },
      (e: unknown) => {
        loading = null; // a failed fetch (offline, a new deployment) is tried again at the next render
        throw e;
      },
    ));
  preloads.push(() => preload().catch(() => {}));
  function DeferredPanel(props: PanelProps) {
    const [, loaded] = useState(false);
    useEffect(() => {
      if (!Loaded) void preload().then(() => loaded(true), () => {});
    }, []);
    return Loaded ? createElement(Loaded, props) : null;
  }
  DeferredPanel.displayName = `Deferred(${meta.id})`;
  return { ...meta, Component: DeferredPanel };
}

/** Every panel's definition; tests/ui/panels.test.ts checks they and the catalogue match one to one. */
export const PANEL_DEFS: readonly PanelDef[] = [
  deferred(ACKREG_META, () => import('./AckRegPanel.tsx').then((m) => m.ackRegPanel)),
  deferred(AQM_META, () => import('./AqmPanel.tsx').then((m) => m.aqmPanel)),
  deferred(BBR_META, () => import('./BbrPanel.tsx').then((m) => m.bbrPanel)),
  cwndPanel,
  deferred(ESTIMATE_META, () => import('./EstimatePanel.tsx').then((m) => m.estimatePanel)),
  deferred(METRICS_META, () => import('./MetricsPanel.tsx').then((m) => m.metricsPanel)),
  deferred(PATH_META, () => import('./PathPanel.tsx').then((m) => m.pathPanel)),
  deferred(PROBE_META, () => import('./ProbePanel.tsx').then((m) => m.probePanel)),
  deferred(QUEUE_META, () => import('./QueuePanel.tsx').then((m) => m.queuePanel)),
  deferred(RATES_META, () => import('./RatesPanel.tsx').then((m) => m.ratesPanel)),
  deferred(TIMESEQ_META, () => import('./TimeSeqPanel.tsx').then((m) => m.timeSeqPanel)),
  deferred(TOKENS_META, () => import('./TokenBucketPanel.tsx').then((m) => m.tokenBucketPanel)),
  deferred(WAVES_META, () => import('./WavesPanel.tsx').then((m) => m.wavesPanel)),
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
