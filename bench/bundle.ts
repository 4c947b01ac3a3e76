/**
 * The JavaScript a first visit loads before its first chart: the page's entry chunk, every chunk
 * it imports statically (not the ones loaded on demand), and the simulation worker with every
 * chunk it imports statically (its engine modules loaded on demand are not counted), each
 * gzipped (level 9, as a server would serve it). Read from dist/ (`npm run build` first) and
 * Vite's manifest. Prints each file and the total; exits 1 when the total is over the budget
 * (issue 37: 150 kB for main + worker).
 *
 *   npm run check:bundle                 # budget 150 kB
 *   npm run check:bundle -- --budget-kb 300
 *   npm run check:bundle -- --ceiling    # CEILING_KB (now the budget); `npm run build` runs this
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { initSync, parse } from 'es-module-lexer';

export const BUDGET_KB = 150;
/**
 * What `npm run build` fails above: the budget itself, now that the first load is under it
 * (146.9 kB). What the first load holds is listed by `npm run bench:bundle-modules` (and its
 * --worker for the worker).
 */
export const CEILING_KB = BUDGET_KB;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface InitialJs {
  files: { file: string; rawBytes: number; gzipBytes: number; why: string }[];
  gzipBytes: number;
}

/**
 * The files an ES module's static imports name (`import … from "./x.js"`, `import "./x.js"`,
 * `export … from "./x.js"`), relative to `dist`; not its dynamic `import()`s, which load on demand.
 */
export function staticImports(code: string, file: string): string[] {
  initSync();
  const [imports] = parse(code, file);
  // d: -1 a static import, -2 import.meta, ≥ 0 a dynamic import()
  return imports.filter((i) => i.d === -1 && i.n !== undefined && i.n.startsWith('.')).map((i) => posix.join(posix.dirname(file), i.n as string));
}

/** The initial JS of the build in `dist`. */
export function initialJs(dist: string): InitialJs {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry && c.file.endsWith('.js'));
  if (entries.length === 0) throw new Error(`${dist}/.vite/manifest.json names no entry chunk`);
  const chosen = new Map<string, string>();
  const visit = (key: string, why: string): void => {
    const c = manifest[key];
    if (!c || chosen.has(c.file)) return;
    chosen.set(c.file, why);
    for (const k of c.imports ?? []) visit(k, `imported by ${c.file}`);
  };
  for (const [key] of entries) visit(key, 'entry');
  // Workers are emitted as assets, not in the manifest: the simulation worker starts at load, and
  // it cannot start before the chunks it imports statically have come too.
  const visitWorker = (file: string, why: string): void => {
    if (chosen.has(file)) return;
    chosen.set(file, why);
    for (const f of staticImports(readFileSync(join(dist, file), 'utf8'), file)) visitWorker(f, `imported by ${file}`);
  };
  for (const f of readdirSync(join(dist, 'assets'))) if (/^sim\.worker-.*\.js$/.test(f)) visitWorker(`assets/${f}`, 'simulation worker (started at load)');
  const files = [...chosen].map(([file, why]) => {
    const bytes = readFileSync(join(dist, file));
    return { file, rawBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length, why };
  });
  return { files, gzipBytes: files.reduce((a, f) => a + f.gzipBytes, 0) };
}

const kb = (b: number): string => `${(b / 1000).toFixed(1)} kB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--budget-kb');
  const ceiling = process.argv.includes('--ceiling');
  const budget = ceiling ? CEILING_KB : i >= 0 ? Number(process.argv[i + 1]) : BUDGET_KB;
  if (!(budget > 0)) throw new Error(`--budget-kb: a positive number of kilobytes, not ${process.argv[i + 1]}`);
  const js = initialJs(join(import.meta.dirname, '..', 'dist'));
  for (const f of js.files) console.log(`${f.file.padEnd(44)} ${kb(f.rawBytes).padStart(10)} raw ${kb(f.gzipBytes).padStart(9)} gzip  (${f.why})`);
  const room = budget * 1000 - js.gzipBytes;
  console.log(`initial JS: ${kb(js.gzipBytes)} gzip; budget ${budget} kB${room >= 0 ? ` (${kb(room)} to spare)` : ` (over by ${kb(-room)})`}`);
  if (js.gzipBytes > budget * 1000) {
    console.error(`over budget by ${kb(js.gzipBytes - budget * 1000)}: the first chart loads more JavaScript than allowed`);
    process.exitCode = 1;
  }
}
