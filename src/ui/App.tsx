/**
 * The app shell: reads the model (model/appModel.ts: scenario + view, mirrored in the URL hash;
 * the runs each edit asks for, on the run scheduler) and lays out the toolbar, the editor
 * drawer, the transport and the stage (shell/) on one time axis.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { variantNames } from '../catalogue/variants.ts';
import { scenarioId } from '../worker/scenarioId.ts';
import { ChangeMarksContext } from './panels/TimedChanges.tsx';
import { DEFAULT_PRESET } from './state/defaultPreset.ts';
import { drivingRun, eventTimesOf, NO_EVENT_TIMES } from './state/eventStops.ts';
import { useLate } from './state/lateModule.ts';
import { lateEvents } from './events/late.ts';
import { hidePanel, movePanel } from './state/panelList.ts';
import { stepChoices } from './state/runSet.ts';
import { TimeAxisContext } from './state/timeAxis.ts';
import { RunSchedulerContext, useRuns } from './state/useRuns.ts';
import { DEFAULT_VIEW } from './state/viewDefaults.ts';
import { createAppModel, initialFromHash } from './model/appModel.ts';
import { withSystemTheme } from './shell/systemTheme.ts';
import { JumpNote } from './shell/JumpNote.tsx';
import { createRunScheduler, pagePool } from './model/runScheduler.ts';
import { EventCaption } from './events/EventCaption.tsx';
import { LateEventList } from './events/LateEventList.tsx';
import { Banners, Drawer, LiveEditBar, PresenterMenus, ShareLine, ToolbarMenus, TransportBar, useControlsLoad } from './shell/lateControls.tsx';
import { Stage } from './shell/Stage.tsx';
import { focusStage } from './shell/stageFocus.ts';
import { runStatus } from './shell/status.ts';
import { Toolbar } from './shell/Toolbar.tsx';
import { useAxis } from './shell/useAxis.ts';
import { useHashLink, useLessonLink } from './shell/useHashLink.ts';
import { useLiveEditing } from './shell/useLiveEditing.tsx';
import { usePanelChoice } from './shell/usePanelChoice.ts';
import { usePictureEffects } from './shell/usePictureEffects.ts';
import { useScreen } from './shell/useScreen.ts';
import { useShare } from './shell/useShare.ts';
import { useLateTraceImport } from './traces/lateTraceImport.tsx';
import { LESSON_STAGE_SLOT } from './lessons/stageSlot.ts';
import { KeyHelp, LessonPane, LockedControls, LockLinkBuilder } from './lazy.tsx';
import './lessons/lessons.css';
import './shell/firstScreen.css';
import { lessonHash, lockedCompare, useLessonMode } from './lessons/useLessonMode.ts';
import { loadProgress } from './lessons/progress.ts';

const variants = variantNames();

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
  const lessonLink = useLessonLink();
  // every new batch of jobs goes to the scheduler, the opening one first
  useEffect(() => model.runWith(scheduler), [model, scheduler]);
  // what the panels' runs must say they ran once the picture has settled (see Stage's data-runs)
  const currentId = useMemo(() => (scenario ? scenarioId(scenario) : undefined), [scenario]);
  // the run the lecturer follows (declared below with the events) is run first at each edit
  const [stepKey, setStepKey] = useState<string | null>(null);
  const runs = useRuns(scheduler, jobs, stepKey);
  // An imported capture is a run of the set, beside the fitted path's runs once simulated (traces/).
  const traceImport = useLateTraceImport(runs.set, (fitted) => {
    model.setScenario(fitted);
    if (model.get().shared?.scenario !== fitted) return false;
    model.setCompare([]);
    dispatch({ type: 'reset' });
    return true;
  });
  const set = traceImport.set;
  const writeHash = useHashLink(model, shared, runs.running, lessonLink, lessonRoute);
  const { playback, dispatch, marks, controls, quick } = useLiveEditing(model, scenario, variants);
  const liveBar = scenario ? <LiveEditBar scenario={scenario} playback={playback} dispatch={dispatch} fromStart={fromStart} onFromStart={setFromStart} onRemove={removeTimedChange} /> : null;

  usePictureEffects(set, runs.running, !!initial.fatal, shared?.view.atS ?? null, dispatch, setView);
  useControlsLoad(!!set || !!runs.error || !!runs.recovery || !!initial.fatal);

  const lesson = useLessonMode({ route: lessonRoute, setRoute: setLessonRoute, shared, setShared: (s) => model.replaceShared(s), set, running: runs.running, playback, dispatch, pool: pagePool, onProblems: (lines) => setProblems({ lines }) });
  lessonLink.current = lesson ? lessonHash(lesson) : null;
  const setCompare = useCallback((compare: string[]) => model.setCompare(lockedCompare(lesson, compare)), [lesson, model]);
  const [progress, setProgress] = useState(loadProgress);

  const { axis, zoomed } = useAxis(view, set, scenario?.durationS, setView, playback, dispatch);
  // Congestion events of every run; stepping follows one of them (the first unless the lecturer picks another).
  // (found by the events' code, which loads after the first chart: none until then)
  const lateEv = useLate(lateEvents);
  const runEvents = useMemo(() => (set && lateEv ? lateEv.runEventsOf(set) : []), [set, lateEv]);
  const driving = drivingRun(runEvents, stepKey);
  const stepRuns = useMemo(() => (set ? stepChoices(set) : []), [set]);
  const events = useMemo(() => (driving ? eventTimesOf(driving.events) : NO_EVENT_TIMES), [driving]);
  const { panelIds, panelAllowed, editPanels, shownSet, available, presentIds, presentFit } = usePanelChoice(view, set, lesson, lock, setView);
  const { phone, presenting, shownView, drawerOpen, setDrawerOpen, helpOpen, setHelpOpen, setPresenter } = useScreen(view, setView, lessonRoute, events, playback, dispatch);

  const pickPreset = (name: string): void => {
    // The paper's comparison is one click away: the preset opens with its variants side by side.
    if (!model.pickPreset(name, (c) => lockedCompare(lesson, c))) return;
    dispatch({ type: 'reset' });
    focusStage();
  };
  const { copied, closeCopied, copyLink, copyEmbed, openFullHref } = useShare(shared, !!lesson, playback, writeHash, panelIds);
  const embedded = view.embed;

  // in presenter mode too the card stands beside the charts (presenterFit.css), so the whole step and its question fit a 1280 × 720 projector
  const lessonAside = !!lesson && !phone && (presenting || !drawerOpen);
  const lessonExtra = !lesson || presenting ? null : lock ? scenario ? <LockedControls lock={lock} scenario={scenario} onChange={setScenario} /> : null : <LockLinkBuilder lesson={lesson.lesson.name} step={lesson.step} />;
  const lessonPane = lesson ? (
    <LessonPane mode={lesson} set={set} running={runs.running} presenter={presenting} senderView={view.senderView} onSenderView={(on) => setView((v) => ({ ...v, senderView: on }))} onProgress={() => setProgress(loadProgress())} extra={lessonExtra} />
  ) : null;

  const menuProps = { lock, lesson, variants, view, setView, setCompare, shownSet, panelIds, panelAllowed, editPanels, progress, presetName, model, set, scenario, phone, onProgress: setProgress, onPreset: pickPreset, onImportTrace: traceImport.openView, onEmbed: () => void copyEmbed() };
  return (
    <div className={`app${presenting ? ' presenter-mode' : ''}${phone ? ' phone' : ''}${embedded ? ' embed' : ''}`} data-scenario-id={currentId}>
      <Toolbar
        scenario={scenario}
        view={shownView}
        status={runStatus(runs)}
        drawerOpen={drawerOpen}
        onDrawer={setDrawerOpen}
        onPresenter={setPresenter}
        onTheme={() => setView((v) => ({ ...v, theme: v.theme === 'dark' ? 'light' : 'dark' }))}
        onHelp={() => setHelpOpen(true)}
        onShare={() => void copyLink()}
        locked={!!lock}
        menus={<ToolbarMenus slot="row" {...menuProps} />}
        more={lock ? null : <ToolbarMenus slot="more" {...menuProps} />}
        phone={phone}
        openFullHref={openFullHref}
        presenterMenus={<PresenterMenus lock={lock} presetName={presetName} onPreset={pickPreset} controls={<>{quick}{liveBar}</>} available={available} chosen={presentIds} fit={presentFit} onChange={(ids) => setView((v) => ({ ...v, present: ids }))} />}
      />
      {copied ? <ShareLine copied={copied} onClose={closeCopied} /> : null}
      <Banners
        fatal={initial.fatal}
        problems={problems}
        onProblems={setProblems}
        onDefaults={() => {
          setView(() => DEFAULT_VIEW);
          pickPreset(DEFAULT_PRESET);
        }}
        notice={notice}
        onNotice={setNotice}
        runs={runs}
        invite={!lesson && !!initial.state && !initial.lesson && initial.problems.length === 0 && presetName === DEFAULT_PRESET && !presenting && !embedded}
        set={set}
      />
      <TimeAxisContext.Provider value={axis}>
        <RunSchedulerContext.Provider value={scheduler}>
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
              {presenting || embedded ? null : traceImport.bar}
              {lesson && !lessonAside ? lessonPane : null}
              {lesson ? <div id={LESSON_STAGE_SLOT} /> : null}
              <div className="transport-stack">
                <TransportBar events={events} zoomed={zoomed} stepRuns={stepRuns} stepKey={driving?.key ?? null} onStepKey={setStepKey} />
                <EventCaption driving={driving} all={runEvents} />
                <JumpNote />
              </div>
              {/* one row: the live-edit note and the collapsed event list (firstScreen.css) */}
              {presenting || embedded ? null : (
                <div className="stage-notes">
                  {liveBar}
                  {lesson ? null : <LateEventList all={runEvents} onPickRun={setStepKey} />}
                </div>
              )}
              <ChangeMarksContext.Provider value={marks}>
                <Stage set={shownSet} view={shownView} ids={panelIds} presentIds={presentIds} phone={phone} stale={runs.slow || runs.stale} busy={runs.running} onMove={(id, dir) => editPanels((l) => movePanel(l, id, dir, panelIds))} onHide={(id) => editPanels((l) => hidePanel(l, id))} empty={<p className="empty-state">{runs.running ? 'Running the simulation…' : 'Nothing to show yet.'}</p>} />
              </ChangeMarksContext.Provider>
            </div>
          </div>
        </RunSchedulerContext.Provider>
      </TimeAxisContext.Provider>
      <KeyHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
      {traceImport.element}
    </div>
  );
}
