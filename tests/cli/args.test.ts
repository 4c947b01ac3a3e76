import { describe, expect, it } from 'vitest';
import { parseArgs, type Command } from '../../src/cli/args.ts';

function command(argv: string[]): Command {
  const r = parseArgs(argv);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.command;
}

function errors(argv: string[]): string[] {
  const r = parseArgs(argv);
  if (r.ok) throw new Error(`expected ${argv.join(' ')} to be rejected`);
  return r.errors;
}

describe('parseArgs', () => {
  it('reads a scenario file with defaults for everything else', () => {
    expect(command(['scenario.json'])).toEqual({
      kind: 'run',
      source: { kind: 'file', path: 'scenario.json' },
      seed: null,
      sets: [],
      variant: null,
      traceFile: null,
      maxEvents: 4_000_000,
      maxWallS: 600,
      quiet: false,
      debug: false,
      fingerprint: false,
    });
  });

  it('reads a preset and every option, in both --opt value and --opt=value forms', () => {
    expect(
      command(['--preset', 'reference-2mbps', '--seed=7', '--set', 'durationS=5', '--set=flows.0.tcp.sack=true', '--variant', 'reno', '--trace', 'out.csv', '--max-events', '1000', '--max-wall-s=2.5', '-q', '--debug', '--fingerprint']),
    ).toEqual({
      kind: 'run',
      source: { kind: 'preset', name: 'reference-2mbps' },
      seed: 7,
      sets: ['durationS=5', 'flows.0.tcp.sack=true'],
      variant: 'reno',
      traceFile: 'out.csv',
      maxEvents: 1000,
      maxWallS: 2.5,
      quiet: true,
      debug: true,
      fingerprint: true,
    });
  });

  it('keeps --set assignments in order', () => {
    const c = command(['x.json', '--set', 'a=1', '--set', 'b=2', '--set', 'a=3']);
    expect(c.kind === 'run' && c.sets).toEqual(['a=1', 'b=2', 'a=3']);
  });

  it('recognizes the listing and help commands', () => {
    expect(command(['--list-presets'])).toEqual({ kind: 'list-presets' });
    expect(command(['--list-variants'])).toEqual({ kind: 'list-variants' });
    expect(command(['--help'])).toEqual({ kind: 'help' });
    expect(command(['-h', '--bogus'])).toEqual({ kind: 'help' });
  });

  it('requires exactly one scenario source', () => {
    expect(errors([])).toEqual(['no scenario: give a scenario file or --preset NAME (see --help)']);
    expect(errors(['a.json', '--preset', 'x'])).toEqual(['give a scenario file or --preset, not both']);
    expect(errors(['a.json', 'b.json'])[0]).toMatch(/only one scenario file/);
  });

  it('rejects unknown options, missing values and repeated single options', () => {
    expect(errors(['x.json', '--sed', '3'])).toContain('unknown option --sed (see --help)');
    expect(errors(['x.json', '--set'])).toContain('--set needs a value');
    expect(errors(['--preset', 'a', '--preset', 'b'])).toContain('--preset is given twice');
    expect(errors(['x.json', '--variant='])).toContain('--variant needs a variant name (see --list-variants)');
  });

  it('rejects a seed that is not a whole number in range, naming the range', () => {
    for (const bad of ['abc', '-1', '1.5', '4294967296', '']) {
      expect(errors(['x.json', `--seed=${bad}`])).toEqual([`--seed: "${bad}" is not a whole number in 0 … 4294967295`]);
    }
    const c = command(['x.json', '--seed', '4294967295']);
    expect(c.kind === 'run' && c.seed).toBe(4294967295);
  });

  it('reports every argument error at once', () => {
    expect(errors(['--frob', '--seed', 'x', '--trace'])).toHaveLength(2);
    expect(errors(['--seed', 'x'])).toHaveLength(2);
  });
});
