/**
 * Packet windows for the path picture, fetched from their own worker (worker/packetWindow.ts)
 * around the playhead. Per run: the window covering the playhead, and while playing the next
 * one, asked for before the playhead gets there (it continues the worker's simulation, so it
 * costs only the simulated time it adds). One request per run in flight at most; an answer for
 * a run no longer shown is dropped.
 */
import * as Comlink from 'comlink';
import { useEffect, useState } from 'react';
import type { PacketWindow } from '../../engine/net/hop-log.ts';
import type { PacketWindowApi } from '../../worker/packetWindow.ts';
import { measurePacketWindow } from './perf.ts';
import type { PlaybackState } from './playback.ts';
import type { RunSet } from './runSet.ts';
import type { Store } from './store.ts';

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

/** Per run of the set (same order): the packet windows in hand, newest last. */
export function usePacketWindows(set: RunSet, playback: Store<PlaybackState>, endS: number): PacketWindow[][] {
  const [windows, setWindows] = useState<PacketWindow[][]>(() => set.runs.map(() => []));
  useEffect(() => {
    const pool = workers();
    setWindows(set.runs.map(() => []));
    if (pool.length === 0) return;
    let live = true;
    const lanes: Lane[] = set.runs.map(() => ({ windows: [], pending: false }));
    const publish = (): void => setWindows(lanes.map((l) => l.windows));
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
    return () => {
      live = false;
      unsubscribe();
    };
  }, [set, playback, endS]);
  return windows;
}
