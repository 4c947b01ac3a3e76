/** Arguments of `npm run sweep` and `npm run reproduce`, parsed without side effects (unit-tested). */
export interface SweepCommand {
  kind: 'sweep';
  /** A figure preset's id, or a path to an experiment JSON file. */
  experiment: string;
  /** Overrides the experiment's seeds with 1 … N. */
  seeds: number | null;
  outDir: string;
  /** Record and fingerprint every run's full trace (slower): the CSV's trace_hash column. */
  hash: boolean;
}

export interface ReproduceCommand {
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
  npm run sweep -- --experiment NAME|file.json [--seeds N] [--out DIR] [--hash]
  npm run sweep -- --list

Options:
  --experiment X   a figure preset (see --list) or an experiment JSON file (format: docs/experiments.md)
  --seeds N        use seeds 1 … N instead of the experiment's own
  --out DIR        where to write <id>.csv, <id>.json and <id>.svg (default: sweep-out)
  --hash           record every run's full trace and write its fingerprint (the app's trace hash)
  --list           list the figure presets
Progress goes to stderr. Exit codes: 0 done, 2 bad arguments or experiment, 1 a run failed.
`;

export const REPRODUCE_HELP = `TCP Lab — reproduce every figure preset and write a report.

Usage:
  npm run reproduce -- OUTDIR [--seeds N] [--only ID,ID…]

Writes OUTDIR/README.md (verdict table, commit, commands, per-figure analysis) and per figure
its CSV, JSON summary and SVG. Progress goes to stderr.
`;

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
  for (let i = 0; i < argv.length; i++) {
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
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, command: { kind: 'sweep', experiment: experiment as string, seeds, outDir, hash } };
}

export function parseReproduceArgs(argv: readonly string[]): ParsedExperimentArgs {
  const errors: string[] = [];
  let outDir: string | null = null;
  let seeds: number | null = null;
  let only: string[] = [];
  for (let i = 0; i < argv.length; i++) {
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
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, command: { kind: 'reproduce', outDir: outDir as string, seeds, only } };
}
