/**
 * The playhead and live edits: with the playhead inside the run, the controls show the
 * scenario as it stands there and a link edit becomes a timed change at the playhead
 * (AppModel.editScenario). `liveAt` is how many changes the playhead has passed (-1: edits
 * apply to the whole run), so the controls re-render when it crosses a change, not every frame.
 * The controls' forms are built here too, from the scenario as shown.
 */
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { scenarioAt } from '../../scenario/changes.ts';
import type { Scenario } from '../../scenario/schema.ts';
import { ChangedFieldsContext } from '../controls/changedFields.ts';
import { ScenarioControls } from '../lazy.tsx';
import { useLate } from '../state/lateModule.ts';
import { lateControls, QuickControls } from './lateControls.tsx';
import type { AppModel } from '../model/appModel.ts';
import { changedFields } from '../state/liveEdit.ts';
import type { ChangeMark } from '../panels/TimedChanges.tsx';
import { initialPlayback, playbackReducer, type PlaybackAction } from '../state/playback.ts';
import { createStore } from '../state/store.ts';
import { usePlaybackLoop } from '../state/usePlaybackLoop.ts';

const NO_MARKS: readonly ChangeMark[] = [];

export function useLiveEditing(model: AppModel, scenario: Scenario | null, variants: readonly string[]) {
  const [playback] = useState(() => createStore(initialPlayback(scenario?.durationS ?? 1)));
  const dispatch = useCallback((a: PlaybackAction) => playback.set(playbackReducer(playback.get(), a)), [playback]);
  usePlaybackLoop(playback, dispatch);
  const liveAt = useSyncExternalStore(playback.subscribe, () => model.liveAt(playback.get()));
  const shown = useMemo(() => (scenario && liveAt > 0 ? scenarioAt(scenario, scenario.changes[liveAt - 1].atS) : scenario), [scenario, liveAt]);
  const [editScenario] = useState(() => (next: Scenario) => model.editScenario(next, playback.get()));
  // the markers' words come with the controls (lateControls.tsx); a scenario with changes before then opened on a link, which waits for them
  const late = useLate(lateControls);
  const marks = useMemo(() => (scenario && late && scenario.changes.length > 0 ? late.changeMarks(scenario) : NO_MARKS), [scenario, late]);
  // Built only when their inputs change: "running…" and other shell updates then re-render
  // neither the long controls form nor the panels.
  const controls = useMemo(
    () =>
      shown && scenario ? (
        <ChangedFieldsContext.Provider value={changedFields(scenario, Math.max(0, liveAt))}>
          <ScenarioControls scenario={shown} onChange={editScenario} />
        </ChangedFieldsContext.Provider>
      ) : null,
    [shown, scenario, liveAt, editScenario],
  );
  const quick = useMemo(() => (shown ? <QuickControls scenario={shown} variants={variants} onChange={editScenario} /> : null), [shown, editScenario, variants]);
  return { playback, dispatch, marks, controls, quick };
}
