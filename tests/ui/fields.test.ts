// The schema-driven controls: every scenario field is found, described, grouped, and given the
// schema's own range (checked against zod's JSON Schema output, an independent reading of the
// same schema); starting values for new items and switched kinds validate.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ScenarioSchema } from '../../src/scenario/schema.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { fieldDescriptors, leaves, positionToValue, scenarioFields, sliderScale, valueToPosition, type FieldNode, type LeafNode, type UnionNode } from '../../src/ui/controls/fields.ts';
import { groupRule, hintEntry } from '../../src/ui/controls/hints.ts';
import { addItem, optionStart, parseNumberDraft, startValue } from '../../src/ui/controls/edit.ts';
import { getAt, setAt } from '../../src/ui/controls/paths.ts';

interface JsonLeaf {
  pattern: string;
  min: number | null;
  max: number | null;
}

/** Leaf patterns and numeric ranges as zod's JSON Schema states them. */
function jsonLeaves(node: Record<string, unknown>, pattern: string, out: JsonLeaf[]): JsonLeaf[] {
  const variants = (node.oneOf ?? node.anyOf) as Record<string, unknown>[] | undefined;
  if (variants) {
    for (const v of variants) if (v.type !== 'null') jsonLeaves(v, pattern, out);
    return out;
  }
  if (node.type === 'object' && node.properties) {
    for (const [k, v] of Object.entries(node.properties as Record<string, Record<string, unknown>>)) jsonLeaves(v, pattern ? `${pattern}.${k}` : k, out);
    return out;
  }
  if (node.type === 'array') return jsonLeaves(node.items as Record<string, unknown>, `${pattern}[]`, out);
  const num = (v: unknown): number | null => (typeof v === 'number' && Math.abs(v) < Number.MAX_SAFE_INTEGER ? v : null);
  out.push({ pattern, min: num(node.minimum), max: num(node.maximum) });
  return out;
}

