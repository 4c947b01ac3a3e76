/**
 * An experiment: a base scenario (a preset or a scenario object), edits applied to it, one swept
 * axis (numeric values written into the scenario through `{x}` templates, or named cases each
 * with its own edits), the variants compared, the seeds, and the metrics recorded. Plain JSON,
 * validated here with every problem named by its field (`axis.values.2: …`), and expanded into
 * concrete runs (scenario + variant + seed), each a fully validated Scenario.
 *
 * Edits use the CLI's `--set` syntax (`path.1.forward.errors.0.per=0.01`, see src/scenario/set.ts),
 * so a sweep point is exactly `npm run sim -- --preset P --set …` with the same edits.
 */
import { z } from '../scenario/zod.ts';
import { Rng } from '../engine/core/rng.ts';
import { dexp, dlog } from '../engine/core/dmath.ts';
import { variantNames } from '../catalogue/variants.ts';
import { getPreset, presetNames } from '../content/presets/index.ts';
import type { Scenario } from '../scenario/schema.ts';
import { applySet, SetError } from '../scenario/set.ts';
import { closest, formatErrors, formatValue, isRecord, parseScenario } from '../scenario/validate.ts';
import { parseMetricRef } from './metrics.ts';

export const EXPERIMENT_VERSION = 1;
export const MAX_POINTS = 60;
export const MAX_SEEDS = 200;
export const MAX_VARIANTS = 8;
export const MAX_METRICS = 8;

const assignment = z.string().max(500).regex(/^[A-Za-z0-9_.[\]-]+=/, 'is not an edit — expected dotted.path=value, e.g. path.0.forward.rateBps=5e6');
const template = z.string().max(500).regex(/^[A-Za-z0-9_.[\]-]+=.*\{x\}/, 'is not a template — expected dotted.path=…{x}…, e.g. path.1.forward.errors.0.per={x}');
const seed = z.int().min(0).max(4294967295);

const metricRef = z
  .string()
  .max(80)
  .superRefine((ref, ctx) => {
    try {
      parseMetricRef(ref);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: (e as Error).message });
    }
  });

const variant = z
  .string()
  .max(64)
  .superRefine((v, ctx) => {
    const known = variantNames();
    if (!known.includes(v)) {
      const guess = closest(v, known);
      ctx.addIssue({ code: 'custom', message: `"${v}" is not a known variant — ${guess ? `did you mean "${guess}"? ` : ''}allowed: ${known.join(', ')}` });
    }
  });

const PointSchema = z.strictObject({
  /** Where the point sits on a numeric axis; omitted on a categorical one. */
  x: z.number().optional(),
  /** Name on the axis (defaults to the x value). */
  label: z.string().max(80).optional(),
  edits: z.array(assignment).max(64).default([]),
});

const AxisSchema = z
  .strictObject({
    label: z.string().min(1).max(120),
    unit: z.string().max(20).default(''),
    /** log suits PER; category places points side by side in order. */
    scale: z.enum(['linear', 'log', 'category']).default('linear'),
    /** Numeric sweep: these x values … */
    values: z.array(z.number()).min(1).max(MAX_POINTS).optional(),
    /** … or `count` values from `from` to `to`, evenly spaced on the axis's scale … */
    range: z.strictObject({ from: z.number(), to: z.number(), count: z.int().min(2).max(MAX_POINTS) }).optional(),
    /** … each written into the scenario through these templates ("{x}" is replaced by the value). */
    set: z.array(template).max(16).optional(),
    /** Or explicit points (a categorical axis: "case 1 … 9", each a set of edits). */
    points: z.array(PointSchema).min(1).max(MAX_POINTS).optional(),
  })
  .superRefine((a, ctx) => {
    const forms = [a.values, a.range, a.points].filter((f) => f !== undefined).length;
    if (forms !== 1) ctx.addIssue({ code: 'custom', message: 'needs exactly one of "values", "range" or "points"', path: [] });
    if ((a.values || a.range) && !a.set?.length) ctx.addIssue({ code: 'custom', message: 'needs "set": the templates that write x into the scenario', path: ['set'] });
    if (a.points && a.set) ctx.addIssue({ code: 'custom', message: 'is only for "values" or "range": explicit points carry their own edits', path: ['set'] });
    if (a.scale === 'log') {
      const xs = a.values ?? (a.range ? [a.range.from, a.range.to] : (a.points ?? []).map((p) => p.x ?? 1));
      xs.forEach((x, i) => {
        if (!(x > 0)) ctx.addIssue({ code: 'custom', message: `${formatValue(x)} cannot sit on a log axis — allowed: > 0`, path: [a.values ? 'values' : a.range ? 'range' : 'points', i] });
      });
    }
    if (a.points && a.scale !== 'category') {
      a.points.forEach((p, i) => {
        if (p.x === undefined) ctx.addIssue({ code: 'custom', message: 'missing — a point on a numeric axis needs its x (or set scale to "category")', path: ['points', i, 'x'] });
      });
    }
  });

