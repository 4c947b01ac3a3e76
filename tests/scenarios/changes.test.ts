// Timed changes in the scenario format: validation names the change and what is allowed, older
// versions migrate, `scenarioAt` applies them, and the share link and the CLI carry them so the
// same demonstration replays (same trace fingerprint).
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.ts';
import { execute, type CliIo } from '../../src/cli/execute.ts';
import { traceHash } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { parseChangePath, scenarioAt } from '../../src/scenario/changes.ts';
import { migrateScenario } from '../../src/scenario/migrate.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { applySet } from '../../src/scenario/set.ts';
import { formatErrors, parseScenario, type ScenarioError } from '../../src/scenario/validate.ts';
import { decodeState, encodeState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW } from '../../src/ui/state/view.ts';

const base = {
  version: 4,
  durationS: 60,
  path: [{ id: 'b', forward: { rateBps: 2e6, delayMs: 49, queue: { kind: 'droptail', limitPackets: 25 } } }],
  flows: [{ id: 'f', access: { id: 'a', forward: { rateBps: 1e8, delayMs: 1 } } }],
};

function errorsOf(changes: unknown, extra: Record<string, unknown> = {}): ScenarioError[] {
  const r = parseScenario({ ...base, ...extra, changes });
  if (r.ok) throw new Error('expected errors');
  return r.errors;
}

