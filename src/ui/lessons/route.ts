/**
 * A lesson's place in the URL: `#lesson=NAME&step=N`, optionally `&lock=DATA.CHECK` — an
 * instructor's lock naming what a student may change (scenario controls, compared variants,
 * panels); everything else is fixed and its controls hidden.
 *
 * What "tampered" means without a server: the page cannot keep a secret, so no lock can be made
 * unforgeable — anyone can read this code and compute a checksum. What can be caught is a lock
 * edited by hand: DATA is the lock as JSON (base64url) and CHECK a checksum over the lesson's
 * name and DATA, so a changed letter, a widened list or a lock moved to another lesson's link
 * no longer matches. A lock that fails the checksum or the structural check (known controls,
 * variants, panels of this app) is reported and replaced by the strictest lock — nothing may be
 * changed — never by no lock. Removing `&lock=…` altogether gives an unlocked lesson: that link
 * is indistinguishable from the instructor's own unlocked one, and we say so in the docs.
 */
import { z } from '../../scenario/zod.ts';
import { variantNames } from '../../catalogue/variants.ts';
import { LESSON_PANELS } from '../../content/lessons/schema.ts';
import { formatErrors, parseWith, formatValue, closest } from '../../scenario/validate.ts';

export const LESSON_PREFIX = 'lesson=';

