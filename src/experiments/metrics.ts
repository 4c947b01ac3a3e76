/**
 * What a sweep can plot: each metric reads one number from a finished run (RunResult) for the
 * flows of one variant. Flow metrics average over those flows (one flow in most figures; n flows
 * of a variant in the fairness figure); run metrics (Jain, link efficiency) and link metrics
 * (`metric@link/dir`) ignore the variant. Values are in base units (bits/s, s, %, fraction);
 * `display` says how the plot shows them.
 */
import type { FlowResult, RunResult } from '../engine/results.ts';

export interface MetricDef {
  id: string;
  label: string;
  /** Unit of the displayed value, and the factor from the base unit to it. */
  display: { unit: string; factor: number };
  /** Is it read from the link named after '@'? */
  needsLink: boolean;
  /** Higher is better (for the words on the verdict; the verdict itself compares orders). */
  higherIsBetter: boolean;
}

type Reader = (result: Pick<RunResult, 'flows' | 'links' | 'summary'>, flows: readonly FlowResult[], linkId: string | null) => number | null;

/** Null unless every flow has the value (an unfinished transfer has no completion time). */
const mean = (xs: readonly (number | null)[]): number | null => {
  const v = xs.filter((x): x is number => x !== null && Number.isFinite(x));
  return v.length === xs.length && v.length > 0 ? v.reduce((a, b) => a + b, 0) / v.length : null;
};

const flowMean =
  (pick: (f: FlowResult) => number | null): Reader =>
  (_r, flows) =>
    mean(flows.map(pick));

function link(r: Pick<RunResult, 'links'>, id: string | null) {
  const l = r.links.find((x) => x.id === id);
  if (!l) throw new Error(`the run has no link "${id}" — links: ${r.links.map((x) => x.id).join(', ')}`);
  return l;
}

const METRICS: readonly (MetricDef & { read: Reader })[] = [
  { id: 'goodputBps', label: 'Goodput', display: { unit: 'Mb/s', factor: 1e-6 }, needsLink: false, higherIsBetter: true, read: flowMean((f) => f.goodputBps) },
  { id: 'completionTimeS', label: 'Task completion time', display: { unit: 's', factor: 1 }, needsLink: false, higherIsBetter: false, read: flowMean((f) => f.completionTimeS) },
  { id: 'overheadPct', label: 'Overhead', display: { unit: '%', factor: 1 }, needsLink: false, higherIsBetter: false, read: flowMean((f) => f.overheadPct) },
  { id: 'appSuccessPct', label: 'Application success', display: { unit: '%', factor: 1 }, needsLink: false, higherIsBetter: true, read: flowMean((f) => f.appSuccessPct) },
  {
    id: 'accuracy',
    label: 'Loss-verdict accuracy',
    display: { unit: '%', factor: 100 },
    needsLink: false,
    higherIsBetter: true,
    read: flowMean((f) => f.classification?.accuracy ?? null),
  },
  { id: 'tokensPerRtt', label: 'Tokens per RTT', display: { unit: 'tokens', factor: 1 }, needsLink: false, higherIsBetter: true, read: flowMean((f) => f.tokensPerRtt) },
  { id: 'timeouts', label: 'Timeouts', display: { unit: '', factor: 1 }, needsLink: false, higherIsBetter: false, read: flowMean((f) => f.timeouts) },
  { id: 'meanRttMs', label: 'Mean RTT', display: { unit: 'ms', factor: 1 }, needsLink: false, higherIsBetter: false, read: flowMean((f) => f.meanRttMs) },
  { id: 'linkEfficiency', label: 'Link efficiency', display: { unit: '', factor: 1 }, needsLink: false, higherIsBetter: true, read: (r) => r.summary.linkEfficiency },
  { id: 'jainIndex', label: "Jain's fairness index", display: { unit: '', factor: 1 }, needsLink: false, higherIsBetter: true, read: (r) => r.summary.jainIndex },
  { id: 'totalGoodputBps', label: 'Total goodput', display: { unit: 'Mb/s', factor: 1e-6 }, needsLink: false, higherIsBetter: true, read: (r) => r.summary.totalGoodputBps },
  { id: 'meanQueuePackets', label: 'Mean queue', display: { unit: 'packets', factor: 1 }, needsLink: true, higherIsBetter: false, read: (r, _f, id) => link(r, id).meanQueuePackets },
  { id: 'queueSdPackets', label: 'Queue standard deviation', display: { unit: 'packets', factor: 1 }, needsLink: true, higherIsBetter: false, read: (r, _f, id) => link(r, id).queueSdPackets },
  { id: 'congestionLossPct', label: 'Congestion loss', display: { unit: '%', factor: 1 }, needsLink: true, higherIsBetter: false, read: (r, _f, id) => link(r, id).congestionLossPct },
  { id: 'utilization', label: 'Link utilisation', display: { unit: '%', factor: 100 }, needsLink: true, higherIsBetter: true, read: (r, _f, id) => link(r, id).utilization },
  {
    id: 'meanQueueDelayMs',
    label: 'Mean queueing delay',
    display: { unit: 'ms', factor: 1 },
    needsLink: true,
    higherIsBetter: false,
    // the mean queue in packets times one full-size (1500-byte) packet's time at the link's mean
    // rate: a bulk-transfer figure's queue holds full-size data packets, so this is its waiting time
    read: (r, _f, id) => {
      const l = link(r, id);
      return l.rateBps > 0 ? (l.meanQueuePackets * 1500 * 8 * 1e3) / l.rateBps : null;
    },
  },
];

export const METRIC_IDS: readonly string[] = METRICS.map((m) => m.id);

/** `goodputBps` or `congestionLossPct@wireless/fwd` → its definition and link; throws naming the allowed forms. */
export function parseMetricRef(ref: string): { def: MetricDef; linkId: string | null } {
  const at = ref.indexOf('@');
  const id = at < 0 ? ref : ref.slice(0, at);
  const linkId = at < 0 ? null : ref.slice(at + 1);
  const def = METRICS.find((m) => m.id === id);
  if (!def) throw new Error(`"${ref}" is not a metric — allowed: ${METRIC_IDS.join(', ')} (link metrics as NAME@link/fwd)`);
  if (def.needsLink && !linkId) throw new Error(`"${ref}": ${id} is read from a link — write it as ${id}@<link id>/fwd, e.g. ${id}@bottleneck/fwd`);
  if (!def.needsLink && linkId) throw new Error(`"${ref}": ${id} is not a link metric — drop "@${linkId}"`);
  return { def, linkId };
}

/** The metric's value for the flows running `variant` (every flow when `variant` is null); null if undefined there. */
export function readMetric(ref: string, result: Pick<RunResult, 'flows' | 'links' | 'summary'>, variant: string | null): number | null {
  const { def, linkId } = parseMetricRef(ref);
  const flows = variant === null ? result.flows : result.flows.filter((f) => f.variant === variant);
  const read = METRICS.find((m) => m.id === def.id)!.read;
  const v = read(result, flows, linkId);
  return v === null || !Number.isFinite(v) ? null : v;
}

export function metricLabel(ref: string): string {
  const { def, linkId } = parseMetricRef(ref);
  return linkId ? `${def.label} at ${linkId}` : def.label;
}
