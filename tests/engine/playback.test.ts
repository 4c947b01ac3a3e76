/**
 * Playback application (TCP-Real §3: 5 KB every 40 ms): scripted in-order deliveries on a real
 * Simulator, expected reads worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { Playback, type PlaybackParams } from '../../src/engine/app/playback.ts';
import { handler, msToNs, Simulator, sToNs } from '../../src/engine/core/simulator.ts';
import { ColumnarSink } from '../../src/engine/core/trace.ts';

const FLOW = 2;

function setup(params: PlaybackParams, deliveries: [ms: number, bytes: number][]) {
  const sim = new Simulator();
  const trace = new ColumnarSink(['playback']);
  const app = new Playback(sim, params, trace, FLOW);
  for (const [ms, bytes] of deliveries) sim.scheduleAt(msToNs(ms), handler(() => app.onDeliver(bytes)), null);
  app.start();
  return { sim, trace, app };
}

/** The playback table as [ms, ok, bufferedBytes] rows. */
function rows(trace: ColumnarSink): [number, boolean, number][] {
  const t = trace.finish().playback;
  expect(Array.from(t.flow).every((f) => f === FLOW)).toBe(true);
  return Array.from(t.tNs, (tNs, i) => [tNs / 1e6, t.ok[i] === 1, t.bufferedBytes[i]]);
}

const PAPER = { readBytes: 5000, periodNs: msToNs(40), startNs: msToNs(100) };

describe('Playback', () => {
  it('playback reads 5000 B every 40 ms; a failed read takes nothing and the clock does not slip', () => {
    const { sim, trace, app } = setup({ ...PAPER, totalBytes: Infinity }, [
      [50, 3000],
      [90, 3000], // 6000 buffered at 100 ms
      [150, 4000],
      [230, 9000],
    ]);
    sim.runUntil(msToNs(300));
    expect(rows(trace)).toEqual([
      [100, true, 1000], // 6000 − 5000
      [140, false, 1000], // 1000 < 5000: nothing taken
      [180, true, 0], // 1000 + 4000
      [220, false, 0],
      [260, true, 4000], // 9000 − 5000
      [300, false, 4000], // reads at 100 + 40k ms up to and including the run end
    ]);
    expect(app.reads).toBe(6);
    expect(app.successes).toBe(3);
    expect(app.successPct()).toBe(50);
    expect(app.readSoFarBytes).toBe(15_000);
  });

  it('playback stops after the last byte of the transfer; the last read may be short', () => {
    const { sim, trace, app } = setup({ ...PAPER, totalBytes: 12_000 }, [
      [60, 5000],
      [150, 5000],
      [200, 2000],
    ]);
    sim.runUntil(sToNs(10));
    expect(rows(trace)).toEqual([
      [100, true, 0],
      [140, false, 0],
      [180, true, 0],
      [220, true, 0], // the remaining 2000 B
    ]);
    expect(app.finished).toBe(true);
    expect(app.successPct()).toBe(75);
    expect(sim.pending).toBe(0); // no read scheduled after the end
  });

  it('playback with a transfer that never completes keeps failing until stopNs', () => {
    const { sim, trace, app } = setup({ ...PAPER, periodNs: msToNs(100), totalBytes: 50_000, stopNs: msToNs(600) }, [[10, 7000]]);
    sim.runUntil(sToNs(5));
    // Reads at 100..500 ms: the first succeeds (7000 → 2000), the rest find only 2000 B.
    expect(rows(trace)).toEqual([
      [100, true, 2000],
      [200, false, 2000],
      [300, false, 2000],
      [400, false, 2000],
      [500, false, 2000],
    ]);
    expect(app.successPct()).toBe(20);
    expect(app.finished).toBe(false);
  });

  it('playback of an empty transfer never reads; successPct is null before any read', () => {
    const { sim, app } = setup({ ...PAPER, totalBytes: 0 }, []);
    expect(app.successPct()).toBeNull();
    sim.runUntil(sToNs(1));
    expect(app.reads).toBe(0);
    expect(app.successPct()).toBeNull();
  });

  it('playback rejects bad parameters and a second start', () => {
    const sim = new Simulator();
    const trace = new ColumnarSink();
    expect(() => new Playback(sim, { ...PAPER, readBytes: 0, totalBytes: 1 }, trace, 0)).toThrow(/read size/);
    expect(() => new Playback(sim, { ...PAPER, periodNs: 0.5, totalBytes: 1 }, trace, 0)).toThrow(/period/);
    expect(() => new Playback(sim, { ...PAPER, totalBytes: -1 }, trace, 0)).toThrow(/total/);
    const app = new Playback(sim, { ...PAPER, totalBytes: 1 }, trace, 0);
    app.start();
    expect(() => app.start()).toThrow(/twice/);
  });
});
