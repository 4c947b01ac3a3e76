/**
 * The path picture's packet windows, asked of the run scheduler's pool (runScheduler.ts owns
 * one of these). Per run of the followed set: the window covering the playhead, and while
 * playing the next one, asked for before the playhead gets there (it continues the worker's
 * session, so it costs only the simulated time it adds). One request per run in flight at most.
 *
 * A window re-simulates its run up to the window's end, on the workers the edits' runs use. So
 * windows are asked for only for a set whose runs are all in (not per partial picture of a
 * comparison), never while the workers run an edit (`busy`), and an edit drops every answer
 * still on its way: the run has gone ahead of it in the worker anyway. Following a newer set
 * supersedes the older one, whose late answers are dropped. Answers arriving together are
 * published together, once per frame (each is a full path redraw).
 */
import type { PacketWindow } from '../../engine/net/hop-log.ts';
import type { PacketWindowRequest } from '../../worker/packetWindow.ts';
import { measurePacketWindow } from '../state/perf.ts';
import type { PlaybackState } from '../state/playback.ts';
import type { RunSet } from '../state/runSet.ts';
import { createStore, type Store } from '../state/store.ts';

/** What the windows need of the pool (SimPool in the app, a fake in tests). */
export interface WindowPool {
  /** A window of the set's `lane`-th run; the same lane always goes to the same worker. */
  packetWindow(lane: number, req: PacketWindowRequest): Promise<PacketWindow>;
}

/** Per run of `set` (same order): the packet windows in hand, newest last. */
export interface HeldWindows {
  set: RunSet | null;
  windows: PacketWindow[][];
}

/**
 * Simulated seconds a window spans: about two seconds of watching at the playback speed, within
 * [1, 6] s (longer windows cost transfer and memory; at 20× a packet crosses the path between
 * two frames anyway).
 */
export const windowLengthS = (speed: number): number => Math.min(6, Math.max(1, 2 * speed));

/** The next window is asked for once the playhead is this far into the current one. */
export const PREFETCH_AT = 0.4;

interface Lane {
  windows: PacketWindow[];
  pending: boolean;
}

interface WindowClock {
  now(): number;
  nextFrame(fn: () => void): () => void;
}

export function createPacketWindows(pool: WindowPool | null, clock: WindowClock, busy: Store<boolean>) {
  const held: Store<HeldWindows> = createStore<HeldWindows>({ set: null, windows: [] });
  /** Bumped by each follow and each stop: answers to an older one are dropped. */
  let following = 0;
  /** Bumped by each edit posted: answers to windows asked before it are dropped. */
  let edits = 0;
  /** The followed set's lanes (null: none followed). */
  let lanesNow: Lane[] | null = null;

  return {
    /** The windows in hand, published at most once per frame. */
    held,
    /**
     * Asks for the windows of `set`'s runs around the playhead from now on, superseding any set
     * followed before; returns the function that stops it (the chart left the screen, or the
     * set is replaced). Nothing is asked while the set is still filling in.
     */
    follow(set: RunSet, playback: Store<PlaybackState>, endS: number): () => void {
      const me = ++following;
      lanesNow = null;
      if (!pool || set.updating.length > 0) return () => {};
      const live = (): boolean => me === following;
      const lanes: Lane[] = set.runs.map(() => ({ windows: [], pending: false }));
      let cancelFrame: (() => void) | null = null;
      const publish = (): void => {
        cancelFrame ??= clock.nextFrame(() => {
          cancelFrame = null;
          if (live()) held.set({ set, windows: lanes.map((l) => l.windows) });
        });
      };
      const ask = (i: number, fromS: number, toS: number): void => {
        const lane = lanes[i];
        lane.pending = true;
        const started = clock.now();
        const asked = edits;
        const wanted = (): boolean => live() && asked === edits;
        pool.packetWindow(i, { scenario: set.runs[i].scenario, fromS, toS }).then(
          (w) => {
            if (!wanted()) return;
            measurePacketWindow(started);
            lane.pending = false;
            const tNs = playback.get().tS * 1e9;
            // keep what covers the playhead or lies ahead of it
            lane.windows = [...lane.windows, w].filter((x) => x.toNs >= tNs).slice(-2);
            publish();
            follower();
          },
          () => {
            if (wanted()) lane.pending = false;
          },
        );
      };
      const follower = (): void => {
        if (!live() || busy.get()) return;
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
      lanesNow = lanes;
      follower();
      const unsubscribe = playback.subscribe(follower);
      // a newer edit's runs done (and superseding this set) or failed (this set stays): ask then
      const unsubscribeBusy = busy.subscribe(follower);
      return () => {
        if (live()) {
          following++;
          lanesNow = null;
        }
        cancelFrame?.();
        unsubscribe();
        unsubscribeBusy();
      };
    },
    /**
     * An edit's runs are posted: the answers on their way are dropped (the workers give those
     * windows up for the runs), and the lanes that waited for them ask again once the workers
     * are free, if the set is still followed then.
     */
    edit(): void {
      edits++;
      for (const lane of lanesNow ?? []) lane.pending = false;
    },
  };
}

export type PacketWindowsOwner = ReturnType<typeof createPacketWindows>;
