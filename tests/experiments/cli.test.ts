/** `npm run sweep` / `npm run reproduce`: arguments, files written, and bad input named, in-process. */
import { describe, expect, it } from 'vitest';
import { parseReproduceArgs, parseSweepArgs } from '../../src/cli/experiment-args.ts';
import { EXIT_BAD_INPUT, EXIT_OK, executeExperimentCommand, type ExperimentIo } from '../../src/cli/experiment-cli.ts';

function memoryIo(files: Record<string, string> = {}) {
  const out = { stdout: '', stderr: '', files: { ...files } as Record<string, string>, dirs: [] as string[] };
  let t = 0;
  const io: ExperimentIo = {
    stdout: (s) => void (out.stdout += s),
    stderr: (s) => void (out.stderr += s),
    readFile: (p) => {
      if (!(p in out.files)) throw new Error(`ENOENT: ${p}`);
      return out.files[p];
    },
    writeFile: (p, s) => void (out.files[p] = s),
    mkdir: (p) => void out.dirs.push(p),
    commit: () => 'abc123',
    nowMs: () => (t += 1),
  };
  return { io, out };
}

const SMALL = {
  id: 'tiny',
  title: 'Tiny',
  base: { preset: 'reference-2mbps' },
  edits: ['durationS=3'],
  axis: { label: 'Rate', unit: 'b/s', scale: 'linear', values: [1e6, 2e6], set: ['path.0.forward.rateBps={x}'] },
  variants: ['reno', 'newreno'],
  seeds: [1, 2],
  metrics: ['goodputBps'],
};

describe('arguments', () => {
  it('sweep: experiment, seeds, output folder, hash; errors named', () => {
    expect(parseSweepArgs(['--experiment', 'lp-fig4a', '--seeds', '3', '--out', 'o', '--hash'])).toEqual({ ok: true, command: { kind: 'sweep', experiment: 'lp-fig4a', seeds: 3, outDir: 'o', hash: true } });
    expect(parseSweepArgs([])).toEqual({ ok: false, errors: [expect.stringMatching(/no experiment/)] });
    expect(parseSweepArgs(['--experiment', 'x', '--seeds', '0'])).toEqual({ ok: false, errors: ['--seeds: "0" is not a whole number in 1 … 200'] });
    expect(parseSweepArgs(['--experiment'])).toEqual({ ok: false, errors: ['--experiment needs a value'] });
    expect(parseSweepArgs(['--bogus']).ok).toBe(false);
  });

  it('reproduce: one output folder, optional seeds and figures', () => {
    expect(parseReproduceArgs(['out', '--seeds', '2', '--only', 'lp-fig4a,nj-fig16'])).toEqual({ ok: true, command: { kind: 'reproduce', outDir: 'out', seeds: 2, only: ['lp-fig4a', 'nj-fig16'] } });
    expect(parseReproduceArgs([])).toEqual({ ok: false, errors: ['no output folder: npm run reproduce -- OUTDIR'] });
    expect(parseReproduceArgs(['a', 'b']).ok).toBe(false);
  });
});

describe('sweep', () => {
  it('writes CSV (one row per run), JSON summary and SVG for an experiment file', async () => {
    const { io, out } = memoryIo({ 'tiny.json': JSON.stringify(SMALL) });
    expect(await executeExperimentCommand({ kind: 'sweep', experiment: 'tiny.json', seeds: null, outDir: 'o', hash: false }, io)).toBe(EXIT_OK);
    expect(out.files['o/tiny.csv'].trim().split('\n')).toHaveLength(1 + 2 * 2 * 2);
    const summary = JSON.parse(out.files['o/tiny.json']);
    expect(summary.points).toHaveLength(4);
    expect(summary.points[0].stats.goodputBps.ci95).toHaveLength(2);
    expect(out.files['o/tiny.svg']).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(out.files['o/tiny.svg']).toContain('mean ± 95 % CI');
    expect(out.stderr).toMatch(/\[tiny\] 8\/8 runs/);
    expect(out.stdout).toMatch(/tiny: 8 runs/);
  });

  it('--seeds 1 gives no interval, said in words in the summary', async () => {
    const { io, out } = memoryIo({ 'tiny.json': JSON.stringify(SMALL) });
    await executeExperimentCommand({ kind: 'sweep', experiment: 'tiny.json', seeds: 1, outDir: 'o', hash: false }, io);
    expect(JSON.parse(out.files['o/tiny.json']).points[0].stats.goodputBps.ci95).toBe('one seed: no interval');
  });

  it('bad experiments: exit 2 with each problem named', async () => {
    const { io, out } = memoryIo({ 'bad.json': JSON.stringify({ ...SMALL, variants: ['renoo'], metrics: [] }), 'broken.json': '{' });
    expect(await executeExperimentCommand({ kind: 'sweep', experiment: 'bad.json', seeds: null, outDir: 'o', hash: false }, io)).toBe(EXIT_BAD_INPUT);
    expect(out.stderr).toMatch(/variants\.0: "renoo" is not a known variant/);
    expect(out.stderr).toMatch(/metrics: has 0 items — allowed at least 1 items/);
    expect(await executeExperimentCommand({ kind: 'sweep', experiment: 'broken.json', seeds: null, outDir: 'o', hash: false }, io)).toBe(EXIT_BAD_INPUT);
    expect(out.stderr).toMatch(/not valid JSON/);
    expect(await executeExperimentCommand({ kind: 'sweep', experiment: 'lp-fig4', seeds: null, outDir: 'o', hash: false }, io)).toBe(EXIT_BAD_INPUT);
    expect(out.stderr).toMatch(/did you mean "lp-fig4a"/);
    expect(await executeExperimentCommand({ kind: 'sweep', experiment: 'missing.json', seeds: null, outDir: 'o', hash: false }, io)).toBe(EXIT_BAD_INPUT);
    expect(out.stderr).toMatch(/cannot read experiment file "missing.json"/);
  });
});

describe('reproduce', () => {
  it('writes a report with the verdict table, the commit and the commands', async () => {
    const { io, out } = memoryIo();
    expect(await executeExperimentCommand({ kind: 'reproduce', outDir: 'r', seeds: 1, only: ['nj-fig16', 'nj-table1'] }, io)).toBe(EXIT_OK);
    const md = out.files['r/README.md'];
    expect(md).toContain('Commit: `abc123`');
    expect(md).toContain('`npm run reproduce -- r --seeds 1 --only nj-fig16,nj-table1`');
    expect(md).toMatch(/\| nj-fig16 \(Fig\. 16\) \| TCP New Jersey/);
    expect(md).toContain('![nj-table1](nj-table1.svg)');
    expect(out.files['r/nj-table1.csv']).toBeDefined();
    expect(out.stdout).toMatch(/\| Figure \| Paper \| Runs \| Verdict/);
    expect(await executeExperimentCommand({ kind: 'reproduce', outDir: 'r', seeds: 1, only: ['nope'] }, io)).toBe(EXIT_BAD_INPUT);
  });
});
