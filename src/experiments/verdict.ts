/**
 * "Did it match the paper?", computed from the data, per figure:
 * - ordering: at each point, every pair of variants the paper puts in an order — by its printed
 *   values (a pair with equal printed values is skipped) or by its text's statements (claims) —
 *   is checked on our means; a point agrees when all its pairs do. Bounds ("always higher than
 *   70 %") and closeness claims are checked point by point the same way.
 * - distance: the median relative difference |ours − paper| / paper over every printed value of
 *   a measurement (the paper's own model columns are drawn, not scored).
 * Badge: "matches" when ≥ 80 % of the checks agree and the median difference (if any) is ≤ 20 %;
 * "does not match" when < 50 % agree or the median difference is > 50 %; else "partly". The
 * thresholds are ours, chosen so a figure matches only if its story holds nearly everywhere and
 * its numbers are in the paper's range; the table shows the parts so a reader can judge.
 */
import type { Claim, FigurePreset } from './figures.ts';
import type { Cell } from './results.ts';
import type { Experiment } from './spec.ts';
import { median } from './stats.ts';

export type Badge = 'matches' | 'partly' | 'does not match' | 'no data';

export interface CheckResult {
  /** What is checked, in words (the claim's text, or "order of the printed values"). */
  text: string;
  agree: number;
  total: number;
  /** Points where it failed, by label. */
  failedAt: string[];
}

export interface Verdict {
  badge: Badge;
  checks: CheckResult[];
  /** Over all checks. */
  agree: number;
  total: number;
  /** Median relative difference from printed measurements; null where the paper printed none. */
  medianRelDiff: number | null;
  comparedValues: number;
  /** One sentence for the badge's tooltip and the report. */
  words: string;
}

const keyOf = (at: number | string): string => String(at);

/** Our mean for (point, variant, metric), by the point's x (numeric) or label (categorical). */
function lookup(cells: readonly Cell[], at: number | string, variant: string, metric: string): number | null {
  const c = cells.find((x) => x.variant === variant && (keyOf(x.point.x ?? x.point.label) === keyOf(at) || x.point.label === at));
  return c?.stats[metric]?.mean ?? null;
}

function pointKeys(cells: readonly Cell[]): { at: number | string; label: string }[] {
  const seen = new Map<number, { at: number | string; label: string }>();
  for (const c of cells) if (!seen.has(c.point.index)) seen.set(c.point.index, { at: c.point.x ?? c.point.label, label: c.point.label });
  return [...seen.values()];
}

function checkClaim(claim: Claim, cells: readonly Cell[]): CheckResult {
  const r: CheckResult = { text: claim.text, agree: 0, total: 0, failedAt: [] };
  for (const { at, label } of pointKeys(cells)) {
    if (claim.kind === 'order' && claim.at && !claim.at.some((a) => keyOf(a) === keyOf(at))) continue;
    let ok: boolean | null = null;
    if (claim.kind === 'order') {
      for (const [hi, lo] of claim.pairs) {
        const a = lookup(cells, at, hi, claim.metric);
        const b = lookup(cells, at, lo, claim.metric);
        if (a === null || b === null) continue;
        ok = (ok ?? true) && a >= b;
      }
    } else if (claim.kind === 'at-least') {
      const a = lookup(cells, at, claim.variant, claim.metric);
      if (a !== null) ok = a >= claim.min;
    } else if (claim.kind === 'at-most') {
      const a = lookup(cells, at, claim.variant, claim.metric);
      if (a !== null) ok = a <= claim.max;
    } else {
      const a = lookup(cells, at, claim.variants[0], claim.metric);
      const b = lookup(cells, at, claim.variants[1], claim.metric);
      if (a !== null && b !== null) ok = Math.abs(a - b) <= (claim.withinPct / 100) * Math.max(Math.abs(a), Math.abs(b));
    }
    if (ok === null) continue;
    r.total++;
    if (ok) r.agree++;
    else r.failedAt.push(label);
  }
  return r;
}

/** Pairs ordered by the printed values at each point, checked on our means. */
function checkPublishedOrder(fig: FigurePreset, cells: readonly Cell[]): CheckResult[] {
  return fig.published
    .filter((s) => !s.model)
    .flatMap((s) => {
      const r: CheckResult = { text: `order of the variants in ${s.source} (${s.metric})`, agree: 0, total: 0, failedAt: [] };
      const ats = [...new Set(s.points.map((p) => keyOf(p.at)))];
      for (const at of ats) {
        const pts = s.points.filter((p) => keyOf(p.at) === at);
        if (pts.length < 2) continue;
        let ok: boolean | null = null;
        for (const p of pts) {
          for (const q of pts) {
            if (p.value <= q.value) continue;
            const a = lookup(cells, p.at, p.variant, s.metric);
            const b = lookup(cells, q.at, q.variant, s.metric);
            if (a === null || b === null) continue;
            ok = (ok ?? true) && a >= b;
          }
        }
        if (ok === null) continue;
        r.total++;
        if (ok) r.agree++;
        else r.failedAt.push(at);
      }
      return r.total > 0 ? [r] : [];
    });
}

export function relativeDifferences(fig: FigurePreset, cells: readonly Cell[]): number[] {
  return fig.published
    .filter((s) => !s.model)
    .flatMap((s) =>
      s.points.flatMap((p) => {
        const ours = lookup(cells, p.at, p.variant, s.metric);
        const paper = p.value * s.toBase;
        return ours === null || paper === 0 ? [] : [Math.abs(ours - paper) / Math.abs(paper)];
      }),
    );
}

export function verdict(fig: FigurePreset, _e: Experiment, cells: readonly Cell[]): Verdict {
  const checks = [...fig.claims.map((c) => checkClaim(c, cells)), ...checkPublishedOrder(fig, cells)].filter((c) => c.total > 0);
  const agree = checks.reduce((a, c) => a + c.agree, 0);
  const total = checks.reduce((a, c) => a + c.total, 0);
  const diffs = relativeDifferences(fig, cells);
  const med = median(diffs);
  let badge: Badge;
  if (total === 0 && med === null) badge = 'no data';
  else {
    const share = total > 0 ? agree / total : 1;
    if (share < 0.5 || (med !== null && med > 0.5)) badge = 'does not match';
    else if (share >= 0.8 && (med === null || med <= 0.2)) badge = 'matches';
    else badge = 'partly';
  }
  const parts: string[] = [];
  if (total > 0) parts.push(`${agree} of ${total} point checks agree with the paper’s ordering and bounds`);
  if (med !== null) parts.push(`median difference from the printed values ${(100 * med).toFixed(0)} % (${diffs.length} values)`);
  if (med === null && fig.published.length === 0) parts.push('the paper prints no values for it');
  return { badge, checks, agree, total, medianRelDiff: med, comparedValues: diffs.length, words: parts.join('; ') || 'nothing to compare yet' };
}
