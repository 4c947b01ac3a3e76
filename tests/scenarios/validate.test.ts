import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { variantNames } from '../../src/engine/tcp/cc/registry.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { dottedPath, formatErrors, parseScenario, pathSegments, type ScenarioError } from '../../src/scenario/validate.ts';

const minimal = {
  version: 4,
  path: [{ id: 'bottleneck', forward: { rateBps: 2e6, delayMs: 49 } }],
  flows: [{ id: 'flow1', access: { id: 'access1', forward: { rateBps: 100e6, delayMs: 1 } } }],
};

function errorsOf(input: unknown): ScenarioError[] {
  const r = parseScenario(input);
  if (r.ok) throw new Error('expected validation to fail');
  return r.errors;
}

function errorAt(errors: ScenarioError[], path: string): ScenarioError {
  const e = errors.find((x) => x.path === path);
  if (!e) throw new Error(`no error at ${path}; got:\n${formatErrors(errors)}`);
  return e;
}

describe('parseScenario defaults', () => {
  it('fills every default into a minimal scenario', () => {
    const r = parseScenario(minimal);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.scenario;
    expect(s).toMatchObject({ name: 'untitled', description: '', durationS: 100, seed: 1 });
    expect(s.path[0].forward.queue).toEqual({ kind: 'droptail', limitPackets: 100, limitBytes: null });
    expect(s.path[0].forward).toMatchObject({ errors: [], rateSdBps: 0, rateSlotMs: null, extraDelayMeanMs: 0 });
    expect(s.cross).toEqual([]);
    expect(s.flows[0]).toMatchObject({ tokenBucket: null, playback: null });
    expect(s.flows[0]).toMatchObject({ variant: 'newreno', startS: 0, bytes: null });
    expect(s.flows[0].tcp).toEqual({
      // Issue 33 added the profile and its two growth settings; their defaults keep the old behaviour.
      profile: 'rfc',
      byteCounting: 'auto',
      hystart: 'auto',
      mssBytes: 1000,
      initialCwndSegments: 2,
      rwndSegments: 1000,
      sack: false,
      recovery: 'auto',
      limitedTransmit: false,
      timestamps: true,
      delayedAck: true,
      delayedAckMs: 200,
      minRtoMs: 1000,
      maxRtoMs: 60_000,
      initialRtoMs: 1000,
      clockGranularityMs: 1,
      dupAckThreshold: 3,
      ecn: false,
    });
  });

  it('copies the forward direction into an omitted reverse, except errors', () => {
    const input = structuredClone(minimal) as Record<string, unknown>;
    input.path = [
      {
        id: 'b',
        forward: { rateBps: 2e6, delayMs: 49, queue: { kind: 'droptail', limitPackets: 25 }, errors: [{ kind: 'bernoulli', per: 0.01 }], rateSdBps: 5e5, extraDelayMeanMs: 50 },
      },
    ];
    const r = parseScenario(input);
    if (!r.ok) throw new Error(formatErrors(r.errors));
    expect(r.scenario.path[0].reverse).toEqual({
      rateBps: 2e6,
      delayMs: 49,
      queue: { kind: 'droptail', limitPackets: 25, limitBytes: null },
      errors: [],
      rateSdBps: 5e5,
      rateSlotMs: null,
      extraDelayMeanMs: 50,
    });
  });

  it('keeps the forward queue when reverse gives only some fields', () => {
    const input = structuredClone(minimal) as Record<string, unknown>;
    input.path = [{ id: 'b', forward: { rateBps: 2e6, delayMs: 49, queue: { kind: 'droptail', limitPackets: 25 } }, reverse: { rateBps: 256_000 } }];
    const r = parseScenario(input);
    if (!r.ok) throw new Error(formatErrors(r.errors));
    expect(r.scenario.path[0].reverse).toMatchObject({ rateBps: 256_000, delayMs: 49, queue: { limitPackets: 25 } });
  });
});

