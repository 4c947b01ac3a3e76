/**
 * The lesson format: plain data, one file per lesson in this folder, validated here with the
 * scenario format's wording (named fields, allowed values). Documented in docs/lessons.md.
 *
 * A lesson is a title, an audience level, the sources it rests on and steps. A step sets a
 * scenario — a preset plus `set` edits in the CLI's dotted-path form, or the previous step's
 * scenario plus edits — the variants run side by side, the panels shown, where the playhead
 * starts and stops, what is hidden, a prompt, an optional question and an explanation. Numbers
 * in the text are never typed: `{name}` placeholders are filled from `values`, facts measured on
 * the run (./facts.ts); `claims` state what the lesson says about the run, and the lesson test
 * checks each one against the run.
 */
import { z } from '../../scenario/zod.ts';
import { FACT_NAMES, FACTS } from './facts.ts';
import { PROBE_EVENTS } from '../../engine/tables/probe.ts';
import { WAVE_DECISIONS } from '../../engine/tables/wave.ts';
import { variantNames } from '../../catalogue/variants.ts';
import { PANEL_IDS } from '../../catalogue/panels.ts';

const nameSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,47}$/, 'is not a lesson or value name — lower-case letters, digits and "-"');
const valueNameSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, 'is not a value name — letters and digits, starting with a letter');
const textSchema = z.string().min(1).max(1200);
const timeSchema = z.number().min(0).max(3600);

/** Panels a lesson may show: every panel in the catalogue. */
export const LESSON_PANELS = PANEL_IDS;
export const LessonPanelSchema = z.enum(LESSON_PANELS);

const variantSchema = z.string().superRefine((v, ctx) => {
  if (!variantNames().includes(v)) ctx.addIssue({ code: 'custom', input: v, message: `is not a known variant — allowed: ${variantNames().join(', ')}` });
});

/** One fact measured on the run; its arguments are checked against the fact's own list. */
export const FactCallSchema = z
  .strictObject({
    fact: z.enum(FACT_NAMES as [string, ...string[]]),
    run: variantSchema.optional(),
    flow: z.int().min(0).max(63).optional(),
    fromS: timeSchema.optional(),
    toS: timeSchema.optional(),
    atS: timeSchema.optional(),
    link: z.string().max(80).optional(),
    cause: z.enum(['congestion', 'wireless', 'any']).optional(),
    kind: z.enum(['fast-retransmit', 'timeout', 'any']).optional(),
    decision: z.enum(WAVE_DECISIONS).optional(),
    probeEvent: z.enum(PROBE_EVENTS).optional(),
    key: z.string().max(40).optional(),
    of: z.enum(FACT_NAMES as [string, ...string[]]).optional(),
    pick: z.enum(['min', 'max']).optional(),
    withinS: z.number().min(0).max(3600).optional(),
    gapS: z.number().min(0).max(3600).optional(),
    minSize: z.int().min(1).max(1000).optional(),
    /** Measured on the previous step's runs. */
    step: z.literal('previous').optional(),
  })
  .superRefine((c, ctx) => {
    const allowed = FACTS[c.fact]?.args ?? [];
    for (const key of Object.keys(c)) {
      if (key !== 'fact' && key !== 'step' && !(allowed as readonly string[]).includes(key)) {
        ctx.addIssue({ code: 'custom', path: [key], input: (c as Record<string, unknown>)[key], message: `is not an argument of fact "${c.fact}" — allowed: ${allowed.join(', ')}` });
      }
    }
  });

/** A statement about the run: `value op than` (than: a number, another value times `scale`, or `{ text }` for a name). */
export const ClaimSchema = z.strictObject({
  /** The sentence the lesson says, as a student would read it. */
  says: textSchema,
  value: valueNameSchema,
  op: z.enum(['<', '<=', '>', '>=', '==', '!=', 'within']),
  than: z.union([z.number(), valueNameSchema, z.strictObject({ text: z.string().min(1).max(60) })]),
  /** Multiplies `than` (e.g. 0.5: "ssthresh is half the window before the loss"). */
  scale: z.number().min(-1e6).max(1e6).default(1),
  /** For `within`: the allowed absolute difference. */
  tolerance: z.number().min(0).max(1e9).default(0),
});

const ScenarioRefSchema = z.union([
  z.strictObject({
    /** The preset the step starts from. */
    preset: nameSchema,
    /** Edits as `dotted.path=value` (the CLI's --set), applied in order. */
    set: z.array(z.string().min(3).max(400)).max(24).default([]),
  }),
  z.strictObject({
    /** The previous step's scenario, edited. */
    previous: z.literal(true),
    set: z.array(z.string().min(3).max(400)).max(24).default([]),
  }),
]);

const OptionSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'is not an option id — lower-case letters, digits and "-"'),
  label: z.string().min(1).max(200),
  /** Shown when this option is chosen (placeholders allowed). */
  feedback: z.string().max(600).default(''),
});

