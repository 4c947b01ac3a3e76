/** Playback as declarative actions, event stepping, presenter keys, and the shared time window's arithmetic. */
import { describe, expect, it } from 'vitest';
import { keyCommand } from '../../src/ui/state/keys.ts';
import { initialPlayback, nextAfter, playbackReducer, prevBefore, SPEEDS, type PlaybackState } from '../../src/ui/state/playback.ts';
import { normaliseWindow, panWindow, pinchWindow, zoomWindow } from '../../src/ui/state/timeAxis.ts';

const at = (over: Partial<PlaybackState>): PlaybackState => ({ ...initialPlayback(10), ...over });

describe('ui playback reducer', () => {
  it('a tick advances the cursor by wall time × speed while playing', () => {
    const s = playbackReducer(at({ playing: true, speed: 2, tS: 1 }), { type: 'tick', wallMs: 250 });
    expect(s.tS).toBe(1.5);
    expect(s.playing).toBe(true);
  });

  it('a tick does nothing while paused', () => {
    const s = at({ tS: 3 });
    expect(playbackReducer(s, { type: 'tick', wallMs: 1000 })).toBe(s);
  });

  it('stops at the end of the run, and play from the end starts over', () => {
    const end = playbackReducer(at({ playing: true, speed: 10, tS: 9 }), { type: 'tick', wallMs: 1000 });
    expect(end).toMatchObject({ tS: 10, playing: false });
    expect(playbackReducer(end, { type: 'play' })).toMatchObject({ tS: 0, playing: true });
  });

  it('seek clamps to [0, end]', () => {
    expect(playbackReducer(at({}), { type: 'seek', tS: -4 }).tS).toBe(0);
    expect(playbackReducer(at({}), { type: 'seek', tS: 40 }).tS).toBe(10);
    expect(playbackReducer(at({}), { type: 'seek', tS: 2.5 }).tS).toBe(2.5);
  });

  it('toggle flips playing', () => {
    expect(playbackReducer(at({}), { type: 'toggle' }).playing).toBe(true);
    expect(playbackReducer(at({ playing: true }), { type: 'toggle' }).playing).toBe(false);
  });

  it('faster and slower step through SPEEDS and stop at the ends', () => {
    expect(playbackReducer(at({ speed: 1 }), { type: 'faster' }).speed).toBe(2);
    expect(playbackReducer(at({ speed: 1 }), { type: 'slower' }).speed).toBe(0.5);
    expect(playbackReducer(at({ speed: SPEEDS[SPEEDS.length - 1] }), { type: 'faster' }).speed).toBe(SPEEDS[SPEEDS.length - 1]);
    expect(playbackReducer(at({ speed: SPEEDS[0] }), { type: 'slower' }).speed).toBe(SPEEDS[0]);
    // a speed between two steps moves to the neighbour in that direction
    expect(playbackReducer(at({ speed: 3 }), { type: 'faster' }).speed).toBe(5);
    expect(playbackReducer(at({ speed: 3 }), { type: 'slower' }).speed).toBe(2);
  });

  it('rejects a non-positive speed', () => {
    expect(playbackReducer(at({ speed: 2 }), { type: 'speed', speed: 0 }).speed).toBe(2);
  });

  it('load keeps the cursor if it fits in the new run and clamps it otherwise', () => {
    expect(playbackReducer(at({ tS: 4 }), { type: 'load', endS: 60 })).toMatchObject({ tS: 4, endS: 60 });
    expect(playbackReducer(at({ tS: 8, playing: true }), { type: 'load', endS: 5 })).toMatchObject({ tS: 5, endS: 5, playing: false });
  });

  it('load of a run as long as the one shown keeps the same state (subscribers are not notified)', () => {
    const s = at({ tS: 4, endS: 60 });
    expect(playbackReducer(s, { type: 'load', endS: 60 })).toBe(s);
    const atEnd = at({ tS: 60, endS: 60 });
    expect(playbackReducer(atEnd, { type: 'load', endS: 60 })).toBe(atEnd);
    expect(playbackReducer(s, { type: 'load', endS: 61 })).not.toBe(s);
  });
});

describe('ui event stepping', () => {
  const times = Float64Array.from([1, 2, 2.5, 7]);
  it('nextAfter finds the first time strictly after t', () => {
    expect(nextAfter(times, 0)).toBe(1);
    expect(nextAfter(times, 2)).toBe(2.5);
    expect(nextAfter(times, 7)).toBeNull();
  });
  it('prevBefore finds the last time strictly before t', () => {
    expect(prevBefore(times, 2.5)).toBe(2);
    expect(prevBefore(times, 100)).toBe(7);
    expect(prevBefore(times, 1)).toBeNull();
  });
});

