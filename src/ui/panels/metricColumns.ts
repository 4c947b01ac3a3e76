/**
 * Which FlowResult fields the metrics table shows, how they are labelled and formatted, and
 * whether higher or lower is better. Fields the engine adds later appear on their own: any
 * numeric field not listed here gets a label from its name (units from its suffix) and a
 * direction from words in it, so a new metric needs no UI change (but may get a nicer label).
 */
import { fixed1, int, mbps } from '../../catalogue/format.ts';

export type Better = 'high' | 'low' | null;

export interface MetricColumn {
  key: string;
  label: string;
  format: (v: number) => string;
  better: Better;
}

const fixed2 = (v: number): string => v.toFixed(2);

const KNOWN: MetricColumn[] = [
  { key: 'goodputBps', label: 'Goodput (Mb/s)', format: mbps, better: 'high' },
  { key: 'completionTimeS', label: 'Completion time (s)', format: fixed2, better: 'low' },
  { key: 'overheadPct', label: 'Overhead (%)', format: fixed1, better: 'low' },
  { key: 'retransmissions', label: 'Retransmissions', format: int, better: 'low' },
  { key: 'fastRetransmits', label: 'Fast retransmits', format: int, better: null },
  { key: 'timeouts', label: 'Timeouts', format: int, better: 'low' },
  { key: 'appSuccessPct', label: 'App success (%)', format: fixed1, better: 'high' },
  { key: 'tokensPerRtt', label: 'Tokens per RTT', format: fixed2, better: null },
  { key: 'lossVerdictAccuracyPct', label: 'Loss verdicts right (%)', format: fixed1, better: 'high' },
  { key: 'meanRttMs', label: 'Mean RTT (ms)', format: fixed1, better: 'low' },
  { key: 'segmentsSent', label: 'Segments sent', format: int, better: null },
  { key: 'bytesDelivered', label: 'Bytes delivered', format: int, better: 'high' },
];

/** Identity and configuration, not outcomes. */
const HIDDEN = new Set(['id', 'variant', 'mssBytes']);

const UNIT_SUFFIXES: [RegExp, string, (v: number) => string][] = [
  [/Bps$/, 'Mb/s', mbps],
  [/Pct$/, '%', fixed1],
  [/Ms$/, 'ms', fixed1],
  [/S$/, 's', fixed2],
  [/Bytes$/, 'bytes', int],
];

/** "lossAccuracyPct" → "Loss accuracy (%)". */
export function labelFor(key: string): { label: string; format: (v: number) => string } {
  for (const [re, unit, format] of UNIT_SUFFIXES) {
    if (re.test(key)) return { label: `${words(key.replace(re, ''))} (${unit})`, format };
  }
  return { label: words(key), format: (v) => (Number.isInteger(v) ? int(v) : v.toPrecision(4)) };
}

function words(camel: string): string {
  const w = camel.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

export function betterFor(key: string): Better {
  if (/success|goodput|throughput|efficiency|accuracy|fairness|delivered/i.test(key)) return 'high';
  if (/retrans|timeout|loss|drop|overhead|delay|time|stall|rebuffer/i.test(key)) return 'low';
  return null;
}

/** Columns for these rows: known ones in a fixed order, then new numeric fields by name; columns with no value anywhere are left out. */
export function metricColumns(rows: readonly Record<string, unknown>[]): MetricColumn[] {
  const present = (key: string): boolean => rows.some((r) => typeof r[key] === 'number' && Number.isFinite(r[key]));
  const known = new Set(KNOWN.map((c) => c.key));
  const extra = new Set<string>();
  for (const r of rows) for (const [k, v] of Object.entries(r)) if (!known.has(k) && !HIDDEN.has(k) && typeof v === 'number') extra.add(k);
  return [
    ...KNOWN.filter((c) => present(c.key)),
    ...[...extra]
      .sort()
      .filter(present)
      .map((key) => ({ key, ...labelFor(key), better: betterFor(key) })),
  ];
}

/** Row indices holding the best value of the column (ties all win); none if there is no direction, one row, or all equal. */
export function bestRows(values: readonly (number | null)[], better: Better): Set<number> {
  const out = new Set<number>();
  if (!better) return out;
  const finite = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (finite.length < 2) return out;
  const best = better === 'high' ? Math.max(...finite) : Math.min(...finite);
  if (finite.every((v) => v === best)) return out;
  values.forEach((v, i) => {
    if (v === best) out.add(i);
  });
  return out;
}
