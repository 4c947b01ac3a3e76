/**
 * Splitting a study over machines: shard I of N runs a fixed slice of the runs (every N-th run of
 * the plan, from the I-th: the plan fills the plot coarse to fine, so each slice gets runs of
 * every size) and writes their outcomes to a partial file; merging partial files fills the cache
 * as one unsharded run would have, and the usual code writes the usual files from it. Partial
 * files carry the study's identity (the experiments and seeds), so parts of different studies,
 * duplicate shards or a missing shard are refused with the reason.
 */
import type { Cache, RunOutcome } from './runner.ts';
import type { RunJob } from './spec.ts';

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

export const PARTIAL_FORMAT = 'tcp-lab-partial-1';

export interface Partial {
  format: typeof PARTIAL_FORMAT;
  /** What was sharded: the experiments (parsed specs) and their seeds, as JSON. */
  study: string;
  shard: Shard;
  /** Runs in the whole plan (all shards). */
  planRuns: number;
  outcomes: [string, RunOutcome][];
}

/** The runs of shard `s` among `jobs` (already in plan order, each run once). */
export function shardJobs(jobs: readonly RunJob[], s: Shard): RunJob[] {
  return jobs.filter((_, i) => i % s.count === s.index - 1);
}

/** `I/N` with 1 ≤ I ≤ N ≤ 10 000, or the reason it is not. */
export function parseShard(text: string): { ok: true; shard: Shard } | { ok: false; error: string } {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const bad = { ok: false as const, error: `--shard: "${text}" is not I/N with whole numbers 1 ≤ I ≤ N ≤ 10000 (e.g. 2/8)` };
  if (!m) return bad;
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > 10_000 || index < 1 || index > count) return bad;
  return { ok: true, shard: { index, count } };
}

/** The file name a shard writes in its output folder. */
export const partialName = (s: Shard): string => `part-${s.index}-of-${s.count}.json`;
export const PARTIAL_NAME = /^part-(\d+)-of-(\d+)\.json$/;

// JSON has no NaN, ±Infinity or −0; a metric may be any of them, and the merged files must be
// the same bytes as an unsharded run's, so those numbers travel as tagged strings.
const TAG = '\u0000num:';
function replacer(_k: string, v: unknown): unknown {
  if (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0))) return TAG + (Object.is(v, -0) ? '-0' : String(v));
  return v;
}
function reviver(_k: string, v: unknown): unknown {
  if (typeof v === 'string' && v.startsWith(TAG)) {
    const t = v.slice(TAG.length);
    return t === '-0' ? -0 : Number(t);
  }
  return v;
}

export function partialJson(p: Partial): string {
  return JSON.stringify(p, replacer) + '\n';
}

/** Read a partial file's text; the reason when it is not one. */
export function parsePartial(text: string, where: string): { ok: true; partial: Partial } | { ok: false; error: string } {
  let v: unknown;
  try {
    v = JSON.parse(text, reviver);
  } catch (e) {
    return { ok: false, error: `${where}: not valid JSON (${(e as Error).message})` };
  }
  const p = v as Partial;
  if (!p || typeof p !== 'object' || p.format !== PARTIAL_FORMAT || !Array.isArray(p.outcomes) || typeof p.study !== 'string' || !p.shard) {
    return { ok: false, error: `${where}: not a partial result of this version (format ${PARTIAL_FORMAT})` };
  }
  return { ok: true, partial: p };
}

/**
 * Check that the partials are shards 1 … N of one study (`study`), each once, and fill `cache`
 * with their outcomes; every problem named.
 */
export function mergePartials(parts: readonly { where: string; partial: Partial }[], study: string, cache: Cache): string[] {
  const errors: string[] = [];
  if (parts.length === 0) return ['--merge: no partial results (part-I-of-N.json) found'];
  const count = parts[0].partial.shard.count;
  const seen = new Map<number, string>();
  for (const { where, partial } of parts) {
    if (partial.study !== study) errors.push(`${where}: a shard of another study (other experiment, seeds or figures than this command's)`);
    if (partial.shard.count !== count) errors.push(`${where}: shard ${partial.shard.index}/${partial.shard.count}, but ${parts[0].where} is one of ${count}`);
    const other = seen.get(partial.shard.index);
    if (other !== undefined) errors.push(`${where}: shard ${partial.shard.index}/${count} again (also ${other})`);
    seen.set(partial.shard.index, where);
  }
  const missing: number[] = [];
  for (let i = 1; i <= count; i++) if (!seen.has(i)) missing.push(i);
  if (missing.length > 0) errors.push(`--merge: shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing`);
  if (errors.length > 0) return errors;
  for (const { partial } of parts) for (const [key, outcome] of partial.outcomes) cache.set(key, outcome);
  return [];
}
