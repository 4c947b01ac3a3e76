/**
 * Fingerprints before and after a change that must not change behaviour (a refactoring, the SACK
 * scoreboard's rewrite): write them before, check them after.
 *
 *   npm run fingerprints -- --write before.json [options]
 *   npm run fingerprints -- --check before.json [the same options]
 *
 * - every preset × every variant × seeds 1–3 (`--presets a,b` or `none`, `--seeds 1,2`), through
 *   the CLI in-process, so this part depends only on src/cli and survives moves below it: the
 *   trace hash (`--fingerprint`) and a hash of the printed results without the wall-clock time,
 *   or the CLI's error when a variant cannot run a preset;
 * - `--large`: the reference path at 1 Gb/s with a 20 000-segment window, for four variants;
 * - `--random N`: N random scenarios from the property tests' generator (each with its seed).
 * These two run under the invariant checks of tests/harness/invariants.ts and give the trace hash.
 *
 * --check exits 1 on any difference, naming it. A command, not a test: the full grid takes minutes.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { parseArgs } from '../src/cli/args.ts';
import { execute } from '../src/cli/execute.ts';
import { PRESETS } from '../src/content/presets/index.ts';
import type { Scenario } from '../src/scenario/schema.ts';
import { applySet } from '../src/scenario/set.ts';
import { parseScenario } from '../src/scenario/validate.ts';
import { checkedRun } from '../tests/harness/invariants.ts';
import { scenarioArb } from '../tests/harness/scenario-arb.ts';

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

function parse(input: unknown, sets: string[] = []): Scenario {
  let v = input;
  for (const set of sets) v = applySet(v, set);
  const r = parseScenario(v);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return r.scenario;
}

/** The scenarios of --large and --random, each with the seed it runs with. */
function* checkedCases(large: boolean, randoms: number): Generator<[string, Scenario, number]> {
  const ref = PRESETS.find((p) => p.name === 'reference-2mbps');
  if (large && ref) {
    for (const variant of ['newreno', 'sack', 'cubic', 'bbr']) {
      const sets = ['durationS=3', 'path.0.forward.rateBps=1e9', 'path.0.forward.queue.limitPackets=3000', 'flows.0.access.forward.rateBps=10e9', 'flows.0.tcp.rwndSegments=20000', 'flows.0.tcp.sack=true', `flows.0.variant=${variant}`];
      yield [`1gbps/${variant}/1`, parse(ref.scenario, sets), 1];
    }
  }
  if (randoms > 0) {
    const sample = fc.sample(scenarioArb, { numRuns: randoms, seed: 6675 });
    for (let i = 0; i < sample.length; i++) yield [`random/${i}`, sample[i], sample[i].seed];
  }
}

const args = process.argv.slice(2);
const opt = (name: string): string | null => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? null) : null;
};
const writeTo = opt('--write');
const checkAgainst = opt('--check');
if ((writeTo === null) === (checkAgainst === null)) {
  process.stderr.write('usage: npm run fingerprints -- --write FILE | --check FILE [--presets a,b|none] [--seeds 1,2,3] [--large] [--random N]\n');
  process.exit(2);
}
const presetsArg = opt('--presets');
const presets = presetsArg === 'none' ? [] : (presetsArg?.split(',') ?? firstColumn(cli(['--list-presets']).stdout, null));
const randoms = Number(opt('--random') ?? 0);
if (!Number.isInteger(randoms) || randoms < 0) {
  process.stderr.write(`--random: ${opt('--random')} is not a whole number of scenarios (0 or more)\n`);
  process.exit(2);
}
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

for (const [key, scenario, seed] of checkedCases(args.includes('--large'), randoms)) {
  result[key] = { traceHash: checkedRun(scenario, seed).hash };
  process.stderr.write(`${key}: ${JSON.stringify(result[key])}\n`);
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
