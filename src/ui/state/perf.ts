/**
 * Performance marks the benchmark (bench/ui.ts) reads: `tcp:input→redraw` from a scenario
 * edit to the panels having drawn its result, its parts (`tcp:input→posted`: the edit's own
 * React render before the jobs go to the workers; `tcp:input→results`; `tcp:worker:<phase>`
 * as the worker reported them; `tcp:draw` per chart data redraw, including those of charts off
 * screen, made after the redraw), and `tcp:frame` for the work
 * of one playback frame. Only measures, never decisions: nothing in the app depends on them.
 */
import type { RunPhasesMs } from '../../worker/protocol.ts';
import { afterPaint } from './afterPaint.ts';

let inputSeq = 0;
let openInput: string | null = null;
/** The open input's first run (of a comparison) has been drawn. */
let firstDrawn = false;

export const REDRAW_MEASURE = 'tcp:input→redraw';
export const FRAME_MEASURE = 'tcp:frame';
/** Frame measures kept: a long lecture must not grow the performance buffer without bound. */
const MAX_FRAME_MEASURES = 2000;
let frameCount = 0;

/** An edit the user made: the next redraw is measured from here. */
export function markInput(): void {
  openInput = `tcp:input:${++inputSeq}`;
  firstDrawn = false;
  performance.mark(openInput);
}

export const RESULTS_MEASURE = 'tcp:input→results';
export const POSTED_MEASURE = 'tcp:input→posted';
export const DRAW_MEASURE = 'tcp:draw';
/** Per-phase worker times are kept for the last this many runs. */
const MAX_WORKER_MEASURES = 500;
let workerCount = 0;

/** The jobs for the latest edit were handed to the workers. */
export function measurePosted(): void {
  if (openInput) performance.measure(POSTED_MEASURE, openInput);
}

/** The worker's own account of a run (its clock, so recorded as durations ending now). */
export function measureWorker(phases: RunPhasesMs): void {
  if (++workerCount > MAX_WORKER_MEASURES) {
    for (const k of Object.keys(phases)) performance.clearMeasures(`tcp:worker:${k}`);
    workerCount = 0;
  }
  const end = performance.now();
  for (const [k, ms] of Object.entries(phases)) if (k !== 'slices') performance.measure(`tcp:worker:${k}`, { start: end - ms, end });
}

export const HANDOVER_MEASURE = 'tcp:worker→main';

/** From the worker posting a result (its `sentAtEpochMs`) to the main thread acting on it: serialisation, transfer, queueing. */
export function measureHandover(sentAtEpochMs: number): void {
  if (!sentAtEpochMs) return;
  const end = performance.now();
  performance.measure(HANDOVER_MEASURE, { start: Math.min(end, sentAtEpochMs - performance.timeOrigin), end });
}

/** One chart's data layer drawn, from `startMs`. */
let drawCount = 0;
export function measureDraw(startMs: number): void {
  // counted, not looked up: getEntriesByName made an array of up to MAX_FRAME_MEASURES entries per draw
  if (++drawCount > MAX_FRAME_MEASURES) {
    performance.clearMeasures(DRAW_MEASURE);
    drawCount = 0;
  }
  performance.measure(DRAW_MEASURE, { start: startMs, end: performance.now() });
}

/** The workers' results for the latest edit arrived (the part of the latency spent simulating and transferring). */
export function measureResults(): void {
  if (openInput) performance.measure(RESULTS_MEASURE, openInput);
}

export const PAINTED_MEASURE = 'tcp:input→painted';
/** From an edit to its first run drawn (a comparison draws each run as it arrives), and painted. */
export const FIRST_MEASURE = 'tcp:input→first';
export const FIRST_PAINTED_MEASURE = 'tcp:input→first painted';


/**
 * The panels have drawn a result of the latest edit: the first time, closes `tcp:input→first`
 * (and later `tcp:input→first painted`); with `complete` (every run of the edit drawn), also
 * closes `tcp:input→redraw` and later `tcp:input→painted`, the measure opened by the edit.
 */
export function measureRedraw(complete = true): void {
  if (!openInput) return;
  const mark = openInput;
  if (!firstDrawn) {
    firstDrawn = true;
    performance.measure(FIRST_MEASURE, mark);
    afterPaint(() => performance.measure(FIRST_PAINTED_MEASURE, mark));
  }
  if (!complete) return;
  performance.measure(REDRAW_MEASURE, mark);
  openInput = null;
  afterPaint(() => {
    performance.measure(PAINTED_MEASURE, mark);
    performance.clearMarks(mark);
  });
}

export function measureFrame(startMs: number): void {
  if (++frameCount > MAX_FRAME_MEASURES) {
    performance.clearMeasures(FRAME_MEASURE);
    frameCount = 0;
  }
  performance.measure(FRAME_MEASURE, { start: startMs, end: performance.now() });
}

export const PATH_FRAME_MEASURE = 'tcp:path-frame';
let pathFrameCount = 0;

/** The path picture's state at the playhead drawn, from `startMs` (bench/path.ts reads it). */
export function measurePathFrame(startMs: number): void {
  if (++pathFrameCount > MAX_FRAME_MEASURES) {
    performance.clearMeasures(PATH_FRAME_MEASURE);
    pathFrameCount = 0;
  }
  performance.measure(PATH_FRAME_MEASURE, { start: startMs, end: performance.now() });
}

export const PACKET_WINDOW_MEASURE = 'tcp:packet-window';

/** A packet window asked of its worker at `startMs` has arrived (bench/path.ts reads it). */
export function measurePacketWindow(startMs: number): void {
  performance.measure(PACKET_WINDOW_MEASURE, { start: startMs, end: performance.now() });
}