const jsonSchema = z.toJSONSchema(ScenarioSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
// Timed changes are made while playing and listed on the time axis, not edited as fields.
const fromJson = jsonLeaves(jsonSchema, '', []).filter((l) => !l.pattern.startsWith('changes'));
const allLeaves = leaves(scenarioFields());
const patterns = [...new Set(allLeaves.map((l) => l.pattern))];

function preset(name: string): Scenario {
  const r = parseScenario(getPreset(name)?.scenario);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

function findNode(node: FieldNode, pattern: string): FieldNode | undefined {
  if (node.pattern === pattern) return node;
  switch (node.type) {
    case 'object':
      for (const f of node.fields) {
        const hit = findNode(f, pattern);
        if (hit) return hit;
      }
      return undefined;
    case 'array':
      return findNode(node.item, pattern);
    case 'union':
      for (const o of node.options) for (const f of o.fields) {
        const hit = findNode(f, pattern);
        if (hit) return hit;
      }
      return undefined;
    default:
      return undefined;
  }
}

describe('ui fields from the schema', () => {
  it('finds exactly the leaves the JSON Schema has', () => {
    expect(new Set(patterns)).toEqual(new Set(fromJson.map((l) => l.pattern)));
    expect(patterns).toContain('flows[].tcp.mssBytes');
    expect(patterns).toContain('path[].forward.errors[].per');
  });

  it.each(patterns)('describes %s in hints.ts (label, hint) and files it in a group', (pattern) => {
    const entry = hintEntry(pattern);
    expect(entry, `add an entry for ${pattern} to src/ui/controls/hints.ts`).toBeDefined();
    expect(entry?.label.length).toBeGreaterThan(0);
    expect(entry?.hint.length).toBeGreaterThan(10);
    expect(groupRule(pattern), `no GROUP_RULES entry covers ${pattern}`).toBeDefined();
  });

  it('gives every numeric leaf the range the schema states', () => {
    const numeric = allLeaves.filter((l) => l.kind === 'number' || l.kind === 'int');
    const ours = new Set(numeric.map((l) => `${l.pattern} ${l.min} ${l.max}`));
    const theirs = new Set(fromJson.filter((l) => l.min !== null || l.max !== null).map((l) => `${l.pattern} ${l.min} ${l.max}`));
    expect(ours).toEqual(theirs);
  });

  it('files fields by where they sit', () => {
    const group = (p: string): string | undefined => fieldDescriptors().find((d) => d.pattern === p)?.group;
    expect(group('path[].forward.rateBps')).toBe('path');
    expect(group('path[].forward.errors[].per')).toBe('errors');
    expect(group('flows[].access.reverse.queue.limitPackets')).toBe('queues');
    expect(group('flows[].tcp.sack')).toBe('flows');
    expect(group('flows[].playback.periodMs')).toBe('apps');
    expect(group('cross[].tcp.mssBytes')).toBe('cross');
    expect(group('seed')).toBe('scenario');
  });

  it('offers the registry variants for flows[].variant', () => {
    const v = allLeaves.find((l) => l.pattern === 'flows[].variant');
    expect(v?.options).toEqual(expect.arrayContaining(['tahoe', 'reno', 'newreno', 'sack']));
  });
});

describe('ui slider scales', () => {
  const per = allLeaves.find((l) => l.pattern === 'path[].forward.errors[].per') as LeafNode;

  it('makes the packet-error-rate slider logarithmic with 0 at the left end', () => {
    const s = sliderScale(per);
    expect(s.type).toBe('log');
    expect(positionToValue(s, 0, false)).toBe(0);
    expect(positionToValue(s, s.positions, false)).toBe(1);
  });

  it('reaches 1e-4, 1e-3, 0.01 and 0.1 on the PER slider within 3 %, in increasing order', () => {
    const s = sliderScale(per);
    let lastPos = -1;
    for (const target of [1e-4, 1e-3, 0.01, 0.1]) {
      const pos = valueToPosition(s, target);
      const got = positionToValue(s, pos, false);
      expect(Math.abs(got - target) / target).toBeLessThan(0.03);
      expect(pos).toBeGreaterThan(lastPos);
      lastPos = pos;
    }
    // A decade must span enough arrow-key steps to be fine-grained, and few enough to be crossed.
    const perDecade = valueToPosition(s, 0.01) - valueToPosition(s, 0.001);
    expect(perDecade).toBeGreaterThanOrEqual(20);
    expect(perDecade).toBeLessThanOrEqual(100);
  });

  it('keeps every slider position inside the schema range and monotonic', () => {
    for (const l of allLeaves.filter((x) => x.kind === 'number' || x.kind === 'int')) {
      const s = sliderScale(l);
      let prev = -Infinity;
      for (let p = 0; p <= s.positions; p += Math.max(1, Math.floor(s.positions / 50))) {
        const v = positionToValue(s, p, l.kind === 'int');
        expect(v, l.pattern).toBeGreaterThanOrEqual(l.min ?? -Infinity);
        expect(v, l.pattern).toBeLessThanOrEqual(l.max ?? Infinity);
        expect(v, l.pattern).toBeGreaterThanOrEqual(prev);
        if (l.kind === 'int') expect(Number.isInteger(v), l.pattern).toBe(true);
        prev = v;
      }
    }
  });

  it('puts a rate of 2 Mb/s on a log slider and reads it back within 3 %', () => {
    const rate = allLeaves.find((l) => l.pattern === 'path[].forward.rateBps') as LeafNode;
    const s = sliderScale(rate);
    expect(s.type).toBe('log');
    const back = positionToValue(s, valueToPosition(s, 2e6), false);
    expect(Math.abs(back - 2e6) / 2e6).toBeLessThan(0.03);
  });
});

describe('ui field edits', () => {
  const root = scenarioFields();

  it.each(['path[].forward.errors[]', 'path[].forward.queue', 'cross[]'])('every kind of %s starts valid', (pattern) => {
    const node = findNode(root, pattern) as UnionNode;
    expect(node?.type).toBe('union');
    for (const o of node.options) {
      const base = preset('reference-2mbps');
      const value = optionStart(node, o.value);
      const edited =
        pattern === 'cross[]'
          ? { ...base, cross: [value] }
          : pattern === 'path[].forward.queue'
            ? setAt(base, ['path', 0, 'forward', 'queue'], value)
            : setAt(base, ['path', 0, 'forward', 'errors'], [value]);
      const r = parseScenario(edited);
      expect(r.ok ? '' : formatErrors(r.errors), `${pattern} kind ${o.value}`).toBe('');
    }
  });

  it('turns on a nullable object (token bucket, playback) with valid defaults', () => {
    for (const key of ['tokenBucket', 'playback']) {
      const node = findNode(root, `flows[].${key}`) as FieldNode;
      expect(node.nullable).toBe(true);
      const r = parseScenario(setAt(preset('reference-2mbps'), ['flows', 0, key], startValue({ ...node, hasDefault: false })));
      expect(r.ok ? '' : formatErrors(r.errors)).toBe('');
    }
  });

  it('adds a flow as a copy of the last with fresh ids, and the scenario stays valid', () => {
    const base = preset('fairness-5flows');
    const flowsNode = findNode(root, 'flows') as FieldNode;
    expect(flowsNode.type).toBe('array');
    const flows = addItem(base.flows, (flowsNode as Extract<FieldNode, { type: 'array' }>).item, base);
    expect(flows).toHaveLength(6);
    expect(getAt(flows, [5, 'id'])).toBe('flow6');
    expect(getAt(flows, [5, 'access', 'id'])).toBe('access6');
    const r = parseScenario({ ...base, flows });
    expect(r.ok ? '' : formatErrors(r.errors)).toBe('');
  });

  it('reads typed numbers in the display unit', () => {
    const mbps = { label: 'Mb/s', factor: 1e6 };
    expect(parseNumberDraft('2', mbps, false)).toEqual({ ok: true, value: 2e6 });
    expect(parseNumberDraft(' 0,3 ', mbps, false)).toEqual({ ok: true, value: 300_000 });
    expect(parseNumberDraft('1 000', undefined, true)).toEqual({ ok: true, value: 1000 });
    expect(parseNumberDraft('1e-3', undefined, false)).toEqual({ ok: true, value: 0.001 });
    expect(parseNumberDraft('2.5', undefined, true).ok).toBe(false);
    expect(parseNumberDraft('abc', undefined, false).ok).toBe(false);
    expect(parseNumberDraft('', undefined, false).ok).toBe(false);
  });
});
