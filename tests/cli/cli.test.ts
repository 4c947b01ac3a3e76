import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.ts';
import { execute, type CliIo } from '../../src/cli/execute.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

interface Captured {
  code: number;
  stdout: string;
  stderr: string;
  files: Map<string, string>;
}

/** Runs the CLI in-process with an in-memory file system. */
function run(argv: string[], files: Record<string, string> = {}): Captured {
  const out: Captured = { code: -1, stdout: '', stderr: '', files: new Map(Object.entries(files)) };
  const io: CliIo = {
    stdout: (t) => (out.stdout += t),
    stderr: (t) => (out.stderr += t),
    readFile: (p) => {
      const text = out.files.get(p);
      if (text === undefined) throw new Error(`ENOENT: no such file or directory, open '${p}'`);
      return text;
    },
    writeFile: (p, t) => void out.files.set(p, t),
    nowMs: () => 0,
  };
  const parsed = parseArgs(argv);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  out.code = execute(parsed.command, io);
  return out;
}

const FLOW_KEYS = [
  'id',
  'variant',
  'goodputBps',
  'completionTimeS',
  'bytesDelivered',
  'segmentsSent',
  'retransmissions',
  'timeouts',
  'fastRetransmits',
  'overheadPct',
  'appSuccessPct',
  'tokensPerRtt',
  'tokensPermittedPerRtt',
  'ecnReductions',
  'meanRttMs',
  'probesSent',
  'estimateKeys',
  'classification',
];
const LINK_KEYS = ['id', 'drops', 'marks', 'congestionLossPct', 'meanQueuePackets', 'queueSdPackets', 'maxQueuePackets', 'utilization', 'ackRegulator'];
const DROP_KEYS = ['queue-overflow', 'red-early', 'channel-error', 'handoff', 'reverse-path'];

function expectOutputShape(json: unknown, flows: number): void {
  const out = json as { flows: Record<string, unknown>[]; links: Record<string, unknown>[]; sim: Record<string, unknown> };
  expect(Object.keys(out)).toEqual(['flows', 'links', 'summary', 'cross', 'sim']);
  expect(out.flows).toHaveLength(flows);
  for (const f of out.flows) expect(Object.keys(f)).toEqual(FLOW_KEYS);
  for (const l of out.links) {
    expect(Object.keys(l)).toEqual(LINK_KEYS);
    expect(Object.keys(l.drops as object)).toEqual(DROP_KEYS);
  }
  expect(Object.keys(out.sim)).toEqual(['events', 'simTimeS', 'wallMs']);
}

