/**
 * Scenario validation with messages a student can act on: every problem at once, each naming
 * the field (dotted path), the offending value and what would have been accepted.
 */
import { z } from './zod.ts';
import { CHANGE_PATHS_TEXT, parseChangePath, valueAt, withChange, type TimedChange } from './changes.ts';
import { isRecord } from './jsonText.ts';
import { migrateScenario } from './migrate.ts';
import { applyTcpProfiles } from './profiles.ts';
import { CHANGE_VALUE_SCHEMAS, ScenarioSchema, type Scenario } from './schema.ts';

/** Re-exported: the set, CLI and URL code take it from here with the other validation helpers. */
export { isRecord };

export interface ScenarioError {
  /**
   * Dotted field path, e.g. `flows.0.tcp.mssBytes`; '' for the scenario as a whole. A key that
   * is not a plain name (a space, a dot, nothing at all) is quoted: `"a.b"`, `" "`.
   */
  path: string;
  /** What is wrong and what is allowed, without the path (formatError adds it). */
  message: string;
  /** The offending value (undefined when the field is missing). */
  value: unknown;
}

export type ParseResult = { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] };

/** Schema error map argument: the issue before zod finalizes it, with the schema that raised it. */
type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

export function parseScenario(input: unknown): ParseResult {
  // Older formats are rewritten first (./migrate.ts), so an old file or link still opens.
  // A TCP profile fills the settings a flow leaves out (./profiles.ts), before the schema's defaults.
  const r = parseWith(ScenarioSchema, applyTcpProfiles(migrateScenario(input).value));
  if (!r.ok) return r;
  // Timed changes are checked against the scenario they change, so only once it is valid.
  const c = checkChanges(r.value);
  return c.ok ? { ok: true, scenario: { ...r.value, changes: c.changes } } : c;
}

/**
 * Each timed change (./changes.ts) in order: time within the run and not before the previous one,
 * a path a run can change naming a link (and error model) that exists at that time, and a value
 * the field accepts. Returns the changes with their values as validated (defaults filled in).
 */
function checkChanges(s: Scenario): { ok: true; changes: TimedChange[] } | { ok: false; errors: ScenarioError[] } {
  const errors: ScenarioError[] = [];
  const out: TimedChange[] = [];
  // The scenario as it stands after the changes so far: a change may act on what an earlier one set.
  let now: Scenario = s;
  s.changes.forEach((c, i) => {
    const at = (...rest: (string | number)[]): string => dottedPath(['changes', i, ...rest]);
    if (c.atS > s.durationS) errors.push({ path: at('atS'), message: `${formatValue(c.atS)} is after the end of the run — allowed 0 … ${formatNumber(s.durationS)} (durationS)`, value: c.atS });
    else if (i > 0 && c.atS < s.changes[i - 1].atS) {
      errors.push({ path: at('atS'), message: `${formatValue(c.atS)} is before the previous change (${formatNumber(s.changes[i - 1].atS)} s) — changes must be in time order`, value: c.atS });
    }
    const target = parseChangePath(c.path);
    if (target === null) {
      errors.push({ path: at('path'), message: `${formatValue(c.path)} is not a field a run can change — allowed: ${CHANGE_PATHS_TEXT}`, value: c.path });
      return;
    }
    const list = target.owner === 'path' ? s.path : s.flows;
    if (target.index >= list.length) {
      const what = target.owner === 'path' ? `${list.length} path link${list.length === 1 ? '' : 's'} (path.0 … path.${list.length - 1})` : `${list.length} flow${list.length === 1 ? '' : 's'} (flows.0 … flows.${list.length - 1})`;
      errors.push({ path: at('path'), message: `${formatValue(c.path)} names a link that does not exist — the scenario has ${what}`, value: c.path });
      return;
    }
    if (target.model !== null) {
      const where = dottedPath(target.dirSegments);
      const models = valueAt(now, { ...target, segments: [...target.dirSegments, 'errors'] }) as Scenario['path'][number]['forward']['errors'];
      const model = models[target.model];
      if (model === undefined) {
        errors.push({ path: at('path'), message: `${formatValue(c.path)} names error model ${target.model}, but ${where} has ${models.length} at ${formatNumber(c.atS)} s`, value: c.path });
        return;
      }
      if (!(target.field in model)) {
        const has = (['per', 'perGood', 'perBad'] as const).filter((k) => k in model);
        errors.push({ path: at('path'), message: `${formatValue(c.path)}: error model ${target.model} of ${where} is "${model.kind}" at ${formatNumber(c.atS)} s, which has no ${target.field} — it has ${has.join(' and ')}`, value: c.path });
        return;
      }
    }
    const v = parseWith(CHANGE_VALUE_SCHEMAS[target.field] as z.ZodType, c.value);
    if (!v.ok) {
      for (const e of v.errors) errors.push({ ...e, path: e.path === '' ? at('value') : `${at('value')}.${e.path}` });
      return;
    }
    if (target.field === 'rateBps') {
      // A variable-rate link's rate is its mean: u(mean, sd) must stay positive (as schema.ts checks).
      const sd = valueAt(now, { ...target, segments: [...target.dirSegments, 'rateSdBps'] }) as number;
      if (sd > 0 && sd >= (v.value as number) / Math.sqrt(3)) {
        errors.push({ path: at('value'), message: `${formatValue(c.value)} is too small for rateSdBps ${formatNumber(sd)} of ${dottedPath(target.dirSegments)} — allowed above ${Math.ceil(sd * Math.sqrt(3))} (√3·rateSdBps), so the slowest rate stays positive`, value: c.value });
        return;
      }
    }
    now = withChange(now, target, v.value);
    out.push({ atS: c.atS, path: c.path, value: v.value });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, changes: out };
}

/**
 * Any schema's parse with this module's wording (value, allowed range, nearest field name)
 * instead of the schema library's defaults; paths are relative to `input`.
 */
export function parseWith<T>(schema: z.ZodType<T>, input: unknown): { ok: true; value: T } | { ok: false; errors: ScenarioError[] } {
  // Allowed keys of each strict object that met unknown keys, found through the schema that
  // raised the issue; keyed by the offending input object because the finished issue keeps
  // neither the schema nor (without reportInput) the input.
  const allowedKeys = new WeakMap<object, string[]>();
  const result = schema.safeParse(input, {
    reportInput: true,
    error: (iss) => issueMessage(iss, allowedKeys),
  });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: result.error.issues.flatMap((iss) => toErrors(iss, allowedKeys)) };
}

