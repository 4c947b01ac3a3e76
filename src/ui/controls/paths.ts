/**
 * Reading and copy-on-write editing of plain JSON by path (`['flows', 0, 'tcp', 'sack']`), plus
 * the two spellings of a path the UI uses: dotted with indices (`flows.0.tcp.sack`, as
 * validate.ts reports errors) and the pattern with `[]` for any index (`flows[].tcp.sack`, as
 * docs/scenario.md and ./hints.ts name fields).
 */
export type JsonPath = readonly (string | number)[];

const isContainer = (v: unknown): v is Record<string | number, unknown> => typeof v === 'object' && v !== null;

/** The value at `path`, or undefined when any step is missing. Own properties only. */
export function getAt(root: unknown, path: JsonPath): unknown {
  let cur: unknown = root;
  for (const seg of path) {
    if (!isContainer(cur) || !Object.prototype.hasOwnProperty.call(cur, seg)) return undefined;
    cur = cur[seg];
  }
  return cur;
}

export function hasAt(root: unknown, path: JsonPath): boolean {
  let cur: unknown = root;
  for (const seg of path) {
    if (!isContainer(cur) || !Object.prototype.hasOwnProperty.call(cur, seg)) return false;
    cur = cur[seg];
  }
  return true;
}

/**
 * A copy of `root` with `value` at `path`, sharing every untouched branch; missing objects on
 * the way are created. `undefined` deletes an object key.
 */
export function setAt<T>(root: T, path: JsonPath, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path;
  const base: unknown = root;
  const copy = (Array.isArray(base) ? [...(base as unknown[])] : isContainer(base) ? { ...base } : typeof head === 'number' ? [] : {}) as Record<string | number, unknown>;
  const next = setAt(copy[head], rest, value);
  if (next === undefined && !Array.isArray(copy)) delete copy[head];
  else copy[head] = next;
  return copy as T;
}

/** `['flows', 0, 'tcp']` → `flows.0.tcp` (validate.ts's spelling). */
export function dotted(path: JsonPath): string {
  return path.map(String).join('.');
}

/** `flows.0.tcp` → `['flows', 0, 'tcp']`; digit-only segments become indices. */
export function fromDotted(text: string): (string | number)[] {
  if (text === '') return [];
  return text.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** `['flows', 0, 'tcp', 'sack']` → `flows[].tcp.sack` (the field pattern, any index). */
export function patternOf(path: JsonPath): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += '[]';
    else out += out === '' ? seg : `.${seg}`;
  }
  return out;
}

export function startsWith(path: JsonPath, prefix: JsonPath): boolean {
  return prefix.length <= path.length && prefix.every((s, i) => s === path[i]);
}
