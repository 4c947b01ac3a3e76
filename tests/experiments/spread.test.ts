/**
 * Spreading a sweep: `--jobs N` (worker threads) and `--shard I/N` + `--merge` (machines) must
 * write the very bytes one in-process, unsharded run writes — the CSV and the JSON summary — and
 * refuse, naming the reason, partial results that do not make up one study.
 */
import { describe, expect, it } from 'vitest';
import { parseReproduceArgs, parseSweepArgs, type ExperimentCommand } from '../../src/cli/experiment-args.ts';
import { EXIT_BAD_INPUT, EXIT_OK, executeExperimentCommand, type ExperimentIo } from '../../src/cli/experiment-cli.ts';

function memoryIo(files: Record<string, string> = {}) {
  const out = { stdout: '', stderr: '', files: { ...files } as Record<string, string> };
  let t = 0;
  const io: ExperimentIo = {
    stdout: (s) => void (out.stdout += s),
    stderr: (s) => void (out.stderr += s),
    readFile: (p) => {
      if (!(p in out.files)) throw new Error(`ENOENT: ${p}`);
      return out.files[p];
    },
    writeFile: (p, s) => void (out.files[p] = s),
    mkdir: () => {},
    commit: () => 'abc123',
    nowMs: () => (t += 1),
    listDir: (dir) => Object.keys(out.files).flatMap((p) => (p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes('/') ? [p.slice(dir.length + 1)] : [])),
  };
  return { io, out };
}

// Two points × two variants × three seeds, 2 s each: 12 runs, some with losses.
const SMALL = {
  id: 'tiny',
  title: 'Tiny',
  base: { preset: 'reference-2mbps' },
  edits: ['durationS=2', 'path.0.forward.errors=[{"kind":"bernoulli","per":0.01}]'],
  axis: { label: 'Rate', unit: 'b/s', scale: 'linear', values: [1e6, 2e6], set: ['path.0.forward.rateBps={x}'] },
  variants: ['reno', 'sack'],
  seeds: [1, 2, 3],
  metrics: ['goodputBps', 'overheadPct'],
};

async function run(argv: string[], io: ExperimentIo, kind: 'sweep' | 'reproduce' = 'sweep'): Promise<number> {
  const parsed = kind === 'sweep' ? parseSweepArgs(argv) : parseReproduceArgs(argv);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return executeExperimentCommand(parsed.command as ExperimentCommand, io);
}

describe('arguments', () => {
  it('--jobs, --shard and --merge are parsed, and bad values named with the allowed range', () => {
    expect(parseSweepArgs(['--experiment', 'x', '--jobs', '4', '--shard', '2/5'])).toEqual({ ok: true, command: { kind: 'sweep', experiment: 'x', seeds: null, outDir: 'sweep-out', hash: false, jobs: 4, shard: { index: 2, count: 5 } } });
    expect(parseReproduceArgs(['out', '--merge', 'a', 'b', '--seeds', '2'])).toEqual({ ok: true, command: { kind: 'reproduce', outDir: 'out', seeds: 2, only: [], merge: ['a', 'b'] } });
    expect(parseSweepArgs(['--experiment', 'x', '--jobs', '0'])).toEqual({ ok: false, errors: ['--jobs: "0" is not a whole number in 1 … 256'] });
    expect(parseSweepArgs(['--experiment', 'x', '--shard', '4/3'])).toEqual({ ok: false, errors: ['--shard: "4/3" is not I/N with whole numbers 1 ≤ I ≤ N ≤ 10000 (e.g. 2/8)'] });
    expect(parseSweepArgs(['--experiment', 'x', '--merge'])).toEqual({ ok: false, errors: ['--merge needs one or more folders of partial results'] });
    expect(parseSweepArgs(['--experiment', 'x', '--shard', '1/2', '--merge', 'd']).ok).toBe(false);
  });
});

