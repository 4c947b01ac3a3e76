/**
 * The app's model in plain TypeScript (no React, no DOM): the scenario and view (what a link
 * shares), the problems and notice shown above the stage, the preset picked, the lesson route,
 * timed-change editing, and the runs each edit asks for. Components read it with
 * useSyncExternalStore (`subscribe`/`get`) and change it only through its commands; Node tests
 * drive it directly (tests/ui/model.test.ts).
 */
import { changesUpTo, scenarioAt } from '../../scenario/changes.ts';
import type { Scenario } from '../../scenario/schema.ts';
import type { LessonRoute } from '../lessons/route.ts';
import { DEFAULT_PRESET } from '../state/defaultPreset.ts';
import { DEFAULT_SCENARIO } from '../state/defaultScenario.ts';
import { checks, checksLoaded, loadChecks } from '../state/late.ts';
import { changeTimeAt, insideRun, removeChange, routeEdit, type LastEdit } from '../state/liveEdit.ts';
import { markInput } from '../state/perf.ts';
import { runJobs, type RunJob } from '../state/runSet.ts';
import type { DecodedState, SharedState } from '../state/url.ts';
import type { ViewState } from '../state/view.ts';
import { DEFAULT_VIEW } from '../state/viewDefaults.ts';
import type { RunScheduler } from './runScheduler.ts';

export interface Problems {
  title?: string;
  lines: string[];
  /** The link's checksum failed (url.ts): the banner says so and offers the defaults. */
  damaged?: boolean;
}

/** A decoded link's problems, titled as damaged when its checksum failed. */
function linkProblems(d: Pick<DecodedState, 'problems' | 'damaged'>): Problems {
  return { lines: d.problems, ...(d.damaged ? { title: checks().DAMAGED_LINK_TITLE, damaged: true } : {}) };
}

export interface AppState {
  /** Null only when even the default preset could not be loaded (`fatal`). */
  shared: SharedState | null;
  problems: Problems;
  /** The preset the scenario still is (for the menu and the lessons it suggests); undefined once edited. */
  presetName: string | undefined;
  notice: string | null;
  lessonRoute: LessonRoute | null;
  /** Edits apply to the whole run even with the playhead inside it (the live-edit bar's switch). */
  fromStart: boolean;
  /** The runs the scenario and comparison ask for: a new array exactly when either changes. */
  jobs: readonly RunJob[] | null;
}

/** Where the playhead is, as live editing needs it. */
export interface Playhead {
  tS: number;
  endS: number;
}

export interface Initial {
  state: SharedState | null;
  problems: string[];
  /** The link's checksum failed (url.ts). */
  damaged?: boolean;
  fatal: string | null;
  /** Opened from a lesson link (`#lesson=…`). */
  lesson: LessonRoute | null;
  /** Opened without a hash: the default preset, as is. */
  plain: boolean;
}

/**
 * What the page opens on, from its hash (without `#`). Without a hash it is the default preset,
 * validated ahead of time (state/defaultScenario.ts); with one, the late checks must be loaded.
 */
export function initialFromHash(hash: string): Initial {
  const fallback: SharedState = { scenario: structuredClone(DEFAULT_SCENARIO), view: DEFAULT_VIEW };
  if (!hash) return { state: fallback, problems: [], fatal: null, lesson: null, plain: true };
  const { isLessonHash, readLessonHash, getLesson, stepState, decodeState } = checks();
  if (isLessonHash(hash)) {
    const { route, problems } = readLessonHash(hash);
    const lesson = route ? getLesson(route.name) : undefined;
    return { state: lesson && route ? stepState(lesson, route.step, DEFAULT_VIEW) : fallback, problems, fatal: null, lesson: route, plain: false };
  }
  const decoded = decodeState(hash, fallback);
  return { state: { scenario: decoded.scenario, view: decoded.view }, problems: decoded.problems, damaged: decoded.damaged, fatal: null, lesson: null, plain: false };
}

/** The model's commands and reads (createAppModel). */
export type AppModel = ReturnType<typeof createAppModel>;

/**
 * A closure rather than a class: the bundler shortens its private names, and the main bundle
 * stays as small as when this state lived in App's hooks.
 */
