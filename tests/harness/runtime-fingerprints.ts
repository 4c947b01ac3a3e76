/**
 * The cases of the runtime-equality test (tests/e2e/runtime-equality.test.ts): every preset ×
 * every variant (on all its flows) × seeds 1–5, the first 20 s of each run (at most MAX_EVENTS
 * events), and each case's
 * trace fingerprint. The same module runs in Node and, bundled, in Chromium: only what the
 * engine computes may differ between the two, nothing in how the cases are made.
 */
import { traceHash } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { variantNames } from '../../src/engine/tcp/cc/registry.ts';
import { PRESETS } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { parseScenario } from '../../src/scenario/validate.ts';

export const SEEDS = [1, 2, 3, 4, 5];
export const FIRST_S = 20;
/**
 * And at most this many events: the large-window presets (100 Mb/s, 1 Gb/s) take millions of
 * events to reach 20 s, and at 300 000 this test alone took a quarter of the browser suite. On
 * every preset × variant the same trace tables have rows by 150 000 events as by 300 000, so the
 * lower cap drops no kind of record from the comparison. Both runtimes stop at the same event.
 */
export const MAX_EVENTS = 150_000;

export interface Case {
  preset: string;
  variant: string;
  seed: number;
}

/** The two cases an outside test found differing between Node and Chromium (CUBIC, seed 99), then the grid. */
export function cases(): Case[] {
  const found: Case[] = [
    { preset: 'reference-2mbps', variant: 'cubic', seed: 99 },
    { preset: 'lossy-10mbps', variant: 'cubic', seed: 99 },
  ];
  return [...found, ...PRESETS.flatMap((p) => variantNames().flatMap((variant) => SEEDS.map((seed) => ({ preset: p.name, variant, seed }))))];
}

function scenarioOf(c: Case): Scenario {
  const preset = PRESETS.find((p) => p.name === c.preset);
  const raw = preset?.scenario as Scenario;
  const r = parseScenario({ ...raw, durationS: Math.min(FIRST_S, raw.durationS ?? FIRST_S), seed: c.seed, flows: raw.flows.map((f) => ({ ...f, variant: c.variant })) });
  if (!r.ok) throw new Error(`${c.preset} with ${c.variant} does not validate: ${r.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  return r.scenario;
}

/** Fingerprints of cases[from … to), in order. */
export function fingerprints(from: number, to: number): string[] {
  return cases()
    .slice(from, to)
    .map((c) => traceHash(runScenario(scenarioOf(c), { maxEvents: MAX_EVENTS }).trace));
}
