/**
 * What a lesson step puts on screen, as the app's own state: the step's scenario and a view
 * with its panels (also the presenter's), its compared variants and the sender's view when the
 * step hides the truth. Pure, so the link, the keys and the buttons all land on the same state.
 */
import { stepScenarios } from '../../content/lessons/evaluate.ts';
import { getLesson, lessonNames } from '../../content/lessons/index.ts';
import type { Lesson, LessonStep } from '../../content/lessons/schema.ts';
import type { Scenario } from '../../scenario/schema.ts';
import type { RunSet } from '../state/runSet.ts';
import type { SharedState } from '../state/url.ts';
import type { ViewState } from '../state/view.ts';
import { MAX_PRESENT } from '../state/viewLimits.ts';
import { evalFact, FactError, factUnit, type LessonRun } from '../../content/lessons/facts.ts';
import type { Masked } from '../state/answerMask.ts';
import { decodeLessonHash, type LessonRoute } from './route.ts';

const scenarioCache = new Map<string, Scenario[]>();

export function lessonScenarios(lesson: Lesson): Scenario[] {
  let s = scenarioCache.get(lesson.name);
  if (!s) {
    s = stepScenarios(lesson);
    scenarioCache.set(lesson.name, s);
  }
  return s;
}

export function stepView(step: LessonStep, view: ViewState): ViewState {
  return {
    ...view,
    panels: [...step.panels],
    present: step.panels.slice(0, MAX_PRESENT),
    compare: [...step.compare],
    // the chart opens on the span the step plays
    windowS: step.playhead.stopS !== null ? [step.playhead.startS, step.playhead.stopS] : null,
    senderView: step.hide.includes('truth'),
    // what lies ahead of the playhead stays hidden (the reveal), or is shown faded when the step does not hide it
    showAhead: !step.hide.includes('future'),
  };
}

export function stepState(lesson: Lesson, index: number, view: ViewState): SharedState {
  return { scenario: lessonScenarios(lesson)[index], view: stepView(lesson.steps[index], view) };
}

/** The route in a `lesson=` hash against the catalogue (see route.ts). */
export function readLessonHash(hash: string): { route: LessonRoute | null; problems: string[] } {
  const r = decodeLessonHash(hash, lessonNames(), (name) => getLesson(name)?.steps.length ?? 1);
  if ('unknown' in r) return { route: null, problems: r.problems };
  return { route: r, problems: r.problems };
}

/** A run set as the lesson facts read it. */
export function lessonRunsOf(set: RunSet): LessonRun[] {
  return set.runs.map((r) => ({ variant: r.variant, scenario: r.scenario, result: r.result, endS: r.result.endS }));
}

/**
 * Where playing pauses in a step: the time of the event it plays "to" (`playhead.stopAt`, a value
 * in seconds measured on these runs), else its stopS; stopS too when the event cannot be measured
 * on the runs (a student's edited scenario without it).
 */
export function stepStopS(step: LessonStep, runs: readonly LessonRun[]): number | null {
  const at = step.playhead.stopAt;
  if (at === undefined) return step.playhead.stopS;
  try {
    const v = evalFact(runs, step.values[at]);
    return typeof v === 'number' && Number.isFinite(v) && v > step.playhead.startS ? v : step.playhead.stopS;
  } catch (e) {
    if (e instanceof FactError) return step.playhead.stopS;
    throw e;
  }
}

/**
 * What a step's question asks for, kept out of the charts until it is answered: a number
 * question about ssthresh hides ssthresh and the window, one about the window hides the window's read-out.
 */
export function askedQuantities(step: LessonStep): Masked[] {
  const q = step.question;
  if (q?.kind !== 'number' || !q.answer) return [];
  const fact = step.values[q.answer].fact;
  if (factUnit(fact) !== 'segments') return [];
  // right after a loss event the window the chart draws is set to the new ssthresh, so its
  // number would give that answer away too
  return fact.startsWith('ssthresh') ? ['ssthresh', 'window'] : ['window'];
}
