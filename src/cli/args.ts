/** Command-line arguments → a typed command, with no side effects, so it can be unit-tested. */
import { ScenarioSchema } from '../scenario/schema.ts';
import { DEFAULT_CAPS } from '../worker/caps.ts';

/** The app's event cap (src/worker/caps.ts), so a scenario runs as far here as in the browser unless asked otherwise. */
export const DEFAULT_MAX_EVENTS = DEFAULT_CAPS.maxEvents;
/** Wall-clock seconds, matching the app's 600 s cap in figure (the CLI has no simulated-time cap). */
export const DEFAULT_MAX_WALL_S = DEFAULT_CAPS.maxDurationS;

export type ScenarioSource = { kind: 'preset'; name: string } | { kind: 'file'; path: string };

export interface RunCommand {
  kind: 'run';
  source: ScenarioSource;
  /** Applied after every `--set`, as `seed=N`. */
  seed: number | null;
  /** `dotted.path=value` assignments, in the order given. */
  sets: string[];
  /** Every flow's variant, applied after the `--set`s. */
  variant: string | null;
  traceFile: string | null;
  /** Stop (exit 1) after this many engine events; Infinity with `--max-events none`. */
  maxEvents: number;
  /** Stop (exit 1) after this much wall-clock time; Infinity with `--max-wall-s none`. */
  maxWallS: number;
  /** No progress bar even on a terminal. */
  quiet: boolean;
  /** Print the stack of an unexpected failure. */
  debug: boolean;
  /** Record the whole trace and print its fingerprint (`sim.traceHash`, as the app's Metrics panel shows it). */
  fingerprint: boolean;
}

export type Command = { kind: 'help' } | { kind: 'list-presets' } | { kind: 'list-variants' } | RunCommand;

export type ParsedArgs = { ok: true; command: Command } | { ok: false; errors: string[] };

const VALUE_OPTIONS = ['--preset', '--seed', '--set', '--variant', '--trace', '--max-events', '--max-wall-s'] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];
const FLAG_OPTIONS = ['--help', '-h', '--list-presets', '--list-variants', '--quiet', '-q', '--debug', '--fingerprint'] as const;

/** A positive limit, or Infinity for "none". */
function parseLimit(opt: string, text: string | undefined, fallback: number, whole: boolean, errors: string[]): number {
  if (text === undefined) return fallback;
  if (text === 'none') return Number.POSITIVE_INFINITY;
  const n = (whole ? /^\d+$/ : /^\d+(\.\d+)?$/).test(text) ? Number(text) : NaN;
  if (!(n > 0) || !Number.isFinite(n)) errors.push(`${opt}: "${text}" is not a ${whole ? 'whole number' : 'number of seconds'} above 0 (or "none" for no limit)`);
  return n;
}

