/**
 * Timed changes: `changes: [{ atS, path, value }]` sets one field of a link direction from time
 * `atS` on, so an edit made while a run plays back applies from the playhead and everything
 * before it stays as it was (the engine applies each as a scheduled event). Only what a link can
 * change mid-run is allowed: its rate, propagation delay, queue limit, error models and their
 * packet error rates. Paths are dotted as in `--set` and validation messages:
 *
 *   (path.N | flows.N.access) . (forward | reverse) . rateBps
 *                                                   . delayMs
 *                                                   . queue.limitPackets
 *                                                   . errors              (the whole list)
 *                                                   . errors.K.(per | perGood | perBad)
 *
 * Pure (no schema library): the engine, validation (./validate.ts) and the UI share it.
 */

export interface TimedChange {
  /** Scenario time the value takes effect, seconds. */
  atS: number;
  /** Dotted field path, e.g. `path.0.forward.rateBps`. */
  path: string;
  /** Optional only in the type: validation requires it (and reports its absence with the field's range). */
  value?: unknown;
}

/** The fields a timed change may set; `per`, `perGood` and `perBad` belong to one error model. */
export const CHANGE_FIELDS = ['rateBps', 'delayMs', 'limitPackets', 'errors', 'per', 'perGood', 'perBad'] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];

export interface ChangeTarget {
  /** A shared `path` hop or a flow's `access` link. */
  owner: 'path' | 'access';
  /** Index in `path` or in `flows`. */
  index: number;
  dir: 'forward' | 'reverse';
  field: ChangeField;
  /** The error model's index in the direction's `errors` (per, perGood, perBad); null otherwise. */
  model: number | null;
  /** The field's place in the scenario: ['path', 0, 'forward', 'queue', 'limitPackets']. */
  segments: (string | number)[];
  /** The link direction's place: ['path', 0, 'forward']. */
  dirSegments: (string | number)[];
}

const GRAMMAR = /^(?:path\.(\d+)|flows\.(\d+)\.access)\.(forward|reverse)\.(rateBps|delayMs|queue\.limitPackets|errors(?:\.(\d+)\.(per|perGood|perBad))?)$/;

/** The allowed paths in words, for messages and docs. */
export const CHANGE_PATHS_TEXT = '(path.N | flows.N.access).(forward | reverse).(rateBps | delayMs | queue.limitPackets | errors | errors.K.per | errors.K.perGood | errors.K.perBad)';

/** What a change path sets, or null if the path is not one a run can change. */
export function parseChangePath(path: string): ChangeTarget | null {
  const m = GRAMMAR.exec(path);
  if (!m) return null;
  const owner = m[1] !== undefined ? 'path' : 'access';
  const index = Number(m[1] ?? m[2]);
  const dir = m[3] as 'forward' | 'reverse';
  const dirSegments: (string | number)[] = owner === 'path' ? ['path', index, dir] : ['flows', index, 'access', dir];
  if (m[5] !== undefined) {
    const model = Number(m[5]);
    const field = m[6] as ChangeField;
    return { owner, index, dir, field, model, segments: [...dirSegments, 'errors', model, field], dirSegments };
  }
  const field = (m[4] === 'queue.limitPackets' ? 'limitPackets' : m[4]) as ChangeField;
  return { owner, index, dir, field, model: null, segments: [...dirSegments, ...(field === 'limitPackets' ? ['queue', 'limitPackets'] : [field])], dirSegments };
}

type Json = Record<string | number, unknown>;
const isContainer = (v: unknown): v is Json => typeof v === 'object' && v !== null;

function getIn(root: unknown, segments: readonly (string | number)[]): unknown {
  let cur = root;
  for (const s of segments) {
    if (!isContainer(cur)) return undefined;
    cur = cur[s];
  }
  return cur;
}

/** A copy of `root` with `value` at `segments`, copying only the objects on the way. */
function setIn<T>(root: T, segments: readonly (string | number)[], value: unknown): T {
  if (segments.length === 0) return value as T;
  const [head, ...rest] = segments;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as Json) }) as Json;
  copy[head] = setIn(copy[head], rest, value);
  return copy as T;
}

/** The value a change's field has in `s` (before the change), undefined if the field is not there. */
export function valueAt(s: unknown, target: ChangeTarget): unknown {
  return getIn(s, target.segments);
}

/** `s` with one change's value written in (no validation: callers validate). */
export function withChange<T>(s: T, target: ChangeTarget, value: unknown): T {
  return setIn(s, target.segments, value);
}

interface WithChanges {
  changes: readonly TimedChange[];
}

/**
 * The scenario as it stands at `tS`: every change at or before `tS` written into the fields, and
 * only the later ones left in `changes`. Changes whose path is not changeable are left out (the
 * caller validated them).
 */
export function scenarioAt<S extends WithChanges>(s: S, tS: number): S {
  let out: S = s;
  for (const c of s.changes) {
    if (c.atS > tS) break;
    const target = parseChangePath(c.path);
    if (target) out = withChange(out, target, c.value);
  }
  return { ...out, changes: s.changes.filter((c) => c.atS > tS) };
}

/** Changes at or before `tS`: how far into the list the playhead is. */
export function changesUpTo(changes: readonly TimedChange[], tS: number): number {
  let n = 0;
  while (n < changes.length && changes[n].atS <= tS) n++;
  return n;
}
