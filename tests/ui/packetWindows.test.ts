// The path picture's packet windows through the run scheduler, in Node: the pool is a fake that
// answers when told, frames are turned by hand. The spans checked are worked out from the rules
// (a window spans 2 s of watching at the playback speed, within [1, 6] s, and starts a quarter
// of its length before the playhead; the next one is asked for 40 % of the way into the current).
import { describe, expect, it } from 'vitest';
import type { PacketWindow } from '../../src/engine/net/hop-log.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { createPacketWindows } from '../../src/ui/model/packetWindows.ts';
import { createRunScheduler } from '../../src/ui/model/runScheduler.ts';
import { initialPlayback, type PlaybackState } from '../../src/ui/state/playback.ts';
import type { RunSet } from '../../src/ui/state/runSet.ts';
import { createStore } from '../../src/ui/state/store.ts';
import { fakePool, manualClock } from './schedulerFakes.ts';

const END_S = 20;

/** A complete set of `n` runs (only what the windows read: each run's scenario, nothing updating). */
function runSet(n: number, name: string): RunSet {
  const runs = Array.from({ length: n }, (_, i) => ({ scenario: { name: `${name}-${i}`, durationS: END_S } as Scenario }));
  return { runs, updating: [] } as unknown as RunSet;
}

const win = (fromS: number, toS: number): PacketWindow => ({ fromNs: fromS * 1e9, toNs: toS * 1e9 }) as PacketWindow;

function setup() {
  const pool = fakePool();
  const clock = manualClock();
  const scheduler = createRunScheduler(pool, clock);
  const playback = createStore<PlaybackState>(initialPlayback(END_S));
  const windows = scheduler.windows(createPacketWindows);
  const held = () => windows.held.get();
  return { pool, clock, scheduler, windows, playback, held };
}

describe('packet windows through the run scheduler', () => {
  it('asks each run for the window at the playhead, then the next one ahead while playing, and publishes at the next frame', () => {
    const { pool, clock, windows, playback, held } = setup();
    const set = runSet(2, 'a');
    playback.set({ ...playback.get(), tS: 4, speed: 1 }); // a 2 s window: [4 − 0.5, 4 + 2]
    windows.follow(set, playback, END_S);
    expect(pool.windows.map((w) => [w.lane, w.req.scenario.name, w.req.fromS, w.req.toS])).toEqual([
      [0, 'a-0', 3.5, 6],
      [1, 'a-1', 3.5, 6],
    ]);
    // one request per run at a time: moving the playhead asks nothing more
    playback.set({ ...playback.get(), tS: 4.1 });
    expect(pool.windows).toHaveLength(2);

    pool.windows[0].answer(win(3.5, 6));
    pool.windows[1].answer(win(3.5, 6));
    return Promise.resolve().then(() => {
      expect(held().set).toBe(null); // both wait for the frame, drawn together
      clock.frame();
      expect(held().set).toBe(set);
      expect(held().windows.map((l) => l.map((w) => w.toNs / 1e9))).toEqual([[6], [6]]);
      // playing, 40 % into [3.5, 6] is 4.5: before it nothing, from it the next window [6, 8]
      playback.set({ ...playback.get(), playing: true, tS: 4.4 });
      expect(pool.windows).toHaveLength(2);
      playback.set({ ...playback.get(), tS: 4.5 });
      expect(pool.windows.slice(2).map((w) => [w.lane, w.req.fromS, w.req.toS])).toEqual([
        [0, 6, 8],
        [1, 6, 8],
      ]);
    });
  });

  it('a newer request supersedes an older one: the older set\'s late answers are dropped', async () => {
    const { pool, clock, windows, playback, held } = setup();
    const a = runSet(1, 'a');
    const b = runSet(1, 'b');
    windows.follow(a, playback, END_S);
    windows.follow(b, playback, END_S);
    expect(pool.windows.map((w) => w.req.scenario.name)).toEqual(['a-0', 'b-0']);
    pool.windows[0].answer(win(0, 4));
    await Promise.resolve();
    clock.frame();
    expect(held().set).toBe(null);
    pool.windows[1].answer(win(0, 4));
    await Promise.resolve();
    clock.frame();
    expect(held().set).toBe(b);
    expect(held().windows).toEqual([[win(0, 4)]]);
  });

  it('a scenario edit cancels the windows on their way; the lane asks again once the workers are free', async () => {
    const { pool, clock, scheduler, windows, playback, held } = setup();
    const set = runSet(1, 'a');
    windows.follow(set, playback, END_S);
    expect(pool.windows).toHaveLength(1);
    scheduler.request([{ key: 'scenario', variant: null, scenario: set.runs[0].scenario }]);
    expect(scheduler.busy.get()).toBe(true);
    pool.windows[0].answer(win(0, 4)); // computed for the picture before the edit
    await Promise.resolve();
    clock.frame();
    expect(held().set).toBe(null);
    // while the edit's runs are out nothing is asked, however the playhead moves
    playback.set({ ...playback.get(), tS: 10 });
    expect(pool.windows).toHaveLength(1);
    // the edit ended (here without a new picture: the set is still followed) and was committed
    await pool.batches[0].finish();
    scheduler.busy.set(false);
    expect(pool.windows.map((w) => [w.req.fromS, w.req.toS])).toEqual([
      [0, 4],
      [9, 14], // speed 2: a 4 s window from a quarter of it before the playhead at 10 s
    ]);
  });

  it('asks nothing for a set still filling in, and nothing once the chart stops following', async () => {
    const { pool, clock, windows, playback, held } = setup();
    const filling = { ...runSet(2, 'a'), updating: [{ key: 'x' }] } as unknown as RunSet;
    windows.follow(filling, playback, END_S);
    expect(pool.windows).toHaveLength(0);
    const set = runSet(1, 'b');
    const stop = windows.follow(set, playback, END_S);
    expect(pool.windows).toHaveLength(1);
    stop();
    pool.windows[0].answer(win(0, 4));
    await Promise.resolve();
    clock.frame();
    playback.set({ ...playback.get(), tS: 12 });
    expect(held().set).toBe(null);
    expect(pool.windows).toHaveLength(1);
  });
});
