/**
 * URL ⇄ model: every change is written to the hash (replaceState: no history entry per slider
 * step); a hash pasted or edited by hand goes to the model (AppModel.applyHash), with problems
 * reported, not thrown. Written a moment after the last change, once the runs it started are in:
 * encoding and replaceState cost several ms each, which a dragged slider should not pay per
 * step — and on two cores the main thread's time is a worker's, and the main thread hands out
 * the comparison's runs. Copy link flushes it first (the returned function). An incoming link
 * always wins over a pending write (see state/hashSync.ts).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { AppModel } from '../model/appModel.ts';
import { HashSync } from '../state/hashSync.ts';
import { checksLoaded, withChecks } from '../state/late.ts';
import type { SharedState } from '../state/url.ts';

/** How long the URL waits for the state to stop changing before it is rewritten. */
const URL_WRITE_DELAY_MS = 300;

/**
 * `lessonLink` holds the lesson's own link while one is open (it is written instead of the
 * state). Returns the write, for Copy link.
 */
export function useHashLink(model: AppModel, shared: SharedState | null, running: boolean, lessonLink: RefObject<string | null>, lessonRoute: unknown): () => void {
  const [hashSync] = useState(() => new HashSync());
  const writeHash = useCallback(() => {
    // encoding needs the late checks (state/late.ts); on a first visit they may still be coming
    if (!checksLoaded()) return withChecks(() => writeHash());
    const hash = model.shareHash(lessonLink.current);
    if (hash !== null) hashSync.write(hash);
  }, [hashSync, model, lessonLink]);
  useEffect(() => {
    const onHash = (): void => {
      const hash = hashSync.incoming();
      if (hash !== null) withChecks(() => model.applyHash(hash) === 'refused' && hashSync.write(lessonLink.current ?? ''));
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, [hashSync, model, lessonLink]);
  useEffect(() => {
    if (!shared || running) return;
    const timer = setTimeout(writeHash, URL_WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shared, writeHash, lessonRoute, running]);
  return writeHash;
}

/** The ref useHashLink reads the lesson's link from. */
export const useLessonLink = (): RefObject<string | null> => useRef<string | null>(null);