describe('cli in-process', () => {
  it('runs a preset with --set and prints the results JSON', () => {
    const r = run(['--preset', 'reference-2mbps', '--set', 'durationS=2', '--variant', 'reno']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expectOutputShape(out, 1);
    expect(out.flows[0].variant).toBe('reno');
    expect(out.links.map((l: { id: string }) => l.id)).toEqual(['bottleneck/fwd', 'bottleneck/rev', 'access1/fwd', 'access1/rev']);
    expect(out.sim.simTimeS).toBeCloseTo(2, 6);
  });

  it('runs a scenario file and writes the trace CSV', () => {
    const scenario = JSON.stringify({
      version: 1,
      durationS: 1,
      path: [{ id: 'b', forward: { rateBps: 1e6, delayMs: 10, queue: { limitPackets: 5 } } }],
      flows: [{ id: 'f', access: { id: 'a', forward: { rateBps: 1e8, delayMs: 1 } } }],
    });
    const r = run(['s.json', '--trace', 't.csv'], { 's.json': scenario });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const csv = r.files.get('t.csv') ?? '';
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('t_s,series,flow_or_link,value');
    const series = new Set(lines.slice(1).map((l) => l.split(',')[1]));
    expect(series).toEqual(new Set(['cwnd_bytes', 'ssthresh_bytes', 'queue_packets']));
    expect(lines.slice(1).every((l) => /^[0-9.e-]+,[a-z_]+,(f|b\/fwd),([0-9.e+-]+|inf)$/.test(l))).toBe(true);
    const times = lines.slice(1).map((l) => Number(l.split(',')[0]));
    expect(times.every((t, i) => i === 0 || t >= times[i - 1])).toBe(true);
  });

  it('gives the same results for the same seed', () => {
    const a = JSON.parse(run(['--preset', 'lossy-10mbps', '--set', 'durationS=3', '--seed', '5']).stdout);
    const b = JSON.parse(run(['--preset', 'lossy-10mbps', '--set', 'durationS=3', '--seed', '5']).stdout);
    expect(a.flows).toEqual(b.flows);
    expect(a.links).toEqual(b.links);
  });

  it.each([
    [['--preset', 'nope'], /unknown preset "nope" — available: reference-2mbps/],
    [['--preset', 'reference-2mbs'], /did you mean "reference-2mbps"\?/],
    [['missing.json'], /cannot read scenario file "missing.json"/],
    [['bad.json'], /scenario file "bad.json" is not valid JSON/],
    [['--preset', 'reference-2mbps', '--set', 'flows.0.tcp.mssBytes=50', '--set', 'durationS=0'], /durationS: 0 is out of range — allowed 0.001 … 3600\nflows.0.tcp.mssBytes: 50 is out of range — allowed 100 … 9000/],
    [['--preset', 'reference-2mbps', '--set', 'flows.0.tcp.mss=5'], /flows.0.tcp has no field "mss" — did you mean "mssBytes"\?/],
    [['--preset', 'reference-2mbps', '--variant', 'tcp-hybla'], /--variant: "tcp-hybla" is not a known variant — allowed: tahoe, reno, newreno, sack/],
  ])('rejects %j with a message on stderr and nothing on stdout', (argv, message) => {
    const r = run(argv, { 'bad.json': '{"version": 1,' });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  it('lists presets and variants', () => {
    const presets = run(['--list-presets']);
    expect(presets.code).toBe(0);
    expect(presets.stdout).toMatch(/^reference-2mbps\s+Reference\s+\S/m);
    const variants = run(['--list-variants']);
    expect(variants.stdout.split('\n').map((l) => l.split(/\s+/)[0])).toEqual(expect.arrayContaining(['tahoe', 'reno', 'newreno', 'sack']));
  });
});

/** The real command line, as `npm run sim` runs it. */
function spawnCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: repoRoot }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('cli process', () => {
  it('runs a preset and prints the results JSON with exit code 0', async () => {
    const r = await spawnCli(['--preset', 'reference-2mbps', '--set', 'durationS=5']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expectOutputShape(out, 1);
    expect(out.sim.simTimeS).toBeCloseTo(5, 6);
    expect(out.sim.wallMs).toBeGreaterThan(0);
    expect(out.flows[0].bytesDelivered).toBeGreaterThan(0);
  });

  it('exits non-zero on a bad --set, naming the field, with nothing on stdout', async () => {
    const r = await spawnCli(['--preset', 'reference-2mbps', '--set', 'flows.0.tcp.mssBytes=50']);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('flows.0.tcp.mssBytes: 50 is out of range — allowed 100 … 9000');
  });

  it('exits non-zero on a bad argument', async () => {
    const r = await spawnCli(['--preset', 'reference-2mbps', '--seed', 'x']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--seed: "x" is not a whole number');
  });

  it('reads a scenario file relative to the working directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tcplab-cli-'));
    const file = join(dir, 's.json');
    writeFileSync(file, readFileSync(join(repoRoot, 'docs/scenario.md'), 'utf8').match(/```json\n([\s\S]*?)```/)?.[1] ?? '');
    const r = await spawnCli([file, '--set', 'durationS=1']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expectOutputShape(JSON.parse(r.stdout), 1);
  });
});
