/**
 * The path picture's packet windows for React: while the chart is on screen, the run
 * scheduler follows `set` around the playhead (model/packetWindows.ts says what is asked and
 * when), and the chart re-renders with each batch of windows it publishes.
 */
import { useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { PacketWindow } from '../../engine/net/hop-log.ts';
import { createPacketWindows, type HeldWindows } from '../model/packetWindows.ts';
import { createStore } from './store.ts';
import { useOnScreen } from './onScreen.ts';
import type { PlaybackState } from './playback.ts';
import type { RunSet } from './runSet.ts';
import type { Store } from './store.ts';
import { RunSchedulerContext } from './useRuns.ts';

/** Outside the app (no scheduler): never any windows. */
const NONE = createStore<HeldWindows>({ set: null, windows: [] });

/** Per run of the set (same order): the packet windows in hand, newest last. `chartId`: the path chart, followed only while on screen. */
export function usePacketWindows(set: RunSet, playback: Store<PlaybackState>, endS: number, chartId: string): PacketWindow[][] {
  const scheduler = useContext(RunSchedulerContext);
  const onScreen = useOnScreen(chartId);
  // windows belong to the set they were asked for: a new set starts with none, without a render to clear them
  const none = useMemo(() => set.runs.map((): PacketWindow[] => []), [set]);
  const windows = scheduler?.windows(createPacketWindows);
  useEffect(() => (windows && onScreen ? windows.follow(set, playback, endS) : undefined), [windows, set, playback, endS, onScreen]);
  const store = windows?.held ?? NONE;
  const held = useSyncExternalStore(store.subscribe, store.get);
  return held.set === set ? held.windows : none;
}
