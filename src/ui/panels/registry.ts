/**
 * Every panel the app can show, in the catalogue's default order (src/catalogue/panels.ts).
 * Adding a panel = one file exporting a PanelDef, its id in the catalogue, and one entry here.
 * A panel whose `available` says no (its trace table is empty, e.g. a bandwidth-estimate panel
 * for a variant that reports none) is neither drawn nor offered.
 */
import { ackRegPanel } from './AckRegPanel.tsx';
import { aqmPanel } from './AqmPanel.tsx';
import { bbrPanel } from './BbrPanel.tsx';
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

/** Every panel's definition; tests/ui/panels.test.ts checks they and the catalogue match one to one. */
export const PANEL_DEFS: readonly PanelDef[] = [ackRegPanel, aqmPanel, bbrPanel, cwndPanel, estimatePanel, metricsPanel, pathPanel, probePanel, queuePanel, ratesPanel, timeSeqPanel, tokenBucketPanel, wavesPanel];
const byId = new Map(PANEL_DEFS.map((p) => [p.id, p]));

/** In the catalogue's order: the estimate panel sits next to cwnd, a variant's own mechanism comes next. */
export const PANELS: readonly PanelDef[] = PANEL_IDS.flatMap((id) => byId.get(id) ?? []);

export const getPanel = (id: string): PanelDef | undefined => byId.get(id);

export const DEFAULT_PANEL_IDS: readonly string[] = PANELS.filter((p) => p.defaultVisible).map((p) => p.id);