describe('ui presenter keys', () => {
  it('maps the presenter keys', () => {
    const cases: [string, string][] = [
      [' ', 'toggle'],
      ['ArrowLeft', 'prev-event'],
      ['ArrowRight', 'next-event'],
      ['PageUp', 'prev-event'],
      ['PageDown', 'next-event'],
      ['l', 'next-loss'],
      ['T', 'next-timeout'],
      ['f', 'fullscreen'],
      ['+', 'faster'],
      ['-', 'slower'],
    ];
    for (const [key, cmd] of cases) expect(keyCommand({ key })).toBe(cmd);
    expect(keyCommand({ key: 'x' })).toBeNull();
    // Shift reverses loss and timeout steps; Caps Lock alone (a capital without Shift) does not
    expect(keyCommand({ key: 'L', shiftKey: true })).toBe('prev-loss');
    expect(keyCommand({ key: 'T', shiftKey: true })).toBe('prev-timeout');
    expect(keyCommand({ key: 'L' })).toBe('next-loss');
  });

  it('acts whatever has focus except a field being typed in, and leaves browser shortcuts to the browser', () => {
    // a focused slider (the error-rate slider, the scrubber) keeps its arrows, as the ARIA slider
    // pattern has it (issue 31: → used to jump to the next event); Space, PageDown and the letters still drive the stage
    expect(keyCommand({ key: 'ArrowLeft', targetTag: 'INPUT', targetType: 'range' })).toBeNull();
    expect(keyCommand({ key: 'ArrowUp', targetTag: 'INPUT', targetType: 'range' })).toBeNull();
    expect(keyCommand({ key: 'PageDown', targetTag: 'INPUT', targetType: 'range' })).toBe('next-event');
    expect(keyCommand({ key: ' ', targetTag: 'INPUT', targetType: 'range' })).toBe('toggle');
    expect(keyCommand({ key: 'l', targetTag: 'INPUT', targetType: 'range' })).toBe('next-loss');
    expect(keyCommand({ key: ' ', targetTag: 'BUTTON' })).toBe('toggle');
    expect(keyCommand({ key: ' ', targetTag: 'SUMMARY' })).toBe('toggle');
    expect(keyCommand({ key: 'ArrowRight', targetTag: 'SELECT' })).toBe('next-event');
    expect(keyCommand({ key: 'ArrowRight', targetTag: 'BUTTON' })).toBe('next-event');
    expect(keyCommand({ key: 'l', targetTag: 'INPUT', targetType: 'text' })).toBeNull();
    expect(keyCommand({ key: 'l', targetTag: 'INPUT' })).toBeNull(); // no type attribute = text
    expect(keyCommand({ key: '5', targetTag: 'INPUT', targetType: 'number' })).toBeNull();
    expect(keyCommand({ key: ' ', targetTag: 'INPUT', targetType: 'number' })).toBeNull();
    expect(keyCommand({ key: ' ', targetTag: 'INPUT', targetType: 'checkbox' })).toBeNull();
    expect(keyCommand({ key: 'l', targetTag: 'INPUT', targetType: 'checkbox' })).toBe('next-loss');
    expect(keyCommand({ key: 'Escape', targetTag: 'INPUT', targetType: 'text' })).toBe('escape');
    expect(keyCommand({ key: '?' })).toBe('help');
    // the scenario editor is a form: its slider keeps its arrows, its buttons their Space
    expect(keyCommand({ key: 'ArrowLeft', targetTag: 'INPUT', targetType: 'range', inForm: true })).toBeNull();
    expect(keyCommand({ key: ' ', targetTag: 'BUTTON', inForm: true })).toBeNull();
    expect(keyCommand({ key: 'Escape', targetTag: 'INPUT', targetType: 'range', inForm: true })).toBe('escape');
    expect(keyCommand({ key: 'l', ctrlKey: true })).toBeNull();
    expect(keyCommand({ key: 't', targetTag: 'DIV', targetEditable: true })).toBeNull();
  });
});

describe('ui time window', () => {
  it('orders and clamps a brushed range; the whole run is null', () => {
    expect(normaliseWindow(8, 2, 10)).toEqual([2, 8]);
    expect(normaliseWindow(-5, 20, 10)).toBeNull();
    // a zero-width brush widens to the minimum window around its point
    const [a, b] = normaliseWindow(3, 3, 10)!;
    expect(a).toBeCloseTo(2.9995, 12);
    expect(b).toBeCloseTo(3.0005, 12);
  });

  it('zooms around a centre and pans by a fraction of the width, stopping at the ends', () => {
    expect(zoomWindow([4, 6], 2, 5, 10)).toEqual([3, 7]);
    expect(zoomWindow([2, 8], 4, 5, 10)).toBeNull();
    expect(panWindow([4, 6], 0.5, 10)).toEqual([5, 7]);
    expect(panWindow([7, 9], 1, 10)).toEqual([8, 10]);
    expect(panWindow([1, 3], -1, 10)).toEqual([0, 2]);
  });
});

describe('ui pinch zoom', () => {
  it('keeps the times under both fingers under them', () => {
    // plot 100..1100 px shows [0, 10] s: 0.01 s per px; fingers at 2 s and 4 s spread twice as far
    const w = pinchWindow([0, 10], [100, 1100], [300, 500], [200, 600], 100)!;
    const at = (px: number): number => w[0] + ((px - 100) * (w[1] - w[0])) / 1000;
    expect(at(200)).toBeCloseTo(2, 9);
    expect(at(600)).toBeCloseTo(4, 9);
    expect(w[1] - w[0]).toBeCloseTo(5, 9);
  });

  it('pinching in past the whole run gives the whole run; a vanishing spread keeps the window', () => {
    expect(pinchWindow([2, 4], [0, 1000], [200, 800], [450, 550], 8)).toBeNull();
    expect(pinchWindow([2, 4], [0, 1000], [500, 502], [400, 600], 10)).toEqual([2, 4]);
  });
});
