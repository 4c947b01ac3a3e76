/**
 * The main thread (src/ui/main.tsx and everything it imports at run time, lazy chunks included;
 * `import type` is erased and workers are their own bundles) reaches the engine only for pure
 * helpers — trace tables, time units, analytic models. It must never reach the sender, the
 * variants, the network elements or the builder: what the schema, the UI and the CLI need to
 * know about a variant is in the catalogue (src/catalogue/variants.ts), and the simulation runs
 * in the worker. Importing the registry from the UI once put every variant's code in the
 * main-thread bundle as well as in the worker's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
/** Runtime imports and re-exports (not `import type` / `export type`), and dynamic import('…'). */
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^;'"]*?\sfrom\s+)?'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function reachable(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) return;
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith('.')) continue;
      const path = resolve(dirname(file), spec);
      if (!existsSync(path)) throw new Error(`${relative(ROOT, file)} imports ${spec}, which does not exist`);
      visit(path);
    }
  };
  visit(join(ROOT, entry));
  return [...seen].map((f) => relative(ROOT, f).split('\\').join('/'));
}

describe('main-thread imports', () => {
  const files = reachable('src/ui/main.tsx');

  it('walks the app', () => {
    // the walk really follows imports: the catalogue, a panel and the worker client are reached
    expect(files).toEqual(expect.arrayContaining(['src/catalogue/variants.ts', 'src/ui/panels/EstimatePanel.tsx', 'src/worker/client.ts']));
  });

  it('never reaches the sender, the variants, the network elements or the builder', () => {
    const engine = files.filter((f) => f.startsWith('src/engine/'));
    expect(engine.filter((f) => /^src\/engine\/(tcp|net|traffic)\/|^src\/engine\/(build|run|results|metrics)[^/]*\.ts$/.test(f))).toEqual([]);
    expect(engine.length).toBeGreaterThan(0); // it does use the trace tables
  });
});
