/**
 * Performance marks the benchmark (bench/ui.ts) reads: `tcp:input→redraw` from a scenario
 * edit to the panels having drawn its result, and `tcp:frame` for the work of one playback
 * frame. Only measures, never decisions: nothing in the app depends on them.
 */
let inputSeq = 0;
let openInput: string | null = null;

export const REDRAW_MEASURE = 'tcp:input→redraw';
export const FRAME_MEASURE = 'tcp:frame';
/** Frame measures kept: a long lecture must not grow the performance buffer without bound. */
const MAX_FRAME_MEASURES = 2000;
let frameCount = 0;

/** An edit the user made: the next redraw is measured from here. */
export function markInput(): void {
  openInput = `tcp:input:${++inputSeq}`;
  performance.mark(openInput);
}

export const RESULTS_MEASURE = 'tcp:input→results';

/** The workers' results for the latest edit arrived (the part of the latency spent simulating and transferring). */
export function measureResults(): void {
  if (openInput) performance.measure(RESULTS_MEASURE, openInput);
}

/** The panels have drawn a result: closes the measure opened by the latest edit, if any. */
export function measureRedraw(): void {
  if (!openInput) return;
  performance.measure(REDRAW_MEASURE, openInput);
  performance.clearMarks(openInput);
  openInput = null;
}

export function measureFrame(startMs: number): void {
  if (++frameCount > MAX_FRAME_MEASURES) {
    performance.clearMeasures(FRAME_MEASURE);
    frameCount = 0;
  }
  performance.measure(FRAME_MEASURE, { start: startMs, end: performance.now() });
}
