// Share links: every field survives encode → decode; damaged, hostile or old links never throw,
// keep what is valid, and say field by field what was replaced and by what.
import fc from 'fast-check';
import LZString from 'lz-string';

const { compressToEncodedURIComponent } = LZString;
import { describe, expect, it } from 'vitest';
import { variantNames } from '../../src/engine/tcp/cc/registry.ts';
import { PRESETS } from '../../src/content/presets/index.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { leaves, scenarioFields, type LeafNode } from '../../src/ui/controls/fields.ts';
import { setAt } from '../../src/ui/controls/paths.ts';
import { decodeState, decodeStateWith, encodeState, MAX_HASH_CHARS, normaliseHash, URL_STATE_VERSION, type SharedState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW, MAX_COMPARE, ViewSchema, type ViewState } from '../../src/ui/state/view.ts';

function valid(input: unknown): Scenario {
  const r = parseScenario(input);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

const presets = PRESETS.map((p) => valid(p.scenario));
const fallback: SharedState = { scenario: presets[0], view: DEFAULT_VIEW };

/** Concrete paths of a scenario matching a leaf pattern: `flows[].tcp.mssBytes` → flows.0…, flows.1… */
function concretePaths(value: unknown, pattern: string): (string | number)[][] {
  const out: (string | number)[][] = [];
  const segs = pattern.split('.').flatMap((s) => (s.endsWith('[]') ? [s.slice(0, -2), '[]'] : [s])).filter((s) => s !== '');
  const go = (v: unknown, i: number, path: (string | number)[]): void => {
    if (i === segs.length) {
      out.push(path);
      return;
    }
    if (segs[i] === '[]') {
      if (Array.isArray(v)) v.forEach((x, j) => go(x, i + 1, [...path, j]));
    } else if (typeof v === 'object' && v !== null && segs[i] in v) go((v as Record<string, unknown>)[segs[i]], i + 1, [...path, segs[i]]);
  };
  go(value, 0, []);
  return out;
}

const numericLeaves = leaves(scenarioFields()).filter((l): l is LeafNode => (l.kind === 'number' || l.kind === 'int') && l.min !== null && l.max !== null);
const boolLeaves = leaves(scenarioFields()).filter((l) => l.kind === 'bool');

const noNegZero = (v: number): number => (v === 0 ? 0 : v);
const numberIn = (l: LeafNode): fc.Arbitrary<number> =>
  l.kind === 'int' ? fc.integer({ min: l.min ?? 0, max: Math.min(l.max ?? 1e9, Number.MAX_SAFE_INTEGER) }) : fc.double({ min: l.min ?? 0, max: l.max ?? 1e9, noNaN: true }).map(noNegZero);

/** One edit: a numeric field set within its schema range, a flag flipped, or a flow's variant changed. */
const editArb = fc.oneof(
  fc.constantFrom(...numericLeaves).chain((l) => fc.tuple(fc.constant(l.pattern), numberIn(l), fc.nat())),
  fc.constantFrom(...boolLeaves).chain((l) => fc.tuple(fc.constant(l.pattern), fc.boolean(), fc.nat())),
  fc.tuple(fc.constant('flows[].variant'), fc.constantFrom(...variantNames()), fc.nat()),
);

/** Valid scenarios: a preset with a few fields changed within range (edits breaking a cross-field rule are dropped). */
const scenarioArb: fc.Arbitrary<Scenario> = fc
  .tuple(fc.constantFrom(...presets), fc.array(editArb, { maxLength: 8 }), fc.integer({ min: 0, max: 4_294_967_295 }))
  .map(([base, edits, seed]) => {
    let s: Scenario = { ...base, seed };
    for (const [pattern, value, pick] of edits) {
      const paths = concretePaths(s, pattern);
      if (paths.length === 0) continue;
      const next = setAt(s, paths[pick % paths.length], value);
      const r = parseScenario(next);
      if (r.ok) s = r.scenario;
    }
    return s;
  });

const panelIdArb = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,12}$/);
const viewArb: fc.Arbitrary<ViewState> = fc.record({
  panels: fc.uniqueArray(panelIdArb, { maxLength: 8 }),
  windowS: fc.option(
    fc.tuple(fc.double({ min: 0, max: 3599, noNaN: true }).map(noNegZero), fc.double({ min: 0.001, max: 1, noNaN: true })).map(([a, f]): [number, number] => [a, a + f * (3600 - a)]).filter(([a, b]) => b > a),
    { nil: null },
  ),
  compare: fc.shuffledSubarray(variantNames(), { maxLength: Math.min(MAX_COMPARE, variantNames().length) }),
  compareLayout: fc.constantFrom('overlay' as const, 'multiples' as const),
  theme: fc.constantFrom('light' as const, 'dark' as const),
  presenter: fc.boolean(),
  embed: fc.boolean(),
  senderView: fc.boolean(),
  present: fc.uniqueArray(panelIdArb, { maxLength: 4 }),
  showAhead: fc.boolean(),
  followS: fc.option(fc.double({ min: 0, max: 3600, noNaN: true }).map(noNegZero), { nil: null }),
  atS: fc.option(fc.double({ min: 0, max: 3600, noNaN: true }).map(noNegZero), { nil: null }),
});

