/**
 * One lesson step on screen: where it is in the lesson, the prompt, the question (multiple
 * choice, a number, or a sketch on the real chart), and — once answered — the feedback and the
 * explanation with its numbers measured on the run. Everything numeric comes from the run
 * (src/content/lessons/evaluate.ts); nothing is typed into the text by hand.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { fillText, formatFact, stepValues, type StepValues } from '../../content/lessons/evaluate.ts';
import { gradeSketch } from '../../content/lessons/grade.ts';
import { factUnit, pickRun, type LessonRun } from '../../content/lessons/facts.ts';
import type { Lesson, LessonStep } from '../../content/lessons/schema.ts';
import { fillSketch, SKETCH_COLUMNS, type SketchScore } from '../../content/lessons/sketch.ts';
import type { RunSet } from '../state/runSet.ts';
import { askedQuantities, lessonRunsOf } from './session.ts';
import { traceHashOf } from '../../worker/client.ts';
import { setAnswerMask } from '../state/answerMask.ts';
import { forgetLesson, loadProgress, placesLeft, recordStep, type StepRecord } from './progress.ts';
import { encodeLessonHash } from './route.ts';
import { lessons } from '../../content/lessons/index.ts';
import { HandIn } from './HandIn.tsx';
import { SketchChart } from './SketchChart.tsx';
import { questionCurve } from '../../content/lessons/evaluate.ts';
import type { LessonMode } from './useLessonMode.ts';

interface Props {
  mode: LessonMode;
  set: RunSet | null;
  running: boolean;
  presenter: boolean;
  senderView: boolean;
  onSenderView: (on: boolean) => void;
  /** The instructor's tools (lock link) and the locked student's controls. */
  extra: ReactNode;
  onProgress: () => void;
}

/**
 * The sketch's height: a panel's in normal mode; in presenter mode (the card beside the stage)
 * what the screen leaves under the title bar, the transport, the caption area and the sketch's
 * own button line.
 */
function sketchHeight(presenter: boolean): number {
  return presenter ? Math.max(160, innerHeight - 280) : 300;
}

/** The element on the stage a sketch question draws into (App renders it in a lesson). */
import { LESSON_STAGE_SLOT } from './stageSlot.ts';

export { LESSON_STAGE_SLOT } from './stageSlot.ts';

type Outcome = { correct: boolean; lines: string[]; score?: SketchScore };

