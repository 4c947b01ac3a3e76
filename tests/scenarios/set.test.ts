import { describe, expect, it } from 'vitest';
import { getPreset } from '../../src/content/presets/index.ts';
import { applySet, parseAssignment, SetError } from '../../src/scenario/set.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';
import type { Scenario, ScenarioInput } from '../../src/scenario/schema.ts';

function reference(): ScenarioInput {
  const p = getPreset('reference-2mbps');
  if (!p) throw new Error('preset missing');
  return p.scenario;
}

function setAll(input: unknown, ...assignments: string[]): Scenario {
  const edited = assignments.reduce<unknown>((acc, a) => applySet(acc, a), input);
  const r = parseScenario(edited);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

function setError(input: unknown, assignment: string): string {
  try {
    applySet(input, assignment);
  } catch (e) {
    if (e instanceof SetError) return e.message;
    throw e;
  }
  throw new Error(`expected ${assignment} to fail`);
}

describe('parseAssignment', () => {
  it('reads values as JSON when they parse, else as strings', () => {
    expect(parseAssignment('path.0.forward.rateBps=5e6')).toEqual({ path: ['path', 0, 'forward', 'rateBps'], value: 5e6 });
    expect(parseAssignment('flows.0.tcp.sack=true').value).toBe(true);
    expect(parseAssignment('flows.0.bytes=null').value).toBeNull();
    expect(parseAssignment('flows.0.variant=reno').value).toBe('reno');
    expect(parseAssignment('name=a=b').value).toBe('a=b');
    expect(parseAssignment('x={"kind":"bernoulli","per":0.1}').value).toEqual({ kind: 'bernoulli', per: 0.1 });
  });

  it('accepts bracket indices', () => {
    expect(parseAssignment('flows[0].tcp.sack=true').path).toEqual(['flows', 0, 'tcp', 'sack']);
  });

  it('rejects assignments without a path or with empty parts', () => {
    expect(() => parseAssignment('durationS')).toThrow(/expected dotted.path=value/);
    expect(() => parseAssignment('=5')).toThrow(/expected dotted.path=value/);
    expect(() => parseAssignment('flows..id=x')).toThrow(/empty part/);
  });
});

describe('applySet', () => {
  it('sets numbers, booleans and strings at dotted paths', () => {
    const s = setAll(reference(), 'path.0.forward.rateBps=5e6', 'flows.0.tcp.sack=true', 'flows.0.variant=reno', 'durationS=5');
    expect(s.path[0].forward.rateBps).toBe(5e6);
    expect(s.flows[0].tcp.sack).toBe(true);
    expect(s.flows[0].variant).toBe('reno');
    expect(s.durationS).toBe(5);
  });

  it('does not modify its input', () => {
    const input = reference();
    applySet(input, 'durationS=5');
    expect(input.durationS).toBe(100);
  });

  it('creates objects the input left to defaults', () => {
    const input = { version: 1, path: [{ id: 'b', forward: { rateBps: 1e6, delayMs: 10 } }], flows: [{ id: 'f', access: { id: 'a', forward: { rateBps: 1e8, delayMs: 1 } } }] };
    const s = setAll(input, 'flows.0.tcp.sack=true', 'path.0.reverse.rateBps=64000', 'path.0.forward.queue.limitPackets=7');
    expect(s.flows[0].tcp).toMatchObject({ sack: true, mssBytes: 1000 });
    expect(s.path[0].reverse).toMatchObject({ rateBps: 64_000, delayMs: 10 });
    expect(s.path[0].forward.queue.limitPackets).toBe(7);
  });

  it('sets fields of any error-model kind, and whole objects as JSON', () => {
    const s = setAll(reference(), 'path.0.forward.errors=[{"kind":"bernoulli","per":0.01}]', 'path.0.forward.errors.0.per=0.02');
    expect(s.path[0].forward.errors).toEqual([{ kind: 'bernoulli', per: 0.02 }]);
    const t = setAll(reference(), 'path.0.forward.queue={"kind":"red","limitPackets":30}');
    expect(t.path[0].forward.queue).toMatchObject({ kind: 'red', limitPackets: 30, minThPackets: 5, maxThPackets: 15 });
  });

  it('appends a whole list element at one past the end', () => {
    const s = setAll(reference(), 'flows.1={"id":"flow2","access":{"id":"access2","forward":{"rateBps":1e8,"delayMs":1}}}');
    expect(s.flows.map((f) => f.id)).toEqual(['flow1', 'flow2']);
  });

  it('names a misspelled field and suggests the right one', () => {
    const msg = setError(reference(), 'flows.0.tcp.mss=1460');
    expect(msg).toContain('flows.0.tcp has no field "mss"');
    expect(msg).toContain('did you mean "mssBytes"?');
    expect(setError(reference(), 'seedd=3')).toContain('the scenario has no field "seedd" — did you mean "seed"?');
  });

  it('rejects indices past the end and non-numeric indices', () => {
    expect(setError(reference(), 'flows.3.variant=reno')).toContain('flows.3 does not exist — flows has 1 item (indices 0 … 0)');
    expect(setError(reference(), 'flows.1.variant=reno')).toContain('flows.1 does not exist');
    expect(setError(reference(), 'flows.first.variant=reno')).toContain('flows is a list, so "first" must be an index');
  });

  it('rejects paths that go below a single value', () => {
    expect(setError(reference(), 'durationS.unit=ms')).toContain('durationS is a single value');
    expect(setError(reference(), 'flows.0.bytes.max=3')).toContain('flows.0.bytes is a single value');
  });

  it('leaves value checking to parseScenario, with the named-field message', () => {
    const r = parseScenario(applySet(reference(), 'flows.0.tcp.mssBytes=50'));
    expect(r.ok ? '' : formatErrors(r.errors)).toBe('flows.0.tcp.mssBytes: 50 is out of range — allowed 100 … 9000');
  });
});