export function isLessonHash(hash: string): boolean {
  return hash.replace(/^#/, '').startsWith(LESSON_PREFIX);
}

/** Scenario controls a lock may leave open, each a set of scenario paths ('*' = any index). */
export const LESSON_CONTROLS = {
  variant: [['flows', '*', 'variant']],
  recovery: [['flows', '*', 'tcp', 'recovery']],
  per: [['path', '*', 'forward', 'errors']],
  rate: [['path', '*', 'forward', 'rateBps']],
  delay: [['path', '*', 'forward', 'delayMs']],
  buffer: [['path', '*', 'forward', 'queue']],
  duration: [['durationS']],
  seed: [['seed']],
} as const satisfies Record<string, readonly (readonly string[])[]>;
export type LessonControl = keyof typeof LESSON_CONTROLS;
export const LESSON_CONTROL_NAMES = Object.keys(LESSON_CONTROLS) as LessonControl[];

export const LockSchema = z.strictObject({
  controls: z.array(z.enum(LESSON_CONTROL_NAMES as [LessonControl, ...LessonControl[]])).max(LESSON_CONTROL_NAMES.length),
  variants: z.array(z.string().refine((v) => variantNames().includes(v), { message: 'is not a known variant' })).max(32),
  panels: z.array(z.enum(LESSON_PANELS)).max(LESSON_PANELS.length),
});
export type Lock = z.output<typeof LockSchema>;

/** Nothing may be changed: what a tampered lock becomes. */
export const STRICTEST_LOCK: Lock = { controls: [], variants: [], panels: [] };

export interface LessonRoute {
  name: string;
  /** 0-based. */
  step: number;
  lock: Lock | null;
  problems: string[];
}

/** FNV-1a, 32 bits, base 36: detects edits by hand (see the header), not an adversary. */
export function checksum(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

function toBase64Url(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(data: string): string | null {
  try {
    const bin = atob(data.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeLock(lesson: string, lock: Lock): string {
  const data = toBase64Url(JSON.stringify(lock));
  return `${data}.${checksum(`${lesson}|${data}`)}`;
}

/** The lock, or the strictest lock and the reason when the link's lock was changed or is not one. */
export function decodeLock(lesson: string, text: string): { lock: Lock; problem: string | null } {
  const tampered = (why: string): { lock: Lock; problem: string } => ({
    lock: STRICTEST_LOCK,
    problem: `lock: ${why} — the lesson opens with nothing to change; ask your instructor for the link again`,
  });
  const dot = text.lastIndexOf('.');
  if (dot <= 0) return tampered('is not a lesson lock (expected DATA.CHECK)');
  const data = text.slice(0, dot);
  if (checksum(`${lesson}|${data}`) !== text.slice(dot + 1)) return tampered('was changed after the instructor made the link (its checksum does not match)');
  const json = fromBase64Url(data);
  let input: unknown;
  try {
    input = json === null ? undefined : JSON.parse(json);
  } catch {
    input = undefined;
  }
  if (input === undefined) return tampered('is damaged (not readable)');
  const r = parseWith(LockSchema, input);
  if (!r.ok) return tampered(`is not valid: ${formatErrors(r.errors).replace(/\n/g, '; ')}`);
  return { lock: r.value, problem: null };
}

export function encodeLessonHash(route: { name: string; step: number; lock?: Lock | null }): string {
  const lock = route.lock ? `&lock=${encodeLock(route.name, route.lock)}` : '';
  return `${LESSON_PREFIX}${route.name}&step=${route.step + 1}${lock}`;
}

/** Longest lesson link read: a real one (name, step, a full lock) is a few hundred characters. */
export const LESSON_HASH_MAX = 2000;

/** `%XX` decoded, or null when the text is not valid percent-encoding (`%`, `%ZZ`, a cut UTF-8 sequence). */
function percentDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * Reads `lesson=NAME&step=N&lock=…`. `names`: the lessons that exist; `steps(name)`: how many
 * steps a lesson has. Never throws: a bad part is named in `problems` with what was used instead
 * (an unknown lesson gives `unknown`, and the app opens without a lesson). A link is typed,
 * pasted, cut by mail programs and edited by students, so each of these is expected:
 * bad percent-encoding, a repeated option (the first one counts; two different locks give the
 * strictest lock, since either could be the instructor's), an unknown option, and absurd lengths.
 */
export function decodeLessonHash(hash: string, names: readonly string[], steps: (name: string) => number): LessonRoute | { unknown: string; problems: string[] } {
  const problems: string[] = [];
  let text = hash.replace(/^#/, '');
  if (text.length > LESSON_HASH_MAX) {
    problems.push(`link: ${text.length} characters is longer than any lesson link (at most ${LESSON_HASH_MAX}) — read the first ${LESSON_HASH_MAX}`);
    text = text.slice(0, LESSON_HASH_MAX);
  }
  const [first, ...params] = text.split('&');
  const rawName = first.slice(LESSON_PREFIX.length);
  const decoded = percentDecode(rawName);
  const allowed = `allowed: ${names.join(', ')}`;
  if (decoded === null) {
    return { unknown: rawName, problems: [...problems, `lesson: ${formatValue(rawName)} is not valid percent-encoding (a "%" must be followed by two hex digits) — opened the app without a lesson; ${allowed}`] };
  }
  const name = decoded;
  if (!names.includes(name)) {
    const guess = name.length <= 64 ? closest(name, names) : null;
    return { unknown: name, problems: [...problems, `lesson: ${formatValue(name)} is not a lesson${guess ? ` — did you mean "${guess}"?` : ''} — opened the app without a lesson; ${allowed}`] };
  }
  const count = Math.max(1, steps(name));
  let step: number | null = null;
  let lock: Lock | null = null;
  let lockText: string | null = null;
  for (const p of params) {
    const eq = p.indexOf('=');
    const rawKey = eq < 0 ? p : p.slice(0, eq);
    const key = percentDecode(rawKey) ?? rawKey;
    const rawValue = eq < 0 ? '' : p.slice(eq + 1);
    const value = percentDecode(rawValue);
    if (key === 'step') {
      if (step !== null) {
        problems.push(`step: given more than once — used the first (${step + 1})`);
        continue;
      }
      const n = value === null || value.trim() === '' ? NaN : Number(value);
      if (Number.isInteger(n) && n >= 1 && n <= count) step = n - 1;
      else {
        problems.push(`step: ${formatValue(value ?? rawValue)} is not a step of this lesson — allowed 1 … ${count}; opened step 1`);
        step = 0;
      }
    } else if (key === 'lock') {
      if (lockText !== null) {
        if (rawValue !== lockText && lock !== STRICTEST_LOCK) {
          lock = STRICTEST_LOCK;
          problems.push('lock: the link holds two different locks — the lesson opens with nothing to change; ask your instructor for the link again');
        }
        continue;
      }
      lockText = rawValue;
      const d = decodeLock(name, value ?? rawValue);
      lock = d.lock;
      if (d.problem) problems.push(d.problem);
    } else if (key === '' && eq < 0) {
      // an empty part (`&&`, a trailing `&`) says nothing
    } else {
      problems.push(`link: unknown option ${formatValue(key)} — allowed: step, lock; ignored it`);
    }
  }
  return { name, step: step ?? 0, lock, problems };
}

const matches = (path: readonly (string | number)[], pattern: readonly string[]): boolean =>
  path.length >= pattern.length && pattern.every((p, i) => p === '*' ? typeof path[i] === 'number' : p === path[i]);

/** Leaf paths where two JSON values differ (a list that changed length differs as a whole). */
export function changedPaths(a: unknown, b: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Object.is(a, b)) return [];
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return [at];
    return a.flatMap((x, i) => changedPaths(x, b[i], [...at, i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => changedPaths((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], [...at, k]));
  }
  return [at];
}

/** The changes from `before` to `after` the lock does not allow, as dotted paths ([] = allowed). */
export function lockViolations(lock: Lock, before: unknown, after: unknown): string[] {
  const allowed: readonly (readonly string[])[] = lock.controls.flatMap((c): readonly (readonly string[])[] => LESSON_CONTROLS[c]);
  return changedPaths(before, after)
    .filter((p) => !allowed.some((pattern) => matches(p, pattern)))
    .map((p) => p.join('.') || '(the whole scenario)');
}

/** The compared variants a locked student may have: the step's own, plus those the lock names. */
export function allowedCompare(lock: Lock, stepCompare: readonly string[], wanted: readonly string[]): string[] {
  return wanted.filter((v) => stepCompare.includes(v) || lock.variants.includes(v));
}
