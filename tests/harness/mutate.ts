/**
 * Mutations for the fuzz tests (share links, scenario files): arbitraries of functions that
 * damage a JSON value or a text in the ways people and programs do — a field set to junk
 * (wrong type, extreme number, script or formula payload, deep nesting, huge array), a key
 * dropped, renamed or invented, a list item duplicated; text truncated, spliced, percent-escaped,
 * given a BOM or whitespace. Sized by FUZZ_RUNS: `FUZZ_RUNS=20000 npx vitest run …` for a soak.
 */
import fc from 'fast-check';

/** Runs per fuzz property: the CI default, or FUZZ_RUNS for a long local soak. */
export function fuzzRuns(ciDefault: number): number {
  const n = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(n) && n > 0 ? n : ciDefault;
}

/** A fuzz test's timeout: the suite's default in CI, an hour for a soak. */
export const FUZZ_TIMEOUT_MS = process.env.FUZZ_RUNS ? 3_600_000 : undefined;

type Path = (string | number)[];

/** Every node's path in a JSON value, the root first. */
export function nodePaths(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => nodePaths(v, [...path, i], out));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) nodePaths(v, [...path, k], out);
  return out;
}

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], value);
}

/** A copy of `value` with `fn` applied to the node at `path` (undefined from fn deletes it). */
function editAt(value: unknown, path: Path, fn: (node: unknown) => unknown): unknown {
  if (path.length === 0) return fn(value);
  const [k, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const next = editAt(copy[k as number], rest, fn);
    if (next === undefined && rest.length === 0) copy.splice(k as number, 1);
    else copy[k as number] = next;
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  const next = editAt(copy[k as string], rest, fn);
  if (next === undefined && rest.length === 0) delete copy[k as string];
  else copy[k as string] = next;
  return copy;
}

const nest = (depth: number, inner: unknown, asObject: boolean): unknown => {
  let v = inner;
  for (let i = 0; i < depth; i++) v = asObject ? { a: v } : [v];
  return v;
};

/** Values that have broken parsers before. */
export const junkArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(0, -0, -1, 1, 0.5, 1e-300, 1e308, -1e308, 2 ** 53, 2 ** 31, -(2 ** 31), 4_294_967_296, 3600.0001, 1e9),
  fc.constantFrom('', ' ', '<script>window.__pwned=1</script>', '"><img src=x onerror=alert(1)>', '=HYPERLINK("http://x")', '-2-3', '+1', '@SUM(A1)', '\u0000', '\u202e', '__proto__', 'constructor', 'x'.repeat(500), '1e6', 'NaN', 'Infinity', 'true'),
  fc.tuple(fc.integer({ min: 2, max: 200 }), fc.boolean()).map(([d, o]) => nest(d, 1, o)),
  fc.tuple(fc.integer({ min: 0, max: 3000 }), fc.jsonValue({ maxDepth: 1 })).map(([n, v]) => Array.from({ length: n }, () => v)),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as unknown),
);

export type Mutation = (value: unknown) => unknown;

/** One structural damage to a JSON value, at a node chosen by index. */
export const jsonMutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), junkArb).map(([pick, junk]): Mutation => (v) => {
    const paths = nodePaths(v);
    return editAt(v, paths[pick % paths.length], () => structuredClone(junk));
  }),
  fc.nat().map((pick): Mutation => (v) => {
    const paths = nodePaths(v).filter((p) => p.length > 0);
    return paths.length === 0 ? v : editAt(v, paths[pick % paths.length], () => undefined);
  }),
  fc.tuple(fc.nat(), fc.string({ maxLength: 12 }), junkArb).map(([pick, key, junk]): Mutation => (v) => {
    const objects = nodePaths(v).filter((p) => { const n = getAt(v, p); return typeof n === 'object' && n !== null && !Array.isArray(n); });
    return objects.length === 0 ? v : editAt(v, objects[pick % objects.length], (n) => ({ ...(n as object), [key]: junk }));
  }),
  fc.tuple(fc.nat(), fc.nat()).map(([pick, at]): Mutation => (v) => {
    const keys = nodePaths(v).filter((p) => typeof p.at(-1) === 'string');
    if (keys.length === 0) return v;
    const path = keys[pick % keys.length];
    const key = String(path.at(-1));
    const typo = key.slice(0, at % (key.length + 1)) + key.slice((at % (key.length + 1)) + 1) + (at % 2 ? 's' : '');
    return editAt(v, path.slice(0, -1), (n) => {
      const { [key]: moved, ...rest } = n as Record<string, unknown>;
      return { ...rest, [typo]: moved };
    });
  }),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 40 })).map(([pick, times]): Mutation => (v) => {
    const arrays = nodePaths(v).filter((p) => Array.isArray(getAt(v, p)) && (getAt(v, p) as unknown[]).length > 0);
    if (arrays.length === 0) return v;
    return editAt(v, arrays[pick % arrays.length], (n) => [...(n as unknown[]), ...Array.from({ length: times }, () => structuredClone((n as unknown[])[0]))]);
  }),
);

/** One textual damage: truncation, a splice of odd characters, percent-escapes, whitespace, a BOM. */
export const textMutationArb: fc.Arbitrary<(text: string) => string> = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }).map((f) => (t: string) => t.slice(0, Math.floor(t.length * f))),
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 20 }), fc.string({ maxLength: 8, unit: fc.constantFrom(...'%#.$+-_ \t\n\r{}[]",:\\/<>=@\u00a0\ufeff\u202eé漢0A'.split('')) })).map(
    ([f, cut, insert]) => (t: string) => {
      const at = Math.floor(t.length * f);
      return t.slice(0, at) + insert + t.slice(at + cut);
    },
  ),
  fc.double({ min: 0, max: 1, noNaN: true }).map((f) => (t: string) => {
    const at = Math.floor(t.length * f);
    return at >= t.length ? t : t.slice(0, at) + encodeURIComponent(t[at]).replace(/^[A-Za-z0-9]$/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`) + t.slice(at + 1);
  }),
  fc.constantFrom(
    (t: string) => `\ufeff${t}`,
    (t: string) => ` ${t} `,
    (t: string) => `%20${t}`,
    (t: string) => t.replace(/(.{40})/g, '$1\n'),
    (t: string) => t + t,
    (t: string) => t.toUpperCase(),
  ),
);
