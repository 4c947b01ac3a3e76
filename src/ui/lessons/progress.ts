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
  /** For the hand-in record (handIn.ts): the question as shown, the answer given, what the run said, the feedback shown, the runs' fingerprints. */
  question?: string;
  answer?: string;
  runSays?: string;
  feedback?: string[];
  fingerprints?: string[];
  edited?: boolean;
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
    storage()?.removeItem(PLACE_KEY);
  } catch {
    // see recordStep
  }
  return {};
}

/** Steps done in a lesson. */
export function stepsDone(p: Progress, lesson: string): number {
  return Object.keys(p[lesson] ?? {}).length;
}

/** Where each lesson was left (0-based step), so that coming back resumes there. */
export const PLACE_KEY = 'tcplab.lessons.place.v1';

export function placesLeft(): Record<string, number> {
  try {
    const raw = storage()?.getItem(PLACE_KEY);
    const v: unknown = raw ? JSON.parse(raw) : {};
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v).filter(([, n]) => Number.isInteger(n) && (n as number) >= 0)) as Record<string, number>;
  } catch {
    return {};
  }
}

export function rememberPlace(lesson: string, step: number): void {
  try {
    storage()?.setItem(PLACE_KEY, JSON.stringify({ ...placesLeft(), [lesson]: step }));
  } catch {
    // see recordStep
  }
}

/** Forgets one lesson's answers and place: "Start over". */
export function forgetLesson(lesson: string): Progress {
  const p = loadProgress();
  delete p[lesson];
  const places = placesLeft();
  delete places[lesson];
  try {
    storage()?.setItem(PROGRESS_KEY, JSON.stringify(p));
    storage()?.setItem(PLACE_KEY, JSON.stringify(places));
  } catch {
    // see recordStep
  }
  return p;
}

export type LessonStatus = 'new' | 'in progress' | 'done';

/** A lesson is done when every step is recorded; in progress when some step is or it was left at a later step. */
export function lessonStatus(p: Progress, lesson: string, steps: number, place?: number): LessonStatus {
  const done = stepsDone(p, lesson);
  if (done >= steps) return 'done';
  return done > 0 || (place ?? 0) > 0 ? 'in progress' : 'new';
}
