/**
 * Lesson progress, kept in this browser only (localStorage, no network): which steps a student
 * has finished and how each answer went. Storage may be absent or full (private windows, embeds
 * in a sandbox): then progress simply is not remembered.
 */
export interface StepRecord {
  /** The question was answered correctly (or the sketch scored at least 60); true for steps without one. */
  correct: boolean;
  /** The sketch's score, when the step asked for one. */
  score?: number;
}

export type Progress = Record<string, Record<number, StepRecord>>;

export const PROGRESS_KEY = 'tcplab.lessons.v1';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function loadProgress(): Progress {
  try {
    const raw = storage()?.getItem(PROGRESS_KEY);
    const v: unknown = raw ? JSON.parse(raw) : {};
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Progress) : {};
  } catch {
    return {};
  }
}

export function recordStep(lesson: string, step: number, record: StepRecord): Progress {
  const p = loadProgress();
  p[lesson] = { ...p[lesson], [step]: record };
  try {
    storage()?.setItem(PROGRESS_KEY, JSON.stringify(p));
  } catch {
    // full or forbidden: progress is a convenience
  }
  return p;
}

export function resetProgress(): Progress {
  try {
    storage()?.removeItem(PROGRESS_KEY);
  } catch {
    // see recordStep
  }
  return {};
}

/** Steps done in a lesson. */
export function stepsDone(p: Progress, lesson: string): number {
  return Object.keys(p[lesson] ?? {}).length;
}
