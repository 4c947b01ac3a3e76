/**
 * What the first load's JavaScript is made of: builds the app with source maps into a temporary
 * directory, takes the chunks `npm run check:bundle` counts (the entry and its static imports;
 * the simulation worker is listed by check:bundle, its code is the engine), and attributes every
 * byte of them to the source it came from, grouped by npm package or by folder of src/ (src/ui
 * one level deeper). Each group's code is gzipped on its own (level 9), so the groups add up to
 * a little more than the chunks as served (whose totals here include each file's source-map
 * comment, a few dozen bytes more than check:bundle counts); the point is which parts to move out
 * of the first load. Figures only.
 *
 *   npm run bench:bundle-modules
 *   npm run bench:bundle-modules -- --files     # one row per source file instead of per group
 *   npm run bench:bundle-modules -- --worker    # the simulation worker's code instead of the page's
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { ROOT } from '../tests/e2e/harness.ts';
import { initialJs } from './bundle.ts';

const byFile = process.argv.includes('--files');
const workerOnly = process.argv.includes('--worker');

function groupOf(source: string): string {
  const s = source.replace(/^.*node_modules\//, 'npm:').replace(/^.*?\/src\//, 'src/');
  if (byFile) return s;
  const parts = s.split('/');
  if (s.startsWith('npm:')) return parts[0].startsWith('npm:@') ? parts.slice(0, 2).join('/') : parts[0];
  return parts.slice(0, parts[1] === 'ui' || parts[1] === 'engine' ? 3 : 2).join('/').replace(/\.tsx?$/, '');
}

const out = mkdtempSync(join(tmpdir(), 'tcp-lab-bundle-map-'));
try {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--sourcemap', '--logLevel', 'error', '--outDir', out, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`vite build exited with ${build.status}`);
  const initial = initialJs(out);
  const pieces = new Map<string, string[]>();
  for (const f of initial.files) {
    if (f.why.startsWith('simulation worker') !== workerOnly) continue;
    const code = readFileSync(join(out, f.file), 'utf8');
    let map: RawSourceMap;
    try {
      map = JSON.parse(readFileSync(join(out, `${f.file}.map`), 'utf8')) as RawSourceMap;
    } catch {
      pieces.set(`(no source map) ${f.file}`, [code]);
      continue;
    }
    const lines = code.split('\n');
    const segments: { line: number; column: number; source: string }[] = [];
    new SourceMapConsumer(map).eachMapping((m) => segments.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source ?? '(unmapped)' }));
    segments.sort((a, b) => a.line - b.line || a.column - b.column);
    segments.forEach((m, i) => {
      const next = segments[i + 1];
      const text = lines[m.line - 1] ?? '';
      const end = next && next.line === m.line ? next.column : text.length;
      const key = groupOf(m.source);
      const list = pieces.get(key) ?? [];
      list.push(text.slice(m.column, end));
      pieces.set(key, list);
    });
  }
  const rows = [...pieces].map(([group, parts]) => {
    const text = parts.join('');
    return { group, raw: text.length, gzip: gzipSync(text, { level: 9 }).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const kb = (b: number): string => `${(b / 1000).toFixed(1)} kB`;
  for (const r of rows) if (r.gzip >= 200) console.log(`${kb(r.gzip).padStart(9)} gzip ${kb(r.raw).padStart(9)} raw  ${r.group}`);
  const main = initial.files.filter((f) => !f.why.startsWith('simulation worker'));
  const worker = initial.files.filter((f) => f.why.startsWith('simulation worker'));
  console.log(`page chunks (${main.length}): ${kb(main.reduce((a, f) => a + f.gzipBytes, 0))} gzip as served; simulation worker ${kb(worker.reduce((a, f) => a + f.gzipBytes, 0))}; initial JS ${kb(initial.gzipBytes)}`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
