/**
 * Every panel the app can show, in the catalogue's default order (src/catalogue/panels.ts).
 * Adding a panel = one file exporting a PanelDef, its id in the catalogue, and one entry here.
 * A panel whose `available` says no (its trace table is empty, e.g. a bandwidth-estimate panel
 * for a variant that reports none) is neither drawn nor offered.
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
import { PANEL_IDS } from '../../catalogue/panels.ts';
import type { PanelDef } from './types.ts';

const byId = new Map([ackRegPanel, cwndPanel, estimatePanel, metricsPanel, pathPanel, probePanel, queuePanel, ratesPanel, timeSeqPanel, tokenBucketPanel, wavesPanel].map((p) => [p.id, p]));
const unlisted = [...byId.keys()].filter((id) => !(PANEL_IDS as readonly string[]).includes(id));
const missing = PANEL_IDS.filter((id) => !byId.has(id));
if (unlisted.length > 0 || missing.length > 0) throw new Error(`the panel registry and the catalogue differ: ${[...unlisted.map((id) => `${id} has no catalogue entry`), ...missing.map((id) => `${id} has no component`)].join(', ')}`);

/** In the catalogue's order: the estimate panel sits next to cwnd, a variant's own mechanism comes next. */
export const PANELS: readonly PanelDef[] = PANEL_IDS.map((id) => byId.get(id)!);

export const getPanel = (id: string): PanelDef | undefined => byId.get(id);

export const DEFAULT_PANEL_IDS: readonly string[] = PANELS.filter((p) => p.defaultVisible).map((p) => p.id);
