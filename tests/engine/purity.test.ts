/**
 * The engine is pure and deterministic: it must run unchanged in Node and in a Web Worker, and
 * the same scenario and seed must give the same trace. So no wall clock, no Math.random, no DOM
 * or worker globals, no timers, and no imports from the UI, the worker or Node built-ins.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ENGINE = join(__dirname, '../../src/engine');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Code without comments and string contents, so prose mentioning "Date.now" does not count. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/`(?:\\.|[^`\\])*`/g, '``')
    .replace(/'(?:\\.|[^'\\])*'/g, "''");
}

const FORBIDDEN: [RegExp, string][] = [
  [/\bMath\.random\b/, 'Math.random (use a named stream from core/rng.ts)'],
  [/\bDate\b/, 'Date (wall clock)'],
  [/\bperformance\b/, 'performance (wall clock)'],
  [/\b(setTimeout|setInterval|setImmediate|queueMicrotask|requestAnimationFrame)\b/, 'real timers (schedule on the Simulator)'],
  [/\b(window|document|self|globalThis|navigator|postMessage)\b/, 'browser or worker globals'],
  [/\bprocess\./, 'process (Node globals)'],
  // ECMAScript leaves these "implementation-approximated": engines may differ in the last bit,
  // and one bit sends a run elsewhere. core/dmath.ts has exact-operation versions.
  [/\bMath\.(cbrt|exp|expm1|log|log1p|log2|log10|pow|sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|asinh|acosh|atanh|hypot)\b/, 'Math transcendental (use core/dmath.ts)'],
  // x ** y is Math.pow; only powers of two (exact in every engine) are allowed
  [/(?<!\b2\s*)\*\*/, 'the ** operator (use dpow/dpowInt from core/dmath.ts; 2 ** n is fine)'],
];

const FORBIDDEN_IMPORTS = /from\s+'(node:[^']*|react[^']*|d3[^']*|comlink|\.\.\/(?:\.\.\/)*(ui|worker|cli)\/[^']*)'/;

describe('engine purity', () => {
  const files = sources(ENGINE);

  it('flags engine-dependent math and lets exact operations through', () => {
    const flagged = (src: string): boolean => FORBIDDEN.some(([re]) => re.test(code(src)));
    for (const bad of ['Math.cbrt(x)', 'Math.log(1 - u)', 'Math.pow(a, m)', 'x ** 3', 'y ** (1 / a)', '(a + b) ** 0.5', 'Math.exp(t)'])
      expect(flagged(bad), bad).toBe(true);
    for (const ok of ['Math.sqrt(x)', 'Math.floor(x / 2)', 'const G = 2 ** 22;', '/** x ** 3 in prose */ a * a', 'Math.abs(x)'])
      expect(flagged(ok), ok).toBe(false);
  });

  it('has engine sources to check', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('what the engine imports from outside src/engine uses no engine-dependent math either', () => {
    // transitively: the scenario format, the variant catalogue, … all feed the run
    const MATH = FORBIDDEN.slice(-2);
    const seen = new Set<string>();
    const queue = files.flatMap((f) => outsideImports(f));
    const bad: string[] = [];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const body = code(readFileSync(file, 'utf8'));
      for (const [re, what] of MATH) if (re.test(body)) bad.push(`${relative(ENGINE, file)}: ${what}`);
      queue.push(...relativeImports(file));
    }
    expect(seen.size).toBeGreaterThan(0);
    expect(bad).toEqual([]);
  });

  for (const file of files) {
    it(`${relative(ENGINE, file)} uses no wall clock, randomness, timers or host globals`, () => {
      const raw = readFileSync(file, 'utf8');
      const body = code(raw);
      const found = FORBIDDEN.filter(([re]) => re.test(body)).map(([, what]) => what);
      const imports = raw.split('\n').filter((l) => l.startsWith('import') && FORBIDDEN_IMPORTS.test(l));
      expect({ found, imports }).toEqual({ found: [], imports: [] });
    });
  }
});

/** Relative imports of a source file (types included: cheap, and a type file may grow code), resolved. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import[^;]*?from\s+'(\.[^']*)'/gms)].map((m) => resolve(dirname(file), m[1])).filter((p) => p.endsWith('.ts'));
}

/** Relative imports of an engine file that leave src/engine. */
function outsideImports(file: string): string[] {
  return relativeImports(file).filter((p) => relative(ENGINE, p).startsWith('..'));
}
