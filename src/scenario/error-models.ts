/**
 * The error models a link direction can carry, one declaration each: its kind, its fields
 * (schema, defaults, ranges), its name and a line about it, how a timed change names it, and
 * the label and hint of each field for the controls. The scenario schema, the controls and the
 * list of timed changes read it here; the engine builds each kind from `ERROR_MODEL_FACTORIES`
 * (src/engine/net/loss.ts), a map the type checker makes cover every kind declared here.
 *
 * To add a model: a declaration in `ERROR_MODELS` below, its class and factory in loss.ts, and
 * its fields in docs/scenario.md (tests/scenarios/docs.test.ts asks for them).
 */
import { z } from './zod.ts';

/** How the controls show a field: plain data, so this floor needs nothing from the UI's. */
export interface ErrorFieldInfo {
  label: string;
  /** One sentence a student can act on. */
  hint: string;
  unit?: { label: string; factor: number };
  slider?: { min?: number; max?: number; scale?: 'log' | 'linear'; logMin?: number; step?: number };
  /** Starting value when a field without a default has to be filled in (a new error model). */
  suggest?: unknown;
}

interface ErrorModelDecl<S extends z.ZodObject> {
  schema: S;
  /** The name a menu shows: `Gilbert–Elliott`. */
  label: string;
  /** What it does in a few words, after its label in the kind's hint. */
  summary: string;
  /** The model alone in a timed change, in a few words: `Bernoulli errors 2 %`. */
  text: (m: z.output<S>) => string;
  /** Every field but `kind`; a field two models share has one description (`per`). */
  fields: Record<Exclude<keyof z.output<S>, 'kind'>, ErrorFieldInfo>;
}

/** Ties each declaration's `text` and `fields` to its own schema's type. */
const declare = <S extends z.ZodObject>(d: ErrorModelDecl<S>): ErrorModelDecl<S> => d;

const perSchema = z.number().min(0).max(1);
const sojournSSchema = z.number().min(0.0001).max(3600);

const S = { label: 's', factor: 1 };
/** Error probabilities span decades: 1e-4 … 0.1 must be reachable on one slider. */
const PROBABILITY_SLIDER = { scale: 'log', logMin: 1e-4, max: 1 } as const;
const PER: ErrorFieldInfo = { label: 'Packet error rate', hint: 'Probability that a packet is corrupted (0.01 = 1 in 100).', suggest: 0.01, slider: PROBABILITY_SLIDER };

/** A probability as a short percentage: `2 %`, `0.5 %`. */
export const percentText = (p: number): string => `${Number((p * 100).toPrecision(2))} %`;

export const ERROR_MODELS = {
  /** Each packet independently corrupted with probability `per` (cause `channel-error`). */
  bernoulli: declare({
    schema: z.strictObject({ kind: z.literal('bernoulli'), per: perSchema }),
    label: 'Bernoulli',
    summary: 'each packet lost independently',
    text: (m) => `Bernoulli errors ${percentText(m.per)}`,
    fields: { per: PER },
  }),
  /**
   * Gilbert–Elliott: a two-state continuous-time Markov channel with exponential sojourn times
   * and a packet error rate per state. With `badState: "off"` the bad state is a handoff/OFF
   * phase (losses counted as `handoff`).
   */
  'gilbert-elliott': declare({
    schema: z.strictObject({
      kind: z.literal('gilbert-elliott'),
      meanGoodS: sojournSSchema.default(1),
      meanBadS: sojournSSchema.default(0.05),
      perGood: perSchema.default(0),
      perBad: perSchema.default(1),
      badState: z.enum(['bad', 'off']).default('bad'),
      startState: z.enum(['good', 'bad']).default('good'),
    }),
    label: 'Gilbert–Elliott',
    summary: 'good and bad periods',
    text: (m) => (m.badState === 'off' ? 'handoffs' : `Gilbert–Elliott errors (bad ${percentText(m.perBad)})`),
    fields: {
      meanGoodS: { label: 'Mean good period', unit: S, hint: 'Average time the channel stays good.', slider: { scale: 'log', max: 100 } },
      meanBadS: { label: 'Mean bad period', unit: S, hint: 'Average time the channel stays bad.', slider: { scale: 'log', max: 100 } },
      perGood: { label: 'Error rate when good', hint: 'Packet error probability in the good state.', slider: PROBABILITY_SLIDER },
      perBad: { label: 'Error rate when bad', hint: 'Packet error probability in the bad state.', slider: PROBABILITY_SLIDER },
      badState: { label: 'Bad state means', hint: '"bad": a noisy channel; "off": a handoff, losses counted as handoff.' },
      startState: { label: 'Starts in', hint: 'Channel state at time 0.' },
    },
  }),
  /** A deterministic outage (handoff) from `atS` for `durationS`: packets lost with probability `per` (cause `handoff`). */
  blackout: declare({
    schema: z.strictObject({
      kind: z.literal('blackout'),
      atS: z.number().min(0).max(3600),
      durationS: z.number().min(0.000001).max(3600),
      per: perSchema.default(1),
    }),
    label: 'Blackout',
    summary: 'a handoff outage',
    text: (m) => `blackout at ${m.atS} s`,
    fields: {
      atS: { label: 'Outage start', unit: S, hint: 'When the blackout begins.', suggest: 10 },
      durationS: { label: 'Outage length', unit: S, hint: 'How long the blackout lasts.', suggest: 1, slider: { scale: 'log', logMin: 0.001, max: 100 } },
      per: PER,
    },
  }),
};

type Models = typeof ERROR_MODELS;
export type ErrorModelKind = keyof Models;
type SchemaOf<K extends ErrorModelKind> = Models[K]['schema'];

/** Every declared kind, in declaration order (the order the controls' kind menu shows). */
export const ERROR_MODEL_KINDS = Object.keys(ERROR_MODELS) as ErrorModelKind[];

const schemas = ERROR_MODEL_KINDS.map((k) => ERROR_MODELS[k].schema) as [SchemaOf<ErrorModelKind>, ...SchemaOf<ErrorModelKind>[]];

/** One error model; a direction's `errors` list composes them (a packet is lost if any model loses it). */
export const ErrorModelSchema = z.discriminatedUnion('kind', schemas);

export type ErrorModelSpec = z.output<typeof ErrorModelSchema>;
/** The validated fields of one kind of model. */
export type ErrorModelOf<K extends ErrorModelKind> = Extract<ErrorModelSpec, { kind: K }>;

/** A model in a few words, as the list of timed changes shows it. */
export function errorModelText(m: ErrorModelSpec): string {
  return (ERROR_MODELS[m.kind].text as (m: ErrorModelSpec) => string)(m);
}

/** The controls' description of every error-model field, `kind` included, by field name. */
export function errorFieldInfo(): Record<string, ErrorFieldInfo> {
  const out: Record<string, ErrorFieldInfo> = {
    kind: { label: 'Error model', hint: ERROR_MODEL_KINDS.map((k) => `${ERROR_MODELS[k].label}: ${ERROR_MODELS[k].summary}.`).join(' ') },
  };
  for (const k of ERROR_MODEL_KINDS) Object.assign(out, ERROR_MODELS[k].fields);
  return out;
}