export function createAppModel(
  initial: Initial,
  /** Wall clock in ms, for coalescing a dragged slider's timed changes into one. */
  nowMs: () => number = () => performance.now(),
) {
  const listeners = new Set<() => void>();
  let lastEdit: LastEdit | null = null;
  const opening = initial.state;
  let state: AppState = {
    shared: opening,
    problems: linkProblems({ problems: initial.problems, damaged: initial.damaged }),
    presetName: opening && initial.plain ? DEFAULT_PRESET : undefined,
    notice: null,
    lessonRoute: initial.lesson,
    fromStart: false,
    jobs: opening ? runJobs(opening.scenario, opening.view.compare) : null,
  };

  const get = (): AppState => state;

  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  function update(edit: Partial<AppState>): void {
    const next = { ...state, ...edit };
    const before = state.shared;
    const after = next.shared;
    if (after?.scenario !== before?.scenario || after?.view.compare !== before?.view.compare) next.jobs = after ? runJobs(after.scenario, after.view.compare) : null;
    state = next;
    for (const l of [...listeners]) l();
  }

  /**
   * Runs every new batch of jobs on `scheduler`, the current one first; returns the
   * disconnect. A batch asked for while another is in flight waits for the next frame, and a
   * newer one before that frame replaces it (RunScheduler.request).
   */
  function runWith(scheduler: RunScheduler): () => void {
    let jobs = state.jobs;
    let cancel = jobs ? scheduler.request(jobs) : () => {};
    const unsubscribe = subscribe(() => {
      if (state.jobs === jobs) return;
      jobs = state.jobs;
      cancel();
      cancel = jobs ? scheduler.request(jobs) : () => {};
    });
    return () => {
      cancel();
      unsubscribe();
    };
  }

  const setProblems = (problems: Problems): void => update({ problems });
  const setNotice = (notice: string | null): void => update({ notice });
  const setLessonRoute = (lessonRoute: LessonRoute | null): void => update({ lessonRoute });

  /** The whole run's scenario becomes `next` (already validated), unless a lesson's lock forbids the change. */
  function setScenario(next: Scenario): void {
    const { shared, lessonRoute, presetName } = state;
    // an instructor's lock: a change it does not allow is refused whichever control made it
    const lock = lessonRoute?.lock;
    const refused = lock && shared ? checks().lockViolations(lock, shared.scenario, next) : [];
    if (refused.length > 0) return setProblems({ title: 'This link keeps these controls fixed for the class:', lines: [`${refused.join(', ')} cannot be changed in this lesson.`] });
    markInput();
    if (!shared) return;
    update({ presetName: presetName && next.name === presetName ? presetName : undefined, shared: { ...shared, scenario: next } });
  }

  function setView(edit: (v: ViewState) => ViewState): void {
    const { shared } = state;
    if (shared) update({ shared: { ...shared, view: edit(shared.view) } });
  }

  function setCompare(compare: string[]): void {
    markInput();
    setView((v) => ({ ...v, compare }));
  }

  /** How many timed changes the playhead has passed; -1 when edits apply to the whole run. */
  function liveAt(p: Playhead): number {
    const changes = state.shared?.scenario.changes;
    return changes && !state.fromStart && insideRun(p.tS, p.endS) ? changesUpTo(changes, p.tS) : -1;
  }

  /** A scenario changed by `edit` after validation, or a notice saying why it cannot be. */
  function applyChecked(candidate: Scenario, refusal: string, last: LastEdit | null): void {
    const { parseScenario, formatErrors } = checks();
    const checked = parseScenario(candidate);
    if (!checked.ok) return setNotice(`${refusal}: ${formatErrors(checked.errors)}`);
    lastEdit = last;
    setScenario(checked.scenario);
  }

  const model = {
    get,
    subscribe,
    runWith,
    setScenario,
    setView,
    setCompare,
    setProblems,
    setNotice,
    setLessonRoute,
    liveAt,
    /** Scenario and view at once (a lesson step, a decoded link). */
    replaceShared: (shared: SharedState): void => update({ shared }),
    setFromStart: (fromStart: boolean): void => update({ fromStart }),

    /**
     * An edit of the scenario as the controls show it at the playhead, not yet validated: the
     * controls hand over what the user set and show the messages returned (none: applied). With
     * the playhead inside the run (and "from the start" off), a link edit becomes a timed change
     * at the playhead (state/liveEdit.ts); otherwise the edit is the whole run's. Either way the
     * scenario to run is validated once, here.
     */
    editScenario(next: Scenario, p: Playhead): string[] {
      if (!checksLoaded()) {
        // an edit before the checks are in (a slider moved in the page's first moments): applied
        // once they are, its messages shown as a notice since the control has moved on
        void loadChecks().then(() => {
          const messages = model.editScenario(next, p);
          if (messages.length > 0) setNotice(messages.join('\n'));
        });
        return [];
      }
      const { parseScenario, formatError, formatErrors } = checks();
      const { shared, fromStart } = state;
      if (!shared || fromStart || !insideRun(p.tS, p.endS)) {
        const checked = parseScenario(next);
        if (!checked.ok) return checked.errors.map(formatError);
        lastEdit = null;
        setScenario(checked.scenario);
        return [];
      }
      const scenario = shared.scenario;
      const at = liveAt(p);
      const shown = at > 0 ? scenarioAt(scenario, scenario.changes[at - 1].atS) : scenario;
      const tS = changeTimeAt(p.tS);
      // Routing puts every field of the edit either in the whole run or in a change's value, so
      // the routed scenario is valid only if the edit is; an edit that is not is then parsed on
      // its own, for messages that name the field the user set rather than a timed change.
      const routed = routeEdit(scenario, shown, next, tS, lastEdit, nowMs());
      const checked = parseScenario(routed.scenario);
      if (checked.ok) {
        lastEdit = routed.last;
        setScenario(checked.scenario);
        return [];
      }
      const own = parseScenario(next);
      if (!own.ok) return own.errors.map(formatError);
      setNotice(`That edit cannot apply from ${tS} s: ${formatErrors(checked.errors)}`);
      return [];
    },

    removeTimedChange(index: number): void {
      const scenario = state.shared?.scenario;
      if (scenario) applyChecked(removeChange(scenario, index), 'That change cannot be removed alone', null);
    },

    /** Opens a preset with the paper's comparison side by side, the whole run in view; false (and a notice) if it cannot load. */
    pickPreset(name: string, lockedCompare: (compare: string[]) => string[] = (c) => c): boolean {
      const p = checks().loadPreset(name);
      if (!p.ok) {
        setNotice(p.message);
        return false;
      }
      update({ presetName: name });
      setScenario(p.scenario);
      setCompare(lockedCompare([...p.compare]));
      setView((v) => ({ ...v, windowS: null }));
      return true;
    },

    /** A scenario loaded from a file, with what the loader noted about it. */
    importScenario(scenario: Scenario, notes: string[]): void {
      update({ presetName: undefined });
      setScenario(scenario);
      setProblems({ title: 'The file was loaded with these notes:', lines: notes });
    },

    /**
     * A hash pasted or edited by hand: a lesson link opens that lesson (a locked lesson keeps its
     * lock for the page's life: a link edited to drop or change it does not unlock it); under a
     * lock any other link is refused; otherwise the link is decoded, its problems reported.
     * Returns what happened, so the caller can put the lesson's link back when it was refused.
     */
    applyHash(hash: string): 'lesson' | 'refused' | 'state' {
      const lock = state.lessonRoute?.lock ?? null;
      const { isLessonHash, readLessonHash, decodeState } = checks();
      if (isLessonHash(hash)) {
        const { route, problems } = readLessonHash(hash);
        setProblems({ lines: problems });
        if (route && lock && !route.lock) route.lock = lock;
        if (route) setLessonRoute(route);
        return 'lesson';
      }
      if (lock) {
        setProblems({ lines: ['link: this lesson’s link keeps its controls fixed for the class — the edited link was ignored'] });
        return 'refused';
      }
      const shared = state.shared;
      update({ lessonRoute: null });
      if (!shared) return 'state';
      const d = decodeState(hash, shared);
      markInput();
      update({ problems: linkProblems(d), shared: { scenario: d.scenario, view: d.view } });
      return 'state';
    },

    /** The hash a share link carries: the lesson's link in a lesson, else the encoded scenario and view. */
    shareHash(lessonLink: string | null): string | null {
      return lessonLink ?? (state.shared ? checks().encodeState(state.shared) : null);
    },
  };
  return model;
}