export const ExperimentSchema = z.strictObject({
  version: z.literal(EXPERIMENT_VERSION).default(EXPERIMENT_VERSION),
  /** Stable kebab-case name: the CLI's `--experiment` and the URL use it. */
  id: z.string().max(64).regex(/^[a-z0-9][a-z0-9-]*$/, 'is not an id — lower-case letters, digits and "-"'),
  title: z.string().min(1).max(200),
  /** Where the figure comes from: paper and figure or table. */
  source: z.string().max(300).default(''),
  description: z.string().max(4000).default(''),
  base: z.union([z.strictObject({ preset: z.string().max(64) }), z.strictObject({ scenario: z.record(z.string(), z.unknown()) })]),
  /** Applied to the base for every run, before the axis edits. */
  edits: z.array(assignment).max(64).default([]),
  /**
   * Applied per seed, after everything else: `{uniform:LO:HI}` in the value is replaced by a number
   * drawn uniformly from [LO, HI) by the seed's own random stream (named after the edit's path), so
   * a scenario without a random element of its own (identical flows starting together) still
   * differs between seeds — e.g. `flows.0.startS={uniform:0:1}`.
   */
  seedEdits: z.array(z.string().max(500).regex(/^[A-Za-z0-9_.[\]-]+=.*\{uniform:-?[0-9.e]+:-?[0-9.e]+\}/, 'is not a seed edit — expected dotted.path=…{uniform:LO:HI}…, e.g. flows.0.startS={uniform:0:1}')).max(64).default([]),
  axis: AxisSchema,
  /** Compared variants: written into every flow (`every-flow`), or only used to pick flows (`as-scenario`, when the cases set the flows' variants). */
  variants: z.array(variant).min(1).max(MAX_VARIANTS),
  variantMode: z.enum(['every-flow', 'as-scenario']).default('every-flow'),
  /** Seeds, or `{ first, count }` for first, first + 1, …; every variant runs on the same seeds (common random numbers). */
  seeds: z.union([z.array(seed).min(1).max(MAX_SEEDS), z.strictObject({ first: seed.default(1), count: z.int().min(1).max(MAX_SEEDS) })]),
  /** Recorded for every run; the first is plotted unless the view picks another. */
  metrics: z.array(metricRef).min(1).max(MAX_METRICS),
  /** Keep adding seeds to a point until its 95 % CI half-width is below this % of its mean (null: never). */
  untilHalfWidthPct: z.number().min(0.1).max(100).nullable().default(null),
  /** …up to this many seeds in all. */
  maxSeeds: z.int().min(1).max(MAX_SEEDS).default(40),
});

export type ExperimentInput = z.input<typeof ExperimentSchema>;
export type Experiment = z.output<typeof ExperimentSchema>;

export interface SpecError {
  path: string;
  message: string;
}

export type SpecResult = { ok: true; experiment: Experiment } | { ok: false; errors: SpecError[] };

/** Validates an experiment; every problem named by its dotted field path. Never throws. */
export function parseExperiment(input: unknown): SpecResult {
  const r = ExperimentSchema.safeParse(input, { reportInput: true, error: (iss) => message(iss) });
  if (!r.success) {
    return {
      ok: false,
      errors: r.error.issues.flatMap((iss) =>
        iss.code === 'unrecognized_keys'
          ? iss.keys.map((k) => ({ path: [...iss.path, k].map(String).join('.'), message: 'unknown field' }))
          : [{ path: iss.path.map(String).join('.'), message: iss.code === 'invalid_format' ? `${formatValue(iss.input)} ${iss.message}` : iss.message }],
      ),
    };
  }
  // The base and every point must make valid scenarios: expand once to find out.
  const problems: SpecError[] = [];
  try {
    expandExperiment(r.data);
  } catch (e) {
    if (!(e instanceof ExpandError)) throw e;
    problems.push(...e.errors);
  }
  return problems.length > 0 ? { ok: false, errors: problems } : { ok: true, experiment: r.data };
}

