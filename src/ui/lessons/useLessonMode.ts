/**
 * The app in a lesson: which lesson and step are open (from `#lesson=…`), the step's scenario
 * and view put on the stage, the playhead placed at the step's start and stopped at its stop,
 * the instructor's lock enforced on every scenario change, and PageUp / PageDown moving between
 * steps.
 *
 * Key precedence (documented in docs/lessons.md): in a lesson, PageUp / PageDown belong to the
 * lesson — previous / next step — whatever the stage would do with them (congestion-event
 * stepping outside a lesson); ← / → and every other stage key keep their meaning. The lesson's
 * listener runs in the capture phase and cancels the key it used, and the stage's listener
 * ignores cancelled keys; it honours the same "a field keeps its keys" rule (state/keys.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Lesson } from '../../content/lessons/schema.ts';
import type { LessonRun } from '../../content/lessons/facts.ts';
import type { Scenario } from '../../scenario/schema.ts';
import type { SimPool } from '../../worker/pool.ts';
import { keyCommand } from '../state/keys.ts';
import type { PlaybackAction, PlaybackState } from '../state/playback.ts';
import { runJobs, type RunSet } from '../state/runSet.ts';
import type { Store } from '../state/store.ts';
import type { SharedState } from '../state/url.ts';
import { buildRunSet } from '../state/runSet.ts';
import type { Lock, LessonRoute } from './route.ts';
import { checks } from '../state/late.ts';
import { rememberPlace } from './progress.ts';

export interface LessonMode {
  lesson: Lesson;
  step: number;
  lock: Lock | null;
  /** The question of this step was answered (or it has none): panels that would give it away are shown. */
  answered: boolean;
  setAnswered: (on: boolean) => void;
  goTo: (step: number) => void;
  /** Back to step 1 with every question open again (the progress is forgotten by the caller). */
  restart: () => void;
  /** Counts restarts: a question keyed on it opens afresh even on the step it was answered on. */
  restarts: number;
  leave: () => void;
  /** The previous step's runs, for values measured there; null until known. */
  previousRuns: LessonRun[] | null;
  /** The stage shows an edited scenario: numbers are from the student's run, the text was written for the lesson's. */
  edited: boolean;
  /**
   * The run set on the stage is the run of the scenario on the stage. Right after a step or a
   * link changes the scenario, the previous step's set is still drawn until the new runs are
   * in: measuring the new step's facts on it would read flows and runs it does not have.
   */
  current: boolean;
}

interface Args {
  route: LessonRoute | null;
  setRoute: (r: LessonRoute | null) => void;
  shared: SharedState | null;
  setShared: (s: SharedState) => void;
  set: RunSet | null;
  running: boolean;
  playback: Store<PlaybackState>;
  dispatch: (a: PlaybackAction) => void;
  pool: () => SimPool;
  onProblems: (lines: string[]) => void;
}

/**
 * Panels that would show a step's answer before it is given: for a sketch, every panel of the
 * step (the sketch stands in for them until the reveal); otherwise the metrics table.
 */
export function answerPanels(lesson: Lesson, step: number): string[] {
  const s = lesson.steps[step];
  if (!s.question) return [];
  if (s.question.kind === 'sketch') return [...s.panels];
  return ['metrics'];
}

