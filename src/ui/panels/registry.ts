/**
 * Every panel the app can show, in default order. Adding a panel = one file exporting a
 * PanelDef + one line here. A panel whose `available` says no (its trace table is empty, e.g.
 * a bandwidth-estimate panel for a variant that reports none) is neither drawn nor offered.
 */
import { ackRegPanel } from './AckRegPanel.tsx';
import { cwndPanel } from './CwndPanel.tsx';
import { estimatePanel } from './EstimatePanel.tsx';
import { metricsPanel } from './MetricsPanel.tsx';
import { pathPanel } from './PathPanel.tsx';
import { probePanel } from './ProbePanel.tsx';
import { queuePanel } from './QueuePanel.tsx';
import { ratesPanel } from './RatesPanel.tsx';
import { timeSeqPanel } from './TimeSeqPanel.tsx';
import { tokenBucketPanel } from './TokenBucketPanel.tsx';
import { wavesPanel } from './WavesPanel.tsx';
import type { PanelDef } from './types.ts';

// The estimate panel sits next to cwnd (issue 4); a variant's own mechanism comes next.
export const PANELS: readonly PanelDef[] = [cwndPanel, estimatePanel, wavesPanel, probePanel, tokenBucketPanel, ackRegPanel, queuePanel, timeSeqPanel, pathPanel, metricsPanel, ratesPanel];

const byId = new Map(PANELS.map((p) => [p.id, p]));
export const getPanel = (id: string): PanelDef | undefined => byId.get(id);

export const DEFAULT_PANEL_IDS: readonly string[] = PANELS.filter((p) => p.defaultVisible).map((p) => p.id);
