/**
 * The time axis every time panel shares (state/timeAxis.ts): the zoom window within the run,
 * the follow window, the reveal, where a cap stopped the run.
 */
import { useCallback, useMemo } from 'react';
import type { Ahead, WindowS } from '../charts/frame.ts';
import type { PlaybackAction, PlaybackState } from '../state/playback.ts';
import type { RunSet } from '../state/runSet.ts';
import type { Store } from '../state/store.ts';
import { DEFAULT_FOLLOW_S, useFollowWindow, type TimeAxis } from '../state/timeAxis.ts';
import type { ViewState } from '../state/view.ts';

export function useAxis(view: ViewState, set: RunSet | null, durationS: number | undefined, setView: (edit: (v: ViewState) => ViewState) => void, playback: Store<PlaybackState>, dispatch: (a: PlaybackAction) => void) {
  const endS = set?.endS ?? durationS ?? 1;
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
  return { axis, zoomed };
}
