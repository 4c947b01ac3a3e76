// docs/scenario.md is written by hand; these checks keep it from drifting away from the schema.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { variantNames } from '../../src/engine/tcp/cc/registry.ts';
import { PRESETS } from '../../src/scenarios/presets/index.ts';
import { formatErrors, parseScenario } from '../../src/scenarios/validate.ts';

const doc = readFileSync(new URL('../../docs/scenario.md', import.meta.url), 'utf8');

/** Leaf paths of a value, with list indices written `[]` as in the doc: `flows[].tcp.mssBytes`. */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => leafPaths(v, `${prefix}[]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => leafPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function filled(input: unknown): unknown {
  const r = parseScenario(input);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

describe('docs/scenario.md', () => {
  const reference = PRESETS.find((p) => p.name === 'reference-2mbps');
  // reference-2mbps is the stated baseline; the other presets add fields it lacks (loss.per).
  const paths = [...new Set([reference, ...PRESETS].flatMap((p) => leafPaths(filled(p?.scenario))))];

  it('has a reference-2mbps to check against', () => {
    expect(reference).toBeDefined();
    expect(paths).toContain('flows[].tcp.mssBytes');
    expect(paths).toContain('path[].reverse.queue.limitPackets');
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
      version: 2,
      durationS: -1,
      seede: 3,
      path: [{ id: 'b', forward: { rateBps: 'fast', delayMs: 49, queue: { limitPackets: 2.5, limitPacket: 3 }, loss: { kind: 'gilbert' } } }],
      flows: [{ id: 'f', variant: 'cubic', access: { id: 'a', forward: { rateBps: 1e8 } }, tcp: { mssBytes: 50 } }],
    });
    const actual = r.ok ? [] : formatErrors(r.errors).split('\n');
    for (const line of lines) expect(actual).toContain(line);
  });
});
