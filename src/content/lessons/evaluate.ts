/**
 * A lesson against its runs: each step's scenario (preset or previous step, plus edits), its
 * values measured on the runs, its text with the numbers filled in, and its claims checked.
 * The browser and the lesson test both go through here, so what the student reads is what the
 * test checked.
 */
import { getPreset } from '../presets/index.ts';
import { parseScenario, formatErrors } from '../../scenario/validate.ts';
import { applySet, SetError } from '../../scenario/set.ts';
import type { Scenario } from '../../scenario/schema.ts';
import { bottleneckOf } from '../../engine/bottleneck.ts';
import { evalFact, FactError, factUnit, pickRun, type FactValue, type LessonRun } from './facts.ts';
import { PLACEHOLDER, type Claim, type Lesson, type LessonStep } from './schema.ts';
import { sampleColumns, type StepCurve } from './sketch.ts';
import { windowSeries } from './window.ts';

export class LessonError extends Error {
  override name = 'LessonError';
}

/** Every step's scenario, in order (a step may edit the previous one's). Throws LessonError naming the step. */
export function stepScenarios(lesson: Lesson): Scenario[] {
  const out: Scenario[] = [];
  lesson.steps.forEach((step, i) => {
    const where = `${lesson.name} step ${i + 1}`;
    let input: unknown;
    if ('preset' in step.scenario) {
      const p = getPreset(step.scenario.preset);
      if (!p) throw new LessonError(`${where}: preset "${step.scenario.preset}" does not exist`);
      input = p.scenario;
    } else {
      input = structuredClone(out[i - 1]);
    }
    try {
      for (const s of step.scenario.set) input = applySet(input, s);
    } catch (e) {
      if (e instanceof SetError) throw new LessonError(`${where}: ${e.message}`);
      throw e;
    }
    const r = parseScenario(input);
    if (!r.ok) throw new LessonError(`${where}: the scenario is not valid:\n${formatErrors(r.errors)}`);
    out.push(r.scenario);
  });
  return out;
}

/** Presets a lesson starts its steps from. */
export function lessonPresets(lesson: Lesson): string[] {
  return [...new Set(lesson.steps.flatMap((s) => ('preset' in s.scenario ? [s.scenario.preset] : [])))];
}

export type StepValues = Record<string, { value: FactValue } | { error: string }>;

/** `previousRuns`: the previous step's runs, for values measured there (`step: "previous"`). */
export function stepValues(step: LessonStep, runs: readonly LessonRun[], previousRuns: readonly LessonRun[] = []): StepValues {
  const out: StepValues = {};
  for (const [name, call] of Object.entries(step.values)) {
    try {
      out[name] = { value: evalFact(call.step === 'previous' ? previousRuns : runs, call) };
    } catch (e) {
      if (!(e instanceof FactError)) throw e;
      out[name] = { error: e.message };
    }
  }
  return out;
}

/** A value as the text shows it: counts whole, seconds and rates with sensible decimals. */
export function formatFact(value: FactValue, unitOf: string, decimals?: number): string {
  if (typeof value === 'string') return value;
  const d = decimals ?? (unitOf === 'count' || unitOf === 'packets' ? 0 : unitOf === 'segments' ? (Math.abs(value) >= 10 ? 0 : 1) : unitOf === 'ratio' ? 2 : Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
  return value.toLocaleString('en-GB', { minimumFractionDigits: d, maximumFractionDigits: d });
}

/** The text with `{name}` filled from the values; a value that could not be measured shows as "?". */
export function fillText(text: string, step: LessonStep, values: StepValues): string {
  return text.replace(PLACEHOLDER, (_, name: string, decimals?: string) => {
    const v = values[name];
    if (!v || 'error' in v) return '?';
    return formatFact(v.value, factUnit(step.values[name].fact), decimals === undefined ? undefined : Number(decimals));
  });
}

export interface ClaimResult {
  claim: Claim;
  holds: boolean;
  /** "timeouts = 2, claimed >= 1": what was compared. */
  detail: string;
}

export function checkClaims(step: LessonStep, values: StepValues): ClaimResult[] {
  return step.claims.map((claim) => {
    const left = values[claim.value];
    const right = typeof claim.than === 'number' ? { value: claim.than } : typeof claim.than === 'object' ? { value: claim.than.text } : values[claim.than];
    if (!left || 'error' in left) return { claim, holds: false, detail: `${claim.value}: ${left && 'error' in left ? left.error : 'missing'}` };
    if (!right || 'error' in right) return { claim, holds: false, detail: `${String(claim.than)}: ${right && 'error' in right ? right.error : 'missing'}` };
    const holds = compare(left.value, claim.op, right.value, claim.scale, claim.tolerance);
    const target = typeof claim.than === 'string' ? `${claim.than} (${String(right.value)})` : JSON.stringify(right.value);
    return { claim, holds, detail: `${claim.value} = ${String(left.value)}; claimed ${claim.op} ${claim.scale === 1 ? '' : `${claim.scale} × `}${target}${claim.op === 'within' ? ` ± ${claim.tolerance}` : ''}` };
  });
}

function compare(l: FactValue, op: Claim['op'], r: FactValue, scale: number, tolerance: number): boolean {
  if (typeof l === 'string' || typeof r === 'string') {
    if (op === '==') return l === r;
    if (op === '!=') return l !== r;
    return false;
  }
  const rr = r * scale;
  switch (op) {
    case '<':
      return l < rr;
    case '<=':
      return l <= rr;
    case '>':
      return l > rr;
    case '>=':
      return l >= rr;
    case '==':
      return l === rr;
    case '!=':
      return l !== rr;
    case 'within':
      return Math.abs(l - rr) <= tolerance;
  }
}

/** The run's curve a sketch question is about: the window (cwnd without inflation) in segments, or the bottleneck queue in packets. */
export function questionCurve(step: LessonStep, runs: readonly LessonRun[]): StepCurve {
  const q = step.question;
  if (q?.kind !== 'sketch') throw new LessonError('the step asks no sketch question');
  const r = pickRun(runs, q.run);
  const t = r.result.trace;
  const tS: number[] = [];
  const values: number[] = [];
  if (q.series === 'cwnd') {
    // the window the chart draws and the facts read (window.ts), not the inflated cwnd
    const mss = r.scenario.flows[q.flow]?.tcp.mssBytes ?? 1000;
    const w = windowSeries(t, q.flow);
    for (let i = 0; i < w.tNs.length; i++) {
      tS.push(w.tNs[i] / 1e9);
      values.push(w.windowBytes[i] / mss);
    }
  } else {
    const link = bottleneckOf(r.scenario.path)?.linkIndex ?? -1;
    for (let i = 0; i < t.queue.tNs.length; i++) {
      if (t.queue.link[i] !== link) continue;
      tS.push(t.queue.tNs[i] / 1e9);
      values.push(t.queue.packets[i]);
    }
  }
  return { tS, values };
}

/** The run's curve sampled at the sketch's columns. */
export function questionTruth(step: LessonStep, runs: readonly LessonRun[]): number[] {
  const q = step.question;
  if (q?.kind !== 'sketch') throw new LessonError('the step asks no sketch question');
  return sampleColumns(questionCurve(step, runs), q.fromS, q.toS);
}

