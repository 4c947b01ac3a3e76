/**
 * The toolbar's menus: the full set, or under a lesson's lock only the comparison and panels
 * the lock leaves open; and the presenter's compact controls and panel choice. The full set is
 * split between the toolbar's row and its More menu (`slot`): the pages of their own
 * (experiments, validation) and the embed code are there, and on a phone also Compare, Panels
 * and Export, so the row stays one line.
 */
import type { ReactNode } from 'react';
import type { Scenario } from '../../scenario/schema.ts';
import type { AppModel } from '../model/appModel.ts';
import { ExportMenu, LessonMenu, PresetMenu } from '../lazyMenus.tsx';
import type { Progress } from '../lessons/progress.ts';
import type { Lock } from '../lessons/route.ts';
import { lockedCompare, type LessonMode } from '../lessons/useLessonMode.ts';
import { ComparePicker } from '../panels/ComparePicker.tsx';
import { PanelMenu, PresentMenu } from '../panels/PanelGrid.tsx';
import type { PanelDef } from '../panels/types.ts';
import { showPanel } from '../state/panelList.ts';
import type { RunSet } from '../state/runSet.ts';
import type { ViewState } from '../state/view.ts';
import { MAX_COMPARE } from '../state/viewLimits.ts';
import { presenterFitNote, type PresenterFit } from './presenterFit.ts';

interface MenuProps {
  lock: Lock | null;
  lesson: LessonMode | null;
  variants: readonly string[];
  view: ViewState;
  setView: (edit: (v: ViewState) => ViewState) => void;
  setCompare: (compare: string[]) => void;
  shownSet: RunSet | null;
  panelIds: string[];
  panelAllowed: (id: string) => boolean;
  editPanels: (edit: (list: string[]) => string[]) => void;
  progress: Progress;
  onProgress: (p: Progress) => void;
  presetName: string | undefined;
  onPreset: (name: string) => void;
  model: AppModel;
  set: RunSet | null;
  scenario: Scenario | null;
  onEmbed: () => void;
  /** Export ▾ → Import capture…: opens the trace view. */
  onImportTrace: () => void;
  /** On a phone the toolbar keeps one row: Compare, Panels and Export move into the More menu. */
  phone: boolean;
  /** `row`: the toolbar's own buttons; `more`: what its More menu holds. */
  slot: 'row' | 'more';
}

export function ToolbarMenus({ lock, lesson, variants, view, setView, setCompare, shownSet, panelIds, panelAllowed, editPanels, progress, onProgress, presetName, onPreset, model, set, scenario, onEmbed, onImportTrace, phone, slot }: MenuProps) {
  const onLayout = (l: ViewState['compareLayout']): void => setView((v) => ({ ...v, compareLayout: l }));
  if (lock && slot === 'more') return null;
  const comparing = (
    <>
      <ComparePicker variants={variants} selected={view.compare} max={MAX_COMPARE} layout={view.compareLayout} onChange={setCompare} onLayout={onLayout} />
      <PanelMenu set={shownSet} ids={panelIds} onShow={(id) => editPanels((l) => showPanel(l, id))} />
      <ExportMenu
        onImportTrace={onImportTrace}
        set={set}
        scenario={scenario}
        onImport={(s, notes) => model.importScenario(s, notes)}
        onProblems={(lines) => model.setProblems({ title: 'The file could not be used:', lines })}
        onNotice={model.setNotice}
      />
    </>
  );
  if (slot === 'more')
    return (
      <>
        {phone ? comparing : null}
        <a className="button-link" href="#experiment=" data-testid="experiments">
          Experiments
        </a>
        <a className="button-link" href="#validation" data-testid="validation" title="What each variant was checked against, and how close it came">
          How do we know?
        </a>
        <button type="button" className="wide-only" data-testid="embed-code" onClick={onEmbed} title="HTML for an iframe showing these panels in a course page or learning platform">
          Embed
        </button>
      </>
    );
  return lock ? (
    <>
      {lock.variants.length > 0 ? (
        <ComparePicker variants={variants.filter((v) => lockedCompare(lesson, [v]).length > 0)} selected={view.compare} max={MAX_COMPARE} layout={view.compareLayout} onChange={setCompare} onLayout={onLayout} />
      ) : null}
      {lock.panels.length > 0 ? <PanelMenu set={shownSet} ids={panelIds} onShow={(id) => panelAllowed(id) && editPanels((l) => showPanel(l, id))} /> : null}
    </>
  ) : (
    <>
      <LessonMenu progress={progress} onProgress={onProgress} preset={presetName} />
      <PresetMenu current={presetName} onPick={onPreset} />
      {phone ? null : comparing}
    </>
  );
}

export function PresenterMenus({ lock, controls, available, chosen, onChange, presetName, onPreset, fit }: { lock: Lock | null; controls: ReactNode; available: PanelDef[]; chosen: string[]; onChange: (ids: string[]) => void; presetName: string | undefined; onPreset: (name: string) => void; fit: PresenterFit }) {
  return (
    <>
      {lock ? null : (
        <details className="menu quick-menu" data-testid="quick-menu">
          <summary>Controls</summary>
          <div className="menu-body">{controls}</div>
        </details>
      )}
      {/* a lecturer changes preset without leaving presenter mode; the chosen panels stay (pickPreset keeps view.present) */}
      {lock ? null : <PresetMenu current={presetName} onPick={onPreset} />}
      <PresentMenu available={available} chosen={chosen} onChange={onChange} fit={fit.panels} fitNote={presenterFitNote(fit)} />
    </>
  );
}