export function formatSpecErrors(errors: readonly SpecError[]): string {
  return errors.map((e) => `${e.path || '(experiment)'}: ${e.message}`).join('\n');
}

type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

function message(iss: RawIssue): string | undefined {
  const value = formatValue(iss.input);
  switch (iss.code) {
    case 'too_small':
    case 'too_big': {
      const bound = 'minimum' in iss ? `at least ${String(iss.minimum)}` : 'maximum' in iss ? `at most ${String(iss.maximum)}` : '';
      if (iss.origin === 'array') return `has ${Array.isArray(iss.input) ? iss.input.length : '?'} items — allowed ${bound} items`;
      if (iss.origin === 'string') return `${value} is too ${iss.code === 'too_small' ? 'short' : 'long'} — allowed ${bound} characters`;
      return `${value} is out of range — allowed ${bound}`;
    }
    case 'invalid_type':
      if (iss.input === undefined) return `missing — required: ${iss.expected}`;
      return `${value} has the wrong type — expected ${iss.expected === 'int' ? 'a whole number' : iss.expected}`;
    case 'invalid_value':
      return `${value} is not allowed — allowed: ${iss.values.map(formatValue).join(', ')}`;
    case 'invalid_union':
      return `${value} matches none of the allowed forms — e.g. {"preset": "lp-uncorrelated"} or {"scenario": {…}}; seeds as [1, 2, 3] or {"first": 1, "count": 5}`;
    default:
      return undefined;
  }
}

/** One point of the swept axis. */
export interface AxisPoint {
  index: number;
  /** Position on a numeric axis; null on a categorical one. */
  x: number | null;
  label: string;
  edits: string[];
}

/**
 * One run of the sweep and the variants read from it: one variant when the sweep writes the
 * variant into every flow, all of them when the scenario's own flows mix variants.
 * `key` identifies the run across experiments: same scenario (seed included) → same run.
 */
export interface RunJob {
  point: number;
  seed: number;
  variants: string[];
  scenario: Scenario;
  key: string;
}

export class ExpandError extends Error {
  constructor(readonly errors: SpecError[]) {
    super(formatSpecErrors(errors));
    this.name = 'ExpandError';
  }
}

/** Shortest decimal that reads back as the same number (x values in edits and labels). */
const num = (x: number): string => String(Number(x.toPrecision(12)));

export function axisPoints(e: Experiment): AxisPoint[] {
  const a = e.axis;
  if (a.points) return a.points.map((p, index) => ({ index, x: a.scale === 'category' ? (p.x ?? null) : (p.x as number), label: p.label ?? (p.x !== undefined ? num(p.x) : `case ${index + 1}`), edits: p.edits }));
  let xs = a.values ?? [];
  if (a.range) {
    const { from, to, count } = a.range;
    xs = Array.from({ length: count }, (_, i) => {
      const f = i / (count - 1);
      // the engine's log/exp: these values feed the runs, so they must not differ between runtimes
      return a.scale === 'log' ? dexp(dlog(from) + f * (dlog(to) - dlog(from))) : from + f * (to - from);
    }).map((x) => Number(x.toPrecision(12)));
  }
  const unit = a.unit ? ` ${a.unit}` : '';
  return xs.map((x, index) => ({ index, x, label: `${num(x)}${unit}`, edits: (a.set ?? []).map((t) => t.split('{x}').join(num(x))) }));
}

export function seedList(e: Experiment): number[] {
  const s = e.seeds;
  return Array.isArray(s) ? [...s] : Array.from({ length: s.count }, (_, i) => s.first + i);
}

function baseInput(e: Experiment): unknown {
  if ('preset' in e.base) {
    const p = getPreset(e.base.preset);
    if (!p) {
      const guess = closest(e.base.preset, presetNames());
      throw new ExpandError([{ path: 'base.preset', message: `"${e.base.preset}" is not a preset — ${guess ? `did you mean "${guess}"? ` : ''}available: ${presetNames().join(', ')}` }]);
    }
    return p.scenario;
  }
  return e.base.scenario;
}