function expectUsable(d: { scenario: Scenario; view: ViewState; problems: string[] }): void {
  expect(parseScenario(d.scenario).ok).toBe(true);
  expect(ViewSchema.safeParse(d.view).success).toBe(true);
  for (const p of d.problems) expect(typeof p).toBe('string');
}

describe('ui url: round trip', () => {
  it('decode(encode(state)) gives back every field of random valid scenarios and views, with no problems', () => {
    fc.assert(
      fc.property(scenarioArb, viewArb, (scenario, view) => {
        const hash = encodeState({ scenario, view });
        expect(hash.startsWith(`v${URL_STATE_VERSION}.`)).toBe(true);
        const d = decodeState(`#${hash}`, fallback);
        expect(d.problems).toEqual([]);
        expect(d.scenario).toEqual(scenario);
        expect(d.view).toEqual(view);
      }),
      { numRuns: 150 },
    );
  });

  it('the scenario generator really does vary fields (else the round trip proves little)', () => {
    const samples = fc.sample(scenarioArb, { numRuns: 60, seed: 7 });
    const changed = samples.filter((s) => !presets.some((p) => JSON.stringify({ ...p, seed: s.seed }) === JSON.stringify(s)));
    expect(changed.length).toBeGreaterThan(30);
  });

  it('reads a link whose $ and + were percent-encoded on the way', () => {
    const state = { scenario: presets[1], view: { ...DEFAULT_VIEW, theme: 'dark' as const } };
    const hash = encodeState(state);
    const escaped = hash.replace(/\$/g, '%24').replace(/\+/g, '%2B');
    expect(decodeState(escaped, fallback)).toEqual({ ...state, problems: [] });
  });

  it('an empty hash is no link: the fallback, no problems', () => {
    expect(decodeState('', fallback)).toEqual({ ...fallback, problems: [] });
    expect(decodeState('#', fallback)).toEqual({ ...fallback, problems: [] });
  });
});

