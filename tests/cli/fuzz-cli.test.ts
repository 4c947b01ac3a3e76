/**
 * Fuzzing scenario files through the CLI's entry point (execute, in-process, with an in-memory
 * file): every preset, damaged in its JSON (junk fields, dropped, renamed or invented keys,
 * long lists, deep nesting, formula and script payloads) or as text (cut, spliced, BOM). Every
 * outcome is exit 0 with results JSON, exit 2 with lines that each name a field path (or the
 * file and its limit), or exit 1 with a cap message — never a throw, never another exit 1.
 * CI runs a couple of hundred files; FUZZ_RUNS=5000 soaks (tests/harness/mutate.ts).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.ts';
import { execute, type CliIo } from '../../src/cli/execute.ts';
import { PRESETS } from '../../src/content/presets/index.ts';
import { FUZZ_TIMEOUT_MS, fuzzRuns, jsonMutationArb, textMutationArb } from '../harness/mutate.ts';

const FILE = 'fuzz.json';
/** Low caps keep each case to milliseconds; reaching one is a valid outcome. */
const ARGS = [FILE, '--max-events', '150000', '--max-wall-s', '20'];

function runCli(text: string): { code: number; stdout: string; stderr: string } {
  const out = { code: -1, stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (t) => (out.stdout += t),
    stderr: (t) => (out.stderr += t),
    readFile: () => text,
    writeFile: () => undefined,
    nowMs: () => performance.now(),
  };
  const parsed = parseArgs(ARGS);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  out.code = execute(parsed.command, io);
  return out;
}

const SEGMENT = String.raw`(?:"(?:[^"\\]|\\.)*"|[\w$-]+)`;
/** A field path and its problem, `(scenario)` for the whole, or the file and the limit it broke. */
const INPUT_LINE = new RegExp(String.raw`^(?:\(scenario\)|${SEGMENT}(?:\.${SEGMENT})*): \S|^scenario file "${FILE}" (?:is not valid JSON: |nests \d+ levels deep|has \d+ characters)`);
const CAP_LINE = /^stopped (?:at [\d,]+ events|after [\d.]+ s of wall-clock time) \(t = \d+\.\d s of [\d.e+-]+ s\): the run is incomplete — raise --max-(?:events|wall-s)/;
const FOREIGN = /Invalid (input|option|value)|Too (big|small)|Maximum call stack|\n\s+at |undefined|\[object Object\]/;

/** Outcomes by exit code, printed after a soak (FUZZ_RUNS set) for the record. */
const tally: Record<number, number> = {};

function expectOutcome(text: string): void {
  const r = runCli(text);
  tally[r.code] = (tally[r.code] ?? 0) + 1;
  if (r.code === 0) {
    expect(r.stderr).toBe('');
    expect(Object.keys(JSON.parse(r.stdout))).toEqual(['flows', 'links', 'summary', 'cross', 'sim']);
    return;
  }
  expect(r.stdout).toBe('');
  expect(r.stderr).not.toMatch(FOREIGN);
  const lines = r.stderr.replace(/\n$/, '').split('\n');
  if (r.code === 2) for (const l of lines) expect(l).toMatch(INPUT_LINE);
  else {
    expect(r.code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(CAP_LINE);
  }
}

const presetArb = fc.constantFrom(...PRESETS.map((p) => p.scenario));

describe('fuzz: mutated scenario files through the CLI', () => {
  afterAll(() => {
    if (process.env.FUZZ_RUNS) console.log(`fuzz-cli outcomes by exit code: ${JSON.stringify(tally)}`);
  });

  it('JSON damage: exit 0, exit 2 naming fields, or exit 1 at a cap', () => {
    fc.assert(
      fc.property(presetArb, fc.array(jsonMutationArb, { minLength: 1, maxLength: 4 }), (scenario, mutations) => {
        expectOutcome(JSON.stringify(mutations.reduce((v, m) => m(v), structuredClone(scenario) as unknown)));
      }),
      { numRuns: fuzzRuns(150) },
    );
  }, FUZZ_TIMEOUT_MS);

  it('text damage: the same three outcomes', () => {
    fc.assert(
      fc.property(presetArb, fc.array(textMutationArb, { minLength: 1, maxLength: 3 }), (scenario, mutations) => {
        expectOutcome(mutations.reduce((t, m) => m(t), JSON.stringify(scenario, null, 2)));
      }),
      { numRuns: fuzzRuns(150) },
    );
  }, FUZZ_TIMEOUT_MS);
});
