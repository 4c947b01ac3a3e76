/**
 * The app shell: owns the shared state (scenario + view, mirrored in the URL hash), runs the
 * scenario (or one run per compared variant) on the worker pool whenever it changes, and lays
 * out the toolbar, the editor drawer, the transport and the stage (shell/) on one time axis.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { variantNames } from '../catalogue/variants.ts';
import type { Scenario } from '../scenarios/schema.ts';
import { poolSizeFor, SimPool } from '../worker/pool.ts';
import { scenarioId } from '../worker/scenarioId.ts';
import type { WindowS } from './charts/frame.ts';
import { QuickControls } from './controls/QuickControls.tsx';
import { ScenarioControls } from './controls/ScenarioControls.tsx';
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
import { DEFAULT_PRESET, loadPreset } from './state/baseScenario.ts';
import { eventTimesOf } from './state/eventTimes.ts';
import { hidePanel, movePanel, showPanel, visiblePanels } from './state/panelList.ts';
import { markInput, measureRedraw } from './state/perf.ts';
import { initialPlayback, playbackReducer, type PlaybackAction } from './state/playback.ts';
import { runJobs } from './state/runSet.ts';
import { createStore } from './state/store.ts';
import { TimeAxisContext, type TimeAxis } from './state/timeAxis.ts';
import { HashSync } from './state/hashSync.ts';
import { decodeState, encodeState, type SharedState } from './state/url.ts';
import { usePlaybackLoop } from './state/usePlaybackLoop.ts';
import { useRuns } from './state/useRuns.ts';
import { DEFAULT_VIEW, MAX_COMPARE, type ViewState } from './state/view.ts';
import { Drawer, useDrawerOpen } from './shell/Drawer.tsx';
import { KeyHelp } from './shell/KeyHelp.tsx';
import { Stage } from './shell/Stage.tsx';
import { focusStage } from './shell/stageFocus.ts';
import { Toolbar } from './shell/Toolbar.tsx';
import { useDismissMenus } from './shell/useDismissMenus.ts';
import { PHONE_QUERY, useMedia } from './shell/useMedia.ts';
import { useStageKeys } from './shell/useStageKeys.ts';

const variants = variantNames();

/** How long the URL waits for the state to stop changing before it is rewritten. */
const URL_WRITE_DELAY_MS = 300;

/** One pool for the page's lifetime, started at load so the first run finds its workers ready. */
let sharedPool: SimPool | null = null;
function pool(): SimPool {
  if (!sharedPool) {
    sharedPool = new SimPool(poolSizeFor(navigator.hardwareConcurrency));
    sharedPool.warm();
  }
  return sharedPool;
}

interface Initial {
  state: SharedState | null;
  problems: string[];
  fatal: string | null;
}

