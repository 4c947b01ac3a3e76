/**
 * The record a student hands in at the end of a lesson: per step what was asked, what they
 * answered, what the run said, whether it was right (the sketch's score) and the fingerprints of
 * the runs it was measured on, with the lesson's version — enough to mark it without the app.
 * Built from the progress kept in this browser (progress.ts), so it survives a reload. The
 * format is documented in docs/lessons.md ("The hand-in record").
 */
import type { Lesson } from '../../content/lessons/schema.ts';
import type { Progress } from './progress.ts';
import { checksum } from './route.ts';

export const HAND_IN_FORMAT = 'tcplab-lesson-record/1';

export interface HandInStep {
  /** 1-based, as the card shows it. */
  step: number;
  title: string;
  kind: 'choice' | 'number' | 'sketch' | 'none';
  question: string;
  /** What the student answered: the option's label, the number with its unit, or "sketch"; null when not answered. */
  answer: string | null;
  /** What the run said: the right option, the measured number, the run's shape. */
  runSays: string | null;
  correct: boolean | null;
  /** 0 … 100 for a sketch, null otherwise. */
  score: number | null;
  /** The feedback the student was shown. */
  feedback: string[];
  /** The trace fingerprints of the runs the answer was checked on (same scenario and seed: same fingerprint on any machine). */
  fingerprints: string[];
  /** The student had changed the step's scenario: the numbers are from their run. */
  edited: boolean;
}

export interface HandInRecord {
  format: typeof HAND_IN_FORMAT;
  lesson: string;
  title: string;
  /** The lesson's name and a checksum of its definition: a changed lesson has another version. */
  lessonVersion: string;
  /** ISO 8601, the student's clock. */
  createdAt: string;
  steps: HandInStep[];
  /** Steps answered, answered right, and in the lesson. */
  answered: number;
  right: number;
  of: number;
}

export function lessonVersion(lesson: Lesson): string {
  return `${lesson.name}@${checksum(JSON.stringify(lesson))}`;
}

export function handInRecord(lesson: Lesson, progress: Progress, createdAt: string): HandInRecord {
  const done = progress[lesson.name] ?? {};
  const steps = lesson.steps.map((s, i): HandInStep => {
    const r = done[i];
    return {
      step: i + 1,
      title: s.title,
      kind: s.question?.kind ?? 'none',
      question: r?.question ?? s.question?.text ?? '',
      answer: r?.answer ?? null,
      runSays: r?.runSays ?? null,
      correct: r ? r.correct : null,
      score: r?.score ?? null,
      feedback: r?.feedback ?? [],
      fingerprints: r?.fingerprints ?? [],
      edited: r?.edited ?? false,
    };
  });
  const asked = steps.filter((s) => s.kind !== 'none');
  return {
    format: HAND_IN_FORMAT,
    lesson: lesson.name,
    title: lesson.title,
    lessonVersion: lessonVersion(lesson),
    createdAt,
    steps,
    answered: asked.filter((s) => s.answer !== null).length,
    right: asked.filter((s) => s.correct === true).length,
    of: asked.length,
  };
}

export const HAND_IN_CSV_COLUMNS = ['lesson', 'lesson_version', 'created_at', 'step', 'title', 'kind', 'question', 'answer', 'run_says', 'correct', 'score', 'feedback', 'fingerprints', 'edited'] as const;

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function csvField(v: string | number | boolean | null): string {
  const text = v === null ? '' : String(v);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row per step; lists (feedback, fingerprints) joined with " | ". */
export function handInCsv(r: HandInRecord): string {
  const rows = r.steps.map((s) =>
    [r.lesson, r.lessonVersion, r.createdAt, s.step, s.title, s.kind, s.question, s.answer, s.runSays, s.correct, s.score, s.feedback.join(' | '), s.fingerprints.join(' | '), s.edited].map(csvField).join(','),
  );
  return `${[HAND_IN_CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