function applyAll(input: unknown, edits: readonly string[], where: string): { value: unknown; errors: SpecError[] } {
  let value = input;
  const errors: SpecError[] = [];
  for (const edit of edits) {
    try {
      value = applySet(value, edit);
    } catch (err) {
      if (!(err instanceof SetError)) throw err;
      errors.push({ path: where, message: err.message.replace(/^--set /, '') });
    }
  }
  return { value, errors };
}

/**
 * Every point's scenario for every variant (seed not yet applied), validated; throws ExpandError
 * listing each problem with the field it came from. Cached per experiment object.
 */
const pointScenarioCache = new WeakMap<Experiment, Scenario[][]>();
export function pointScenarios(e: Experiment): Scenario[][] {
  const hit = pointScenarioCache.get(e);
  if (hit) return hit;
  const errors: SpecError[] = [];
  const common = applyAll(baseInput(e), e.edits, 'edits');
  errors.push(...common.errors);
  const out = axisPoints(e).map((p) => {
    const where = e.axis.points ? `axis.points.${p.index}.edits` : 'axis.set';
    const edited = applyAll(common.value, p.edits, where);
    errors.push(...edited.errors);
    return e.variants.map((v) => {
      let input = edited.value;
      // as-scenario: every variant reads the same run (built once, from the first entry)
      if (e.variantMode === 'every-flow') {
        const n = isRecord(input) && Array.isArray(input.flows) ? input.flows.length : 0;
        input = applyAll(input, Array.from({ length: n }, (_, i) => `flows.${i}.variant=${JSON.stringify(v)}`), 'variants').value;
      }
      const parsed = parseScenario(input);
      if (!parsed.ok) {
        errors.push({ path: `${where} (point "${p.label}", ${v})`, message: `the scenario is invalid:\n${formatErrors(parsed.errors)}` });
        return null;
      }
      return parsed.scenario;
    });
  });
  if (errors.length > 0) throw new ExpandError(errors.slice(0, 20));
  const scenarios = out as Scenario[][];
  pointScenarioCache.set(e, scenarios);
  return scenarios;
}

/** Validates the whole expansion (throws ExpandError); seed edits are tried on the first seed. */
export function expandExperiment(e: Experiment): void {
  pointScenarios(e);
  if (e.seedEdits.length > 0) jobsFor(e, 0, seedList(e)[0]);
}

/** The runs of one point and seed: one per variant, or one for all (`as-scenario`). */
export function jobsFor(e: Experiment, point: number, seed: number): RunJob[] {
  const scenarios = pointScenarios(e)[point];
  const make = (scenario: Scenario, variants: string[]): RunJob => {
    const s = withSeed(e, scenario, seed);
    return { point, seed, variants, scenario: s, key: runKey(s) };
  };
  if (e.variantMode === 'as-scenario') return [make(scenarios[0], [...e.variants])];
  return e.variants.map((v, i) => make(scenarios[i], [v]));
}

const UNIFORM = /\{uniform:(-?[0-9.e]+):(-?[0-9.e]+)\}/g;

/** The edit with its `{uniform:LO:HI}` tokens drawn for this seed. */
export function resolveSeedEdit(edit: string, seed: number): string {
  const path = edit.slice(0, edit.indexOf('='));
  const stream = new Rng(seed).stream(`experiment:${path}`);
  return edit.replace(UNIFORM, (_m, lo: string, hi: string) => num(stream.uniform(Number(lo), Number(hi))));
}

/** The point's scenario for one seed: `seed` set and the seed edits drawn and applied (then validated again). */
function withSeed(e: Experiment, scenario: Scenario, seed: number): Scenario {
  if (e.seedEdits.length === 0) return { ...scenario, seed };
  const edited = applyAll({ ...scenario, seed }, e.seedEdits.map((x) => resolveSeedEdit(x, seed)), 'seedEdits');
  if (edited.errors.length > 0) throw new ExpandError(edited.errors);
  const parsed = parseScenario(edited.value);
  if (!parsed.ok) throw new ExpandError([{ path: 'seedEdits', message: `the scenario is invalid:\n${formatErrors(parsed.errors)}` }]);
  return parsed.scenario;
}

/** Identity of a run: a fingerprint of the full scenario, seed included. */
export function runKey(scenario: Scenario): string {
  return fnv(JSON.stringify(scenario));
}

function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0') + text.length.toString(16);
}