export const QuestionSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('choice'),
    text: textSchema,
    options: z.array(OptionSchema).min(2).max(6),
    /**
     * The value (a `best` fact, or any name-valued fact) whose run-measured result is the right
     * option's id; omitted for a question about the idea rather than the run (then `expect` is right).
     */
    answer: valueNameSchema.optional(),
    /** The option the author expects: the test fails when the run disagrees (the feedback was written for it). */
    expect: z.string().max(40),
  }),
  z.strictObject({
    kind: z.literal('number'),
    text: textSchema,
    /** The value the answer is compared with. */
    answer: valueNameSchema,
    unit: z.string().max(20),
    /** Accepted if |answer − value| ≤ max(abs, rel·|value|). */
    tolerance: z.strictObject({ abs: z.number().min(0).max(1e9).default(0), rel: z.number().min(0).max(1).default(0) }),
  }),
  z.strictObject({
    kind: z.literal('sketch'),
    text: textSchema,
    series: z.enum(['cwnd', 'queue']),
    run: variantSchema.optional(),
    flow: z.int().min(0).max(63).default(0),
    /** The time span the student draws over; before it the chart shows the run. */
    fromS: timeSchema,
    toS: timeSchema,
    /** What the run does in the span (the test checks it; the feedback is written for it). */
    expect: z.enum(['halving', 'collapse', 'mild-cut', 'no-cut']),
  }),
]);

export const StepSchema = z
  .strictObject({
    title: z.string().min(1).max(120),
    scenario: ScenarioRefSchema,
    /** Variants run side by side (the app's compare mode); [] = the scenario's own flows. */
    compare: z.array(variantSchema).max(6).default([]),
    panels: z.array(LessonPanelSchema).min(1).max(4),
    playhead: z
      .strictObject({
        startS: timeSchema.default(0),
        stopS: timeSchema.nullable().default(null),
        /**
         * A value of the step (a time in seconds, e.g. `firstEventS`) where playing pauses, for a
         * step that plays "to" an event: the event's time measured on the run on stage, so the
         * pause is at the event even when the student's run differs. stopS still sets the view.
         */
        stopAt: valueNameSchema.optional(),
      })
      .default({ startS: 0, stopS: null }),
    /**
     * What is hidden: `future` — what lies ahead of the playhead (the stage's reveal);
     * `truth` — the sender's view: only what a real sender can measure.
     */
    hide: z.array(z.enum(['future', 'truth'])).max(2).default([]),
    prompt: textSchema,
    question: QuestionSchema.optional(),
    explanation: textSchema,
    values: z.record(valueNameSchema, FactCallSchema).default({}),
    /** A figure preset of the experiments view that sweeps what the step shows (its id). */
    experiment: z.string().regex(/^[a-z0-9-]{1,40}$/, 'is not a figure id').optional(),
    claims: z.array(ClaimSchema).max(16).default([]),
  })
  .superRefine((s, ctx) => {
    const defined = new Set(Object.keys(s.values));
    const need = (name: string, path: (string | number)[]): void => {
      if (!defined.has(name)) ctx.addIssue({ code: 'custom', path, input: name, message: `is not a value of this step — defined: ${[...defined].join(', ') || 'none'}` });
    };
    const texts: [string, (string | number)[]][] = [
      [s.prompt, ['prompt']],
      [s.explanation, ['explanation']],
    ];
    if (s.question) {
      texts.push([s.question.text, ['question', 'text']]);
      if (s.question.kind === 'choice') s.question.options.forEach((o, i) => texts.push([o.feedback, ['question', 'options', i, 'feedback']]));
    }
    for (const [text, path] of texts) for (const name of placeholders(text)) need(name, path);
    s.claims.forEach((c, i) => {
      need(c.value, ['claims', i, 'value']);
      if (typeof c.than === 'string') need(c.than, ['claims', i, 'than']);
    });
    const q = s.question;
    if (q && (q.kind === 'choice' || q.kind === 'number') && q.answer !== undefined) need(q.answer, ['question', 'answer']);
    if (q?.kind === 'choice' && !q.options.some((o) => o.id === q.expect)) {
      ctx.addIssue({ code: 'custom', path: ['question', 'expect'], input: q.expect, message: `is not an option id — allowed: ${q.options.map((o) => o.id).join(', ')}` });
    }
    if (q?.kind === 'sketch' && q.toS <= q.fromS) ctx.addIssue({ code: 'custom', path: ['question', 'toS'], input: q.toS, message: `is not after fromS (${q.fromS})` });
    if (s.playhead.stopAt !== undefined) need(s.playhead.stopAt, ['playhead', 'stopAt']);
    if (s.playhead.stopS !== null && s.playhead.stopS <= s.playhead.startS) {
      ctx.addIssue({ code: 'custom', path: ['playhead', 'stopS'], input: s.playhead.stopS, message: `is not after startS (${s.playhead.startS})` });
    }
  });

export const SourceSchema = z.strictObject({
  /** Author, title, venue — or the RFC. */
  cite: z.string().min(1).max(300),
  /** Section, table or figure the lesson rests on. */
  where: z.string().max(200).default(''),
});

export const LessonSchema = z
  .strictObject({
    name: nameSchema,
    title: z.string().min(1).max(120),
    level: z.enum(['first course', 'second course', 'graduate']),
    /** One line for the lesson list. */
    summary: z.string().min(1).max(300),
    sources: z.array(SourceSchema).min(1).max(8),
    steps: z.array(StepSchema).min(1).max(12),
  })
  .superRefine((l, ctx) => {
    if ('previous' in l.steps[0].scenario) ctx.addIssue({ code: 'custom', path: ['steps', 0, 'scenario', 'previous'], input: true, message: 'has no previous step to edit — the first step starts from a preset' });
  });

export type Lesson = z.output<typeof LessonSchema>;
export type LessonInput = z.input<typeof LessonSchema>;
export type LessonStep = z.output<typeof StepSchema>;
export type Question = z.output<typeof QuestionSchema>;
export type Claim = z.output<typeof ClaimSchema>;

/** `{name}` and `{name:1}` placeholders of a text, names only. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

export const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)(?::(\d))?\}/g;
