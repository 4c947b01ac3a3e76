/**
 * The watchdog's product defaults, and the diagnostic `?watchdog-ms=` that the browser test of a
 * killed worker uses to wait seconds instead of half a minute: absent or refused, the defaults
 * hold; accepted, the first-contact allowance keeps the defaults' ratio (20 s / 8 s = 2.5).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPERVISION } from '../../src/worker/client.ts';
import { watchdogFromQuery } from '../../src/worker/watchdogParam.ts';

describe('worker watchdog', () => {
  it('defaults to 8 s of silence, 20 s for a worker never heard from, looking every 0.5 s', () => {
    expect(DEFAULT_SUPERVISION.silenceMs).toBe(8_000);
    expect(DEFAULT_SUPERVISION.firstContactMs).toBe(20_000);
    expect(DEFAULT_SUPERVISION.checkEveryMs).toBe(500);
  });

  it('a page without the parameter keeps the defaults', () => {
    expect(watchdogFromQuery('')).toEqual({ supervision: {}, problem: null });
    expect(watchdogFromQuery('?stage=3')).toEqual({ supervision: {}, problem: null });
  });

  it('an accepted value sets the silence limit and scales the first-contact allowance by 2.5', () => {
    expect(watchdogFromQuery('?watchdog-ms=2000')).toEqual({ supervision: { silenceMs: 2_000, firstContactMs: 5_000 }, problem: null });
    expect(watchdogFromQuery('?a=1&watchdog-ms=1000')).toEqual({ supervision: { silenceMs: 1_000, firstContactMs: 2_500 }, problem: null });
    expect(watchdogFromQuery('?watchdog-ms=60000')).toEqual({ supervision: { silenceMs: 60_000, firstContactMs: 150_000 }, problem: null });
  });

  it('a value out of range or not a whole number is refused by name and range, and the defaults kept', () => {
    for (const bad of ['999', '60001', '0', '-2000', '2.5e3', '2000ms', 'fast', '']) {
      const r = watchdogFromQuery(`?watchdog-ms=${encodeURIComponent(bad)}`);
      expect(r.supervision, bad).toEqual({});
      expect(r.problem, bad).toBe(`watchdog-ms: "${bad}" is not a whole number of milliseconds from 1000 to 60000; the default watchdog (8000 ms) is used`);
    }
  });
});
