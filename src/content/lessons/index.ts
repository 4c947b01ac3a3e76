/**
 * The lesson catalogue, in the order a course meets them. Each lesson is a file of plain data
 * (./schema.ts); they are validated here, once, on first use — a lesson with a bad field is a
 * LessonError naming the lesson and the field, caught by the lesson test before it ships.
 */
import { formatErrors, parseWith } from '../../scenario/validate.ts';
import { LessonError } from './evaluate.ts';
import { LessonSchema, type Lesson, type LessonInput } from './schema.ts';
import { slowStart } from './slow-start.ts';
import { fastRecovery } from './fast-recovery.ts';
import { timeouts } from './timeouts.ts';
import { bufferbloat } from './bufferbloat.ts';
import { bufferbloatCures } from './bufferbloat-cures.ts';
import { fairness } from './fairness.ts';
import { randomLoss } from './random-loss.ts';
import { lossDifferentiation } from './loss-differentiation.ts';
import { tcpReal } from './tcp-real.ts';
import { tcpProbing } from './tcp-probing.ts';
import { threeG } from './three-g.ts';
import { newJersey } from './new-jersey.ts';

export const LESSON_INPUTS: readonly LessonInput[] = [slowStart, fastRecovery, timeouts, bufferbloat, bufferbloatCures, fairness, randomLoss, lossDifferentiation, tcpReal, tcpProbing, threeG, newJersey];

export function parseLesson(input: unknown): { ok: true; lesson: Lesson } | { ok: false; message: string } {
  const r = parseWith(LessonSchema, input);
  return r.ok ? { ok: true, lesson: r.value } : { ok: false, message: formatErrors(r.errors) };
}

let cache: Lesson[] | null = null;

/** Every lesson, validated (throws LessonError naming the lesson and field if one is invalid). */
export function lessons(): readonly Lesson[] {
  if (!cache) {
    cache = LESSON_INPUTS.map((input) => {
      const r = parseLesson(input);
      if (!r.ok) throw new LessonError(`lesson "${input.name}":\n${r.message}`);
      return r.lesson;
    });
  }
  return cache;
}

export function getLesson(name: string): Lesson | undefined {
  return lessons().find((l) => l.name === name);
}

export function lessonNames(): string[] {
  return LESSON_INPUTS.map((l) => l.name);
}