export function useLessonMode({ route, setRoute, shared, setShared, set, running, playback, dispatch, pool, onProblems }: Args): LessonMode | null {
  // a lesson route comes from a link (the checks load before the first render) or from the
  // Lessons menu (which loads them itself): with a route, the checks are in
  const late = route ? checks() : null;
  const lesson = late && route ? (late.getLesson(route.name) ?? null) : null;
  const step = route?.step ?? 0;
  const [answered, setAnswered] = useState(false);
  const [previous, setPrevious] = useState<{ key: string; runs: LessonRun[] } | null>(null);
  const placed = useRef<string | null>(null);
  const stepKey = lesson ? `${lesson.name}/${step}` : null;

  const goTo = useCallback(
    (i: number) => {
      if (!lesson || !route || i < 0 || i >= lesson.steps.length) return;
      // the step being left becomes "previous" for values measured there
      if (set && i === step + 1) setPrevious({ key: `${lesson.name}/${step}`, runs: checks().lessonRunsOf(set) });
      setRoute({ ...route, step: i, problems: [] });
    },
    [lesson, route, set, step, setRoute],
  );

  // a new step: its scenario and view on the stage, the question open again
  useEffect(() => {
    if (!lesson || !shared) return;
    setShared(checks().stepState(lesson, step, shared.view));
    setAnswered(!lesson.steps[step].question);
    placed.current = null;
    // coming back to this lesson later resumes here
    rememberPlace(lesson.name, step);
  }, [stepKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const current = !!set && !running && !!shared && sameRuns(set, shared);

  // once the step's run is in, the playhead goes to the step's start
  useEffect(() => {
    if (!lesson || !set || !current || placed.current === stepKey) return;
    placed.current = stepKey;
    dispatch({ type: 'pause' });
    dispatch({ type: 'seek', tS: lesson.steps[step].playhead.startS });
  }, [set, current, stepKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // playing across the step's stop pauses there: at the measured event for a step that plays
  // "to" one (playhead.stopAt), else at stopS
  const stopS = lesson && set && current ? checks().stepStopS(lesson.steps[step], checks().lessonRunsOf(set)) : lesson ? lesson.steps[step].playhead.stopS : null;
  useEffect(() => {
    if (!lesson) return;
    if (stopS === null) return;
    let last = playback.get().tS;
    return playback.subscribe(() => {
      const s = playback.get();
      if (s.playing && last < stopS && s.tS >= stopS) {
        dispatch({ type: 'pause' });
        dispatch({ type: 'seek', tS: stopS });
      }
      last = s.tS;
    });
  }, [stepKey, stopS, playback, dispatch]); // eslint-disable-line react-hooks/exhaustive-deps

  // PageUp / PageDown: steps win over the stage's event stepping (see the header)
  useEffect(() => {
    if (!lesson) return;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'PageUp' && e.key !== 'PageDown') return;
      if (e.defaultPrevented || document.querySelector('dialog[open]')) return;
      const target = e.target as HTMLElement | null;
      const cmd = keyCommand({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, targetTag: target?.tagName, targetType: target?.getAttribute?.('type') ?? undefined, targetEditable: target?.isContentEditable, inForm: !!target?.closest?.('.drawer') });
      if (!cmd) return;
      e.preventDefault();
      goTo(step + (e.key === 'PageDown' ? 1 : -1));
    };
    addEventListener('keydown', onKey, true);
    return () => removeEventListener('keydown', onKey, true);
  }, [lesson, step, goTo]);

  // values measured on the previous step: run it once the stage is idle, if it was not seen
  const needsPrevious = !!lesson && step > 0 && Object.values(lesson.steps[step].values).some((v) => v.step === 'previous');
  const prevKey = lesson ? `${lesson.name}/${step - 1}` : '';
  useEffect(() => {
    if (!lesson || !needsPrevious || running || !set || previous?.key === prevKey) return;
    const jobs = runJobs(checks().lessonScenarios(lesson)[step - 1], lesson.steps[step - 1].compare);
    let live = true;
    pool()
      .runAll(jobs.map((j) => ({ scenario: j.scenario, opts: {} })))
      .then((results) => {
        if (live) setPrevious({ key: prevKey, runs: checks().lessonRunsOf(buildRunSet(jobs, results, 0)) });
      })
      .catch(() => undefined); // superseded by the student's next change: tried again when idle
    return () => {
      live = false;
    };
  }, [needsPrevious, running, set, prevKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const leave = useCallback(() => setRoute(null), [setRoute]);
  const [restarts, setRestarts] = useState(0);
  const restart = useCallback(() => {
    if (!lesson || !route) return;
    setRestarts((n) => n + 1);
    if (lesson.steps[0].question) setAnswered(false);
    setRoute({ ...route, step: 0, problems: [] });
  }, [lesson, route, setRoute]);

  useEffect(() => {
    if (route && route.problems.length > 0) onProblems(route.problems);
  }, [route]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!lesson || !route) return null;
  const own = runJobs(checks().lessonScenarios(lesson)[step], lesson.steps[step].compare).map((j) => JSON.stringify(j.scenario));
  const edited = current && !!set && JSON.stringify(set.runs.map((r) => JSON.stringify(r.scenario))) !== JSON.stringify(own);
  return { lesson, step, lock: route.lock, answered, setAnswered, goTo, restart, restarts, leave, previousRuns: previous?.key === prevKey ? previous.runs : null, edited, current };
}

/** The set's runs are the runs of `shared`'s scenario and compared variants (see LessonMode.current). */
function sameRuns(set: RunSet, shared: SharedState): boolean {
  const jobs = runJobs(shared.scenario, shared.view.compare);
  return set.runs.length === jobs.length && set.runs.every((r, i) => r.key === jobs[i].key && (r.scenario === jobs[i].scenario || JSON.stringify(r.scenario) === JSON.stringify(jobs[i].scenario)));
}

/** The hash a lesson writes to the address bar. */
export function lessonHash(mode: LessonMode): string {
  return checks().encodeLessonHash({ name: mode.lesson.name, step: mode.step, lock: mode.lock });
}

/** A scenario change under a lock: the refused fields, or [] when it is allowed. */
export function lockedChange(lock: Lock | null, before: Scenario | null, after: Scenario): string[] {
  return lock && before ? checks().lockViolations(lock, before, after) : [];
}

export function lockedCompare(mode: LessonMode | null, wanted: readonly string[]): string[] {
  return mode?.lock ? checks().allowedCompare(mode.lock, mode.lesson.steps[mode.step].compare, wanted) : [...wanted];
}
