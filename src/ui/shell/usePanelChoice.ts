/**
 * Which panels the stage shows: the view's list (or the default set), less those hidden — the
 * network's panels in the sender's view, and in a lesson the panels that would give the answer
 * away — and less those the run has no data for. Under a lesson's lock only the step's panels
 * and those the lock allows can be added.
 */
import { useMemo, useRef } from 'react';
import type { LessonMode } from '../lessons/useLessonMode.ts';
import { answerPanels } from '../lessons/useLessonMode.ts';
import type { Lock } from '../lessons/route.ts';
import { DEFAULT_PANEL_IDS, getPanel } from '../panels/registry.ts';
import { panelHasData, visiblePanels } from '../state/panelList.ts';
import type { RunSet } from '../state/runSet.ts';
import { senderView, TRUTH_PANELS } from '../state/senderView.ts';
import type { ViewState } from '../state/view.ts';
import { usePresenterFit } from './presenterFit.ts';

export function usePanelChoice(view: ViewState, set: RunSet | null, lesson: LessonMode | null, lock: Lock | null, setView: (edit: (v: ViewState) => ViewState) => void) {
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
  const available = set ? panelIds.map((id) => getPanel(id)!) : [];
  // presenter mode: the panels chosen for it, or the first two shown; as many as the screen
  // holds readably (presenterFit.ts), the rest kept in the view for a larger screen
  const presentFit = usePresenterFit(!!lesson, set?.runs.length ?? 1);
  const presentIds = useMemo(() => {
    const chosen = view.present.filter((id) => panelIds.includes(id));
    return (chosen.length > 0 ? chosen : panelIds.slice(0, 2)).slice(0, presentFit.panels);
  }, [view.present, panelIds, presentFit]);
  return { panelIds, panelAllowed, editPanels, shownSet, available, presentIds, presentFit };
}
