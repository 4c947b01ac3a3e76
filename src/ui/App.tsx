/**
 * The app shell: reads the model (model/appModel.ts: scenario + view, mirrored in the URL hash;
 * the runs each edit asks for, on the run scheduler) and lays out the toolbar, the editor
 * drawer, the transport and the stage (shell/) on one time axis.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { variantNames } from '../catalogue/variants.ts';
import { scenarioAt } from '../scenario/changes.ts';
import type { Scenario } from '../scenario/schema.ts';
import { scenarioId } from '../worker/scenarioId.ts';
import type { Ahead, WindowS } from './charts/frame.ts';
import { QuickControls } from './controls/QuickControls.tsx';
import { ChangedFieldsContext, ScenarioControls } from './controls/ScenarioControls.tsx';
import { ComparePicker } from './panels/ComparePicker.tsx';
import { ErrorBanner } from './panels/ErrorBanner.tsx';
import { embedCode } from './export/embed.ts';
import { ExportMenu } from './panels/ExportMenu.tsx';
import { PanelMenu, PresentMenu } from './panels/PanelGrid.tsx';
import { PresetMenu } from './panels/PresetMenu.tsx';
import { ProblemBanner } from './panels/ProblemBanner.tsx';
import { RunBanner } from './panels/RunBanner.tsx';
import { DEFAULT_PANEL_IDS, getPanel } from './panels/registry.ts';
import { TransportBar } from './panels/TransportBar.tsx';
import { ChangeMarksContext, changeMarks, LiveEditBar } from './panels/TimedChanges.tsx';
import { changedFields } from './state/liveEdit.ts';
import { DEFAULT_PRESET } from './state/baseScenario.ts';
import { drivingRun, eventTimesOf, NO_EVENT_TIMES, runEventsOf } from './state/eventTimes.ts';
import { hidePanel, movePanel, panelHasData, showPanel, visiblePanels } from './state/panelList.ts';
import { measureRedraw } from './state/perf.ts';
import { initialPlayback, playbackReducer, type PlaybackAction } from './state/playback.ts';
import { stepChoices, type RunSet } from './state/runSet.ts';
import { createStore } from './state/store.ts';
import { DEFAULT_FOLLOW_S, TimeAxisContext, useFollowWindow, type TimeAxis } from './state/timeAxis.ts';
import { HashSync } from './state/hashSync.ts';
import { encodeState } from './state/url.ts';
import { usePlaybackLoop } from './state/usePlaybackLoop.ts';
import { RunsBusyContext, useRuns } from './state/useRuns.ts';
import { DEFAULT_VIEW, MAX_COMPARE, type ViewState } from './state/view.ts';
import { createAppModel, initialFromHash } from './model/appModel.ts';
import { withSystemTheme } from './shell/systemTheme.ts';
import { JumpNote } from './shell/JumpNote.tsx';
import { createRunScheduler, pagePool } from './model/runScheduler.ts';
import { EventCaption } from './events/EventCaption.tsx';
import { EventList } from './events/EventList.tsx';
import { Drawer, useDrawerOpen } from './shell/Drawer.tsx';
import { KeyHelp } from './shell/KeyHelp.tsx';
import { Stage } from './shell/Stage.tsx';
import { focusStage } from './shell/stageFocus.ts';
import { Toolbar } from './shell/Toolbar.tsx';
import { useDismissMenus } from './shell/useDismissMenus.ts';
import { PHONE_QUERY, useMedia } from './shell/useMedia.ts';
import { useStageKeys } from './shell/useStageKeys.ts';
import { LessonInvite, LessonMenu } from './lessons/LessonMenu.tsx';
import { LESSON_STAGE_SLOT, LessonPane } from './lessons/LessonPane.tsx';
import './lessons/lessons.css';
import { LockLinkBuilder, LockedControls } from './lessons/LessonTools.tsx';
import { answerPanels, lessonHash, lockedCompare, useLessonMode } from './lessons/useLessonMode.ts';
import { loadProgress } from './lessons/progress.ts';
import { senderView, TRUTH_PANELS } from './state/senderView.ts';

const variants = variantNames();

/** How long the URL waits for the state to stop changing before it is rewritten. */
const URL_WRITE_DELAY_MS = 300;

