/**
 * Packet windows for the path picture, fetched from their own worker (worker/packetWindow.ts)
 * around the playhead. Per run: the window covering the playhead, and while playing the next
 * one, asked for before the playhead gets there (it continues the worker's simulation, so it
 * costs only the simulated time it adds). One request per run in flight at most; an answer for
 * a run no longer shown is dropped.
 *
 * A window re-simulates its run up to the window's end: on two cores it would be a third
 * simulation competing with the edit's own runs. So windows are asked for only once every run
 * of the edit is in (a comparison drawn progressively is not asked for per partial picture),
 * never while the workers are running a newer edit, and only while the chart is on screen.
 * Answers arriving together are drawn together, once per frame (each is a full path redraw).
 */
import * as Comlink from 'comlink';
import { useContext, useEffect, useMemo, useState } from 'react';
import type { PacketWindow } from '../../engine/net/hop-log.ts';
import type { PacketWindowApi } from '../../worker/packetWindow.ts';
import { measurePacketWindow } from './perf.ts';
import type { PlaybackState } from './playback.ts';
import type { RunSet } from './runSet.ts';
import type { Store } from './store.ts';
import { useOnScreen } from './onScreen.ts';
import { RunsBusyContext } from './useRuns.ts';

let remotes: Comlink.Remote<PacketWindowApi>[] | undefined;

/**
 * The packet-window workers, started on first use (none where workers do not exist: Node
 * tests). Compared runs are spread over them, a run always on the same one (its session lives
 * there); one core is left for the page, and three are plenty for six lanes.
 */
function workers(): Comlink.Remote<PacketWindowApi>[] {
  if (remotes === undefined) {
    const n = typeof Worker === 'undefined' ? 0 : Math.max(1, Math.min(3, (navigator.hardwareConcurrency || 2) - 1));
    remotes = Array.from({ length: n }, (_, i) =>
      Comlink.wrap<PacketWindowApi>(new Worker(new URL('../../worker/packetWindow.worker.ts', import.meta.url), { type: 'module', name: `tcp-lab-packets-${i}` })),
    );
  }
  return remotes;
}

/**
 * Simulated seconds a window spans: about two seconds of watching at the playback speed, within
 * [1, 6] s (longer windows cost transfer and memory; at 20× a packet crosses the path between
 * two frames anyway).
 */
const windowLengthS = (speed: number): number => Math.min(6, Math.max(1, 2 * speed));

/** The next window is asked for once the playhead is this far into the current one. */
const PREFETCH_AT = 0.4;

interface Lane {
  windows: PacketWindow[];
  pending: boolean;
}

/** Per run of the set (same order): the packet windows in hand, newest last. `chartId`: the path chart, asked for only while on screen. */
export function usePacketWindows(set: RunSet, playback: Store<PlaybackState>, endS: number, chartId: string): PacketWindow[][] {
  const busy = useContext(RunsBusyContext);
  const onScreen = useOnScreen(chartId);
  // windows belong to the set they were asked for: a new set starts with none, without a render to clear them
  const none = useMemo(() => set.runs.map((): PacketWindow[] => []), [set]);
  const [held, setHeld] = useState<{ set: RunSet; windows: PacketWindow[][] } | null>(null);
  useEffect(() => {
    if (!onScreen || set.updating.length > 0) return;
    const pool = workers();
    if (pool.length === 0) return;
    let live = true;
    const lanes: Lane[] = set.runs.map(() => ({ windows: [], pending: false }));
    let frame = 0;
    const publish = (): void => {
      if (frame === 0) frame = requestAnimationFrame(() => {
        frame = 0;
        if (live) setHeld({ set, windows: lanes.map((l) => l.windows) });
      });
    };
    const ask = (i: number, fromS: number, toS: number): void => {
      const run = set.runs[i];
      lanes[i].pending = true;
      const started = performance.now();
      pool[i % pool.length].get({ scenario: run.scenario, fromS, toS }).then(
        (w) => {
          if (!live) return;
          measurePacketWindow(started);
          const lane = lanes[i];
          lane.pending = false;
          const tNs = playback.get().tS * 1e9;
          // keep what covers the playhead or lies ahead of it
          lane.windows = [...lane.windows, w].filter((x) => x.toNs >= tNs).slice(-2);
          publish();
          check();
        },
        () => {
          if (live) lanes[i].pending = false;
        },
      );
    };
    const check = (): void => {
      if (!live || busy?.get()) return;
      const { tS, speed, playing } = playback.get();
      const tNs = tS * 1e9;
      const lengthS = windowLengthS(speed);
      lanes.forEach((lane, i) => {
        if (lane.pending) return;
        const covering = lane.windows.find((w) => tNs >= w.fromNs && tNs <= w.toNs);
        if (covering === undefined) {
          // a seek: start a little before the playhead, so stepping back a moment needs no new run
          if (tS <= endS) ask(i, Math.max(0, tS - 0.25 * lengthS), Math.min(endS, tS + lengthS));
          return;
        }
        const aheadNs = covering.toNs;
        const hasNext = lane.windows.some((w) => w.fromNs === aheadNs);
        if (playing && !hasNext && aheadNs < endS * 1e9 && tNs >= covering.fromNs + PREFETCH_AT * (aheadNs - covering.fromNs)) {
          ask(i, aheadNs / 1e9, Math.min(endS, aheadNs / 1e9 + lengthS));
        }
      });
    };
    check();
    const unsubscribe = playback.subscribe(check);
    // a newer edit's runs done (and superseding this set) or failed (this set stays): ask then
    const unsubscribeBusy = busy?.subscribe(check);
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      unsubscribe();
      unsubscribeBusy?.();
    };
  }, [set, playback, endS, onScreen, busy]);
  return held?.set === set ? held.windows : none;
}
