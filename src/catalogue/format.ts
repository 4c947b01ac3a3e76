import { variantInfo } from './variants.ts';

/** Number formats for the readouts: fixed decimals so tabular numerals line up. */
export const mbps = (bps: number): string => (bps / 1e6).toFixed(2);
/** One formatter for the page: `toLocaleString` builds a new one per call, which showed up in redraw profiles. */
const INT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const int = (n: number): string => INT.format(Math.round(n));
export const fixed1 = (n: number): string => n.toFixed(1);

/** Conventional spelling of a variant's name (NewReno, SACK), from the catalogue; unknown names pass through. */
export const variantLabel = (name: string): string => variantInfo(name)?.label ?? name;

/** Rates as a person would say them: 1.5 Mb/s, 100 Mb/s, 1 Gb/s. */
export function rate(bps: number): string {
  if (bps >= 1e9) return `${Number((bps / 1e9).toPrecision(3))} Gb/s`;
  if (bps >= 1e6) return `${Number((bps / 1e6).toPrecision(3))} Mb/s`;
  return `${Number((bps / 1e3).toPrecision(3))} kb/s`;
}

interface Describable {
  durationS: number;
  path: { forward: { rateBps: number; delayMs: number; queue: { limitPackets: number }; errors: readonly unknown[] } }[];
  flows: { variant: string }[];
  cross: readonly unknown[];
}

const AND_LIST = new Intl.ListFormat('en', { type: 'conjunction' });

/**
 * One line saying what is being simulated right now; the preset's own description goes stale
 * as soon as a slider moves. `compared`: the variants every flow is run as in turn — the line
 * then leads with them ("TCP-Real, Reno, and Tahoe compared: 1 flow through …") instead of
 * naming the scenario's own variant, which no chart shows.
 */
export function describeScenario(s: Describable, compared: readonly string[] = []): string {
  // one variant compared is every flow run as that one: it names the flows as a scenario's own would
  const as = (f: { variant: string }): string => (compared.length === 0 ? f.variant : compared.length === 1 ? compared[0] : '');
  const counts = new Map<string, number>();
  for (const f of s.flows) counts.set(as(f), (counts.get(as(f)) ?? 0) + 1);
  const flows = [...counts].map(([v, n]) => `${n} ${v === '' ? '' : `${variantLabel(v)} `}flow${n === 1 ? '' : 's'}`).join(', ');
  const lead = compared.length > 1 ? `${AND_LIST.format(compared.map(variantLabel))} compared: ` : '';
  return lead + describeFlowsAndPath(s, flows);
}

function describeFlowsAndPath(s: Describable, flows: string): string {
  const lossy = (d: Describable['path'][number]['forward']): string => (d.errors.length > 0 ? ' with wireless errors' : '');
  const cross = s.cross.length > 0 ? ', with cross traffic' : '';
  if (s.path.length === 1) {
    const b = s.path[0].forward;
    return `${flows} through a ${rate(b.rateBps)}, ${b.delayMs} ms link with a ${b.queue.limitPackets}-packet queue${lossy(b)}${cross}, ${s.durationS} s`;
  }
  const hops = s.path.map((l) => `${rate(l.forward.rateBps)} ${l.forward.delayMs} ms${lossy(l.forward)}`).join(' → ');
  return `${flows} over ${s.path.length} links (${hops})${cross}, ${s.durationS} s`;
}