function parsed(input: unknown): Scenario {
  const r = parseScenario(input);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

describe('timed change paths', () => {
  it('reads the changeable fields of every link direction and nothing else', () => {
    expect(parseChangePath('path.0.forward.rateBps')).toMatchObject({ owner: 'path', index: 0, dir: 'forward', field: 'rateBps', model: null });
    expect(parseChangePath('flows.2.access.reverse.queue.limitPackets')).toMatchObject({ owner: 'access', index: 2, dir: 'reverse', field: 'limitPackets', segments: ['flows', 2, 'access', 'reverse', 'queue', 'limitPackets'] });
    expect(parseChangePath('path.1.forward.errors.3.perBad')).toMatchObject({ field: 'perBad', model: 3, segments: ['path', 1, 'forward', 'errors', 3, 'perBad'] });
    for (const bad of ['path.0.forward.mssBytes', 'flows.0.tcp.mssBytes', 'path.0.forward.queue.kind', 'path.0.forward.errors.0', 'path.0.forward.errors.0.meanGoodS', 'path.x.forward.rateBps', 'path.0.sideways.rateBps', 'seed', '']) {
      expect(parseChangePath(bad), bad).toBeNull();
    }
  });
});

describe('timed change validation', () => {
  it('names an unknown path with the allowed ones', () => {
    const [e] = errorsOf([{ atS: 10, path: 'path.0.forward.mssBytes', value: 1 }]);
    expect(e.path).toBe('changes.0.path');
    expect(e.message).toBe('"path.0.forward.mssBytes" is not a field a run can change — allowed: (path.N | flows.N.access).(forward | reverse).(rateBps | delayMs | queue.limitPackets | errors | errors.K.per | errors.K.perGood | errors.K.perBad)');
  });

  it('names a value out of the field\'s own range, with the range', () => {
    const errors = errorsOf([
      { atS: 10, path: 'path.0.forward.rateBps', value: 5 },
      { atS: 11, path: 'path.0.forward.delayMs', value: 20000 },
      { atS: 12, path: 'path.0.forward.queue.limitPackets', value: 2.5 },
      { atS: 13, path: 'path.0.forward.errors', value: [{ kind: 'bernoulli', per: 2 }] },
      { atS: 14, path: 'path.0.forward.rateBps' },
    ]);
    expect(errors.map((e) => `${e.path}: ${e.message}`)).toEqual([
      'changes.0.value: 5 is out of range — allowed 1000 … 1e11',
      'changes.1.value: 20000 is out of range — allowed 0 … 10000',
      'changes.2.value: 2.5 is not a whole number — allowed integers 1 … 100000',
      'changes.3.value.0.per: 2 is out of range — allowed 0 … 1',
      'changes.4.value: missing — required: a number in 1000 … 1e11',
    ]);
  });

  it('refuses a negative time, a time after the end and changes out of time order', () => {
    const errors = errorsOf([
      { atS: -1, path: 'path.0.forward.rateBps', value: 1e6 },
      { atS: 30, path: 'path.0.forward.rateBps', value: 1e6 },
      { atS: 20, path: 'path.0.forward.rateBps', value: 1e6 },
      { atS: 61, path: 'path.0.forward.rateBps', value: 1e6 },
    ]);
    // the shape comes first: a negative time is out of the schema's range, and the rest waits for it
    expect(errors.map((e) => `${e.path}: ${e.message}`)).toEqual(['changes.0.atS: -1 is out of range — allowed 0 … 3600']);
    const later = errorsOf([
      { atS: 30, path: 'path.0.forward.rateBps', value: 1e6 },
      { atS: 20, path: 'path.0.forward.rateBps', value: 1e6 },
      { atS: 61, path: 'path.0.forward.rateBps', value: 1e6 },
    ]);
    expect(later.map((e) => `${e.path}: ${e.message}`)).toEqual([
      'changes.1.atS: 20 is before the previous change (30 s) — changes must be in time order',
      'changes.2.atS: 61 is after the end of the run — allowed 0 … 60 (durationS)',
    ]);
  });

  it('checks a link, an error model and its field exist at the change time, after earlier changes', () => {
    const errors = errorsOf([
      { atS: 1, path: 'path.1.forward.rateBps', value: 1e6 },
      { atS: 2, path: 'flows.3.access.forward.delayMs', value: 5 },
      { atS: 3, path: 'path.0.forward.errors.0.per', value: 0.1 },
      { atS: 4, path: 'path.0.forward.errors', value: [{ kind: 'gilbert-elliott' }] },
      { atS: 5, path: 'path.0.forward.errors.0.per', value: 0.1 },
      { atS: 6, path: 'path.0.forward.errors.0.perBad', value: 0.4 },
    ]);
    expect(errors.map((e) => `${e.path}: ${e.message}`)).toEqual([
      'changes.0.path: "path.1.forward.rateBps" names a link that does not exist — the scenario has 1 path link (path.0 … path.0)',
      'changes.1.path: "flows.3.access.forward.delayMs" names a link that does not exist — the scenario has 1 flow (flows.0 … flows.0)',
      'changes.2.path: "path.0.forward.errors.0.per" names error model 0, but path.0.forward has 0 at 3 s',
      'changes.4.path: "path.0.forward.errors.0.per": error model 0 of path.0.forward is "gilbert-elliott" at 5 s, which has no per — it has perGood and perBad',
    ]);
  });

  it('keeps a variable-rate link\'s slowest draw positive', () => {
    const [e] = errorsOf([{ atS: 1, path: 'path.0.forward.rateBps', value: 1e6 }], {
      path: [{ id: 'b', forward: { rateBps: 2e6, delayMs: 49, rateSdBps: 1e6 } }],
    });
    expect(`${e.path}: ${e.message}`).toBe('changes.0.value: 1e6 is too small for rateSdBps 1e6 of path.0.forward — allowed above 1732051 (√3·rateSdBps), so the slowest rate stays positive');
  });

  it('stores the values as validated, defaults filled in', () => {
    const s = parsed({ ...base, changes: [{ atS: 4, path: 'path.0.forward.errors', value: [{ kind: 'gilbert-elliott', perBad: 0.3 }] }] });
    expect(s.changes[0].value).toEqual([{ kind: 'gilbert-elliott', meanGoodS: 1, meanBadS: 0.05, perGood: 0, perBad: 0.3, badState: 'bad', startState: 'good' }]);
  });
});

describe('timed change migration', () => {
  it('opens a version 3 scenario as version 4 with no changes, meaning what it meant', () => {
    const v3 = { ...structuredClone(base), version: 3 };
    const { value, notes } = migrateScenario(v3);
    expect(value).toEqual({ ...base, version: 4 });
    expect(notes).toEqual([]);
    const s = parsed(v3);
    expect(s.version).toBe(4);
    expect(s.changes).toEqual([]);
    expect(traceHash(runScenario({ ...s, durationS: 5 }).trace)).toBe(traceHash(runScenario(parsed({ ...base, durationS: 5 })).trace));
  });

  it('opens a version 1 scenario through every step', () => {
    const v1 = { ...structuredClone(base), version: 1, path: [{ id: 'b', forward: { rateBps: 2e6, delayMs: 49, queue: { limitPackets: 25 }, loss: { kind: 'none' } } }] };
    const s = parsed(v1);
    expect(s.version).toBe(4);
    expect(s.changes).toEqual([]);
  });
});

describe('the scenario at a time', () => {
  it('applies the changes up to the time, in order, and keeps only the later ones', () => {
    const s = parsed({
      ...base,
      changes: [
        { atS: 10, path: 'path.0.forward.rateBps', value: 1e6 },
        { atS: 20, path: 'path.0.forward.errors', value: [{ kind: 'bernoulli', per: 0.01 }] },
        { atS: 25, path: 'path.0.forward.errors.0.per', value: 0.05 },
        { atS: 40, path: 'path.0.forward.rateBps', value: 3e6 },
      ],
    });
    const at30 = scenarioAt(s, 30);
    expect(at30.path[0].forward.rateBps).toBe(1e6);
    expect(at30.path[0].forward.errors).toEqual([{ kind: 'bernoulli', per: 0.05 }]);
    expect(at30.changes).toEqual([s.changes[3]]);
    expect(scenarioAt(s, 10).path[0].forward.rateBps).toBe(1e6); // a change at the time counts
    expect(scenarioAt(s, 9.99).path[0].forward.rateBps).toBe(2e6);
    expect(s.path[0].forward.rateBps).toBe(2e6); // untouched
    // the scenario at a time is itself valid
    expect(parseScenario(at30).ok).toBe(true);
  });
});

describe('a demonstration replays from its link and from the command line', () => {
  const demo = parsed({
    ...structuredClone(getPreset('reference-2mbps')!.scenario),
    durationS: 40,
    changes: [
      { atS: 15, path: 'path.0.forward.rateBps', value: 1e6 },
      { atS: 30, path: 'path.0.forward.errors', value: [{ kind: 'bernoulli', per: 0.01 }] },
    ],
  });
  const expected = traceHash(runScenario(demo).trace);

  function cli(argv: string[], files: Record<string, string> = {}): { code: number; out: { sim: { traceHash?: string } }; stderr: string } {
    let stdout = '';
    let stderr = '';
    const io: CliIo = {
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
      readFile: (p) => files[p] ?? '',
      writeFile: () => {},
      nowMs: () => 0,
    };
    const parsedArgs = parseArgs(argv);
    if (!parsedArgs.ok) throw new Error(parsedArgs.errors.join('\n'));
    const code = execute(parsedArgs.command, io);
    return { code, out: stdout ? JSON.parse(stdout) : null, stderr };
  }

  it('the share link carries the changes: decoded, the same run (trace fingerprint)', () => {
    const fallback = { scenario: parsed(getPreset('lossy-10mbps')!.scenario), view: DEFAULT_VIEW };
    const decoded = decodeState(encodeState({ scenario: demo, view: DEFAULT_VIEW }), fallback);
    expect(decoded.problems).toEqual([]);
    expect(decoded.scenario.changes).toEqual(demo.changes);
    expect(traceHash(runScenario(decoded.scenario).trace)).toBe(expected);
  });

  it('the CLI gives the same fingerprint from a scenario file and from --set changes=…', () => {
    const fromFile = cli(['demo.json', '--fingerprint', '-q'], { 'demo.json': JSON.stringify(demo) });
    expect(fromFile.code).toBe(0);
    expect(fromFile.out.sim.traceHash).toBe(expected);
    const fromSet = cli(['--preset', 'reference-2mbps', '--set', 'durationS=40', '--set', `changes=${JSON.stringify(demo.changes)}`, '--fingerprint', '-q']);
    expect(fromSet.code).toBe(0);
    expect(fromSet.out.sim.traceHash).toBe(expected);
    // and without the changes, another run
    expect(cli(['--preset', 'reference-2mbps', '--set', 'durationS=40', '--fingerprint', '-q']).out.sim.traceHash).not.toBe(expected);
  });

  it('--set reaches into one change, and a bad one is named', () => {
    const edited = applySet(applySet(demo, 'changes.0.atS=20'), 'changes.0.value=5e5') as Scenario;
    expect(parsed(edited).changes[0]).toEqual({ atS: 20, path: 'path.0.forward.rateBps', value: 5e5 });
    const bad = cli(['--preset', 'reference-2mbps', '--set', 'changes=[{"atS":5,"path":"flows.0.tcp.mssBytes","value":500}]']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('changes.0.path: "flows.0.tcp.mssBytes" is not a field a run can change');
  });
});
