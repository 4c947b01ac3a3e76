/**
 * Fuzzing share links: real links (every preset, random views) damaged as text (cut, spliced,
 * escaped, wrapped) or in their JSON (junk fields, dropped, renamed or invented keys, long
 * lists, deep nesting, script payloads), then decoded. Decoding never throws, always yields a
 * valid scenario and view, and every problem line names a field (or the link) in the project's
 * words. CI runs a few hundred cases; FUZZ_RUNS=20000 soaks (tests/harness/mutate.ts).
 */
import fc from 'fast-check';
import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';
import { variantNames } from '../../src/engine/tcp/cc/registry.ts';
import { PRESETS } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { decodeState, encodeState, URL_STATE_VERSION, type SharedState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW, ViewSchema, type ViewState } from '../../src/ui/state/view.ts';
import { FUZZ_TIMEOUT_MS, fuzzRuns, jsonMutationArb, textMutationArb } from '../harness/mutate.ts';

const presets = PRESETS.map((p) => {
  const r = parseScenario(p.scenario);
  if (!r.ok) throw new Error(`${p.name} invalid`);
  return r.scenario;
});
const fallback: SharedState = { scenario: presets[0], view: DEFAULT_VIEW };

const viewArb: fc.Arbitrary<ViewState> = fc.record({
  panels: fc.shuffledSubarray(['cwnd', 'queue', 'path', 'metrics', 'timeseq', 'estimates'], { maxLength: 4 }),
  windowS: fc.constantFrom(null, [1, 5] as [number, number]),
  compare: fc.shuffledSubarray(variantNames(), { maxLength: 3 }),
  compareLayout: fc.constantFrom('overlay' as const, 'multiples' as const),
  theme: fc.constantFrom('light' as const, 'dark' as const),
  presenter: fc.boolean(),
  embed: fc.boolean(),
  senderView: fc.boolean(),
  present: fc.shuffledSubarray(['cwnd', 'queue', 'path', 'metrics'], { maxLength: 4 }),
  showAhead: fc.boolean(),
  followS: fc.constantFrom(null, 0, 10, 2.5),
  atS: fc.constantFrom(null, 0, 12.345),
});
const stateArb = fc.tuple(fc.constantFrom(...presets), viewArb).map(([scenario, view]): SharedState => ({ scenario, view }));

/** A field path (`flows.0.tcp.mssBytes`, `view.theme`, `(scenario)`), `link` for the link as a whole, or the "… more" line. */
const SEGMENT = String.raw`(?:"(?:[^"\\]|\\.)*"|[\w$-]+)`;
const PROBLEM = new RegExp(String.raw`^(?:link|\(scenario\)|${SEGMENT}(?:\.${SEGMENT})*): \S|^… and \d+ more problems?$`);
/** The schema library's default wording, or an exception's, must never reach the banner. */
const FOREIGN = /Invalid (input|option|value)|Too (big|small)|Expected |Maximum call stack|could not be read \(|undefined|\[object Object\]/;

function expectSound(d: ReturnType<typeof decodeState>): void {
  expect(parseScenario(d.scenario).ok).toBe(true);
  expect(ViewSchema.safeParse(d.view).success).toBe(true);
  for (const p of d.problems) {
    expect(p).toMatch(PROBLEM);
    expect(p).not.toMatch(FOREIGN);
  }
}

const encodeRaw = (payload: unknown): string => `v${URL_STATE_VERSION}.${LZString.compressToEncodedURIComponent(JSON.stringify(payload))}`;

describe('fuzz: mangled share links', () => {
  it('text damage: decoding never throws, yields a valid state, and each problem names a field', () => {
    fc.assert(
      fc.property(stateArb, fc.array(textMutationArb, { minLength: 1, maxLength: 4 }), (state, mutations) => {
        const hash = mutations.reduce((t, m) => m(t), encodeState(state));
        expectSound(decodeState(hash, fallback));
      }),
      { numRuns: fuzzRuns(400) },
    );
  }, FUZZ_TIMEOUT_MS);

  it('JSON damage: decoding never throws, keeps a valid state, and reports what it replaced', () => {
    fc.assert(
      fc.property(stateArb, fc.array(jsonMutationArb, { minLength: 1, maxLength: 4 }), (state, mutations) => {
        const payload = mutations.reduce((v, m) => m(v), JSON.parse(JSON.stringify({ scenario: state.scenario, view: state.view })) as unknown);
        const d = decodeState(encodeRaw(payload), fallback);
        expectSound(d);
        // nothing changed without a word: a state that differs from what was sent was reported
        // (a link without a view is fine: the view is presentation, and the current one is kept)
        const sent = payload as { scenario?: Scenario; view?: ViewState };
        const asSent = parseScenario(sent?.scenario).ok && (sent?.view === undefined || ViewSchema.safeParse(sent.view).success);
        if (!asSent) expect(d.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: fuzzRuns(400) },
    );
  }, FUZZ_TIMEOUT_MS);
});
