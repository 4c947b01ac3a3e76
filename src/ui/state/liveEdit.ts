/**
 * Edits made while the playhead is inside the run become timed changes (src/scenario/changes.ts)
 * at the playhead: the controls edit the scenario as it stands there (`scenarioAt`), and
 * `routeEdit` turns the difference into changes for the link fields a run can change (rate,
 * delay, queue limit, error models and their PERs) and into a whole-run edit for everything
 * else (a variant, the seed, a TCP setting mean nothing "from 12 s on"). Pure, so Node tests
 * cover it.
 *
 * A dragged slider or a typed number is one edit, not one change per step: a second edit of
 * the same fields within COALESCE_MS updates the change the first one made (keeping its time),
 * and a change set back to the value in effect before it disappears.
 */
import { parseChangePath, scenarioAt, valueAt, type TimedChange } from '../../scenario/changes.ts';
import type { ErrorModelSpec, LinkDirSpec, Scenario } from '../../scenario/schema.ts';
import { fromDotted, setAt } from '../controls/paths.ts';

/** Edits of the same fields closer than this (wall clock) are one gesture. */
export const COALESCE_MS = 1500;

/** The last live edit: which change paths it set, at what time, when. */
export interface LastEdit {
  paths: readonly string[];
  atS: number;
  wallMs: number;
}

/**
 * The time a change made at playhead `tS` takes: tS to the millisecond (finer than anyone can
 * aim, and short in the link), rounded down so the change is at or before the playhead — the
 * controls, showing the scenario at the playhead, then show the value just set.
 */
export function changeTimeAt(tS: number): number {
  return Math.floor(tS * 1000) / 1000;
}

/** Whether an edit now would be a timed change: the playhead is strictly inside the run. */
export function insideRun(tS: number, endS: number): boolean {
  return tS > 0 && tS < endS;
}

