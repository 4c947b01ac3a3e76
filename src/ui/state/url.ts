/**
 * The share link: scenario + view in the URL hash, `v<state version>.<lz-string data>.<checksum>`.
 *
 * The checksum is the CRC-32 of the data text, 8 lower-case hex digits. A changed character in
 * the compressed data can still decompress to a valid but different scenario (a description
 * with other words, another number), which nothing else would notice; CRC-32 catches every
 * change of up to 32 consecutive bits and all but one in 2^32 of the others. A link whose
 * checksum fails is still read as far as it goes, but the first problem says it was damaged.
 * Links made before the checksum (`v1.<data>`) are read as before. The data alphabet of
 * lz-string's URI encoding has no '.', so the separator cannot clash with it.
 *
 * Decoding never throws and never gives up on a whole link because of one bad field: each
 * field that fails validation is replaced on its own (by the caller's current value at that
 * path, else the schema default), and each replacement is reported as a problem naming the
 * field, what was wrong with it (validate.ts's wording: value and allowed range) and what was
 * used instead. Old links keep working: the state format has its own ordered migrations, and
 * the scenario inside goes through the scenario format's migration (src/scenario/migrate.ts).
 */
import CRC32 from 'crc-32';
import LZString from 'lz-string';
import { variantNames } from '../../catalogue/variants.ts';
import { jsonDepth, MAX_JSON_DEPTH } from '../../scenario/jsonText.ts';
import { migrateScenario } from '../../scenario/migrate.ts';
import type { Scenario } from '../../scenario/schema.ts';
import type { z } from '../../scenario/zod.ts';
import { dottedPath, formatError, pathSegments, formatValue, isRecord, parseScenario, parseWith, type ScenarioError } from '../../scenario/validate.ts';
import { getAt, hasAt, setAt, startsWith } from '../controls/paths.ts';
import { collectIds, nextId } from '../controls/edit.ts';
import { scenarioFields, type FieldNode } from '../controls/fields.ts';
import { MAX_PANELS, PanelIdSchema, ViewSchema, VIEW_FIELDS, type ViewState } from './view.ts';

export interface SharedState {
  scenario: Scenario;
  view: ViewState;
}

export interface DecodedState extends SharedState {
  /** One line per thing that was wrong with the link and what was done about it; [] if none. */
  problems: string[];
  /** The link's checksum did not match its data: what is shown is what could be read, not necessarily what was shared. */
  damaged?: boolean;
}

/** A state migration turns the payload of version i+1 into that of version i+2. */
export type StateMigration = (payload: unknown) => { value: unknown; notes: string[] };

/**
 * Index i migrates from state version i+1. Append one (never edit or remove) when the payload
 * layout changes; the scenario's own format changes are the scenario migration's job.
 */
export const STATE_MIGRATIONS: readonly StateMigration[] = [];

export const URL_STATE_VERSION = STATE_MIGRATIONS.length + 1;

/**
 * A 64-flow scenario with every flow different encodes to about 6000 characters; anything far
 * longer is not ours. The cap also bounds the work: lz-string output can grow quadratically in
 * its input (16 000 characters of a repeated letter unpack to about 35 million, ~50 ms).
 */
export const MAX_HASH_CHARS = 16_000;
/** Decompressed JSON beyond this is refused before JSON.parse sees it. */
export const MAX_JSON_CHARS = 1_000_000;
/** A link can be wrong in a thousand places; the banner lists the first few. */
export const MAX_PROBLEMS = 20;
/** Rounds of "replace the bad fields, validate again" before falling back to the whole scenario. */
const MAX_REPAIR_ROUNDS = 8;

const HASH_RE = /^v(\d{1,6})\.([\s\S]*)$/;

/** The hash (without '#') for a scenario and view. */
export function encodeState({ scenario, view }: SharedState): string {
  // `changes` is not a field of the tree (fields.ts): left out here when there are none.
  const { changes, ...rest } = scenario;
  // the playhead only in a link copied with one (Share): other links stay as they were before it existed
  const { atS, ...viewRest } = view;
  const compact = { scenario: withoutDefaults(changes.length > 0 ? scenario : rest, scenarioFields()), view: atS === null ? viewRest : view };
  const data = LZString.compressToEncodedURIComponent(JSON.stringify(compact));
  return `v${URL_STATE_VERSION}.${data}.${linkChecksum(data)}`;
}

