/** The reveal's state: what is revealed when, a lesson's stop point, and the follow window's jumps. */
import { describe, expect, it } from 'vitest';
import { initialPlayback, playbackReducer, revealedUntilS, type PlaybackState } from '../../src/ui/state/playback.ts';
import { followsNow, followWindow } from '../../src/ui/state/timeAxis.ts';

const at = (over: Partial<PlaybackState>): PlaybackState => ({ ...initialPlayback(100), ...over });

describe('ui reveal: what is revealed', () => {
  it('a run not yet played is shown whole; play, a step or a seek starts the reveal at the playhead', () => {
    const fresh = initialPlayback(100);
    expect(fresh.tS).toBe(0);
    expect(revealedUntilS(fresh)).toBe(100);
    const played = playbackReducer(fresh, { type: 'play' });
    expect(played).toMatchObject({ tS: 0, playing: true, started: true });
    expect(revealedUntilS(played)).toBe(0);
    expect(revealedUntilS(playbackReducer(fresh, { type: 'seek', tS: 12 }))).toBe(12);
  });

  it('a hover (peek) moves the cursor but keeps the run whole, and the first play still starts at 0', () => {
    const peeked = playbackReducer(initialPlayback(100), { type: 'seek', tS: 40, peek: true });
    expect(peeked.tS).toBe(40);
    expect(revealedUntilS(peeked)).toBe(100);
    expect(playbackReducer(peeked, { type: 'play' }).tS).toBe(0);
    // once started, a hover scrubs: the reveal follows it
    const started = playbackReducer(at({ started: true, tS: 10 }), { type: 'seek', tS: 30, peek: true });
    expect(revealedUntilS(started)).toBe(30);
    expect(playbackReducer(at({ started: true, tS: 30 }), { type: 'play' }).tS).toBe(30);
  });

  it('reset (a new preset) shows the run whole again from 0', () => {
    expect(playbackReducer(at({ started: true, tS: 50, playing: true, stopAtS: 60 }), { type: 'reset' })).toMatchObject({ tS: 0, playing: false, started: false, stopAtS: null });
  });

  it('a new run keeps a playhead at the end at the end, so a longer run is not cut at the old end', () => {
    expect(playbackReducer(at({ started: true, tS: 100 }), { type: 'load', endS: 150 })).toMatchObject({ tS: 150, endS: 150 });
    expect(playbackReducer(at({ started: true, tS: 40 }), { type: 'load', endS: 150 })).toMatchObject({ tS: 40, endS: 150 });
  });
});

describe('ui reveal: a lesson stops playback at a time', () => {
  it('playing pauses exactly at stopAtS once, then plays on past it', () => {
    let s = playbackReducer(at({ started: true, tS: 9, playing: true, speed: 1 }), { type: 'stopAt', tS: 10 });
    s = playbackReducer(s, { type: 'tick', wallMs: 600 });
    expect(s).toMatchObject({ tS: 9.6, playing: true });
    s = playbackReducer(s, { type: 'tick', wallMs: 600 });
    expect(s).toMatchObject({ tS: 10, playing: false, stopAtS: null });
    s = playbackReducer(playbackReducer(s, { type: 'play' }), { type: 'tick', wallMs: 500 });
    expect(s).toMatchObject({ tS: 10.5, playing: true });
  });

  it('a stop already behind the playhead does not stop it; null or a non-number clears it', () => {
    const s = playbackReducer(at({ started: true, tS: 20, playing: true, speed: 1, stopAtS: 10 }), { type: 'tick', wallMs: 500 });
    expect(s).toMatchObject({ tS: 20.5, playing: true });
    expect(playbackReducer(at({ stopAtS: 5 }), { type: 'stopAt', tS: null }).stopAtS).toBeNull();
    expect(playbackReducer(at({}), { type: 'stopAt', tS: Number.NaN }).stopAtS).toBeNull();
  });
});

describe('ui follow window', () => {
  it('stays put while the playhead is inside a window of the follow width', () => {
    const w = [20, 30] as const;
    expect(followWindow(w, 25, 10, 100)).toBe(w);
    expect(followWindow(w, 30, 10, 100)).toBe(w);
  });

  it('jumps when the playhead runs off the right edge: the playhead in the middle, the last half-width behind it', () => {
    const w = followWindow([20, 30], 30.01, 10, 100)!;
    expect(w[0]).toBeCloseTo(25.01, 9);
    expect(w[1]).toBeCloseTo(35.01, 9);
  });

  it('takes the follow width from a whole-run window, and stops at the run’s ends', () => {
    expect(followWindow([0, 100], 2, 10, 100)).toEqual([0, 10]);
    expect(followWindow([0, 100], 99, 10, 100)).toEqual([90, 100]);
  });

  it('a follow window as wide as the run (or wider) is the whole run', () => {
    expect(followWindow([0, 100], 50, 120, 100)).toEqual([0, 100]);
    expect(followWindow([10, 20], 50, 120, 100)).toBeNull();
  });
});

describe('when the follow window moves', () => {
  const at = (tS: number, started = true) => ({ tS, endS: 100, started });
  it('never before playback has started (a run opens shown whole)', () => {
    expect(followsNow([0, 100], at(0.8, false), false)).toBe(false);
  });
  it('a step inside the whole run narrows it: the first loss at 0.8 s is not left a sliver at the edge', () => {
    expect(followsNow([0, 100], at(0.8), false)).toBe(true);
    expect(followWindow([0, 100], 0.8, 10, 100)).toEqual([0, 10]);
  });
  it('a step inside a followed or zoomed window leaves it; leaving it, or starting to play, moves it', () => {
    expect(followsNow([20, 30], at(25), false)).toBe(false);
    expect(followsNow([20, 30], at(31), false)).toBe(true);
    expect(followsNow([20, 30], at(25), true)).toBe(true);
  });
});