function initialState(): Initial {
  const base = loadPreset(DEFAULT_PRESET);
  if (!base.ok) return { state: null, problems: [], fatal: base.message };
  const fallback: SharedState = { scenario: base.scenario, view: DEFAULT_VIEW };
  const hash = location.hash.replace(/^#/, '');
  if (!hash) return { state: fallback, problems: [], fatal: null };
  const decoded = decodeState(hash, fallback);
  return { state: { scenario: decoded.scenario, view: decoded.view }, problems: decoded.problems, fatal: null };
}

export function App() {
  const [initial] = useState(initialState);
  const [shared, setShared] = useState<SharedState | null>(initial.state);
  const [problems, setProblems] = useState<{ title?: string; lines: string[] }>({ lines: initial.problems });
  const [presetName, setPresetName] = useState<string | undefined>(initial.state && !location.hash ? DEFAULT_PRESET : undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const scenario = shared?.scenario ?? null;
  const view = shared?.view ?? DEFAULT_VIEW;

  const setScenario = useCallback((next: Scenario) => {
    markInput();
    setPresetName((n) => (n && next.name === n ? n : undefined));
    setShared((s) => (s ? { ...s, scenario: next } : s));
  }, []);
  const setView = useCallback((edit: (v: ViewState) => ViewState) => {
    setShared((s) => (s ? { ...s, view: edit(s.view) } : s));
  }, []);
  const setCompare = useCallback(
    (compare: string[]) => {
      markInput();
      setView((v) => ({ ...v, compare }));
    },
    [setView],
  );

  // URL ⇄ state: every change is written to the hash (replaceState: no history entry per slider
  // step); a hash pasted or edited by hand is decoded, with problems reported, not thrown.
  // Written a moment after the last change: encoding and replaceState cost several ms each,
  // which a dragged slider should not pay per step. Copy link flushes it first.
  // An incoming link always wins over a pending write (see hashSync.ts).
  const [hashSync] = useState(() => new HashSync());
  const writeHash = useCallback((s: SharedState) => hashSync.write(encodeState(s)), [hashSync]);
  useEffect(() => {
    if (!shared) return;
    const timer = setTimeout(() => writeHash(shared), URL_WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shared, writeHash]);
  useEffect(() => {
    const onHash = (): void => {
      const hash = hashSync.incoming();
      if (hash === null) return;
      setShared((s) => {
        if (!s) return s;
        const d = decodeState(hash, s);
        setProblems({ lines: d.problems });
        markInput();
        return { scenario: d.scenario, view: d.view };
      });
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, [hashSync]);

  const jobs = useMemo(() => (scenario ? runJobs(scenario, view.compare) : null), [scenario, view.compare]);
  // what the panels' runs must say they ran once the picture has settled (see Stage's data-runs)
  const currentId = useMemo(() => (scenario ? scenarioId(scenario) : undefined), [scenario]);
  const runs = useRuns(initial.fatal ? null : pool(), jobs);
  const set = runs.set;

  const [playback] = useState(() => createStore(initialPlayback(scenario?.durationS ?? 1)));
  const dispatch = useCallback((a: PlaybackAction) => playback.set(playbackReducer(playback.get(), a)), [playback]);
  usePlaybackLoop(playback, dispatch);

  // Once the first picture is up, the idle workers run the scenario briefly with every variant
  // so the engine's code is compiled before the class starts dragging sliders or comparing.
  const warmed = useRef(false);
  useEffect(() => {
    if (!set || warmed.current || initial.fatal) return;
    warmed.current = true;
    pool().warm(set.runs[0].scenario, variants);
  }, [set, initial.fatal]);

  useEffect(() => {
    if (set) dispatch({ type: 'load', endS: set.endS });
  }, [set, dispatch]);
  // children's layout effects (the charts' D3 renders) have run by now: the new picture is drawn
  useLayoutEffect(() => {
    if (set) measureRedraw(set.updating.length === 0);
  }, [set]);

  const endS = set?.endS ?? scenario?.durationS ?? 1;
  const zoomed: WindowS | null = view.windowS && view.windowS[0] < endS ? [view.windowS[0], Math.min(view.windowS[1], endS)] : null;
  const windowS: WindowS = zoomed ?? [0, endS];
  const setWindow = useCallback((w: WindowS | null) => setView((v) => ({ ...v, windowS: w ? [w[0], w[1]] : null })), [setView]);
  const stoppedAtS = set?.partial ? set.endS : null;
  const axis = useMemo<TimeAxis>(() => ({ windowS, playback, dispatch, setWindow, stoppedAtS }), [windowS[0], windowS[1], playback, dispatch, setWindow, stoppedAtS]); // eslint-disable-line react-hooks/exhaustive-deps

  const events = useMemo(() => (set ? eventTimesOf(set) : { any: new Float64Array(0), loss: new Float64Array(0), timeout: new Float64Array(0) }), [set]);
  const panelIds = useMemo(() => visiblePanels(view.panels, DEFAULT_PANEL_IDS, (id) => !!getPanel(id) && (!set || getPanel(id)!.available(set))), [view.panels, set]);
  const editPanels = (edit: (list: string[]) => string[]): void => setView((v) => ({ ...v, panels: edit(visiblePanels(v.panels, DEFAULT_PANEL_IDS, (id) => !!getPanel(id))) }));

  const phone = useMedia(PHONE_QUERY);
  // A presenter link opened on a phone shows the phone's own layout: a projector's grid of
  // panels cannot fit there. The link keeps saying "presenter" for the next big screen.
  const presenting = view.presenter && !phone;
  const shownView = presenting === view.presenter ? view : { ...view, presenter: false };
  const [drawerOpen, setDrawerOpen] = useDrawerOpen(phone);
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

  const pickPreset = (name: string): void => {
    const p = loadPreset(name);
    if (!p.ok) return setNotice(p.message);
    setPresetName(name);
    setScenario(p.scenario);
    // The paper's comparison is one click away: the preset opens with its variants side by side.
    setCompare([...p.compare]);
    setWindow(null);
    dispatch({ type: 'seek', tS: 0 });
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
    if (shared) writeHash(shared);
    return copy('link', location.href);
  };
  const copyEmbed = (): Promise<void> => (shared ? copy('embed code', embedCode(shared, panelIds, location.origin + location.pathname)) : Promise.resolve());
  const embedded = view.embed;
  const openFullHref = embedded && shared ? `${location.pathname}#${encodeState({ ...shared, view: { ...shared.view, embed: false } })}` : null;

  // Built only when their inputs change: "running…" and other shell updates then re-render
  // neither the long controls form nor the panels (measured: both showed up in redraw profiles).
  const controls = useMemo(() => (scenario ? <ScenarioControls scenario={scenario} onChange={setScenario} /> : null), [scenario, setScenario]);
  const quick = useMemo(() => (scenario ? <QuickControls scenario={scenario} variants={variants} onChange={setScenario} /> : null), [scenario, setScenario]);
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
      onImport={(s, notes) => {
        setPresetName(undefined);
        setScenario(s);
        setProblems({ title: 'The file was loaded with these notes:', lines: notes });
      }}
      onProblems={(lines) => setProblems({ title: 'The file could not be used:', lines })}
      onNotice={setNotice}
    />
  );

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
        menus={
          <>
            <PresetMenu current={presetName} onPick={pickPreset} />
            <ComparePicker variants={variants} selected={view.compare} max={MAX_COMPARE} layout={layout} onChange={setCompare} onLayout={(l) => setView((v) => ({ ...v, compareLayout: l }))} />
            <PanelMenu set={set} ids={panelIds} onShow={(id) => editPanels((l) => showPanel(l, id))} />
            <a className="button-link" href="#experiment=" data-testid="experiments">
              Experiments
            </a>
            {exportMenu}
            <button type="button" className="wide-only" data-testid="embed-code" onClick={() => void copyEmbed()} title="HTML for an iframe showing these panels in a course page or learning platform">
              Embed
            </button>
          </>
        }
        openFullHref={openFullHref}
        presenterMenus={
          <>
            <details className="menu quick-menu" data-testid="quick-menu">
              <summary>Controls</summary>
              <div className="menu-body">{quick}</div>
            </details>
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
      <ProblemBanner problems={problems.lines} title={problems.title} onDismiss={() => setProblems({ lines: [] })} />
      {notice ? <ErrorBanner message={notice} onDismiss={() => setNotice(null)} /> : null}
      <RunBanner runs={runs} />
      {capNotes.map((n) => (
        <p key={n} className="cap-note" role="note">
          {n}
        </p>
      ))}
      <TimeAxisContext.Provider value={axis}>
        <div className={drawerOpen && !presenting && !phone && !embedded ? 'workspace with-drawer' : 'workspace'}>
          {drawerOpen && !presenting && !embedded && scenario ? (
            <Drawer sheet={phone} onClose={() => setDrawerOpen(false)}>
              {phone ? quick : null}
              {controls}
            </Drawer>
          ) : null}
          <div className="stage-column">
            {presenting || phone || embedded ? null : quick}
            <TransportBar events={events} zoomed={zoomed} />
            <Stage
              set={set}
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
          </div>
        </div>
      </TimeAxisContext.Provider>
      <KeyHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