/** CRC-32 of the link's data text as 8 lower-case hex digits. */
export function linkChecksum(data: string): string {
  return (CRC32.str(data) >>> 0).toString(16).padStart(8, '0');
}

/**
 * The value minus every field equal to its schema default (validation puts them back): links
 * stay short, and a 64-flow scenario fits well under MAX_HASH_CHARS. Should a default ever
 * change, the scenario version bump's migration must write the old default into old scenarios.
 */
export function withoutDefaults(value: unknown, node: FieldNode): unknown {
  if (node.type === 'array') return Array.isArray(value) ? value.map((v) => withoutDefaults(v, node.item)) : value;
  if (!isRecord(value)) return value;
  const fields = node.type === 'object' ? node.fields : node.type === 'union' ? (node.options.find((o) => o.value === value[node.discriminator])?.fields ?? null) : null;
  if (!fields) return value;
  const out: Record<string, unknown> = { ...value };
  for (const f of fields) {
    const key = f.key ?? '';
    if (!(key in out)) continue;
    if (f.hasDefault && sameJson(out[key], f.default)) delete out[key];
    else out[key] = withoutDefaults(out[key], f);
  }
  return out;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Reads a hash (with or without '#'); `fallback` supplies every field the link cannot. */
export function decodeState(hash: string, fallback: SharedState): DecodedState {
  return decodeStateWith(hash, fallback, STATE_MIGRATIONS);
}

/** decodeState with an explicit migration list, so the migration machinery itself can be tested. */
export function decodeStateWith(hash: string, fallback: SharedState, migrations: readonly StateMigration[]): DecodedState {
  const whole = (problem: string): DecodedState => ({ ...fallback, problems: [`link: ${problem} — kept the current scenario and view`] });
  try {
    const [text, ...options] = normaliseHash(hash).split('&');
    if (text.includes('=')) return withOptions({ ...fallback, problems: [] }, [text, ...options]);
    if (text === '') return withOptions({ ...fallback, problems: [] }, options);
    return withOptions(decodeData(text, fallback, migrations), options);
  } catch (e) {
    // Unreachable by design; a link must never take the app down, whatever is in it.
    return whole(`could not be read (${e instanceof Error ? e.message : String(e)})`);
  }
}

/** The readable options a link may carry after its data, for a hand-written embed code: `&embed=1&panels=cwnd,queue`. */
export const LINK_OPTIONS = ['embed', 'panels'] as const;

/** Applies `name=value` options over the decoded view; a bad one is named and ignored. */
function withOptions(state: DecodedState, options: readonly string[]): DecodedState {
  if (options.length === 0) return state;
  const problems = [...state.problems];
  let view = state.view;
  for (const option of options.slice(0, MAX_PROBLEMS)) {
    const eq = option.indexOf('=');
    const name = eq < 0 ? option : option.slice(0, eq);
    const value = eq < 0 ? '' : option.slice(eq + 1);
    if (name === 'embed') {
      if (value === '1' || value === '0') view = { ...view, embed: value === '1' };
      else problems.push(`embed: ${formatValue(value)} is not 0 or 1 — ignored it`);
    } else if (name === 'panels') {
      const ids = value === '' ? [] : value.split(',');
      const bad = ids.find((id) => !PanelIdSchema.safeParse(id).success);
      if (bad !== undefined) problems.push(`panels: ${formatValue(bad)} is not a panel id (lower-case letters, digits and "-") — ignored the list`);
      else if (ids.length > MAX_PANELS) problems.push(`panels: ${ids.length} panels — at most ${MAX_PANELS}; ignored the list`);
      else view = { ...view, panels: ids };
    } else if (name === '') {
      problems.push(`link: ${formatValue(option)} is not an option (name=value, e.g. embed=1) — ignored it`);
    } else {
      problems.push(`link: unknown option ${formatValue(name)} — allowed: ${LINK_OPTIONS.join(', ')}; ignored it`);
    }
  }
  return { ...state, view, problems: capped(problems) };
}

function decodeData(text: string, fallback: SharedState, migrations: readonly StateMigration[]): DecodedState {
  const current = migrations.length + 1;
  const whole = (problem: string): DecodedState => ({ ...fallback, problems: [`link: ${problem} — kept the current scenario and view`] });
  {
    if (text.length > MAX_HASH_CHARS) return whole(`${text.length} characters long — at most ${MAX_HASH_CHARS} are read`);
    const m = HASH_RE.exec(text);
    if (!m) return whole(`not a TCP Lab link (expected v<version>.<data>, got ${formatValue(text.slice(0, 20))})`);
    const version = Number(m[1]);
    if (version < 1) return whole(`state version ${version} does not exist — allowed 1 … ${current}`);

    const problems: string[] = [];
    // `data.checksum`; a link from before checksums has no '.' after the version
    const parts = m[2].split('.');
    const data = parts[0];
    const damaged = parts.length > 1 && (parts.length > 2 || linkChecksum(data) !== parts[1]);
    let json: string | null;
    try {
      json = LZString.decompressFromEncodedURIComponent(data);
    } catch {
      json = null;
    }
    if (!json) return whole(`the data is damaged (${damaged ? 'it does not match its checksum and ' : 'it '}does not decompress) — was the link cut short when copied?`);
    if (json.length > MAX_JSON_CHARS) return whole(`the data unpacks to ${json.length} characters — at most ${MAX_JSON_CHARS} are read`);
    // checked before anything recursive (repair, messages quoting values) walks the data
    const { depth } = jsonDepth(json);
    if (depth > MAX_JSON_DEPTH) return whole(`the data nests ${depth} levels deep — at most ${MAX_JSON_DEPTH} are read`);
    let payload: unknown;
    try {
      payload = JSON.parse(json);
    } catch {
      return whole('the data is damaged (it is not valid JSON) — was the link cut short when copied?');
    }

    if (version > current) {
      problems.push(`link: made by a newer TCP Lab (state version ${version}; this one reads up to ${current}) — read what it could`);
    }
    for (let v = version; v < current; v++) {
      try {
        const step = migrations[v - 1](payload);
        payload = step.value;
        problems.push(...step.notes.map((n) => `link: ${n}`));
      } catch (e) {
        return whole(`updating it from state version ${v} failed (${e instanceof Error ? e.message : String(e)})`);
      }
    }
    if (!isRecord(payload)) return whole(`${formatValue(payload)} is not a TCP Lab state`);

    for (const key of Object.keys(payload)) {
      if (key !== 'scenario' && key !== 'view') problems.push(`link: unknown field "${key}" — ignored it`);
    }
    const scenario = 'scenario' in payload ? repairScenario(payload.scenario, fallback.scenario) : { scenario: fallback.scenario, problems: ['scenario: missing from the link — kept the current scenario'] };
    const view = 'view' in payload ? repairView(payload.view, fallback.view) : { view: fallback.view, problems: [] };
    if (damaged) problems.unshift(damagedProblem(scenario.scenario, fallback.scenario));
    return { scenario: scenario.scenario, view: view.view, problems: capped([...problems, ...scenario.problems, ...view.problems]), ...(damaged ? { damaged } : {}) };
  }
}

/** The banner's heading over a damaged link's problems. */
export const DAMAGED_LINK_TITLE = 'This link was damaged on its way here — what is shown may not be what was shared:';

/** How many differing fields a damaged link's problem names. */
const MAX_DIFFS_NAMED = 6;

/**
 * The first problem of a link whose checksum failed. What was shared cannot be known, so it names
 * where what was read differs from the scenario the page had (often one the link was made from):
 * a changed character usually shows up there as one odd field.
 */
function damagedProblem(read: Scenario, had: Scenario): string {
  const diffs = differingPaths(read, had, []);
  const named = diffs.slice(0, MAX_DIFFS_NAMED).join(', ') + (diffs.length > MAX_DIFFS_NAMED ? `, and ${diffs.length - MAX_DIFFS_NAMED} more` : '');
  const where = diffs.length === 0 ? 'it reads as the scenario already open' : `it differs from the scenario that was open in ${named}`;
  return `link: damaged — its checksum does not match its data, so what it holds may not be what was shared. Showing what could be read (${where}); check it, ask for the link again, or pick a preset for the defaults`;
}

/** Dotted paths of the leaves where a and b differ; a whole list when its length differs. */
function differingPaths(a: unknown, b: unknown, at: (string | number)[]): string[] {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return [dottedPath(at)];
    return a.flatMap((x, i) => differingPaths(x, b[i], [...at, i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => differingPaths(a[k], b[k], [...at, k]));
  }
  return Object.is(a, b) ? [] : [at.length === 0 ? '(scenario)' : dottedPath(at)];
}

/**
 * The link's text as the decoder reads it: without '#', percent-escapes undone, and without any
 * whitespace — never part of a link (lz-string's alphabet has none), so a percent-encoded
 * leading space or a line break a mail client put into a long link is dropped. '' = no link.
 */
export function normaliseHash(hash: unknown): string {
  return unescapeHash(typeof hash === 'string' ? hash.trim().replace(/^#/, '') : '').replace(/\s+/g, '');
}

/** Chat apps and mail clients sometimes percent-encode `$` or `+` in a pasted link; undo that. */
function unescapeHash(text: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(text)) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function capped(problems: string[]): string[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  const more = problems.length - MAX_PROBLEMS;
  return [...problems.slice(0, MAX_PROBLEMS), `… and ${more} more problem${more === 1 ? '' : 's'}`];
}

interface Repair {
  /** The first error reported at or below `target`. */
  error: ScenarioError;
  /** Where the replacement happened: the error's own field, or an ancestor once that did not suffice. */
  target: (string | number)[];
  /** An unknown key, deleted: nothing was "used instead". */
  dropped: boolean;
  /** A list item with no counterpart in the fallback, left out. */
  removed: boolean;
}

/**
 * A valid scenario from untrusted input, keeping every field that validates. Fields that do not
 * are replaced by `fallback`'s value at the same path, or left to the schema default when
 * `fallback` has none there; when that is not enough (a required field with no counterpart)
 * the replacement moves up to the enclosing object, list item or, last, the whole scenario.
 */
export function repairScenario(raw: unknown, fallback: Scenario): { scenario: Scenario; problems: string[] } {
  if (!isRecord(raw)) return { scenario: fallback, problems: [`scenario: ${formatValue(raw)} is not a scenario — kept the current scenario`] };
  const migrated = migrateScenario(raw);
  const problems = migrated.notes.map((n) => `scenario: ${n}`);
  let value: unknown = migrated.value;
  const repairs: Repair[] = [];

  for (let round = 0; round < MAX_REPAIR_ROUNDS; round++) {
    const r = parseScenario(value);
    if (r.ok) return { scenario: r.scenario, problems: [...problems, ...repairs.map((rep) => describeRepair(rep, r.scenario))] };
    const removals: (string | number)[][] = [];
    const patched: (string | number)[][] = [];
    // Shallow paths first, so a replaced object covers the errors inside it.
    const at = (e: ScenarioError): (string | number)[] => pathSegments(e.path);
    const errors = [...r.errors].sort((a, b) => at(a).length - at(b).length);
    for (const error of errors) {
      const path = at(error);
      if (patched.some((p) => startsWith(path, p))) continue;
      const earlier = repairs.find((rep) => startsWith(path, rep.target));
      // The same field failing again means its replacement did not help: go one level up.
      const target = earlier ? earlier.target.slice(0, -1) : path;
      const rep = earlier ?? { error, target, dropped: error.message.startsWith('unknown field'), removed: false };
      if (earlier) {
        earlier.target = target;
        earlier.dropped = false;
      } else repairs.push(rep);
      if (target.length === 0) return { scenario: fallback, problems: [...problems, ...repairs.map((r) => `${formatError(r.error)} — kept the current scenario`)] };
      const before = removals.length;
      value = patch(value, target, fallback, removals);
      rep.removed = removals.length > before;
      patched.push(target);
    }
    value = removeItems(value, removals);
  }
  return { scenario: fallback, problems: [...problems, 'scenario: too many problems to repair one by one — kept the current scenario'] };
}

/**
 * Puts fallback's value at `target`; without one, deletes the key (defaults fill) or marks a
 * list item for removal. An id gets a fresh name instead: the usual fault is a duplicate, and
 * the fallback's id at that place would often be taken too.
 */
function patch(value: unknown, target: (string | number)[], fallback: Scenario, removals: (string | number)[][]): unknown {
  const current = getAt(value, target);
  if (target.at(-1) === 'id' && typeof current === 'string' && /^[A-Za-z0-9_.-]{1,60}$/.test(current)) {
    return setAt(value, target, nextId(current, collectIds(value)));
  }
  if (hasAt(fallback, target)) return setAt(value, target, structuredClone(getAt(fallback, target)));
  const parent = getAt(value, target.slice(0, -1));
  if (Array.isArray(parent)) {
    removals.push(target);
    return value;
  }
  return setAt(value, target, undefined);
}

/** Removes marked list items, highest index first so the others keep their place. */
function removeItems(value: unknown, removals: (string | number)[][]): unknown {
  const sorted = [...removals].sort((a, b) => Number(b.at(-1)) - Number(a.at(-1)));
  for (const path of sorted) {
    const list = getAt(value, path.slice(0, -1));
    if (!Array.isArray(list)) continue;
    const index = Number(path.at(-1));
    value = setAt(value, path.slice(0, -1), list.filter((_, i) => i !== index));
  }
  return value;
}

function describeRepair(rep: Repair, result: Scenario): string {
  const where = dottedPath(rep.target);
  const own = where === rep.error.path;
  if (rep.removed) return `${formatError(rep.error)} — left out ${where}`;
  if (rep.dropped && own) return `${formatError(rep.error)} — ignored it`;
  if (!hasAt(result, rep.target)) return `${formatError(rep.error)} — left out ${where}`;
  const used = formatValue(getAt(result, rep.target));
  return own ? `${formatError(rep.error)} — used ${used} instead` : `${formatError(rep.error)} — replaced ${where} with ${used}`;
}

/**
 * The view from untrusted input, field by field: a bad field takes `fallback`'s value, a missing
 * one the default; in the lists (panels, compare) only the bad items are left out.
 */
export function repairView(raw: unknown, fallback: ViewState): { view: ViewState; problems: string[] } {
  if (!isRecord(raw)) return { view: fallback, problems: [`view: ${formatValue(raw)} is not a view — kept the current view`] };
  const problems: string[] = [];
  const view: Record<string, unknown> = {};
  for (const key of Object.keys(raw)) {
    if (!(VIEW_FIELDS as string[]).includes(key)) problems.push(`${dottedPath(['view', key])}: unknown field — allowed fields: ${VIEW_FIELDS.join(', ')}; ignored it`);
  }
  for (const key of VIEW_FIELDS) {
    const schema: z.ZodType = ViewSchema.shape[key];
    const input = raw[key];
    const listed = key === 'panels' || key === 'compare' ? repairList(key, input, problems) : input;
    const r = parseWith(schema, listed);
    if (r.ok) view[key] = r.value;
    else {
      view[key] = fallback[key];
      problems.push(`${viewError(key, r.errors[0])} — used ${formatValue(fallback[key])} instead`);
    }
  }
  const r = ViewSchema.safeParse(view);
  return r.success ? { view: r.data, problems } : { view: fallback, problems: [...problems, 'view: could not be repaired — kept the current view'] };
}

/** `view.windowS.1: 9000 is out of range — allowed 0 … 3600`: the field, then validate.ts's wording. */
function viewError(key: string, e: ScenarioError | undefined): string {
  return formatError({ path: e?.path ? `view.${key}.${e.path}` : `view.${key}`, message: e?.message ?? 'is not allowed', value: e?.value });
}

/** Keeps the good, distinct items of a panel or compare list; the schema then checks its length. */
function repairList(key: 'panels' | 'compare', input: unknown, problems: string[]): unknown {
  // far too long to be ours: left whole for the schema's length check (one problem, not thousands)
  if (!Array.isArray(input) || input.length > 2 * MAX_PANELS) return input;
  const itemSchema = key === 'panels' ? ViewSchema.shape.panels.unwrap().element : ViewSchema.shape.compare.unwrap().element;
  const known = key === 'compare' ? variantNames() : null;
  const kept: string[] = [];
  input.forEach((item, i) => {
    const r = parseWith(itemSchema as z.ZodType<string>, item);
    const where = `view.${key}.${i}`;
    if (!r.ok) problems.push(`${viewError(`${key}.${i}`, r.errors[0])} — left it out`);
    else if (known && !known.includes(r.value)) problems.push(`${where}: ${formatValue(item)} is not a known variant — allowed: ${known.join(', ')}; left it out`);
    else if (kept.includes(r.value)) problems.push(`${where}: ${formatValue(item)} is listed twice; left out the copy`);
    else kept.push(r.value);
  });
  return kept;
}
