import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.ts';
import { describeFailure, execute, progressLine, type CliIo } from '../../src/cli/execute.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { VARIANTS } from '../../src/catalogue/variants.ts';
import { DEFAULT_CAPS } from '../../src/worker/caps.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

interface Captured {
  code: number;
  stdout: string;
  stderr: string;
  files: Map<string, string>;
}

/** Runs the CLI in-process with an in-memory file system. */
function run(argv: string[], files: Record<string, string> = {}, extra: Partial<CliIo> = {}): Captured {
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
    ...extra,
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
  'estimates',
  'classification',
];
const LINK_KEYS = ['id', 'drops', 'marks', 'congestionLossPct', 'meanQueuePackets', 'queueSdPackets', 'maxQueuePackets', 'utilization', 'ackRegulator'];
// Issue 34 adds the delay-based AQMs' own drop cause, so every link's drop table has one key more.
const DROP_KEYS = ['queue-overflow', 'red-early', 'channel-error', 'handoff', 'reverse-path', 'aqm-drop'];

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
    const rows = variants.stdout.trim().split('\n').map((l) => l.split(/\s+/));
    expect(rows[0].slice(0, 3)).toEqual(['variant', 'family', 'recovery']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(VARIANTS.map((v) => v.name));
    expect(rows.find((r) => r[0] === 'sack')?.slice(1, 5)).toEqual(['classic', 'sack', '(needs', 'SACK)']);
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

const presetJson = (): string => JSON.stringify(getPreset('reference-2mbps')?.scenario);
/** 5 000 levels of `[` in a 10 KB file: what used to end in a raw RangeError stack. */
const DEEP = '['.repeat(5000) + ']'.repeat(5000);

describe('cli limits and input', () => {
  it('refuses deeply nested JSON with exit 2 and one line naming the limit', () => {
    const r = run(['deep.json'], { 'deep.json': DEEP });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('scenario file "deep.json" nests 5000 levels deep (from character 5000) — a scenario file nests at most 64\n');
  });

  it('refuses a deeply nested --set value the same way', () => {
    const r = run(['--preset', 'reference-2mbps', '--set', `flows.0.tcp=${DEEP}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('--set flows.0.tcp: the value nests 5000 levels deep — at most 64\n');
  });

  it('refuses an oversized file before parsing it', () => {
    const r = run(['big.json'], { 'big.json': ' '.repeat(5_000_001) });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('scenario file "big.json" has 5000001 characters — a scenario file has at most 5000000\n');
  });

  it('accepts a file that starts with a UTF-8 byte-order mark, as the app does', () => {
    const r = run(['bom.json', '--set', 'durationS=1'], { 'bom.json': '\uFEFF' + presetJson() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expectOutputShape(JSON.parse(r.stdout), 1);
  });

  it('stops at the event cap with exit 1, one line saying where, and nothing on stdout', () => {
    const r = run(['--preset', 'reference-2mbps', '--max-events', '1000']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^stopped at 1,000 events \(t = \d+\.\d s of 100 s\): the run is incomplete — raise --max-events \(or "none"\), or shorten the scenario\n$/);
  });

  it('the default event cap is the app\'s', () => {
    const parsed = parseArgs(['--preset', 'x']);
    expect(parsed.ok && parsed.command.kind === 'run' && parsed.command.maxEvents).toBe(DEFAULT_CAPS.maxEvents);
    expect(parsed.ok && parsed.command.kind === 'run' && parsed.command.maxWallS).toBe(DEFAULT_CAPS.maxDurationS);
    const none = parseArgs(['--preset', 'x', '--max-events', 'none', '--max-wall-s', 'none']);
    expect(none.ok && none.command.kind === 'run' && [none.command.maxEvents, none.command.maxWallS]).toEqual([Infinity, Infinity]);
  });

  it('stops at the wall-clock cap with exit 1 and one line', () => {
    let t = 0;
    const r = run(['--preset', 'reference-2mbps', '--max-wall-s', '2'], {}, { nowMs: () => (t += 1500) });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^stopped after 2 s of wall-clock time \(t = \d+\.\d s of 100 s\): the run is incomplete — raise --max-wall-s \(or "none"\), or shorten the scenario\n$/);
  });

  it.each([
    [['--preset', 'x', '--max-events', '0'], '--max-events: "0" is not a whole number above 0 (or "none" for no limit)'],
    [['--preset', 'x', '--max-events', '1.5'], '--max-events: "1.5" is not a whole number above 0 (or "none" for no limit)'],
    [['--preset', 'x', '--max-wall-s', '-1'], '--max-wall-s: "-1" is not a number of seconds above 0 (or "none" for no limit)'],
  ])('rejects the limit %j', (argv, message) => {
    expect(parseArgs(argv)).toEqual({ ok: false, errors: [message] });
  });

  it('draws a progress bar on stderr only when it is a terminal, and not with --quiet', () => {
    let t = 0;
    const clock = { nowMs: () => (t += 50) };
    const tty = run(['--preset', 'reference-2mbps'], {}, { ...clock, stderrIsTty: true });
    expect(tty.code).toBe(0);
    expect(tty.stderr).toMatch(/^\r\[#*·*\] \d+% {2}t = \d+\.\d of 100 s, \d+\.\d M events/);
    expect(tty.stderr.endsWith('\r\x1b[K')).toBe(true);
    JSON.parse(tty.stdout);
    expect(run(['--preset', 'reference-2mbps', '--quiet'], {}, { ...clock, stderrIsTty: true }).stderr).toBe('');
    expect(run(['--preset', 'reference-2mbps'], {}, clock).stderr).toBe('');
  });

  it('draws a full bar at the end of the run', () => {
    expect(progressLine(20, 20, 1_234_567)).toBe(`\r[${'#'.repeat(30)}] 100%  t = 20.0 of 20 s, 1.2 M events`);
    expect(progressLine(5, 20, 0)).toBe(`\r[${'#'.repeat(8)}${'·'.repeat(22)}] 25%  t = 5.0 of 20 s, 0.0 M events`);
  });

  it('an unexpected failure is one line, its stack only with --debug', () => {
    const e = new RangeError('Maximum call stack size exceeded');
    expect(describeFailure(e, false)).toBe('Maximum call stack size exceeded (run with --debug for details)');
    expect(describeFailure(e, true)).toBe(e.stack);
  });
});

describe('cli process', () => {
  it('deeply nested JSON: exit 2, one line, no stack', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tcplab-cli-'));
    const file = join(dir, 'deep.json');
    writeFileSync(file, DEEP);
    const r = await spawnCli([file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`scenario file "${file}" nests 5000 levels deep (from character 5000) — a scenario file nests at most 64\n`);
  });

  it('a cap reached: exit 1 with one line, no stack', async () => {
    const r = await spawnCli(['--preset', 'reference-2mbps', '--max-events', '1000']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(r.stderr).toMatch(/^stopped at 1,000 events/);
  });

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

describe('cli: nothing lost, nothing misread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tcplab-cli-io-'));
  const fileOf = (name: string, bytes: Uint8Array | string): string => {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    return file;
  };
  const short = (): string => JSON.stringify({ ...(getPreset('reference-2mbps')?.scenario as object), durationS: 1 });

  it('an unwritable --trace path still prints the results, then exits 1 with one line naming the path', async () => {
    const target = join(dir, 'no-such-dir', 't.csv');
    const r = await spawnCli(['--preset', 'reference-2mbps', '--set', 'durationS=1', '--trace', target]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).flows[0].id).toBe('flow1');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(new RegExp(`^cannot write trace file "${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}": ENOENT.* — the results are on stdout\n$`));
  });

  it('the same without a process: the run is printed even when writing the trace throws', () => {
    const r = run(['--preset', 'reference-2mbps', '--set', 'durationS=1', '--trace', 'ro/t.csv'], {}, {
      writeFile: () => {
        throw new Error("EACCES: permission denied, open 'ro/t.csv'");
      },
    });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).flows).toHaveLength(1);
    expect(r.stderr).toBe(`cannot write trace file "ro/t.csv": EACCES: permission denied, open 'ro/t.csv' — the results are on stdout\n`);
  });

  it('duplicate JSON keys are an error naming the key and where it is', () => {
    const text = short().replace('"durationS":1', '"durationS":1,"durationS":2');
    const r = run(['dup.json'], { 'dup.json': text });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^scenario file "dup\.json" has the key "durationS" twice in the top-level object \(line 1, column \d+\) — JSON keeps only the last one silently; remove one of them\n$/);
    // nested, and spelled with an escape: still the same key
    const nested = short().replace('"variant":"newreno"', '"variant":"newreno","vari\\u0061nt":"cubic"');
    expect(run(['n.json'], { 'n.json': nested }).stderr).toMatch(/has the key "variant" twice in flows\.0 \(line 1/);
  });

  it('a UTF-16 file with a byte-order mark is decoded and runs; as UTF-8 it gives the same results', async () => {
    const text = short();
    const utf16le = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, 'utf16le'))]);
    const be = Buffer.from(text, 'utf16le').swap16();
    const utf16be = new Uint8Array([0xfe, 0xff, ...new Uint8Array(be)]);
    const plain = await spawnCli([fileOf('u8.json', text)]);
    const strip = (out: string): unknown => ({ ...JSON.parse(out), sim: null }); // wall time differs
    for (const [name, bytes] of [['le.json', utf16le], ['be.json', utf16be]] as const) {
      const r = await spawnCli([fileOf(name, bytes)]);
      expect(r.stderr, name).toBe('');
      expect(r.code).toBe(0);
      expect(strip(r.stdout)).toEqual(strip(plain.stdout));
    }
  });

  it('UTF-16 without a byte-order mark, and Latin-1, are named as not UTF-8 (exit 2, one line)', async () => {
    const noBom = await spawnCli([fileOf('nobom.json', new Uint8Array(Buffer.from(short(), 'utf16le')))]);
    expect(noBom.code).toBe(2);
    expect(noBom.stderr).toMatch(/^scenario file ".*nobom\.json" contains zero bytes: it looks like UTF-16 without a byte-order mark — save it as UTF-8\n$/);
    // "Réno" in Latin-1: é is the single byte 0xe9, which UTF-8 does not allow there
    const latin1 = short().replace('"name":"reference-2mbps"', '"name":"R\u00e9no"');
    const r = await spawnCli([fileOf('latin1.json', new Uint8Array(Buffer.from(latin1, 'latin1')))]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`scenario file "${join(dir, 'latin1.json')}" is not UTF-8 text (byte ${latin1.indexOf('\u00e9') + 1} is 0xe9) — save it as UTF-8 (or UTF-16 with a byte-order mark)\n`);
  });
});