// The seed range is the scenario's, so `--seed` and `seed` in a file accept the same numbers.
const SEED_SCHEMA = ScenarioSchema.shape.seed.unwrap();

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const errors: string[] = [];
  const values: Partial<Record<ValueOption, string>> = {};
  const sets: string[] = [];
  const files: string[] = [];
  let help = false;
  let listPresets = false;
  let listVariants = false;
  let quiet = false;
  let debug = false;
  let fingerprint = false;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if ((VALUE_OPTIONS as readonly string[]).includes(name)) {
      const opt = name as ValueOption;
      let value: string;
      if (eq > 0) value = arg.slice(eq + 1);
      else if (i + 1 < argv.length) value = argv[++i];
      else {
        errors.push(`${opt} needs a value`);
        continue;
      }
      if (opt === '--set') sets.push(value);
      else if (values[opt] !== undefined) errors.push(`${opt} is given twice`);
      else values[opt] = value;
    } else if ((FLAG_OPTIONS as readonly string[]).includes(arg)) {
      if (arg === '--list-presets') listPresets = true;
      else if (arg === '--list-variants') listVariants = true;
      else if (arg === '--quiet' || arg === '-q') quiet = true;
      else if (arg === '--debug') debug = true;
      else if (arg === '--fingerprint') fingerprint = true;
      else help = true;
    } else if (arg.startsWith('-') && arg !== '-') {
      errors.push(`unknown option ${arg} (see --help)`);
    } else {
      files.push(arg);
    }
  }

  if (help) return { ok: true, command: { kind: 'help' } };
  if (errors.length > 0) return { ok: false, errors };
  if (listPresets) return { ok: true, command: { kind: 'list-presets' } };
  if (listVariants) return { ok: true, command: { kind: 'list-variants' } };

  const preset = values['--preset'];
  if (files.length > 1) errors.push(`only one scenario file may be given, got ${files.length}: ${files.join(', ')}`);
  if (preset !== undefined && files.length > 0) errors.push(`give a scenario file or --preset, not both`);
  if (preset === undefined && files.length === 0) errors.push('no scenario: give a scenario file or --preset NAME (see --help)');

  let seed: number | null = null;
  const seedText = values['--seed'];
  if (seedText !== undefined) {
    const lo = SEED_SCHEMA.minValue ?? 0;
    const hi = SEED_SCHEMA.maxValue ?? Number.MAX_SAFE_INTEGER;
    seed = /^\d+$/.test(seedText) ? Number(seedText) : NaN;
    if (!(seed >= lo && seed <= hi)) errors.push(`--seed: "${seedText}" is not a whole number in ${lo} … ${hi}`);
  }
  if (values['--variant'] === '') errors.push('--variant needs a variant name (see --list-variants)');
  if (values['--trace'] === '') errors.push('--trace needs a file name');
  const maxEvents = parseLimit('--max-events', values['--max-events'], DEFAULT_MAX_EVENTS, true, errors);
  const maxWallS = parseLimit('--max-wall-s', values['--max-wall-s'], DEFAULT_MAX_WALL_S, false, errors);

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    command: {
      kind: 'run',
      source: preset !== undefined ? { kind: 'preset', name: preset } : { kind: 'file', path: files[0] },
      seed,
      sets,
      variant: values['--variant'] ?? null,
      traceFile: values['--trace'] ?? null,
      maxEvents,
      maxWallS,
      quiet,
      debug,
      fingerprint,
    },
  };
}

export const HELP = `TCP Lab simulator — run a scenario and print its results as JSON.

Usage:
  npm run sim -- <scenario.json> [options]
  npm run sim -- --preset NAME [options]
  npm run sim -- --list-presets | --list-variants | --help

Options:
  --preset NAME          run a built-in preset instead of a file (see --list-presets)
  --set PATH=VALUE       change one field before running, e.g. --set path.0.forward.rateBps=5e6
                         (repeatable; VALUE is JSON if it parses, else a string; see docs/scenario.md)
  --variant NAME         use this TCP variant for every flow (see --list-variants)
  --seed N               random seed (same as --set seed=N; applied last)
  --trace FILE.csv       also write cwnd, ssthresh and bottleneck queue over time, as CSV
                         with columns t_s,series,flow_or_link,value
  --max-events N         stop after N engine events (default ${DEFAULT_MAX_EVENTS}, the app's cap; "none": no limit)
  --max-wall-s S         stop after S seconds of wall-clock time (default ${DEFAULT_MAX_WALL_S}; "none": no limit)
  -q, --quiet            no progress bar (it is shown on stderr only when stderr is a terminal)
  --debug                print the stack trace of an unexpected failure
  --fingerprint          record the whole trace and print its fingerprint as sim.traceHash
                         (the app's Metrics panel shows the same one for the same scenario)
  --list-presets         list the presets
  --list-variants        list the TCP variants: family, the recovery "auto" gives them, what they do
  -h, --help             show this help

Output (stdout): {"flows":[…],"links":[…],"sim":{"events","simTimeS","wallMs"}}
Exit codes: 0 success; 2 bad arguments or invalid scenario file (messages on stderr);
1 simulation failure or a limit reached (one line on stderr, nothing on stdout).
`;
