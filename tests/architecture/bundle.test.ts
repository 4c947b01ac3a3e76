/**
 * The bundle check counts what a first visit loads before its first chart: the page's entry and
 * its static imports, and the simulation worker with the chunks it imports statically (a worker
 * module cannot run before they have come), but no chunk either of them loads on demand.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initialJs, staticImports } from '../../bench/bundle.ts';

describe('bundle check', () => {
  it('reads static imports and re-exports of minified output, not dynamic import() or text that looks like one', () => {
    const code = [
      '/** import x from "./comment.js" */',
      'import{t as e}from"./a-1.js";import"./b-2.js";export{c}from"./c-3.js";',
      'const s=`import("./in-a-string.js")`;',
      'const m=()=>import(`./lazy-4.js`),n=()=>import("./lazy-5.js");',
      'import{x}from"comlink";',
    ].join('\n');
    expect(staticImports(code, 'assets/sim.worker-0.js')).toEqual(['assets/a-1.js', 'assets/b-2.js', 'assets/c-3.js']);
  });

  const dist = mkdtempSync(join(tmpdir(), 'tcp-lab-bundle-test-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('counts the worker’s static imports, transitively, and leaves out what it loads on demand', () => {
    mkdirSync(join(dist, '.vite'), { recursive: true });
    mkdirSync(join(dist, 'assets'));
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/late.ts'] },
      '_shared.js': { file: 'assets/shared-1.js' },
      'src/late.ts': { file: 'assets/late-1.js', isDynamicEntry: true },
    };
    writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
    const files: Record<string, string> = {
      'index-1.js': 'import"./shared-1.js";import("./late-1.js");',
      'shared-1.js': 'export const s=1;',
      'late-1.js': 'export const l=1;',
      'sim.worker-1.js': 'import{t}from"./tables-1.js";const c=()=>import("./cubic-1.js");',
      'tables-1.js': 'import"./rows-1.js";export const t=1;',
      'rows-1.js': 'export const r=1;',
      'cubic-1.js': 'import{t}from"./tables-1.js";export const cubic=1;',
    };
    for (const [f, code] of Object.entries(files)) writeFileSync(join(dist, 'assets', f), code);
    const js = initialJs(dist);
    expect(js.files.map((f) => f.file).sort()).toEqual(
      ['assets/index-1.js', 'assets/shared-1.js', 'assets/sim.worker-1.js', 'assets/tables-1.js', 'assets/rows-1.js'].sort(),
    );
    expect(js.files.find((f) => f.file === 'assets/rows-1.js')?.why).toBe('imported by assets/tables-1.js');
    expect(js.gzipBytes).toBe(js.files.reduce((a, f) => a + f.gzipBytes, 0));
  });
});
