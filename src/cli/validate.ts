/**
 * `npm run validate`: TCP Lab's linux profile against the real Linux kernel on the reference path
 * (docs/validation.md). Reads the kernel's stored runs (data/linux-ref/<path>/summary.csv, with
 * their provenance beside them), or a fresh campaign's OUT_DIR (--kernel-dir), or runs the
 * linux-ref recipe itself first (--recipe DIR, needs root, ~38 min); then runs TCP Lab on the
 * same path over several seeds and prints the table; --json FILE writes it for the app's
 * validation page.
 *
 *   npm run validate                          # stored kernel results, 5 seeds
 *   npm run validate -- --seeds 10 --json src/validation/results.json
 *   npm run validate -- --recipe ../shared/tools/linux-ref   # as root: run the kernel too
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareWithKernel, kernelSpread, parseKernelCsv, type ComparisonRow } from '../validation/kernel.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The paths the kernel was run on: the stored data folder and the bottleneck it builds. */
const PATHS = [
  { id: 'reference-2mbps', rateBps: 2e6, queuePackets: 25, env: {} },
  { id: 'reference-10mbps', rateBps: 10e6, queuePackets: 125, env: { BN_RATE: '10000000', BN_QUEUE: '125' } },
];

function usage(msg: string): never {
  process.stderr.write(`${msg}\nUsage: npm run validate -- [--seeds N (1 … 50)] [--kernel-dir DIR] [--recipe DIR] [--path ${PATHS.map((p) => p.id).join('|')}] [--json FILE]\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
let seeds = 5;
let kernelDir: string | null = null;
let recipe: string | null = null;
let jsonOut: string | null = null;
let only: string | null = null;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const val = (): string => args[++i] ?? usage(`${a} needs a value`);
  if (a === '--seeds') {
    seeds = Number(val());
    if (!Number.isInteger(seeds) || seeds < 1 || seeds > 50) usage(`--seeds: ${args[i]} is not a whole number in 1 … 50`);
  } else if (a === '--kernel-dir') kernelDir = val();
  else if (a === '--recipe') recipe = val();
  else if (a === '--json') jsonOut = val();
  else if (a === '--path') {
    only = val();
    if (!PATHS.some((p) => p.id === only)) usage(`--path: "${only}" is not one of ${PATHS.map((p) => p.id).join(', ')}`);
  } else usage(`unknown argument "${a}"`);
}

const seedList = Array.from({ length: seeds }, (_, i) => i + 1);
const out: { path: string; source: string; provenance: string; seeds: number; rows: ComparisonRow[] }[] = [];

for (const path of PATHS.filter((p) => only === null || p.id === only)) {
  let csvFile = join(ROOT, 'data/linux-ref', path.id, 'summary.csv');
  let source = `stored: data/linux-ref/${path.id}/summary.csv`;
  if (recipe !== null) {
    const outDir = mkdtempSync(join(tmpdir(), 'linux-ref-out-'));
    const work = mkdtempSync(join(tmpdir(), 'linux-ref-work-'));
    process.stderr.write(`running the kernel campaign for ${path.id} (recipe ${recipe}, about 38 min)…\n`);
    const r = spawnSync(join(recipe, 'run_all.sh'), { stdio: 'inherit', env: { ...process.env, ...path.env, OUT_DIR: outDir, WORK_DIR: work, NS_PREFIX: 'lval' } });
    if (r.status !== 0) {
      process.stderr.write(`the recipe failed (exit ${r.status}); it needs root — falling back to the stored results\n`);
    } else {
      csvFile = join(outDir, 'summary.csv');
      source = `fresh run: ${csvFile}`;
    }
  } else if (kernelDir !== null) {
    csvFile = join(kernelDir, 'summary.csv');
    source = `given: ${csvFile}`;
  }
  if (!existsSync(csvFile)) {
    process.stderr.write(`${path.id}: no kernel results at ${csvFile} — skipped\n`);
    continue;
  }
  const provFile = join(dirname(csvFile), 'PROVENANCE.md');
  const provenance = existsSync(provFile) ? readFileSync(provFile, 'utf8') : '';
  const rows = compareWithKernel(parseKernelCsv(readFileSync(csvFile, 'utf8')), seedList, path);
  out.push({ path: path.id, source, provenance, seeds, rows });

  const f = (x: number): string => x.toFixed(0).padStart(5);
  process.stdout.write(`\n${path.id} — kernel (${source}) vs TCP Lab, linux profile, ${seeds} seeds; goodput kb/s\n`);
  process.stdout.write('variant   PER   kernel mean ± sd (min … max, n)      TCP Lab mean ± sd   diff %   within the kernel spread\n');
  for (const r of rows) {
    const s = kernelSpread(r.kernel);
    process.stdout.write(
      `${r.variant.padEnd(8)} ${String(r.per).padEnd(5)} ${f(r.kernel.mean)} ± ${r.kernel.sd.toFixed(0).padStart(3)} (${f(r.kernel.min)} … ${f(r.kernel.max)}, ${r.kernel.n})   ${f(r.lab.mean)} ± ${r.lab.sd.toFixed(0).padStart(3)}   ${r.diffPct >= 0 ? '+' : ''}${r.diffPct.toFixed(1).padStart(5)}   ${r.within ? 'yes' : 'no'} [${s.low.toFixed(0)} … ${s.high.toFixed(0)}]\n`,
    );
  }
}

if (jsonOut !== null) {
  const stored = out.map(({ provenance: _p, ...o }) => o);
  writeFileSync(jsonOut, JSON.stringify({ generatedBy: `npm run validate -- --seeds ${seeds}${only ? ` --path ${only}` : ''}`, paths: stored }, null, 2) + '\n');
  process.stderr.write(`wrote ${jsonOut}\n`);
}