interface Edit {
  path: string;
  value: unknown;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Every link direction of a scenario with its place, as change paths name them (`path.0.forward`). */
function directions(s: Scenario): { at: string; dir: LinkDirSpec }[] {
  const out: { at: string; dir: LinkDirSpec }[] = [];
  s.path.forEach((l, i) => out.push({ at: `path.${i}.forward`, dir: l.forward }, { at: `path.${i}.reverse`, dir: l.reverse }));
  s.flows.forEach((f, i) => out.push({ at: `flows.${i}.access.forward`, dir: f.access.forward }, { at: `flows.${i}.access.reverse`, dir: f.access.reverse }));
  return out;
}

const PER_KEYS = ['per', 'perGood', 'perBad'] as const;

/** Two error lists that differ only in their packet error rates (same kinds, same other fields). */
function onlyPers(a: readonly ErrorModelSpec[], b: readonly ErrorModelSpec[]): boolean {
  if (a.length !== b.length) return false;
  const strip = (m: ErrorModelSpec): unknown => Object.fromEntries(Object.entries(m).filter(([k]) => !(PER_KEYS as readonly string[]).includes(k)));
  return a.every((m, i) => same(strip(m), strip(b[i])));
}

/** The changeable link fields that differ from `before` to `after` (same links in both), as change paths. */
export function linkEdits(before: Scenario, after: Scenario): Edit[] {
  const edits: Edit[] = [];
  const was = new Map(directions(before).map((d) => [d.at, d.dir]));
  for (const { at, dir } of directions(after)) {
    const old = was.get(at);
    if (!old) continue;
    if (dir.rateBps !== old.rateBps) edits.push({ path: `${at}.rateBps`, value: dir.rateBps });
    if (dir.delayMs !== old.delayMs) edits.push({ path: `${at}.delayMs`, value: dir.delayMs });
    if (dir.queue.kind === old.queue.kind && dir.queue.limitPackets !== old.queue.limitPackets) edits.push({ path: `${at}.queue.limitPackets`, value: dir.queue.limitPackets });
    if (same(dir.errors, old.errors)) continue;
    // A PER slider keeps the model (its draws and channel timeline go on); anything else replaces the list.
    if (onlyPers(old.errors, dir.errors)) {
      dir.errors.forEach((m, k) => {
        for (const key of PER_KEYS) {
          const v = (m as Record<string, unknown>)[key];
          if (v !== (old.errors[k] as Record<string, unknown>)[key]) edits.push({ path: `${at}.errors.${k}.${key}`, value: v });
        }
      });
    } else edits.push({ path: `${at}.errors`, value: dir.errors });
  }
  return edits;
}

/** `next` with every changeable link field taken from `base` (where both have the link): the whole-run part of an edit. */
function withBaseLinks(next: Scenario, base: Scenario): Scenario {
  let out = next;
  const baseDirs = new Map(directions(base).map((d) => [d.at, d.dir]));
  for (const { at, dir } of directions(next)) {
    const b = baseDirs.get(at);
    if (!b) continue;
    const keep = { ...dir, rateBps: b.rateBps, delayMs: b.delayMs, errors: b.errors, queue: dir.queue.kind === b.queue.kind ? { ...dir.queue, limitPackets: b.queue.limitPackets } : dir.queue };
    out = setAt(out, fromDotted(at), keep);
  }
  return out;
}

/** The value `path` has just before change `index` takes effect (base plus the changes before it). */
function valueBefore(base: Scenario, changes: readonly TimedChange[], index: number): unknown {
  const target = parseChangePath(changes[index].path);
  if (!target) return undefined;
  const earlier = changes.slice(0, index);
  return valueAt(scenarioAt({ ...base, changes: earlier }, Infinity), target);
}

/**
 * `changes` with `edit` at `atS`: replacing a change of the same path at the same time (or, for
 * the same gesture, at the gesture's time), else inserted after the changes at or before `atS`.
 * A change that sets what was already in effect is left out.
 */
export function upsertChange(base: Scenario, changes: readonly TimedChange[], edit: Edit, atS: number, gestureAtS: number | null): TimedChange[] {
  const list = [...changes];
  let i = list.findIndex((c) => c.path === edit.path && (c.atS === atS || c.atS === gestureAtS));
  if (i >= 0) list[i] = { ...list[i], value: edit.value };
  else {
    i = list.findIndex((c) => c.atS > atS);
    if (i < 0) i = list.length;
    list.splice(i, 0, { atS, path: edit.path, value: edit.value });
  }
  if (same(valueBefore(base, list, i), edit.value)) list.splice(i, 1);
  return list;
}

/**
 * The fields the first `n` changes set, each with its latest change's time and the value it had
 * before that change: what the editor marks when it shows the links at the playhead.
 */
export function changedFields(base: Scenario, n: number): Map<string, { atS: number; before: unknown }> {
  const out = new Map<string, { atS: number; before: unknown }>();
  base.changes.slice(0, n).forEach((c, i) => out.set(c.path, { atS: c.atS, before: valueBefore(base, base.changes, i) }));
  return out;
}

export interface Routed {
  /** The new scenario (to validate and run). */
  scenario: Scenario;
  /** The edit's change paths and time, for coalescing the next one; null for a whole-run edit. */
  last: LastEdit | null;
}

/**
 * An edit of `shown` (= scenarioAt(base, tS)) into `next`, made at playhead `tS` (wall time
 * `nowMs`): link fields become timed changes at tS, everything else edits the whole run.
 */
export function routeEdit(base: Scenario, shown: Scenario, next: Scenario, tS: number, last: LastEdit | null, nowMs: number): Routed {
  const edits = linkEdits(shown, next);
  const paths = edits.map((e) => e.path);
  const gesture = last !== null && nowMs - last.wallMs < COALESCE_MS && same(last.paths, paths) ? last.atS : null;
  const atS = gesture ?? tS;
  let changes: TimedChange[] = [...base.changes];
  for (const e of edits) changes = upsertChange(base, changes, e, atS, gesture);
  const scenario = { ...withBaseLinks(next, base), changes };
  return { scenario, last: edits.length > 0 ? { paths, atS, wallMs: nowMs } : null };
}

/** `changes` without the one at `index`. */
export function removeChange(s: Scenario, index: number): Scenario {
  return { ...s, changes: s.changes.filter((_, i) => i !== index) };
}
