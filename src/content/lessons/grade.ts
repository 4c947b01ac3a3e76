/**
 * Sketch grading as the lesson card does it, in its own file: the card loads lazily, and the
 * scoring need not be in the page's first JavaScript.
 */
import type { LessonRun } from './facts.ts';
import type { LessonStep } from './schema.ts';
import { classify, sampleColumns, scoreSketch, type SketchScore } from './sketch.ts';
import { formatFact, LessonError, questionCurve } from './evaluate.ts';

/**
 * A sketch against the run, as the lesson card grades it: the shape and the score on the
 * sketch's columns; the numbers the feedback quotes (the run's peak before its largest fall,
 * and the lowest point after it) read on the whole curve in the span — not on the columns,
 * which may miss a one-segment moment — and written as the explanation writes the same fact.
 */
export function gradeSketch(step: LessonStep, runs: readonly LessonRun[], sketch: readonly number[]): SketchScore {
  const q = step.question;
  if (q?.kind !== 'sketch') throw new LessonError('the step asks no sketch question');
  const curve = questionCurve(step, runs);
  const span: number[] = [];
  for (let i = 0; i < curve.tS.length; i++) {
    const next = i + 1 < curve.tS.length ? curve.tS[i + 1] : Infinity;
    // every value that holds for some time inside [fromS, toS]
    if (next > q.fromS && curve.tS[i] <= q.toS) span.push(curve.values[i]);
  }
  const unit = q.series === 'cwnd' ? 'segments' : 'packets';
  return scoreSketch(sketch, sampleColumns(curve, q.fromS, q.toS), q.series, q.toS - q.fromS, {
    extremes: span.length > 0 ? classify(span) : undefined,
    format: (v) => formatFact(v, unit),
  });
}
