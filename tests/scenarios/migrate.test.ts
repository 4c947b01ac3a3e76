import { describe, expect, it } from 'vitest';
import { migrateScenario } from '../../src/scenario/migrate.ts';
import { SCENARIO_VERSION } from '../../src/scenario/schema.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';

/** A scenario exactly as format version 1 wrote it (the foundation release). */
const v1 = {
  version: 1,
  durationS: 10,
  path: [
    {
      id: 'b',
      forward: { rateBps: 2e6, delayMs: 49, queue: { limitPackets: 25 }, loss: { kind: 'bernoulli', per: 0.01 } },
      reverse: { loss: { kind: 'none' } },
    },
  ],
  flows: [{ id: 'f', access: { id: 'a', forward: { rateBps: 1e8, delayMs: 1, queue: { kind: 'droptail', limitPackets: 100 }, loss: { kind: 'none' } } } }],
};

describe('scenario migrations', () => {
  it('turns version 1 loss into version 2 errors and fills the queue kind', () => {
    const { value, notes } = migrateScenario(v1);
    expect(SCENARIO_VERSION).toBe(4);
    const m = value as typeof v1 & { path: { forward: Record<string, unknown>; reverse: Record<string, unknown> }[] };
    expect(m.version).toBe(4);
    expect(m.path[0].forward).toEqual({ rateBps: 2e6, delayMs: 49, queue: { kind: 'droptail', limitPackets: 25 }, errors: [{ kind: 'bernoulli', per: 0.01 }] });
    expect(m.path[0].reverse).toEqual({ errors: [] });
    expect(notes).toContain('path.0.forward.loss → path.0.forward.errors (format version 2)');
    expect(notes).toContain('path.0.forward.queue.kind set to "droptail" (format version 2 requires it)');
    expect(notes).toContain('flows.0.access.forward.loss → flows.0.access.forward.errors (format version 2)');
  });

  it('gives a version 2 flow with SACK on the recovery it had then; without SACK "auto" already is it', () => {
    const flow = (id: string, variant: string, sack: boolean) => ({ id, variant, access: { id: `a-${id}`, forward: { rateBps: 1e8, delayMs: 1 } }, tcp: { sack } });
    const v2 = {
      version: 2,
      path: [{ id: 'b', forward: { rateBps: 2e6, delayMs: 49 } }],
      flows: [flow('c', 'cubic', true), flow('s', 'sack', false), flow('r', 'reno', true), flow('n', 'newreno', false)],
      cross: [{ id: 'x', kind: 'ftp', variant: 'tahoe', tcp: { sack: true } }],
    };
    const { notes } = migrateScenario(v2);
    const r = parseScenario(v2);
    if (!r.ok) throw new Error(formatErrors(r.errors));
    // In version 2 only the sack variant used the blocks (RFC 6675 without PRR); the others ignored them.
    expect(r.scenario.flows.map((f) => f.tcp.recovery)).toEqual(['newreno', 'sack', 'reno', 'auto']);
    expect(r.scenario.cross[0].kind === 'ftp' && r.scenario.cross[0].tcp.recovery).toBe('tahoe');
    expect(notes).toContain('flows.0.tcp.recovery set to "newreno" (format version 3: SACK blocks now drive every variant\'s recovery)');
  });

  it('does not modify its input', () => {
    const copy = structuredClone(v1);
    migrateScenario(v1);
    expect(v1).toEqual(copy);
  });

  it('lets parseScenario open a version 1 scenario', () => {
    const r = parseScenario(v1);
    if (!r.ok) throw new Error(formatErrors(r.errors));
    expect(r.scenario.version).toBe(4);
    expect(r.scenario.path[0].forward.errors).toEqual([{ kind: 'bernoulli', per: 0.01 }]);
    expect(r.scenario.path[0].reverse.errors).toEqual([]);
  });

  it('never throws: input that cannot even be copied goes on unchanged, with a note', () => {
    // Not JSON (a function cannot be cloned), as only a caller bypassing JSON.parse could pass.
    const odd = { version: 1, path: [{ id: 'x', forward: { loss: () => 0 } }] };
    const m = migrateScenario(odd);
    expect(m.value).toBe(odd);
    expect(m.notes).toHaveLength(1);
    expect(m.notes[0]).toMatch(/^could not be updated from its format version \(/);
  });

  it('leaves current, unknown and malformed input for validation to report', () => {
    const current = { version: 4, path: [] };
    expect(migrateScenario(current)).toEqual({ value: current, notes: [] });
    for (const x of [null, 3, 'x', [], { version: 'one' }, { version: 1.5 }, { version: 99 }]) expect(migrateScenario(x).notes).toEqual([]);
    // A v1 loss of an unknown kind survives as an error model, so validation names it.
    const bad = structuredClone(v1) as { path: { forward: { loss: unknown } }[] };
    bad.path[0].forward.loss = { kind: 'gilbert' };
    const r = parseScenario(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.path)).toContain('path.0.forward.errors.0.kind');
  });
});
