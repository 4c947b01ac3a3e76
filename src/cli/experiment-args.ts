/** Arguments of `npm run sweep` and `npm run reproduce`, parsed without side effects (unit-tested). */
import { parseShard, type Shard } from '../experiments/shards.ts';

/** Spreading the runs: over threads, over machines (shards), and putting shards back together. */
export interface SpreadOptions {
  /** Worker threads; absent: one per core. 1 runs in-process. */
  jobs?: number;
  /** Run only this slice of the runs and write a partial result. */
  shard?: Shard;
  /** Folders (or files) of partial results to merge into the files an unsharded run writes. */
  merge?: string[];
}

export interface SweepCommand extends SpreadOptions {
  kind: 'sweep';
  /** A figure preset's id, or a path to an experiment JSON file. */
  experiment: string;
  /** Overrides the experiment's seeds with 1 … N. */
  seeds: number | null;
  outDir: string;
  /** Record and fingerprint every run's full trace (slower): the CSV's trace_hash column. */
  hash: boolean;
}

export interface ReproduceCommand extends SpreadOptions {
  kind: 'reproduce';
  outDir: string;
  seeds: number | null;
  /** Only these figure presets (default: all). */
  only: string[];
}

export type ExperimentCommand = SweepCommand | ReproduceCommand | { kind: 'help'; text: string } | { kind: 'list' };
export type ParsedExperimentArgs = { ok: true; command: ExperimentCommand } | { ok: false; errors: string[] };

export const SWEEP_HELP = `TCP Lab sweeps — run an experiment (a figure preset or a JSON file) and write CSV, JSON and SVG.

Usage:
  npm run sweep -- --experiment NAME|file.json [--seeds N] [--out DIR] [--hash] [--jobs N]
  npm run sweep -- --experiment … --shard I/N --out DIR      (one machine's slice → DIR/part-I-of-N.json)
  npm run sweep -- --experiment … --merge DIR [DIR…] --out DIR (the shards → the files of one run)
  npm run sweep -- --list

Options:
  --experiment X   a figure preset (see --list) or an experiment JSON file (format: docs/experiments.md)
  --seeds N        use seeds 1 … N instead of the experiment's own
  --out DIR        where to write <id>.csv, <id>.json and <id>.svg (default: sweep-out)
  --hash           record every run's full trace and write its fingerprint (the app's trace hash)
  --jobs N         run on N worker threads (default: one per core; 1 = in this process)
  --shard I/N      run only shard I of N (every N-th run) and write DIR/part-I-of-N.json
  --merge DIR…     merge the part-*-of-N.json files found in the folders (or named) into the
                   CSV, JSON and SVG the unsharded sweep writes; the other options must match
                   the shards' (recipes: docs/experiments.md, "Many cores and many machines")
  --list           list the figure presets
Progress goes to stderr. Exit codes: 0 done, 2 bad arguments or experiment, 1 a run failed.
`;

export const REPRODUCE_HELP = `TCP Lab — reproduce every figure preset and write a report.

Usage:
  npm run reproduce -- OUTDIR [--seeds N] [--only ID,ID…] [--jobs N]
  npm run reproduce -- OUTDIR --shard I/N [--seeds N] [--only …]    (→ OUTDIR/part-I-of-N.json)
  npm run reproduce -- OUTDIR --merge DIR [DIR…] [--seeds N] [--only …]

Writes OUTDIR/README.md (verdict table, commit, commands, per-figure analysis) and per figure
its CSV, JSON summary and SVG. Progress goes to stderr. --jobs N runs on N worker threads
(default: one per core); --shard and --merge split the runs over machines as for sweep.
`;

