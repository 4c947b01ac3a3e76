/**
 * Sketch-then-reveal scoring: the student's predicted curve (cwnd or queue over a time span,
 * one value per column) against the run's, as a score, a shape for each and sentences that say
 * where they differ — naming the common misconception when the difference is one ("you expected
 * a halving; it fell to one segment: a timeout, not a fast retransmit"). Pure: no DOM, no run.
 *
 * Shapes are read from the largest fall below the running peak: within 15 % of it the curve was
 * not cut; a fall to at most 1.5 units (one segment, an empty queue) or below a fifth of the peak
 * is a collapse (a timeout, Tahoe); down to 60 % a halving (Reno's β = 0.5, with slack for the
 * ACK clock's rounding); between, a mild cut (CUBIC's β = 0.7, Veno's 0.8).
 */

export type SketchShape = 'no-cut' | 'mild-cut' | 'halving' | 'collapse';
export type SketchSubject = 'cwnd' | 'queue';

/** A step series: value[i] holds from tS[i] until tS[i+1]. */
export interface StepCurve {
  tS: ArrayLike<number>;
  values: ArrayLike<number>;
}

export interface ShapeInfo {
  shape: SketchShape;
  /** Running peak before the fall, the lowest point after it, and the column of the fall's start. */
  peak: number;
  trough: number;
  cutColumn: number | null;
}

export interface SketchScore {
  /** 0 … 100: 100 = the run's curve. */
  score: number;
  predicted: ShapeInfo;
  actual: ShapeInfo;
  /** Sentences for the student, most important first. */
  feedback: string[];
  /** The misconception named, if the difference is one. */
  misconception: 'expected-fast-recovery' | 'expected-restart' | 'expected-no-reaction' | 'expected-cut' | 'expected-halving' | 'expected-deeper-cut' | null;
}

/** Columns a sketch has over its span: fine enough for a sawtooth, coarse enough for the arrow keys. */
export const SKETCH_COLUMNS = 24;

/** The curve's value at each column's centre (step series: the value holding then). */
export function sampleColumns(curve: StepCurve, fromS: number, toS: number, columns = SKETCH_COLUMNS): number[] {
  const out: number[] = [];
  let i = 0;
  for (let c = 0; c < columns; c++) {
    const t = fromS + ((c + 0.5) * (toS - fromS)) / columns;
    while (i + 1 < curve.tS.length && curve.tS[i + 1] <= t) i++;
    out.push(curve.tS.length > 0 && curve.tS[0] <= t ? curve.values[i] : 0);
  }
  return out;
}

/** Unset columns (null) filled by straight lines between set ones, flat beyond the ends; null if none is set. */
export function fillSketch(values: readonly (number | null)[]): number[] | null {
  const set = values.map((v, i) => (v === null ? -1 : i)).filter((i) => i >= 0);
  if (set.length === 0) return null;
  return values.map((v, i) => {
    if (v !== null) return v;
    const before = set.filter((j) => j < i).at(-1);
    const after = set.find((j) => j > i);
    if (before === undefined) return values[after!]!;
    if (after === undefined) return values[before]!;
    const f = (i - before) / (after - before);
    return values[before]! + f * (values[after]! - values[before]!);
  });
}

export function classify(values: readonly number[]): ShapeInfo {
  let runningPeak = -Infinity;
  let worst = { ratio: 1, peak: values[0] ?? 0, trough: values[0] ?? 0, at: -1 };
  values.forEach((v, i) => {
    runningPeak = Math.max(runningPeak, v);
    const ratio = runningPeak > 0 ? v / runningPeak : 1;
    if (ratio < worst.ratio) worst = { ratio, peak: runningPeak, trough: v, at: i };
  });
  let cutColumn: number | null = null;
  if (worst.at >= 0) {
    // the fall starts where the curve first leaves the peak on the way down to the trough
    let start = worst.at;
    while (start > 0 && values[start - 1] < worst.peak * 0.85) start--;
    cutColumn = start;
  }
  let shape: SketchShape;
  if (worst.ratio > 0.85) shape = 'no-cut';
  else if (worst.trough <= 1.5 || worst.ratio < 0.2) shape = 'collapse';
  else if (worst.ratio <= 0.6) shape = 'halving';
  else shape = 'mild-cut';
  return { shape, peak: worst.peak, trough: worst.trough, cutColumn: shape === 'no-cut' ? null : cutColumn };
}

const SHAPE_WORDS: Record<SketchShape, string> = {
  'no-cut': 'no cut',
  'mild-cut': 'a mild cut',
  halving: 'a halving',
  collapse: 'a collapse',
};

const round = (v: number): number => Math.round(v);

/**
 * Scores `sketch` (one value per column, SKETCH_COLUMNS of them, already filled) against the
 * run's `truth` sampled the same way, over a span of `spanS` seconds.
 */
export interface ScoreOptions {
  /**
   * The run's shape read on its whole curve in the span: its peak and trough are the numbers the
   * feedback quotes (the columns can miss a short low or high). The shape itself is the columns'.
   */
  extremes?: ShapeInfo;
  /** How a number is written, so the feedback writes it as the explanation does (default: whole units). */
  format?: (v: number) => string;
}

