/**
 * Every lesson validates, every step's scenario runs, and every claim a step makes about its run
 * holds on that run: a lesson whose statement stops being true (an engine change, an edited
 * preset) fails here, naming the lesson, the step and the sentence.
 */
import { describe, expect, it } from 'vitest';
import { DISPLAY_ROWS_MAX } from '../../src/worker/decimate.ts';
import { checkClaims, fillText, lessonPresets, questionTruth, stepValues } from '../../src/content/lessons/evaluate.ts';
import { LESSON_INPUTS, lessons, parseLesson } from '../../src/content/lessons/index.ts';
import { classify } from '../../src/content/lessons/sketch.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { getFigure } from '../../src/experiments/figures.ts';
import { lessonRuns } from '../harness/lessonRuns.ts';
import { readFileSync } from 'node:fs';
import { FACT_NAMES } from '../../src/content/lessons/facts.ts';

describe('lesson catalogue', () => {
  it.each(LESSON_INPUTS.map((l) => l.name))('%s validates', (name) => {
    const r = parseLesson(LESSON_INPUTS.find((l) => l.name === name));
    expect(r.ok ? '' : r.message).toBe('');
  });

  it('has at least ten lessons with distinct names, each resting on a source', () => {
    expect(lessons().length).toBeGreaterThanOrEqual(10);
    expect(new Set(lessons().map((l) => l.name)).size).toBe(lessons().length);
    for (const l of lessons()) for (const p of lessonPresets(l)) expect(getPreset(p), `${l.name}: ${p}`).toBeDefined();
  });

  it('docs/lessons.md lists every lesson and documents every fact', () => {
    const doc = readFileSync(new URL('../../docs/lessons.md', import.meta.url), 'utf8');
    for (const l of lessons()) expect(doc, l.name).toContain(`\`${l.name}\``);
    for (const f of FACT_NAMES) expect(doc, f).toContain(`| \`${f}\` |`);
  });

  it('every experiment a step points to exists', () => {
    for (const l of lessons()) for (const s of l.steps) if (s.experiment) expect(getFigure(s.experiment), `${l.name}: ${s.experiment}`).toBeDefined();
  });
});

describe.each(LESSON_INPUTS.map((l) => l.name))('lesson %s', (name) => {
  const lesson = lessons().find((l) => l.name === name)!;
  const runs = lessonRuns(lesson);

  it.each(lesson.steps.map((s, i) => [i + 1, s.title] as const))('step %i (%s): runs, fills its text, and its claims hold', (n) => {
    const i = n - 1;
    const step = lesson.steps[i];
    const stepRuns = runs[i];
    for (const r of stepRuns) {
      // the browser shows the same trace the test checks: no display decimation
      for (const [table, cols] of Object.entries(r.result.trace)) expect((Object.values(cols)[0] as Float64Array).length, `${table} rows`).toBeLessThan(DISPLAY_ROWS_MAX);
    }
    const values = stepValues(step, stepRuns, runs[i - 1] ?? []);
    const unmeasured = Object.entries(values).filter(([, v]) => 'error' in v).map(([k, v]) => `${k}: ${'error' in v ? v.error : ''}`);
    expect(unmeasured).toEqual([]);
    for (const text of [step.prompt, step.explanation, step.question?.text ?? '']) expect(fillText(text, step, values)).not.toContain('?}');
    const failed = checkClaims(step, values).filter((c) => !c.holds).map((c) => `"${c.claim.says}" — ${c.detail}`);
    expect(failed).toEqual([]);
    const q = step.question;
    if (q?.kind === 'choice' && q.answer) {
      const v = values[q.answer];
      expect('value' in v ? v.value : v.error, 'the run’s answer is the option the feedback was written for').toBe(q.expect);
    }
    if (q?.kind === 'number') {
      const v = values[q.answer!];
      expect(typeof ('value' in v ? v.value : v.error), 'the number question has a measured answer').toBe('number');
    }
    if (q?.kind === 'sketch') expect(classify(questionTruth(step, stepRuns)).shape, 'the run’s shape in the sketch span').toBe(q.expect);
  });
});