/** Parse one of the spreading options at argv[i] (advancing i past its values); false if `a` is none of them. */
function spreadOption(argv: readonly string[], at: { i: number }, opts: SpreadOptions, errors: string[]): boolean {
  const a = argv[at.i];
  if (a !== '--jobs' && a !== '--shard' && a !== '--merge') return false;
  if (a === '--merge') {
    const dirs: string[] = [];
    while (at.i + 1 < argv.length && !argv[at.i + 1].startsWith('--')) dirs.push(argv[++at.i]);
    if (dirs.length === 0) errors.push('--merge needs one or more folders of partial results');
    else opts.merge = [...(opts.merge ?? []), ...dirs];
    return true;
  }
  if (at.i + 1 >= argv.length) {
    errors.push(`${a} needs a value`);
    return true;
  }
  const v = argv[++at.i];
  if (a === '--jobs') {
    if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 256) errors.push(`--jobs: "${v}" is not a whole number in 1 … 256`);
    else opts.jobs = Number(v);
  } else {
    const r = parseShard(v);
    if (r.ok) opts.shard = r.shard;
    else errors.push(r.error);
  }
  return true;
}

function checkSpread(opts: SpreadOptions, errors: string[]): void {
  if (opts.shard && opts.merge) errors.push('--shard and --merge: a command either runs a shard or merges them, not both');
}

function positiveInt(name: string, text: string, errors: string[]): number | null {
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 200) {
    errors.push(`${name}: "${text}" is not a whole number in 1 … 200`);
    return null;
  }
  return Number(text);
}

export function parseSweepArgs(argv: readonly string[]): ParsedExperimentArgs {
  const errors: string[] = [];
  let experiment: string | null = null;
  let seeds: number | null = null;
  let outDir = 'sweep-out';
  let hash = false;
  const spread: SpreadOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const at = { i };
    if (spreadOption(argv, at, spread, errors)) {
      i = at.i;
      continue;
    }
    const a = argv[i];
    const value = (): string | null => {
      if (i + 1 < argv.length) return argv[++i];
      errors.push(`${a} needs a value`);
      return null;
    };
    if (a === '--help' || a === '-h') return { ok: true, command: { kind: 'help', text: SWEEP_HELP } };
    else if (a === '--list') return { ok: true, command: { kind: 'list' } };
    else if (a === '--experiment') experiment = value();
    else if (a === '--seeds') {
      const v = value();
      if (v !== null) seeds = positiveInt('--seeds', v, errors);
    } else if (a === '--out') outDir = value() ?? outDir;
    else if (a === '--hash') hash = true;
    else errors.push(`unknown argument ${a} (see --help)`);
  }
  if (experiment === null && errors.length === 0) errors.push('no experiment: give --experiment NAME or --experiment file.json (see --list)');
  checkSpread(spread, errors);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, command: { kind: 'sweep', experiment: experiment as string, seeds, outDir, hash, ...spread } };
}

export function parseReproduceArgs(argv: readonly string[]): ParsedExperimentArgs {
  const errors: string[] = [];
  let outDir: string | null = null;
  let seeds: number | null = null;
  let only: string[] = [];
  const spread: SpreadOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const at = { i };
    if (spreadOption(argv, at, spread, errors)) {
      i = at.i;
      continue;
    }
    const a = argv[i];
    if (a === '--help' || a === '-h') return { ok: true, command: { kind: 'help', text: REPRODUCE_HELP } };
    if (a === '--seeds' || a === '--only') {
      if (i + 1 >= argv.length) {
        errors.push(`${a} needs a value`);
        continue;
      }
      const v = argv[++i];
      if (a === '--seeds') seeds = positiveInt('--seeds', v, errors);
      else only = v.split(',').filter((s) => s !== '');
    } else if (a.startsWith('-')) errors.push(`unknown option ${a} (see --help)`);
    else if (outDir === null) outDir = a;
    else errors.push(`only one output folder may be given, got "${outDir}" and "${a}"`);
  }
  if (outDir === null && errors.length === 0) errors.push('no output folder: npm run reproduce -- OUTDIR');
  checkSpread(spread, errors);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, command: { kind: 'reproduce', outDir: outDir as string, seeds, only, ...spread } };
}
