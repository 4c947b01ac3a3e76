// Folders are floors (docs/architecture.md): every import under src/ goes to its own folder or a
// lower floor, and no files import each other in a circle. The checker itself is tested below on
// the real tree with one bad import added in memory, so a checker that reports nothing fails.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkImports, circles, importsOf, readSources } from './imports.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const sources = readSources(repoRoot);

/** The real tree with `line` added at the top of `file`. */
function withLine(file: string, line: string): Map<string, string> {
  const text = sources.get(file);
  if (text === undefined) throw new Error(`${file} is not in src/`);
  return new Map(sources).set(file, `${line}\n${text}`);
}

describe('the import graph of src/', () => {
  it('has no upward or sideways import, no file outside a floor and no circle', () => {
    expect(sources.size).toBeGreaterThan(200);
    expect(checkImports(sources)).toEqual([]);
  });
});

describe('the import checker', () => {
  it('reports an upward import, naming both files (engine → ui), and the circle it closes', () => {
    // App.tsx reaches the engine (through the worker pool), so the bad import also closes a circle
    const problems = checkImports(withLine('src/engine/run.ts', "import '../ui/App.tsx';"));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toBe('upward import: src/engine/run.ts (engine) imports src/ui/App.tsx (ui, a higher floor)');
    expect(problems[1]).toMatch(/^import circle: src\/engine\/run\.ts → src\/ui\/App\.tsx → .* → src\/engine\/run\.ts$/);
  });

  it('counts type-only imports, re-exports and dynamic import() as imports', () => {
    expect(checkImports(withLine('src/scenario/schema.ts', "import type { Preset } from '../content/presets/types.ts';"))[0]).toBe(
      'upward import: src/scenario/schema.ts (scenario) imports src/content/presets/types.ts (content, a higher floor)',
    );
    expect(checkImports(withLine('src/catalogue/variants.ts', "export { PRESETS } from '../content/presets/index.ts';"))[0]).toBe(
      'upward import: src/catalogue/variants.ts (catalogue) imports src/content/presets/index.ts (content, a higher floor)',
    );
    expect(checkImports(withLine('src/worker/runner.ts', "const m = () => import('../experiments/runner.ts');"))[0]).toBe(
      'upward import: src/worker/runner.ts (worker) imports src/experiments/runner.ts (experiments, a higher floor)',
    );
  });

  it('reports an import between two folders of the same floor (ui → cli)', () => {
    expect(checkImports(withLine('src/ui/main.tsx', "import '../cli/args.ts';"))).toEqual([
      'sideways import: src/ui/main.tsx (ui) imports src/cli/args.ts (cli, the same floor)',
    ]);
  });

  it('reports a circle inside one folder, naming the files on it', () => {
    // validate.ts already imports migrate.ts; migrate.ts importing validate.ts closes the circle
    expect(checkImports(withLine('src/scenario/migrate.ts', "import { parseScenario } from './validate.ts';"))).toEqual([
      'import circle: src/scenario/migrate.ts → src/scenario/validate.ts → src/scenario/migrate.ts',
    ]);
  });

  it('reports a file in a folder that is on no floor', () => {
    const more = new Map(sources).set('src/misc/helper.ts', 'export const x = 1;\n');
    expect(checkImports(more)).toEqual(['src/misc/helper.ts is in no floor (folders: catalogue, scenario, engine, worker, traces, content, experiments, validation, cli, ui)']);
  });

  it('allows downward imports and drops query suffixes and package imports', () => {
    const known = new Set(['src/worker/sim.worker.ts', 'src/engine/run.ts']);
    expect(importsOf('src/ui/x.ts', "import W from '../worker/sim.worker.ts?worker';\nimport * as d3 from 'd3';\nimport '../engine/run.ts';", known)).toEqual([
      'src/worker/sim.worker.ts',
      'src/engine/run.ts',
    ]);
  });

  it('finds each circle once, as a closed path through its files', () => {
    const graph = new Map<string, string[]>([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['g']],
      ['g', []],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });
});
