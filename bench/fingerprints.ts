/**
 * `npm run fingerprints -- --write FILE | --check FILE [--presets a,b] [--seeds 1,2,3]`: the
 * fingerprint of every preset × every variant × seeds 1–3, through the CLI in-process (so the
 * script depends only on src/cli and survives moves below it). Each entry holds the trace hash
 * (`--fingerprint`) and a hash of the printed results without the wall-clock time, or the CLI's
 * error when a variant cannot run a preset. --check compares with a file written before a
 * refactor and exits 1 on any difference, naming it. A command, not a test: the full grid takes
 * minutes.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from '../src/cli/args.ts';
import { execute } from '../src/cli/execute.ts';

function cli(argv: string[]): { code: number; stdout: string; stderr: string } {
  const parsed = parseArgs(argv);
  if (!parsed.ok) return { code: 2, stdout: '', stderr: parsed.errors.join('\n') };
  let stdout = '';
  let stderr = '';
  const code = execute(parsed.command, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readFile: () => {
      throw new Error('no files');
    },
    writeFile: () => {
      throw new Error('no files');
    },
    nowMs: () => 0,
    stderrIsTty: false,
  });
  return { code, stdout, stderr };
}

/** First column of a `--list-…` table, without the header row when there is one. */
function firstColumn(text: string, header: string | null): string[] {
  const names = text.split('\n').filter((l) => l.trim() !== '').map((l) => l.split(/\s+/)[0]!);
  return header !== null && names[0] === header ? names.slice(1) : names;
}

const args = process.argv.slice(2);
const opt = (name: string): string | null => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? null) : null;
};
const writeTo = opt('--write');
const checkAgainst = opt('--check');
if ((writeTo === null) === (checkAgainst === null)) {
  process.stderr.write('usage: npm run fingerprints -- --write FILE | --check FILE [--presets a,b] [--seeds 1,2,3]\n');
  process.exit(2);
}
const presets = opt('--presets')?.split(',') ?? firstColumn(cli(['--list-presets']).stdout, null);
const variants = firstColumn(cli(['--list-variants']).stdout, 'variant');
const seeds = (opt('--seeds') ?? '1,2,3').split(',');

const result: Record<string, { traceHash?: string; resultsHash?: string; error?: string }> = {};
for (const preset of presets) {
  for (const variant of variants) {
    for (const seed of seeds) {
      const key = `${preset} ${variant} ${seed}`;
      const out = cli(['--preset', preset, '--variant', variant, '--seed', seed, '--fingerprint', '--quiet', '--max-wall-s', 'none', '--max-events', 'none']);
      if (out.code !== 0) {
        result[key] = { error: out.stderr.trim() };
      } else {
        const parsed = JSON.parse(out.stdout) as { sim: { wallMs?: number; traceHash?: string } };
        const traceHash = parsed.sim.traceHash;
        delete parsed.sim.wallMs;
        const resultsHash = createHash('sha256').update(JSON.stringify(parsed)).digest('hex').slice(0, 16);
        result[key] = { traceHash, resultsHash };
      }
      process.stderr.write(`${key}: ${JSON.stringify(result[key])}\n`);
    }
  }
}

if (writeTo !== null) {
  writeFileSync(writeTo, JSON.stringify(result, null, 1) + '\n');
  process.stdout.write(`${Object.keys(result).length} fingerprints written to ${writeTo}\n`);
} else {
  const before = JSON.parse(readFileSync(checkAgainst!, 'utf8')) as typeof result;
  let same = 0;
  const diffs: string[] = [];
  for (const [key, now] of Object.entries(result)) {
    const was = before[key];
    if (was === undefined) diffs.push(`${key}: not in ${checkAgainst}`);
    else if (JSON.stringify(was) !== JSON.stringify(now)) diffs.push(`${key}: was ${JSON.stringify(was)}, now ${JSON.stringify(now)}`);
    else same++;
  }
  process.stdout.write(`${same} of ${Object.keys(result).length} identical to ${checkAgainst}\n`);
  if (diffs.length > 0) {
    process.stdout.write(diffs.join('\n') + '\n');
    process.exitCode = 1;
  }
}