describe('parseScenario errors', () => {
  it('reports several problems at once, each with path, value and range', () => {
    const input = structuredClone(minimal) as { durationS?: unknown; flows: Record<string, unknown>[]; path: Record<string, unknown>[] };
    input.durationS = -1;
    input.flows[0].tcp = { mssBytes: 50, sack: 'yes' };
    input.path[0].forward = { rateBps: 2e6, delayMs: 20_000, queue: { kind: 'droptail', limitPackets: 2.5 } };
    const errors = errorsOf(input);
    expect(errors).toHaveLength(5);

    expect(errorAt(errors, 'durationS')).toEqual({ path: 'durationS', value: -1, message: '-1 is out of range — allowed 0.001 … 3600' });
    expect(errorAt(errors, 'flows.0.tcp.mssBytes')).toEqual({
      path: 'flows.0.tcp.mssBytes',
      value: 50,
      message: '50 is out of range — allowed 100 … 9000',
    });
    expect(errorAt(errors, 'flows.0.tcp.sack').message).toBe('"yes" has the wrong type — expected true or false');
    expect(errorAt(errors, 'path.0.forward.delayMs').message).toBe('20000 is out of range — allowed 0 … 10000');
    expect(errorAt(errors, 'path.0.forward.queue.limitPackets').message).toBe('2.5 is not a whole number — allowed integers 1 … 100000');
  });

  it('formats one line per error, path first', () => {
    const input = structuredClone(minimal) as { flows: Record<string, unknown>[] };
    input.flows[0].tcp = { mssBytes: 50 };
    expect(formatErrors(errorsOf(input))).toBe('flows.0.tcp.mssBytes: 50 is out of range — allowed 100 … 9000');
  });

  it('reports a missing required field with its type and range', () => {
    const input = structuredClone(minimal) as { flows: { access: { forward: Record<string, unknown> } }[] };
    delete input.flows[0].access.forward.delayMs;
    const e = errorAt(errorsOf(input), 'flows.0.access.forward.delayMs');
    expect(e.value).toBeUndefined();
    expect(e.message).toBe('missing — required: a number in 0 … 10000');
  });

  it('reports unknown keys one by one, with a suggestion and the allowed fields', () => {
    const input = { ...structuredClone(minimal), seede: 3, colour: 'red' };
    const errors = errorsOf(input);
    const seede = errorAt(errors, 'seede');
    expect(seede.value).toBe(3);
    expect(seede.message).toContain('unknown field');
    expect(seede.message).toContain('did you mean "seed"?');
    expect(seede.message).toContain('allowed fields: version, name, description, durationS, seed, path, flows, cross, changes');
    expect(errorAt(errors, 'colour').message).not.toContain('did you mean');
  });

  it('suggests the field for nested typos and abbreviations', () => {
    const input = structuredClone(minimal) as { flows: Record<string, unknown>[]; path: { forward: Record<string, unknown> }[] };
    input.path[0].forward.queue = { kind: 'droptail', limitPacket: 25 };
    input.flows[0].tcp = { mss: 1460 };
    const errors = errorsOf(input);
    expect(errorAt(errors, 'path.0.forward.queue.limitPacket').message).toBe(
      'unknown field — did you mean "limitPackets"? allowed fields: kind, limitPackets, limitBytes',
    );
    expect(errorAt(errors, 'flows.0.tcp.mss').message).toContain('did you mean "mssBytes"?');
  });

  it('lists the allowed variants for an unknown one', () => {
    const input = structuredClone(minimal) as { flows: Record<string, unknown>[] };
    input.flows[0].variant = 'tcp-hybla';
    const e = errorAt(errorsOf(input), 'flows.0.variant');
    expect(e.value).toBe('tcp-hybla');
    expect(e.message).toBe(`"tcp-hybla" is not a known variant — allowed: ${variantNames().join(', ')}`);
    for (const v of ['tahoe', 'reno', 'newreno', 'sack']) expect(e.message).toContain(v);
  });

  it('reports a bad variant together with other errors', () => {
    const input = structuredClone(minimal) as { durationS?: number; flows: Record<string, unknown>[] };
    input.flows[0].variant = 'tcp-hybla';
    input.durationS = 0;
    expect(errorsOf(input).map((e) => e.path).sort()).toEqual(['durationS', 'flows.0.variant']);
  });

  it('names the allowed error-model kinds and the allowed version', () => {
    const input = structuredClone(minimal) as { version: number; path: { forward: Record<string, unknown> }[] };
    input.version = 5;
    input.path[0].forward.errors = [{ kind: 'gilbert' }];
    const errors = errorsOf(input);
    expect(errorAt(errors, 'version').message).toBe('5 is not allowed — allowed: 4');
    const kind = errorAt(errors, 'path.0.forward.errors.0.kind');
    expect(kind.value).toBe('gilbert');
    expect(kind.message).toBe('"gilbert" is not allowed — allowed: "bernoulli", "gilbert-elliott", "blackout"');
  });

  it('requires per for bernoulli errors and bounds it', () => {
    const input = structuredClone(minimal) as { path: { forward: Record<string, unknown>; reverse?: unknown }[] };
    input.path[0].forward.errors = [{ kind: 'bernoulli', per: 1.5 }];
    input.path[0].reverse = { errors: [{ kind: 'bernoulli' }] };
    const errors = errorsOf(input);
    expect(errorAt(errors, 'path.0.forward.errors.0.per').message).toBe('1.5 is out of range — allowed 0 … 1');
    expect(errorAt(errors, 'path.0.reverse.errors.0.per').message).toBe('missing — required: a number in 0 … 1');
  });

  it('bounds the rate deviation so the slowest uniform draw stays positive', () => {
    const input = structuredClone(minimal) as { path: { forward: Record<string, unknown>; reverse?: unknown }[] };
    // u(200, 50) is fine (150 … 250 kb/s after √3 scaling: 113 … 287); sd 120 kb/s would reach below zero.
    input.path[0].forward = { rateBps: 200e3, delayMs: 400, rateSdBps: 120e3 };
    const e = errorAt(errorsOf(input), 'path.0.forward.rateSdBps');
    expect(e.message).toBe('120000 is too large for rateBps 200000 — allowed below 115470 (rateBps/√3), so the slowest rate stays positive');
  });

  it('wants CBR steps in increasing time order and whole bucket depths', () => {
    const input = structuredClone(minimal) as Record<string, unknown> & { flows: Record<string, unknown>[] };
    input.cross = [{ id: 'x', kind: 'cbr', schedule: [{ atS: 5, rateBps: 1e6 }, { atS: 5, rateBps: 0 }, { atS: 2, rateBps: 1e6 }] }];
    input.flows[0].tokenBucket = { depthTokens: 2.5 };
    const errors = errorsOf(input);
    expect(errorAt(errors, 'cross.0.schedule.1.atS').message).toBe('5 is not after the previous step (5 s) — steps must be in increasing time order');
    expect(errorAt(errors, 'cross.0.schedule.2.atS').message).toBe('2 is not after the previous step (5 s) — steps must be in increasing time order');
    expect(errorAt(errors, 'flows.0.tokenBucket.depthTokens').message).toBe('2.5 is not a whole number — allowed integers 1 … 1e6');
  });

  it('checks RED thresholds and cross-traffic link ranges', () => {
    const input = structuredClone(minimal) as Record<string, unknown> & { path: { forward: Record<string, unknown> }[] };
    input.path[0].forward.queue = { kind: 'red', minThPackets: 20, maxThPackets: 10 };
    input.cross = [{ id: 'x', kind: 'cbr', fromLink: 0, toLink: 3, schedule: [{ atS: 0, rateBps: 1e6 }] }];
    const errors = errorsOf(input);
    expect(errorAt(errors, 'path.0.forward.queue.minThPackets').message).toBe('20 is not below maxThPackets (10)');
    expect(errorAt(errors, 'cross.0.toLink').message).toBe('3 is not a path link at or after fromLink — allowed 0 … 0');
  });

  it('reports list lengths, string lengths and id characters', () => {
    const input = { ...structuredClone(minimal), path: [], name: 'x'.repeat(201) } as { flows: { id: string }[] };
    input.flows[0].id = 'flow one';
    const errors = errorsOf(input);
    expect(errorAt(errors, 'path').message).toBe('has 0 items — allowed 1 … 16 items');
    expect(errorAt(errors, 'name').message).toMatch(/is too long — allowed at most 200 characters$/);
    expect(errorAt(errors, 'flows.0.id').message).toMatch(/^"flow one" is not a valid id/);
  });

  it('rejects duplicate link and flow ids, pointing at the second use', () => {
    const fairness = getPreset('fairness-5flows');
    if (!fairness) throw new Error('preset missing');
    const input = fairness.scenario as { flows: { id: string; access: { id: string } }[] };
    input.flows[1].id = 'flow1';
    input.flows[2].access.id = 'bottleneck';
    const errors = errorsOf(input);
    expect(errorAt(errors, 'flows.1.id').message).toBe('"flow1" is used twice — flow ids must be unique');
    expect(errorAt(errors, 'flows.2.access.id').message).toBe('"bottleneck" is used twice — link ids must be unique');
  });

  it('rejects minRtoMs above maxRtoMs', () => {
    const input = structuredClone(minimal) as { flows: Record<string, unknown>[] };
    input.flows[0].tcp = { minRtoMs: 5000, maxRtoMs: 1000 };
    expect(errorAt(errorsOf(input), 'flows.0.tcp.minRtoMs').message).toBe('5000 is more than maxRtoMs (1000)');
  });

  it('rejects a non-object scenario at the root', () => {
    expect(formatErrors(errorsOf(42))).toBe('(scenario): 42 has the wrong type — expected an object');
    expect(errorsOf(null)[0].path).toBe('');
  });
});

describe('field paths in messages', () => {
  it('quote keys that are not plain names, and read back to the same keys and indices', () => {
    expect(dottedPath(['flows', 0, 'tcp', 'mssBytes'])).toBe('flows.0.tcp.mssBytes');
    expect(dottedPath(['path', 0, ' '])).toBe('path.0." "');
    expect(dottedPath(['a.b', ''])).toBe('"a.b".""');
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.nat(), fc.string({ maxLength: 6 })), { maxLength: 5 }), (segs) => {
        // a key of digits reads back as an index: the same property either way in JavaScript
        const expected = segs.map((k) => (typeof k === 'string' && /^\d+$/.test(k) ? Number(k) : k));
        expect(pathSegments(dottedPath(segs))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('an unknown key that is blank or dotted is named quoted, not as an empty path', () => {
    const r = parseScenario({ ...(getPreset('reference-2mbps')!.scenario as object), ' ': 1, 'a.b': 2 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.path)).toEqual(['" "', '"a.b"']);
  });
});