export function App() {
  const [initial] = useState(() => withSystemTheme(initialFromHash(location.hash.replace(/^#/, ''))));
  const [model] = useState(() => createAppModel(initial));
  const [scheduler] = useState(() => createRunScheduler(initial.fatal ? null : pagePool()));
  const { shared, problems, presetName, notice, lessonRoute, fromStart, jobs } = useSyncExternalStore(model.subscribe, model.get);
  const scenario = shared?.scenario ?? null;
  const view = shared?.view ?? DEFAULT_VIEW;
  const lock = lessonRoute?.lock ?? null;
  // the model's commands are stable functions: fit for children's props and hooks' dependencies
  const { setScenario, setView, setProblems, setNotice, setLessonRoute, setFromStart, removeTimedChange } = model;

  // URL ⇄ state: every change is written to the hash (replaceState: no history entry per slider
  // step); a hash pasted or edited by hand is decoded, with problems reported, not thrown.
  // Written a moment after the last change, once the runs it started are in (see below):
  // encoding and replaceState cost several ms each, which a dragged slider should not pay per
  // step. Copy link flushes it first.
  // An incoming link always wins over a pending write (see hashSync.ts).
  const [hashSync] = useState(() => new HashSync());
  const lessonLink = useRef<string | null>(null);
  const writeHash = useCallback(() => {
    const hash = model.shareHash(lessonLink.current);
    if (hash !== null) hashSync.write(hash);
  }, [hashSync, model]);
  useEffect(() => {
    const onHash = (): void => {
      const hash = hashSync.incoming();
      if (hash !== null && model.applyHash(hash) === 'refused') hashSync.write(lessonLink.current ?? '');
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, [hashSync, model]);
  // every new batch of jobs goes to the scheduler, the opening one first
  useEffect(() => model.runWith(scheduler), [model, scheduler]);

  // what the panels' runs must say they ran once the picture has settled (see Stage's data-runs)
  const currentId = useMemo(() => (scenario ? scenarioId(scenario) : undefined), [scenario]);
  // the run the lecturer follows (declared below with the events) is run first at each edit
  const [stepKey, setStepKey] = useState<string | null>(null);
  const runs = useRuns(scheduler, jobs, stepKey);
  const set = runs.set;
  // not while an edit's runs are out: on two cores the main thread's time is a worker's, and
  // the main thread hands out the comparison's runs
  useEffect(() => {
    if (!shared || runs.running) return;
    const timer = setTimeout(writeHash, URL_WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shared, writeHash, lessonRoute, runs.running]);

  const [playback] = useState(() => createStore(initialPlayback(scenario?.durationS ?? 1)));
  const dispatch = useCallback((a: PlaybackAction) => playback.set(playbackReducer(playback.get(), a)), [playback]);
  usePlaybackLoop(playback, dispatch);

  // Live edits: with the playhead inside the run, the controls show the scenario as it stands
  // there and a link edit becomes a timed change at the playhead (state/liveEdit.ts). `liveAt`
  // is how many changes the playhead has passed (-1: edits apply to the whole run), so the
  // controls re-render when it crosses a change, not every frame.
  const liveAt = useSyncExternalStore(playback.subscribe, () => model.liveAt(playback.get()));
  const shown = useMemo(() => (scenario && liveAt > 0 ? scenarioAt(scenario, scenario.changes[liveAt - 1].atS) : scenario), [scenario, liveAt]);
  const [editScenario] = useState(() => (next: Scenario) => model.editScenario(next, playback.get()));
  const marks = useMemo(() => (scenario ? changeMarks(scenario) : []), [scenario]);
  const liveBar = scenario ? <LiveEditBar scenario={scenario} playback={playback} dispatch={dispatch} fromStart={fromStart} onFromStart={setFromStart} onRemove={removeTimedChange} /> : null;

  // Once the first picture is up, the idle workers run the scenario briefly with every variant
  // so the engine's code is compiled before the class starts dragging sliders or comparing.
  const warmed = useRef(false);
  useEffect(() => {
    if (!set || warmed.current || initial.fatal) return;
    warmed.current = true;
    pagePool().warm(set.runs[0].scenario, variants);
  }, [set, initial.fatal]);

  useEffect(() => {
    if (set) dispatch({ type: 'load', endS: set.endS });
  }, [set, dispatch]);

  const lesson = useLessonMode({
    route: lessonRoute,
    setRoute: setLessonRoute,
    shared,
    setShared: (s) => model.replaceShared(s),
    set,
    running: runs.running,
    playback,
    dispatch,
    pool: pagePool,
    onProblems: (lines) => setProblems({ lines }),
  });
  lessonLink.current = lesson ? lessonHash(lesson) : null;
  const setCompare = useCallback((compare: string[]) => model.setCompare(lockedCompare(lesson, compare)), [lesson, model]);
  const [progress, setProgress] = useState(loadProgress);
  // children's layout effects (the charts' D3 renders) have run by now: the new picture is drawn
  useLayoutEffect(() => {
    if (set) measureRedraw(set.updating.length === 0);
  }, [set]);

  const endS = set?.endS ?? scenario?.durationS ?? 1;
  const zoomed: WindowS | null = view.windowS && view.windowS[0] < endS ? [view.windowS[0], Math.min(view.windowS[1], endS)] : null;
  const windowS: WindowS = zoomed ?? [0, endS];
  const setWindow = useCallback((w: WindowS | null) => setView((v) => ({ ...v, windowS: w ? [w[0], w[1]] : null })), [setView]);
  const stoppedAtS = set?.partial ? set.endS : null;
  const ahead = view.showAhead ? 'faded' : 'hidden';
  const setAhead = useCallback((a: Ahead) => setView((v) => ({ ...v, showAhead: a === 'faded' })), [setView]);
  const followS = view.followS ?? (view.presenter ? DEFAULT_FOLLOW_S : 0);
  const setFollow = useCallback((widthS: number) => setView((v) => ({ ...v, followS: widthS })), [setView]);
  useFollowWindow(playback, followS, windowS, setWindow);
  const axis = useMemo<TimeAxis>(
    () => ({ windowS, playback, dispatch, setWindow, stoppedAtS, ahead, setAhead, followS, setFollow }),
    [windowS[0], windowS[1], playback, dispatch, setWindow, stoppedAtS, ahead, setAhead, followS, setFollow], // eslint-disable-line react-hooks/exhaustive-deps
  );

  // Congestion events of every run; stepping follows one of them (the first unless the lecturer picks another).
  const runEvents = useMemo(() => (set ? runEventsOf(set) : []), [set]);
  const driving = drivingRun(runEvents, stepKey);
  const stepRuns = useMemo(() => (set ? stepChoices(set) : []), [set]);
  const events = useMemo(() => (driving ? eventTimesOf(driving.events) : NO_EVENT_TIMES), [driving]);
  // the sender's view hides the network's panels; a lesson hides what would give its answer away
  const hiddenPanels = useMemo(
    () => new Set([...(view.senderView ? TRUTH_PANELS : []), ...(lesson && !lesson.answered ? answerPanels(lesson.lesson, lesson.step) : [])]),
    [view.senderView, lesson?.answered, lesson?.lesson, lesson?.step], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const lastComplete = useRef<RunSet | null>(null);
  if (set && set.updating.length === 0) lastComplete.current = set;
  const panelIds = useMemo(
    () => visiblePanels(view.panels, DEFAULT_PANEL_IDS, (id) => !!getPanel(id) && !hiddenPanels.has(id) && (!set || panelHasData(getPanel(id)!.available, set, lastComplete.current))),
    [view.panels, set, hiddenPanels],
  );
  const panelAllowed = (id: string): boolean => !lock || !lesson || lesson.lesson.steps[lesson.step].panels.includes(id as never) || lock.panels.includes(id as never);
  const editPanels = (edit: (list: string[]) => string[]): void =>
    setView((v) => ({ ...v, panels: edit(visiblePanels(v.panels, DEFAULT_PANEL_IDS, (id) => !!getPanel(id))).filter(panelAllowed) }));
  const shownSet = useMemo(() => (set && view.senderView ? senderView(set) : set), [set, view.senderView]);

  const phone = useMedia(PHONE_QUERY);
  // A presenter link opened on a phone shows the phone's own layout: a projector's grid of
  // panels cannot fit there. The link keeps saying "presenter" for the next big screen.
  const presenting = view.presenter && !phone;
  const shownView = presenting === view.presenter ? view : { ...view, presenter: false };
  const [drawerRemembered, setDrawerRemembered] = useDrawerOpen(phone);
  // in a lesson the step card takes the editor's place: the editor opens only when asked for (never under a lock)
  const [lessonDrawer, setLessonDrawer] = useState(false);
  const drawerOpen = lessonRoute ? lessonDrawer && !lock : drawerRemembered;
  const setDrawerOpen = lessonRoute ? setLessonDrawer : setDrawerRemembered;
  const [helpOpen, setHelpOpen] = useState(false);
  const setPresenter = useCallback((on: boolean) => setView((v) => ({ ...v, presenter: on })), [setView]);
  useDismissMenus();
  useStageKeys({
    events,
    playback,
    dispatch,
    onHelp: () => setHelpOpen(true),
    onEscape: () => {
      if (!view.presenter) return false;
      setPresenter(false);
      return true;
    },
  });
  // Entering presenter mode hands the keyboard to the stage: the next Space plays (it used to
  // press the Present button again and leave).
  useEffect(() => {
    if (presenting) focusStage();
  }, [presenting]);

  useEffect(() => {
    document.documentElement.dataset.theme = view.theme;
    document.documentElement.classList.toggle('presenter', presenting);
  }, [view.theme, presenting]);

  const setSenderView = (on: boolean): void => setView((v) => ({ ...v, senderView: on }));
  const pickPreset = (name: string): void => {
    // The paper's comparison is one click away: the preset opens with its variants side by side.
    if (!model.pickPreset(name, (c) => lockedCompare(lesson, c))) return;
    dispatch({ type: 'reset' });
    focusStage();
  };

  const [copied, setCopied] = useState<{ what: 'link' | 'embed code'; text: string; ok: boolean } | null>(null);
  const copy = async (what: 'link' | 'embed code', text: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ what, text, ok: true });
    } catch {
      setCopied({ what, text, ok: false });
    }
  };
  const copyLink = (): Promise<void> => {
    if (shared) writeHash();
    return copy('link', location.href);
  };
  const copyEmbed = (): Promise<void> => (shared ? copy('embed code', embedCode(shared, panelIds, location.origin + location.pathname)) : Promise.resolve());
  const embedded = view.embed;
  const openFullHref = embedded && shared ? `${location.pathname}#${encodeState({ ...shared, view: { ...shared.view, embed: false } })}` : null;

  // Built only when their inputs change: "running…" and other shell updates then re-render
  // neither the long controls form nor the panels (measured: both showed up in redraw profiles).
  const controls = useMemo(
    () =>
      shown && scenario ? (
        <ChangedFieldsContext.Provider value={changedFields(scenario, Math.max(0, liveAt))}>
          <ScenarioControls scenario={shown} onChange={editScenario} />
        </ChangedFieldsContext.Provider>
      ) : null,
    [shown, scenario, liveAt, editScenario],
  );
  const quick = useMemo(() => (shown ? <QuickControls scenario={shown} variants={variants} onChange={editScenario} /> : null), [shown, editScenario]);
  const status =
    set && runs.running && set.updating.length > 0 && !runs.stale
      ? `${set.runs.length} of ${set.runs.length + set.updating.length} drawn, updating…`
      : runs.running
        ? 'running…'
        : runs.stale
          ? 'this scenario did not run'
          : set
            ? `ran in ${Math.round(set.wallMs)} ms`
            : '';
  const capNotes = set ? [...new Set(set.runs.map((r) => r.result.capNote).filter((n): n is string => !!n))] : [];
  const layout = view.compareLayout;

  const available = set ? panelIds.map((id) => getPanel(id)!) : [];
  const presentIds = useMemo(() => {
    const chosen = view.present.filter((id) => panelIds.includes(id));
    return chosen.length > 0 ? chosen : panelIds.slice(0, 2);
  }, [view.present, panelIds]);
  const exportMenu = (
    <ExportMenu
      set={set}
      scenario={scenario}
      onImport={(s, notes) => model.importScenario(s, notes)}
      onProblems={(lines) => setProblems({ title: 'The file could not be used:', lines })}
      onNotice={setNotice}
    />
  );

  const lessonAside = !!lesson && !presenting && !phone && !drawerOpen;
  const lessonPane = lesson ? (
          <LessonPane
            mode={lesson}
            set={set}
            running={runs.running}
            presenter={presenting}
            senderView={view.senderView}
            onSenderView={setSenderView}
            onProgress={() => setProgress(loadProgress())}
            extra={
              presenting ? null : lock ? (
                scenario ? <LockedControls lock={lock} scenario={scenario} onChange={setScenario} /> : null
              ) : (
                <LockLinkBuilder lesson={lesson.lesson.name} step={lesson.step} />
              )
            }
          />
  ) : null;

  return (
    <div className={`app${presenting ? ' presenter-mode' : ''}${phone ? ' phone' : ''}${embedded ? ' embed' : ''}`} data-scenario-id={currentId}>
      <Toolbar
        scenario={scenario}
        view={shownView}
        status={status}
        drawerOpen={drawerOpen}
        onDrawer={setDrawerOpen}
        onPresenter={setPresenter}
        onTheme={() => setView((v) => ({ ...v, theme: v.theme === 'dark' ? 'light' : 'dark' }))}
        onHelp={() => setHelpOpen(true)}
        onShare={() => void copyLink()}
        locked={!!lock}
        menus={
          lock ? (
            <>
              {lock.variants.length > 0 ? (
                <ComparePicker variants={variants.filter((v) => lockedCompare(lesson, [v]).length > 0)} selected={view.compare} max={MAX_COMPARE} layout={layout} onChange={setCompare} onLayout={(l) => setView((v) => ({ ...v, compareLayout: l }))} />
              ) : null}
              {lock.panels.length > 0 ? <PanelMenu set={shownSet} ids={panelIds} onShow={(id) => panelAllowed(id) && editPanels((l) => showPanel(l, id))} /> : null}
            </>
          ) : (
            <>
              <LessonMenu progress={progress} onProgress={setProgress} preset={presetName} />
              <PresetMenu current={presetName} onPick={pickPreset} />
              <ComparePicker variants={variants} selected={view.compare} max={MAX_COMPARE} layout={layout} onChange={setCompare} onLayout={(l) => setView((v) => ({ ...v, compareLayout: l }))} />
              <PanelMenu set={shownSet} ids={panelIds} onShow={(id) => editPanels((l) => showPanel(l, id))} />
              <a className="button-link" href="#experiment=" data-testid="experiments">
                Experiments
              </a>
              <a className="button-link" href="#validation" data-testid="validation" title="What each variant was checked against, and how close it came">
                How do we know?
              </a>
              {exportMenu}
              <button type="button" className="wide-only" data-testid="embed-code" onClick={() => void copyEmbed()} title="HTML for an iframe showing these panels in a course page or learning platform">
                Embed
              </button>
            </>
          )
        }
        openFullHref={openFullHref}
        presenterMenus={
          <>
            {lock ? null : (
              <details className="menu quick-menu" data-testid="quick-menu">
                <summary>Controls</summary>
                <div className="menu-body">
                  {quick}
                  {liveBar}
                </div>
              </details>
            )}
            {/* a lecturer changes preset without leaving presenter mode; the chosen panels stay (pickPreset keeps view.present) */}
            {lock ? null : <PresetMenu current={presetName} onPick={pickPreset} />}
            <PresentMenu available={available} chosen={presentIds} onChange={(ids) => setView((v) => ({ ...v, present: ids }))} />
          </>
        }
      />
      {copied ? (
        <p className="share-line" role="status">
          {copied.ok ? `${copied.what === 'link' ? 'Link' : 'Embed code'} copied to the clipboard.` : `Copy this ${copied.what}:`}{' '}
          <input
            className="share-url"
            data-testid={copied.what === 'link' ? 'share-link' : 'embed-code-text'}
            readOnly
            value={copied.text}
            aria-label={copied.what === 'link' ? 'Link to this scenario and view' : 'HTML that embeds this scenario in a course page'}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" onClick={() => setCopied(null)}>
            Close
          </button>
        </p>
      ) : null}
      {initial.fatal ? <ErrorBanner message={initial.fatal} /> : null}
      <ProblemBanner
        problems={problems.lines}
        title={problems.title}
        onDismiss={() => setProblems({ lines: [] })}
        action={problems.damaged ? { label: 'Open the defaults instead', run: () => {
                  setView(() => DEFAULT_VIEW);
                  pickPreset(DEFAULT_PRESET);
                  setProblems({ lines: [] });
                } } : undefined}
      />
      {notice ? <ErrorBanner message={notice} onDismiss={() => setNotice(null)} /> : null}
      <RunBanner runs={runs} />
      {!lesson && initial.state && !initial.lesson && initial.problems.length === 0 && presetName === DEFAULT_PRESET && !presenting && !embedded ? <LessonInvite /> : null}
      {capNotes.map((n) => (
        <p key={n} className="cap-note" role="note">
          {n}
        </p>
      ))}
      <TimeAxisContext.Provider value={axis}>
        <RunsBusyContext.Provider value={runs.busy}>
        <div className={lessonAside ? 'workspace with-lesson' : drawerOpen && !presenting && !phone && !embedded ? 'workspace with-drawer' : 'workspace'}>
          {lessonAside ? <aside className="lesson-column">{lessonPane}</aside> : null}
          {drawerOpen && !presenting && !embedded && scenario ? (
            <Drawer sheet={phone} onClose={() => setDrawerOpen(false)}>
              {phone ? quick : null}
              {controls}
            </Drawer>
          ) : null}
          <div className="stage-column">
            {presenting || phone || embedded || lesson ? null : quick}
            {lesson && !lessonAside ? lessonPane : null}
            {lesson ? <div id={LESSON_STAGE_SLOT} /> : null}
            <div className="transport-stack">
              <TransportBar events={events} zoomed={zoomed} stepRuns={stepRuns} stepKey={driving?.key ?? null} onStepKey={setStepKey} />
              <EventCaption driving={driving} all={runEvents} />
              <JumpNote />
            </div>
            {presenting || embedded ? null : liveBar}
            {presenting || embedded || lesson ? null : <EventList all={runEvents} onPickRun={setStepKey} />}
            <ChangeMarksContext.Provider value={marks}>
            <Stage
              set={shownSet}
              view={shownView}
              ids={panelIds}
              presentIds={presentIds}
              phone={phone}
              stale={runs.slow || runs.stale}
              busy={runs.running}
              onMove={(id, dir) => editPanels((l) => movePanel(l, id, dir, panelIds))}
              onHide={(id) => editPanels((l) => hidePanel(l, id))}
              empty={<p className="empty-state">{runs.running ? 'Running the simulation…' : 'Nothing to show yet.'}</p>}
            />
            </ChangeMarksContext.Provider>
          </div>
        </div>
        </RunsBusyContext.Provider>
      </TimeAxisContext.Provider>
      <KeyHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