describe('sweep spread over threads and shards', () => {
  it('--jobs 2 writes the same CSV and JSON as --jobs 1', async () => {
    const one = memoryIo({ 'tiny.json': JSON.stringify(SMALL) });
    expect(await run(['--experiment', 'tiny.json', '--out', 'o', '--jobs', '1'], one.io)).toBe(EXIT_OK);
    const two = memoryIo({ 'tiny.json': JSON.stringify(SMALL) });
    expect(await run(['--experiment', 'tiny.json', '--out', 'o', '--jobs', '2'], two.io)).toBe(EXIT_OK);
    expect(two.out.files['o/tiny.csv'].split('\n')).toHaveLength(1 + 12 + 1);
    expect(two.out.files['o/tiny.csv']).toBe(one.out.files['o/tiny.csv']);
    expect(two.out.files['o/tiny.json']).toBe(one.out.files['o/tiny.json']);
  });

  it('shards 1/3, 2/3, 3/3 merged give the unsharded CSV and JSON byte for byte; an incomplete or foreign set is refused', async () => {
    const whole = memoryIo({ 'tiny.json': JSON.stringify(SMALL) });
    expect(await run(['--experiment', 'tiny.json', '--out', 'o', '--jobs', '1', '--hash'], whole.io)).toBe(EXIT_OK);
    const m = memoryIo({ 'tiny.json': JSON.stringify(SMALL) });
    for (const i of [3, 1, 2]) expect(await run(['--experiment', 'tiny.json', '--out', `s${i}`, '--shard', `${i}/3`, '--jobs', '1', '--hash'], m.io)).toBe(EXIT_OK);
    // 12 runs dealt round-robin: 4 each.
    expect(m.out.stdout).toMatch(/shard 2\/3, 4 of 12 runs/);
    expect(await run(['--experiment', 'tiny.json', '--out', 'merged', '--merge', 's1', 's2', 's3', '--hash'], m.io)).toBe(EXIT_OK);
    expect(m.out.files['merged/tiny.csv']).toBe(whole.out.files['o/tiny.csv']);
    expect(m.out.files['merged/tiny.json']).toBe(whole.out.files['o/tiny.json']);

    // A shard missing, one given twice, or parts of another study (other seeds): exit 2, reason named.
    expect(await run(['--experiment', 'tiny.json', '--out', 'x', '--merge', 's1', 's3', '--hash'], m.io)).toBe(EXIT_BAD_INPUT);
    expect(m.out.stderr).toContain('--merge: shard 2/3 missing');
    expect(await run(['--experiment', 'tiny.json', '--out', 'x', '--merge', 's1', 's1', 's2', 's3', '--hash'], m.io)).toBe(EXIT_BAD_INPUT);
    expect(m.out.stderr).toContain('shard 1/3 again');
    expect(await run(['--experiment', 'tiny.json', '--seeds', '2', '--out', 'x', '--merge', 's1', 's2', 's3', '--hash'], m.io)).toBe(EXIT_BAD_INPUT);
    expect(m.out.stderr).toContain('a shard of another study');
    expect(await run(['--experiment', 'tiny.json', '--out', 'x', '--merge', 'empty'], m.io)).toBe(EXIT_BAD_INPUT);
    expect(m.out.stderr).toContain('no partial results (part-I-of-N.json) in "empty"');
  });

  it('reproduce: two shards merged give every figure\'s CSV and JSON as one run', async () => {
    const only = ['--only', 'nj-fig16,nj-table1', '--seeds', '1'];
    const whole = memoryIo();
    expect(await run(['r', ...only, '--jobs', '1'], whole.io, 'reproduce')).toBe(EXIT_OK);
    const m = memoryIo();
    for (const i of [1, 2]) expect(await run([`p${i}`, ...only, '--shard', `${i}/2`, '--jobs', '1'], m.io, 'reproduce')).toBe(EXIT_OK);
    expect(await run(['r', ...only, '--merge', 'p1', 'p2'], m.io, 'reproduce')).toBe(EXIT_OK);
    for (const f of ['nj-fig16.csv', 'nj-fig16.json', 'nj-table1.csv', 'nj-table1.json']) expect(m.out.files[`r/${f}`], f).toBe(whole.out.files[`r/${f}`]);
  });
});
