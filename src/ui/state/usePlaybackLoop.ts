/**
 * Drives playback: while playing, one `tick` per animation frame advances the cursor by the
 * elapsed wall time × speed. Charts redraw only their cursor layer (they subscribe to the
 * store), so a frame costs a few small DOM updates, never a re-simulation.
 */
import { useEffect } from 'react';
import { measureFrame } from './perf.ts';
import type { PlaybackAction, PlaybackState } from './playback.ts';
import type { Store } from './store.ts';

/** A long pause between frames (a background tab) must not jump the cursor by minutes. */
const MAX_FRAME_MS = 100;

export function usePlaybackLoop(playback: Store<PlaybackState>, dispatch: (a: PlaybackAction) => void): void {
  useEffect(() => {
    let raf = 0;
    let last = 0;
    const frame = (now: number): void => {
      const start = performance.now();
      dispatch({ type: 'tick', wallMs: Math.min(MAX_FRAME_MS, last ? now - last : 0) });
      measureFrame(start);
      last = now;
      raf = playback.get().playing ? requestAnimationFrame(frame) : 0;
    };
    const sync = (): void => {
      if (playback.get().playing && raf === 0) {
        last = 0;
        raf = requestAnimationFrame(frame);
      }
    };
    sync();
    const unsubscribe = playback.subscribe(sync);
    return () => {
      unsubscribe();
      if (raf) cancelAnimationFrame(raf);
    };
  }, [playback, dispatch]);
}