export function LessonPane({ mode, set, running, presenter, senderView, onSenderView, extra, onProgress }: Props) {
  const { lesson, step: index } = mode;
  const step = lesson.steps[index];
  const current = mode.current;
  const runs = useMemo(() => (set && !running && current ? lessonRunsOf(set) : null), [set, running, current]);
  const values = useMemo(() => (runs ? stepValues(step, runs, mode.previousRuns ?? []) : null), [runs, step, mode.previousRuns]);
  const touch = useCoarsePointer();
  const fill = (text: string): string => forInput(values ? fillText(text, step, values) : text.replace(/\{[^}]+\}/g, '…'), touch);
  const last = index === lesson.steps.length - 1;
  const next = nextLesson(lesson.name);
  // a step without a question is done once seen (with its run measured)
  useEffect(() => {
    if (step.question || !values) return;
    if (loadProgress()[lesson.name]?.[index]) return;
    recordStep(lesson.name, index, { correct: true });
    onProgress();
  }, [values, step, lesson.name, index]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <section className={`lesson-pane${presenter ? ' compact' : ''}${mode.answered ? ' answered' : ''}`} aria-label={`Lesson: ${lesson.title}`} data-testid="lesson-pane">
      <header className="lesson-head">
        <h2>
          <span className="lesson-title">{lesson.title}</span>
          <span className="lesson-step" data-testid="lesson-step">
            Step {index + 1} of {lesson.steps.length}: {step.title}
          </span>
        </h2>
        <nav className="lesson-nav" aria-label="Lesson steps">
          <button type="button" data-testid="lesson-prev" disabled={index === 0} onClick={() => mode.goTo(index - 1)}>
            ←<span className="wide-only"> Previous</span>
            <span className="phone-only"> Back</span>
          </button>
          {!last ? (
            <button type="button" data-testid="lesson-next" onClick={() => mode.goTo(index + 1)}>
              Next<span className="wide-only"> step</span> →
            </button>
          ) : mode.lock ? null : next ? (
            <a className="button-link" data-testid="lesson-next-lesson" href={`#${encodeLessonHash({ name: next.name, step: placesLeft()[next.name] ?? 0 })}`} title={`Next lesson: ${next.title}`}>
              Next lesson →
            </a>
          ) : (
            <button type="button" data-testid="lesson-all" onClick={openLessonMenu}>
              All lessons
            </button>
          )}
          {mode.lock ? null : (
            <button type="button" data-testid="lesson-leave" onClick={mode.leave}>
              Leave<span className="wide-only"> lesson</span>
            </button>
          )}
        </nav>
      </header>
      <p className="lesson-prompt" data-testid="lesson-prompt">
        {fill(step.prompt)}
      </p>
      {mode.edited ? <p className="lesson-note">You changed the scenario: the numbers below are measured on your run; the sentences were written for the lesson’s.</p> : null}
      {step.question ? (
        <Question key={`${lesson.name}/${index}/${mode.restarts}`} presenter={presenter} lesson={lesson} index={index} step={step} values={values} runs={runs} set={set} mode={mode} fill={fill} onProgress={onProgress} />
      ) : null}
      {mode.answered ? (
        <p className="lesson-explanation" data-testid="lesson-explanation">
          {running || !values ? 'Measuring the run…' : fill(step.explanation)}
        </p>
      ) : null}
      {step.experiment ? (
        <p className="lesson-note">
          <a href={`#experiment=${step.experiment}`}>The experiments view sweeps this</a> (figure {step.experiment}).
        </p>
      ) : null}
      <p className="lesson-tools">
        <label>
          <input type="checkbox" data-testid="sender-view" checked={senderView} onChange={(e) => onSenderView(e.target.checked)} /> Sender’s view
        </label>
        <span className="lesson-hint">{senderView ? 'Only what the sender can measure: its window, ACKs, RTT and estimates. Turn it off to compare with the truth.' : ''}</span>
      </p>
      {last && mode.answered ? <HandIn lesson={lesson} /> : null}
      {extra}
      {mode.lock ? null : (
        <p className="lesson-restart">
          <button
            type="button"
            data-testid="lesson-start-over"
            onClick={() => {
              forgetLesson(lesson.name);
              onProgress();
              mode.restart();
            }}
          >
            Start over
          </button>
        </p>
      )}
      <details className="lesson-sources">
        <summary>Sources</summary>
        <ul>
          {lesson.sources.map((s) => (
            <li key={s.cite}>
              {s.cite}
              {s.where ? ` — ${s.where}` : ''}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

interface QuestionProps {
  presenter: boolean;
  lesson: Lesson;
  index: number;
  step: LessonStep;
  values: StepValues | null;
  runs: LessonRun[] | null;
  set: RunSet | null;
  mode: LessonMode;
  fill: (text: string) => string;
  onProgress: () => void;
}

function Question({ presenter, lesson, index, step, values, runs, set, mode, fill, onProgress }: QuestionProps) {
  const q = step.question!;
  const [choice, setChoice] = useState<string | null>(null);
  const [number, setNumber] = useState('');
  const [sketch, setSketch] = useState<(number | null)[]>(() => Array<number | null>(SKETCH_COLUMNS).fill(null));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // once answered, focus moves from the control (now disabled) to the feedback: a screen reader
  // reads it, and the keys (PageDown to the next step) act again instead of going to a dead field
  const feedback = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) feedback.current?.focus();
  }, [outcome]);
  // the quantity asked for stays out of the charts' read-outs and captions until answered
  useEffect(() => {
    setAnswerMask(outcome ? [] : askedQuantities(step));
    return () => setAnswerMask([]);
  }, [outcome, step]);
  const ready = !!values && !!runs;
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(LESSON_STAGE_SLOT)), []);

  const finish = (o: Outcome, answer: string, runSays: string): void => {
    setOutcome(o);
    const record: StepRecord = { correct: o.correct, ...(o.score ? { score: o.score.score } : {}), question: fill(q.text), answer, runSays, feedback: o.lines, edited: mode.edited };
    recordStep(lesson.name, index, record);
    onProgress();
    mode.setAnswered(true);
    // the runs' fingerprints follow a moment later (the worker computes them after the run)
    if (set) {
      void Promise.all(set.runs.map((r) => traceHashOf(r.result)))
        .then((fingerprints) => {
          recordStep(lesson.name, index, { ...record, fingerprints });
          onProgress();
        })
        .catch(() => undefined); // the record simply has none
    }
  };

  const check = (): void => {
    if (!values || !runs) return;
    if (q.kind === 'choice') {
      const v = q.answer ? values[q.answer] : { value: q.expect };
      const right = 'value' in v ? String(v.value) : q.expect;
      const picked = q.options.find((o) => o.id === choice);
      const correct = choice === right;
      const rightLabel = q.options.find((o) => o.id === right)?.label ?? right;
      finish({ correct, lines: [correct ? 'Right.' : `The run says: ${rightLabel}.`, fill(picked?.feedback ?? '')].filter(Boolean) }, picked?.label ?? '', rightLabel);
    } else if (q.kind === 'number') {
      const v = values[q.answer!];
      if (!('value' in v) || typeof v.value !== 'number') return finish({ correct: false, lines: ['This run could not measure the answer.'] }, `${number} ${q.unit}`, 'not measurable on this run');
      const said = Number(number.replace(',', '.'));
      const tol = Math.max(q.tolerance.abs, q.tolerance.rel * Math.abs(v.value));
      const correct = Math.abs(said - v.value) <= tol;
      const shown = `${formatFact(v.value, factUnit(step.values[q.answer!].fact))} ${q.unit}`;
      finish({ correct, lines: [correct ? `Right: the run says ${shown}.` : `The run says ${shown}; you said ${number} ${q.unit}.`] }, `${number} ${q.unit}`, shown);
    } else {
      const filled = fillSketch(sketch);
      if (!filled) return;
      const s = gradeSketch(step, runs, filled);
      const unit = q.series === 'cwnd' ? 'segments' : 'packets';
      finish(
        { correct: s.score >= 60 && s.predicted.shape === s.actual.shape, lines: [`Score ${s.score} / 100.`, ...s.feedback], score: s },
        `sketch, ${s.predicted.shape} (${unit} per column, ${q.fromS}–${q.toS} s): ${filled.map((x) => Math.round(x * 10) / 10).join(' ')}`,
        s.actual.shape === 'no-cut' ? 'no cut' : `${s.actual.shape}, from ${formatFact(s.actual.peak, unit)} to ${formatFact(s.actual.trough, unit)} ${unit}`,
      );
    }
  };

  const canCheck = ready && !outcome && (q.kind === 'choice' ? choice !== null : q.kind === 'number' ? number.trim() !== '' && Number.isFinite(Number(number.replace(',', '.'))) : fillSketch(sketch) !== null);
  const groupId = `q-${lesson.name}-${index}`;
  const answer = outcome ? (
    <div ref={feedback} tabIndex={-1} className={`lesson-feedback ${outcome.correct ? 'right' : 'wrong'}`} role="status" data-testid="lesson-feedback">
      {outcome.lines.map((l) => (
        <p key={l}>{l}</p>
      ))}
    </div>
  ) : (
    <button type="button" className="primary" data-testid="lesson-check" disabled={!canCheck} onClick={check}>
      {q.kind === 'sketch' ? 'Reveal the run' : 'Check'}
    </button>
  );
  let body: ReactNode;
  if (q.kind === 'choice') {
    body = (
      <div role="radiogroup" aria-labelledby={`${groupId}-text`} className="lesson-options">
        {q.options.map((o) => (
          <label key={o.id} className={outcome && choice === o.id ? (outcome.correct ? 'picked right' : 'picked wrong') : undefined}>
            <input type="radio" name={groupId} value={o.id} data-testid={`option-${o.id}`} disabled={!!outcome} checked={choice === o.id} onChange={() => setChoice(o.id)} /> {o.label}
          </label>
        ))}
      </div>
    );
  } else if (q.kind === 'number') {
    body = (
      <label className="lesson-number">
        Your answer{' '}
        <input type="text" inputMode="decimal" data-testid="number-answer" disabled={!!outcome} value={number} onChange={(e) => setNumber(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && canCheck && check()} aria-describedby={`${groupId}-text`} /> {q.unit}
      </label>
    );
  } else if (set && runs) {
    const runIndex = runs.indexOf(pickRun(runs, q.run));
    const curve = questionCurve(step, runs);
    let start = 0;
    for (let i = 0; i < curve.tS.length && curve.tS[i] <= q.fromS; i++) start = curve.values[i];
    const chart = <SketchChart set={set} run={set.runs[runIndex]} series={q.series} flow={q.flow} fromS={q.fromS} toS={q.toS} values={sketch} onChange={setSketch} revealed={!!outcome} startValue={Math.round(start)} height={sketchHeight(presenter)} />;
    // drawn on the stage, full width, where the chart it stands for would be, with its button and feedback
    body = slot ? (
      <>
        {presenter ? null : <p className="lesson-note">Draw on the chart beside (or below) this card.</p>}
        {createPortal(
          <section className="panel lesson-sketch-panel" aria-label="Your prediction">
            <h2>Your prediction: {q.series === 'cwnd' ? 'congestion window' : 'queue'}, {q.fromS} s to {q.toS} s</h2>
            {chart}
            {answer}
          </section>,
          slot,
        )}
      </>
    ) : (
      <>
        {chart}
        {answer}
      </>
    );
  } else {
    body = <p className="lesson-note">Running the simulation…</p>;
  }
  return (
    <div className="lesson-question" data-testid="lesson-question">
      <p id={`${groupId}-text`} className="lesson-question-text">
        {fill(q.text)}
      </p>
      {body}
      {q.kind === 'sketch' ? null : answer}
    </div>
  );
}

/** The lesson after this one in the catalogue's order, if any. */
function nextLesson(name: string): Lesson | undefined {
  const all = lessons();
  return all[all.findIndex((l) => l.name === name) + 1];
}

function openLessonMenu(): void {
  const menu = document.querySelector<HTMLDetailsElement>('[data-testid=lesson-menu]');
  if (!menu) return;
  menu.open = true;
  menu.querySelector<HTMLElement>('a')?.focus();
}

const coarse = (): boolean => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/** A finger, not a mouse: the wording of a step follows (no Space bar to press). */
function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    (on) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const q = matchMedia('(pointer: coarse)');
      q.addEventListener('change', on);
      return () => q.removeEventListener('change', on);
    },
    coarse,
    () => false,
  );
}

/** Lesson text says "Press Space to play"; on a touch screen that is "Tap ▶ Play". */
export function forInput(text: string, touch: boolean): string {
  if (!touch) return text;
  return text.replace(/\bPress Space to play\b/g, 'Tap ▶ Play to play').replace(/\bpress Space\b/g, 'tap ▶ Play').replace(/\(pointer, touch, or the arrow keys\)/g, '(with your finger)');
}