/** One line per error: `flows.0.tcp.mssBytes: 50 is out of range — allowed 100 … 9000`. */
export function formatErrors(errors: readonly ScenarioError[]): string {
  return errors.map(formatError).join('\n');
}

export function formatError(e: ScenarioError): string {
  return `${e.path === '' ? '(scenario)' : e.path}: ${e.message}`;
}

/** A value as it appears in a message: strings quoted, long JSON cut short. */
export function formatValue(v: unknown): string {
  if (v === undefined) return 'missing';
  if (typeof v === 'number') return formatNumber(v);
  const json = JSON.stringify(v) ?? String(v);
  return json.length > 60 ? `${json.slice(0, 57)}…` : json;
}

/** Round powers like 100e9 read better as `1e11` than as twelve digits. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 1e6) {
    const [mantissa, exp] = n.toExponential().split('e');
    if (mantissa.replace(/[-.]/g, '').length <= 3) return `${mantissa}e${exp.replace('+', '')}`;
  }
  return String(n);
}

/** Range text for a schema: `100 … 9000`, or '' if it has none (or the bound is the type's own). */
function rangeOf(schema: unknown): string {
  if (schema instanceof z.ZodNumber) {
    const lo = schema.minValue;
    const hi = schema.maxValue;
    const hasLo = lo !== null && lo > Number.MIN_SAFE_INTEGER;
    const hasHi = hi !== null && hi < Number.MAX_SAFE_INTEGER;
    if (hasLo && hasHi) return `${formatNumber(lo)} … ${formatNumber(hi)}`;
    if (hasLo) return `≥ ${formatNumber(lo)}`;
    if (hasHi) return `≤ ${formatNumber(hi)}`;
  }
  if (schema instanceof z.ZodString || schema instanceof z.ZodArray) {
    const unit = schema instanceof z.ZodString ? 'characters' : 'items';
    const lo = schema instanceof z.ZodString ? schema.minLength : lengthBound(schema, 'min_length');
    const hi = schema instanceof z.ZodString ? schema.maxLength : lengthBound(schema, 'max_length');
    if (lo !== null && hi !== null) return `${lo} … ${hi} ${unit}`;
    if (lo !== null) return `at least ${lo} ${unit}`;
    if (hi !== null) return `at most ${hi} ${unit}`;
  }
  return '';
}

