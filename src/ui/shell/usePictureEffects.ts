/**
 * What follows a new picture (a new set of runs) outside the charts: the playhead's range, a
 * shared link's moment, the workers' warm-up once, the deferred code once the runs are complete,
 * and the redraw measurement.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { variantNames } from '../../catalogue/variants.ts';
import { lateEvents } from '../events/late.ts';
import { lateVariantNotes } from '../controls/variantNotes.ts';
import { preloadDeferred } from '../lazy.tsx';
import { pagePool } from '../model/runScheduler.ts';
import { measureRedraw } from '../state/perf.ts';
import type { PlaybackAction } from '../state/playback.ts';
import type { RunSet } from '../state/runSet.ts';
import type { ViewState } from '../state/view.ts';

const variants = variantNames();

export function usePictureEffects(set: RunSet | null, running: boolean, fatal: boolean, sharedAtS: number | null, dispatch: (a: PlaybackAction) => void, setView: (edit: (v: ViewState) => ViewState) => void): void {
  // Once the first picture is up, the idle workers run the scenario briefly with every variant
  // so the engine's code is compiled before the class starts dragging sliders or comparing.
  const warmed = useRef(false);
  useEffect(() => {
    if (!set || warmed.current || fatal) return;
    warmed.current = true;
    // the events' code (captions, notices, the glossary) right after the first chart, not at idle:
    // the transport's steps and the cwnd panel's notice wait for it
    void lateEvents.load().catch(() => {});
    void lateVariantNotes.load().catch(() => {});
    pagePool().warm(set.runs[0].scenario, variants);
  }, [set, fatal]);
  // What the first picture does not need loads once its runs are complete: compiling it earlier
  // takes the second core from the run still drawing progressively.
  useEffect(() => {
    if (set && !running) preloadDeferred();
  }, [set, running]);
  useEffect(() => {
    if (set) dispatch({ type: 'load', endS: set.endS });
  }, [set, dispatch]);
  // A shared link's playhead: once its run is loaded the page stands there (paused, so the
  // caption of an event at that moment shows); then the view forgets it, so later links do not carry a stale one.
  useEffect(() => {
    if (!set || sharedAtS === null) return;
    dispatch({ type: 'pause' });
    dispatch({ type: 'seek', tS: sharedAtS });
    setView((v) => ({ ...v, atS: null }));
  }, [set, sharedAtS, dispatch, setView]);
  // children's layout effects (the charts' D3 renders) have run by now: the new picture is drawn
  useLayoutEffect(() => {
    if (set) measureRedraw(set.updating.length === 0);
  }, [set]);
}