export function scoreSketch(sketch: readonly number[], truth: readonly number[], subject: SketchSubject, spanS: number, opts: ScoreOptions = {}): SketchScore {
  if (sketch.length !== truth.length || truth.length === 0) throw new RangeError(`sketch has ${sketch.length} columns, the run ${truth.length}`);
  const predicted = classify(sketch);
  const columns = classify(truth);
  const actual: ShapeInfo = opts.extremes && columns.shape !== 'no-cut' ? { ...columns, peak: opts.extremes.peak, trough: opts.extremes.trough } : columns;
  const scale = Math.max(1, ...truth);
  const meanAbs = sketch.reduce((s, v, i) => s + Math.abs(v - truth[i]), 0) / truth.length;
  // a tenth of the peak off on average costs 20 points; half the peak off scores 0
  const score = Math.max(0, Math.round(100 * (1 - (2 * meanAbs) / scale)));
  const unit = subject === 'cwnd' ? 'segment' : 'packet';
  const fmt = opts.format ?? ((n: number): string => String(round(n)));
  const units = (n: number): string => `${fmt(n)} ${unit}${Number(fmt(n)) === 1 ? '' : 's'}`;
  const what = subject === 'cwnd' ? 'cwnd' : 'the queue';
  const feedback: string[] = [];
  let misconception: SketchScore['misconception'] = null;

  const p = predicted.shape;
  const a = actual.shape;
  if (p === a) {
    feedback.push(a === 'no-cut' ? `Right: ${what} was not cut in this span.` : `Right shape: ${SHAPE_WORDS[a]} — ${what} fell from ${units(actual.peak)} to ${units(actual.trough)}.`);
  } else if (subject === 'cwnd' && (p === 'halving' || p === 'mild-cut') && a === 'collapse') {
    misconception = 'expected-fast-recovery';
    feedback.push(
      `You expected ${SHAPE_WORDS[p]}; it fell to ${units(actual.trough)}: a timeout (or Tahoe's restart), not a fast retransmit. ` +
        'Fast recovery needs three duplicate ACKs; when too few come back, only the retransmission timer is left, and it restarts slow start from one segment.',
    );
  } else if (subject === 'cwnd' && p === 'collapse' && (a === 'halving' || a === 'mild-cut')) {
    misconception = 'expected-restart';
    feedback.push(
      `You expected a restart from one segment; it fell only to ${units(actual.trough)}: three duplicate ACKs triggered a fast retransmit, and fast recovery kept ` +
        `${a === 'halving' ? 'half' : `${round((100 * actual.trough) / actual.peak)} %`} of the window — a loss is not always a timeout.`,
    );
  } else if (subject === 'cwnd' && p === 'no-cut') {
    misconception = 'expected-no-reaction';
    feedback.push(
      `You expected ${what} to keep its size; it was cut from ${units(actual.peak)} to ${units(actual.trough)}. ` +
        'A standard sender treats every loss as congestion, whatever really caused it.',
    );
  } else if (subject === 'cwnd' && a === 'no-cut') {
    misconception = 'expected-cut';
    feedback.push(`You expected ${SHAPE_WORDS[p]}; ${what} was not cut here: this sender did not read what happened as congestion.`);
  } else if (subject === 'cwnd' && p === 'halving' && a === 'mild-cut') {
    misconception = 'expected-halving';
    feedback.push(`You expected a halving; it fell only to ${round((100 * actual.trough) / actual.peak)} % of its peak: not every variant halves (CUBIC keeps 70 %, Veno 80 % when the loss looks random).`);
  } else if (subject === 'cwnd' && p === 'mild-cut' && a === 'halving') {
    misconception = 'expected-deeper-cut';
    feedback.push(`You expected a mild cut; it was halved, from ${units(actual.peak)} to ${units(actual.trough)}: Reno-style multiplicative decrease.`);
  } else {
    feedback.push(`You expected ${SHAPE_WORDS[p]}; the run shows ${SHAPE_WORDS[a]} (from ${units(actual.peak)} to ${units(actual.trough)}).`);
  }

  if (p !== 'no-cut' && a !== 'no-cut' && predicted.cutColumn !== null && actual.cutColumn !== null) {
    const dColumns = predicted.cutColumn - actual.cutColumn;
    if (Math.abs(dColumns) >= 2) {
      const dS = (Math.abs(dColumns) * spanS) / truth.length;
      feedback.push(`Your fall comes ${dS.toFixed(dS < 1 ? 2 : 1)} s ${dColumns > 0 ? 'later' : 'earlier'} than the run's.`);
    }
  }
  // peaks compared on the columns, what the student could draw: a moment between two columns
  // (slow start's last doubling) is no peak to aim at
  const peakGap = predicted.peak - columns.peak;
  if (Math.abs(peakGap) > Math.max(2, 0.2 * columns.peak)) {
    feedback.push(`Your peak is ${units(predicted.peak)}; the run's, over the same columns, is ${units(columns.peak)}.`);
  }
  return { score, predicted, actual, feedback, misconception };
}