/** ZodArray exposes no min/max getters; its length checks carry them. */
export function lengthBound(schema: z.ZodArray, check: 'min_length' | 'max_length'): number | null {
  for (const c of schema._zod.def.checks ?? []) {
    const def: { check: string; minimum?: unknown; maximum?: unknown } = c._zod.def;
    if (def.check !== check) continue;
    const bound = check === 'min_length' ? def.minimum : def.maximum;
    if (typeof bound === 'number') return bound;
  }
  return null;
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function describeType(iss: RawIssue): string {
  const expected = 'expected' in iss && typeof iss.expected === 'string' ? iss.expected : 'a value';
  // z.int() reports `expected: "number"` for a non-number; the schema knows it wants an integer.
  const isInt = iss.schema instanceof z.ZodNumber && iss.schema.isInt;
  const word = isInt ? TYPE_WORDS.int : (TYPE_WORDS[expected] ?? expected);
  const range = rangeOf(iss.schema);
  if (!range) return word;
  return iss.schema instanceof z.ZodNumber ? `${word} in ${range}` : `${word} of ${range}`;
}

/** The message for every issue zod builds itself; custom issues arrive with theirs already. */
function issueMessage(iss: RawIssue, allowedKeys: WeakMap<object, string[]>): string | undefined {
  const value = formatValue(iss.input);
  const range = rangeOf(iss.schema);
  switch (iss.code) {
    case 'too_small':
    case 'too_big':
      if (iss.origin === 'array') {
        const n = Array.isArray(iss.input) ? iss.input.length : '?';
        return `has ${n} item${n === 1 ? '' : 's'} — allowed ${range}`;
      }
      if (iss.origin === 'string') return `${value} is too ${iss.code === 'too_small' ? 'short' : 'long'} — allowed ${range}`;
      return `${value} is out of range — allowed ${range}`;
    case 'invalid_type':
      if (iss.input === undefined) return `missing — required: ${describeType(iss)}`;
      if (iss.expected === 'int' && typeof iss.input === 'number') return `${value} is not a whole number — allowed integers ${range}`;
      return `${value} has the wrong type — expected ${describeType(iss)}`;
    case 'invalid_value': {
      const allowed = iss.values.map(formatValue).join(', ');
      return iss.input === undefined ? `missing — required, one of: ${allowed}` : `${value} is not allowed — allowed: ${allowed}`;
    }
    case 'invalid_union': {
      const options = 'options' in iss && Array.isArray(iss.options) ? iss.options.map(formatValue).join(', ') : '';
      if ('discriminator' in iss && typeof iss.discriminator === 'string') {
        const kind = isRecord(iss.input) ? iss.input[iss.discriminator] : undefined;
        return kind === undefined ? `missing — required, one of: ${options}` : `${formatValue(kind)} is not allowed — allowed: ${options}`;
      }
      return `${value} matches none of the allowed forms`;
    }
    case 'unrecognized_keys':
      if (iss.schema instanceof z.ZodObject && isRecord(iss.input)) allowedKeys.set(iss.input, Object.keys(iss.schema.shape));
      return 'unknown field';
    default:
      return undefined;
  }
}

/** Splits unknown-key issues into one error per key, so each names its own path and value. */
function toErrors(iss: z.core.$ZodIssue, allowedKeys: WeakMap<object, string[]>): ScenarioError[] {
  const segments = iss.path.map((k) => (typeof k === 'number' ? k : String(k)));
  const path = dottedPath(segments);
  if (iss.code === 'unrecognized_keys') {
    const obj = isRecord(iss.input) ? iss.input : {};
    const allowed = allowedKeys.get(obj) ?? [];
    return iss.keys.map((key) => ({
      path: dottedPath([...segments, key]),
      message: unknownKeyMessage(key, allowed),
      value: obj[key],
    }));
  }
  if (iss.code === 'invalid_union' && iss.discriminator !== undefined) {
    const value = isRecord(iss.input) ? iss.input[iss.discriminator] : undefined;
    return [{ path, message: iss.message, value }];
  }
  // Custom messages (ours, in schema.ts) are written to follow the value.
  const message = iss.code === 'custom' || iss.code === 'invalid_format' ? `${formatValue(iss.input)} ${iss.message}` : iss.message;
  return [{ path, message, value: iss.input }];
}

const PLAIN_KEY = /^[A-Za-z0-9_$-]+$/;

/** `flows.0.tcp`, with any key that is not a plain name quoted (`"a.b"`, `" "`), so a message always shows where. */
export function dottedPath(segments: readonly (string | number)[]): string {
  return segments.map((k) => (typeof k === 'number' || PLAIN_KEY.test(k) ? String(k) : JSON.stringify(k))).join('.');
}

/** dottedPath's inverse: keys and indices (digits are indices; quoted keys unquoted). */
export function pathSegments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  const re = /("(?:[^"\\]|\\.)*"|[^.]+)(?:\.|$)/gy;
  for (let m = re.exec(path); m && m[0] !== ''; m = re.exec(path)) {
    const seg = m[1];
    out.push(seg.startsWith('"') ? (JSON.parse(seg) as string) : /^\d+$/.test(seg) ? Number(seg) : seg);
  }
  return out;
}

export function unknownKeyMessage(key: string, allowed: readonly string[]): string {
  const guess = closest(key, allowed);
  const hint = guess ? `did you mean "${guess}"? ` : '';
  return `unknown field — ${hint}allowed fields: ${allowed.join(', ')}`;
}

/** The allowed name nearest to a misspelling, if it is near enough to be a plausible typo. */
export function closest(word: string, candidates: readonly string[]): string | null {
  const lower = word.toLowerCase();
  // Abbreviations (`mss`, `rate`) are as common as typos and far from their field by edit distance.
  const prefixed = candidates.filter((c) => c.toLowerCase().startsWith(lower));
  if (lower.length >= 3 && prefixed.length === 1) return prefixed[0];
  let best: string | null = null;
  let bestDist = Infinity;
  for (const c of candidates) {
    const d = editDistance(lower, c.toLowerCase());
    if (d < bestDist) {
      best = c;
      bestDist = d;
    }
  }
  return best !== null && bestDist <= Math.max(2, Math.floor(word.length / 3)) ? best : null;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}