describe('ui url: damaged and hostile links', () => {
  it('random strings never throw and are reported', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }).filter((s) => normaliseHash(s) !== ''), (s) => {
        const d = decodeState(s, fallback);
        expectUsable(d);
        expect(d.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('random JSON in a well-formed link never throws and is reported', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (j) => {
        const d = decodeState(`v${URL_STATE_VERSION}.${compressToEncodedURIComponent(JSON.stringify(j))}`, fallback);
        expectUsable(d);
        expect(d.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('random values in place of scenario fields keep the other fields and name the replaced ones', () => {
    fc.assert(
      fc.property(scenarioArb, fc.constantFrom(...leaves(scenarioFields()).map((l) => l.pattern)), fc.jsonValue(), (scenario, pattern, junk) => {
        const paths = concretePaths(scenario, pattern);
        if (paths.length === 0) return;
        const path = paths[0];
        const hostile = setAt(scenario, path, junk);
        const d = decodeState(encodeState({ scenario: hostile as Scenario, view: DEFAULT_VIEW }), fallback);
        expectUsable(d);
        if (parseScenario(hostile).ok) return; // the junk happened to be allowed there
        expect(d.problems.length).toBeGreaterThan(0);
        // The repair stays local: top-level fields other than the damaged one survive.
        if (path[0] !== 'name') expect(d.scenario.name).toBe(scenario.name);
        if (path[0] !== 'seed') expect(d.scenario.seed).toBe(scenario.seed);
      }),
      { numRuns: 200 },
    );
  });

  it('truncated links never throw: either read correctly or reported', () => {
    fc.assert(
      fc.property(scenarioArb, viewArb, fc.double({ min: 0, max: 1, noNaN: true }), (scenario, view, f) => {
        const hash = encodeState({ scenario, view });
        const cut = hash.slice(0, Math.floor(hash.length * f));
        const d = decodeState(cut, fallback);
        expectUsable(d);
        if (d.problems.length === 0) expect({ scenario: d.scenario, view: d.view }).toEqual(cut.trim() === '' ? fallback : { scenario, view });
      }),
      { numRuns: 150 },
    );
  });

  it('tolerates whitespace: a percent-encoded leading space, surrounding blanks, a line break inside', () => {
    const hash = encodeState(fallback);
    const half = Math.floor(hash.length / 2);
    for (const mangled of [`%20${hash}`, `#%20${hash}%20`, `  ${hash}\n`, `${hash.slice(0, half)}\r\n  ${hash.slice(half)}`, `%0A${hash}`, `#${hash.slice(0, half)}%20${hash.slice(half)}`]) {
      const d = decodeState(mangled, { scenario: presets[1], view: DEFAULT_VIEW });
      expect(d.problems).toEqual([]);
      expect(d.scenario).toEqual(fallback.scenario);
    }
  });

  it('words view problems in the project\'s terms, never the schema library\'s defaults', () => {
    const view = { ...DEFAULT_VIEW, panels: ['cwnd', 7, 'Bad Id'], windowS: [5, 99_999], compare: ['reno', 'sack', 'tahoe', 'vegas', 'veno', 'cubic', 'bbr'], presenter: 'yes' };
    const d = decodeState(`v1.${compressToEncodedURIComponent(JSON.stringify({ scenario: {}, view }))}`, fallback);
    const viewProblems = d.problems.filter((p) => p.startsWith('view'));
    expect(viewProblems).toEqual([
      'view.panels.1: 7 has the wrong type — expected a string — left it out',
      'view.panels.2: "Bad Id" is not a panel id — lower-case letters, digits and "-" — left it out',
      'view.windowS.1: 99999 is out of range — allowed 0 … 3600 — used null instead',
      'view.compare: has 7 items — allowed at most 6 items — used [] instead',
      'view.presenter: "yes" has the wrong type — expected true or false — used false instead',
    ]);
    for (const p of d.problems) expect(p).not.toMatch(/Invalid|Too (big|small)|expected (one of|array|string|boolean|number)[^ ]/);
  });

  it('refuses a megabyte link without decompressing it, and says why', () => {
    const d = decodeState(`v1.${'A'.repeat(999_997)}`, fallback);
    expect(d.scenario).toBe(fallback.scenario);
    expect(d.problems).toEqual([`link: 1000000 characters long — at most ${MAX_HASH_CHARS} are read — kept the current scenario and view`]);
  });

  it('repairs field by field: bad fields take the current value (or the default), good ones stay, each named', () => {
    const current = setAt(presets[0], ['flows', 0, 'tcp', 'mssBytes'], 1460);
    const sent = structuredClone(PRESETS.find((p) => p.name === 'fairness-5flows')?.scenario) as Record<string, unknown>;
    const flows = sent.flows as Record<string, unknown>[];
    flows[0].tcp = { ...(flows[0].tcp as object), mssBytes: 50 };
    flows[3].tcp = { ...(flows[3].tcp as object), mssBytes: 'big' };
    flows[4].id = 'flow1';
    sent.seede = 3;
    sent.durationS = 42;
    const view = { ...DEFAULT_VIEW, theme: 'blue', presenter: true, compare: ['reno', 'tcp-hybla', 'reno'] };
    const hash = `v1.${compressToEncodedURIComponent(JSON.stringify({ scenario: sent, view }))}`;
    const d = decodeState(hash, { scenario: current, view: DEFAULT_VIEW });
    // Kept: everything valid, from the link.
    expect(d.scenario.durationS).toBe(42);
    expect(d.scenario.flows).toHaveLength(5);
    expect(d.scenario.flows[1].tcp.mssBytes).toBe(1000);
    expect(d.view.presenter).toBe(true);
    expect(d.view.compare).toEqual(['reno']);
    // Replaced: flows.0 has a counterpart in the current scenario (1460); flows.3 does not (default 1000).
    expect(d.scenario.flows[0].tcp.mssBytes).toBe(1460);
    expect(d.scenario.flows[3].tcp.mssBytes).toBe(1000);
    expect(d.view.theme).toBe('light');
    expect(d.problems).toEqual(
      expect.arrayContaining([
        'flows.0.tcp.mssBytes: 50 is out of range — allowed 100 … 9000 — used 1460 instead',
        'flows.3.tcp.mssBytes: "big" has the wrong type — expected a whole number in 100 … 9000 — used 1000 instead',
        // flow1 … flow4 are taken and the last item no longer says flow5: the first free name after flow1.
        'flows.4.id: "flow1" is used twice — flow ids must be unique — used "flow5" instead',
        expect.stringMatching(/^seede: unknown field — did you mean "seed"\? .* — ignored it$/),
        'view.theme: "blue" is not allowed — allowed: "light", "dark" — used "light" instead',
        expect.stringMatching(/^view\.compare\.1: "tcp-hybla" is not a known variant — allowed: .*; left it out$/),
        expect.stringMatching(/^view\.compare\.2: "reno" is listed twice; left out the copy$/),
      ]),
    );
    expect(d.problems).toHaveLength(7);
  });
});

describe('ui url: old links', () => {
  /** The documented version-1 scenario format: one `loss` model per direction. */
  const v1Scenario = {
    version: 1,
    name: 'old-link',
    durationS: 30,
    seed: 5,
    path: [
      {
        id: 'bottleneck',
        forward: { rateBps: 2e6, delayMs: 49, queue: { limitPackets: 25 }, loss: { kind: 'bernoulli', per: 0.02 } },
        reverse: { loss: { kind: 'none' } },
      },
    ],
    flows: [{ id: 'flow1', variant: 'reno', access: { id: 'access1', forward: { rateBps: 100e6, delayMs: 1 } } }],
  };

  it('decodes a link holding a version-1 scenario through the scenario migration', () => {
    const hash = `v1.${compressToEncodedURIComponent(JSON.stringify({ scenario: v1Scenario, view: DEFAULT_VIEW }))}`;
    const d = decodeState(hash, fallback);
    expect(d.scenario.path[0].forward.errors).toEqual([{ kind: 'bernoulli', per: 0.02 }]);
    expect(d.scenario.path[0].reverse.errors).toEqual([]);
    expect(d.scenario.path[0].forward.queue).toMatchObject({ kind: 'droptail', limitPackets: 25 });
    expect(d.scenario.flows[0].variant).toBe('reno');
    expect(d.scenario.durationS).toBe(30);
    // Only the migration's own notes: no field had to be replaced.
    expect(d.problems.length).toBeGreaterThan(0);
    for (const p of d.problems) expect(p).toMatch(/^scenario: .*format version/);
  });

  it('runs state migrations in order from the link version to the current one', () => {
    // A made-up history: v1 called the view `layout`, v2 called compare `variants`.
    const migrations = [
      (p: unknown) => {
        const { layout, ...rest } = p as Record<string, unknown>;
        return { value: { ...rest, view: layout }, notes: ['layout → view'] };
      },
      (p: unknown) => {
        const s = p as { view: Record<string, unknown> };
        const { variants, ...view } = s.view;
        return { value: { ...s, view: { ...view, compare: variants } }, notes: ['view.variants → view.compare'] };
      },
    ];
    const payload = { scenario: presets[1], layout: { ...DEFAULT_VIEW, compare: undefined, variants: ['tahoe'], theme: 'dark' } };
    const d = decodeStateWith(`v1.${compressToEncodedURIComponent(JSON.stringify(payload))}`, fallback, migrations);
    expect(d.view.compare).toEqual(['tahoe']);
    expect(d.view.theme).toBe('dark');
    expect(d.scenario).toEqual(presets[1]);
    expect(d.problems).toEqual(['link: layout → view', 'link: view.variants → view.compare']);
  });

  it('reads a link from a newer version as far as it can, and says so', () => {
    const hash = `v${URL_STATE_VERSION + 1}.${compressToEncodedURIComponent(JSON.stringify({ scenario: presets[2], view: DEFAULT_VIEW }))}`;
    const d = decodeState(hash, fallback);
    expect(d.scenario).toEqual(presets[2]);
    expect(d.problems).toHaveLength(1);
    expect(d.problems[0]).toMatch(/newer TCP Lab/);
  });

});
