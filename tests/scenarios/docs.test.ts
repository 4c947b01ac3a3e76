// docs/scenario.md is written by hand; these checks keep it from drifting away from the schema.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { variantNames } from '../../src/engine/tcp/cc/registry.ts';
import { PRESETS } from '../../src/content/presets/index.ts';
import { ScenarioSchema } from '../../src/scenario/schema.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';

const doc = readFileSync(new URL('../../docs/scenario.md', import.meta.url), 'utf8');

/** Leaf paths of a value, with list indices written `[]` as in the doc: `flows[].tcp.mssBytes`. */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => leafPaths(v, `${prefix}[]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => leafPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

/** The JSON Schema shape we walk: objects, lists and alternatives (discriminated unions, nullable). */
interface JsonSchemaNode {
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
}

/**
 * Every leaf path the schema accepts, every alternative of every union included (a RED queue's
 * `maxP`, a blackout's `atS`, …), read from the schema itself so a new field cannot go undocumented.
 */
function schemaLeafPaths(): string[] {
  const walk = (j: JsonSchemaNode, prefix: string): string[] => {
    const alternatives = [...(j.anyOf ?? []), ...(j.oneOf ?? []), ...(j.allOf ?? [])];
    const out = alternatives.flatMap((a) => walk(a, prefix));
    if (j.properties) out.push(...Object.entries(j.properties).flatMap(([k, v]) => walk(v, prefix ? `${prefix}.${k}` : k)));
    if (j.items) out.push(...walk(j.items, `${prefix}[]`));
    if (!j.properties && !j.items && alternatives.length === 0) out.push(prefix);
    return out;
  };
  // A nullable object (`tokenBucket`) is a leaf too, through its `null` alternative — as in a
  // filled-in preset that has none, so both ways of finding fields agree.
  return [...new Set(walk(z.toJSONSchema(ScenarioSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode, ''))];
}

function filled(input: unknown): unknown {
  const r = parseScenario(input);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

describe('docs/scenario.md', () => {
  const reference = PRESETS.find((p) => p.name === 'reference-2mbps');
  // Every field the schema knows, plus every field a preset really fills in (the two must agree).
  const presetPaths = [...new Set([reference, ...PRESETS].flatMap((p) => leafPaths(filled(p?.scenario))))];
  const paths = [...new Set([...schemaLeafPaths(), ...presetPaths])];

  it('has a reference-2mbps and a schema to check against', () => {
    expect(reference).toBeDefined();
    expect(paths).toContain('flows[].tcp.mssBytes');
    expect(paths).toContain('path[].reverse.queue.limitPackets');
    // Fields no preset uses still come from the schema walk.
    expect(paths).toContain('path[].forward.errors[].atS');
    expect(paths).toContain('flows[].access.reverse.queue.maxP');
    expect(paths).toContain('cross[].schedule[].rateBps');
    expect(paths).toContain('cross[].tcp.dupAckThreshold');
    expect(paths).toContain('flows[].tokenBucket');
  });

  it('finds in the presets only fields the schema walk knows', () => {
    const schemaPaths = schemaLeafPaths();
    expect(presetPaths.filter((p) => !schemaPaths.includes(p))).toEqual([]);
  });

  it.each(paths)('lists %s in the field index', (path) => {
    expect(doc).toContain(`\`${path}\``);
  });

  it.each([...new Set(paths.map((p) => p.split('.').at(-1) ?? p))])('describes field %s in a table row', (field) => {
    expect(doc).toMatch(new RegExp(`^\\| \`${field}\` \\|`, 'm'));
  });

  it('names every variant', () => {
    for (const v of variantNames()) expect(doc).toContain(`| \`${v}\` |`);
  });

  it('gives examples that validate', () => {
    const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const b of blocks) expect(() => filled(JSON.parse(b))).not.toThrow();
  });
});

describe('docs/scenario.md error examples', () => {
  it('are what parseScenario really says', () => {
    const block = /## Errors[\s\S]*?```\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const lines = block.trim().split('\n');
    expect(lines.length).toBeGreaterThan(5);
    const r = parseScenario({
      version: 5,
      durationS: -1,
      seede: 3,
      path: [{ id: 'b', forward: { rateBps: 'fast', delayMs: 49, queue: { kind: 'droptail', limitPackets: 2.5, limitPacket: 3 }, errors: [{ kind: 'gilbert' }] } }],
      flows: [{ id: 'f', variant: 'tcp-hybla', access: { id: 'a', forward: { rateBps: 1e8 } }, tcp: { mssBytes: 50 } }],
    });
    const actual = r.ok ? [] : formatErrors(r.errors).split('\n');
    for (const line of lines) expect(actual).toContain(line);
  });
});
