/**
 * One source of truth per number: sketch grading, its feedback and the step's explanation read
 * the same quantity of the same run — the window the cwnd chart draws (cwnd without fast-recovery
 * inflation). A sketch that is the run's own curve scores at least 95; for lessons 1 and 2 a
 * textbook curve drawn by hand here, from the path's parameters, what the prompt tells the
 * student and the RFCs' rules, scores at least 90 when it lies on the run; and every number the
 * feedback quotes is written exactly as the explanation writes the same fact.
 */
import { describe, expect, it } from 'vitest';
import { fillText, questionTruth, stepScenarios, stepValues } from '../../src/content/lessons/evaluate.ts';
import { gradeSketch } from '../../src/content/lessons/grade.ts';
import { lessons } from '../../src/content/lessons/index.ts';
import type { LessonRun } from '../../src/content/lessons/facts.ts';
import { SKETCH_COLUMNS } from '../../src/content/lessons/sketch.ts';
import { FLOW_EVENTS } from '../../src/engine/core/trace.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { lessonRuns } from '../harness/lessonRuns.ts';

const lesson = (name: string) => lessons().find((l) => l.name === name)!;
const sketchSteps = lessons().flatMap((l) => l.steps.flatMap((s, i) => (s.question?.kind === 'sketch' ? [[l.name, i + 1] as const] : [])));

/** Column centres of a sketch over [fromS, toS]. */
const centres = (fromS: number, toS: number): number[] => Array.from({ length: SKETCH_COLUMNS }, (_, c) => fromS + ((c + 0.5) * (toS - fromS)) / SKETCH_COLUMNS);

/** Times (s) of the run's sender events of one kind, for placing a textbook curve on the run. */
function eventTimes(run: LessonRun, kind: (typeof FLOW_EVENTS)[number]): number[] {
  const e = run.result.trace.event;
  const code = FLOW_EVENTS.indexOf(kind);
  const out: number[] = [];
  for (let i = 0; i < e.tNs.length; i++) if (e.kind[i] === code && e.flow[i] === 0) out.push(e.tNs[i] / 1e9);
  return out;
}

/** The path as the textbook sees it: packet time at the bottleneck, propagation RTT, BDP and buffer, in segments. */
function pathModel(s: Scenario) {
  // a segment on the wire: its payload, 20 bytes of IPv4 and 20 of TCP header, and the 12-byte
  // timestamp option (RFC 7323 §3) when the flow uses it
  const tcp = s.flows[0].tcp;
  const wireBytes = tcp.mssBytes + 40 + (tcp.timestamps ? 12 : 0);
  const bottleneck = s.path.reduce((a, l) => (l.forward.rateBps < a.forward.rateBps ? l : a));
  const packetS = (8 * wireBytes) / bottleneck.forward.rateBps;
  const rttS = (2 * (s.path.reduce((a, l) => a + l.forward.delayMs, 0) + s.flows[0].access.forward.delayMs)) / 1000;
  return { packetS, rttS, bdp: rttS / packetS, buffer: bottleneck.forward.queue.limitPackets };
}

describe.each(sketchSteps)('%s step %i: the sketch grading', (name, n) => {
  const l = lesson(name);
  const step = l.steps[n - 1];
  const runs = lessonRuns(l)[n - 1];

  it('the run’s own curve, drawn in whole segments, scores at least 95 with the right shape', () => {
    const own = questionTruth(step, runs).map((v) => Math.round(v));
    const g = gradeSketch(step, runs, own);
    expect(g.score).toBeGreaterThanOrEqual(95);
    expect(g.feedback[0]).toMatch(/^Right/);
  });

  it('the numbers the feedback quotes are written as the explanation writes the same facts', () => {
    const values = stepValues(step, runs, lessonRuns(l)[n - 2] ?? []);
    const fill = (t: string): string => fillText(t, step, values);
    const g = gradeSketch(step, runs, questionTruth(step, runs));
    const fell = /fell from ([\d.,]+) segments? to ([\d.,]+) segments?/.exec(g.feedback[0]);
    expect(fell, g.feedback[0]).not.toBeNull();
    // which value of the explanation states the peak and the trough of this span
    const facts: Record<string, { peak?: string; trough: string }> = {
      'slow-start': { peak: '{before}', trough: '{ss}' },
      'fast-recovery': { peak: '{held}', trough: '{min}' },
      timeouts: { trough: '{min}' },
    };
    const f = facts[name];
    expect(f, `${name}: say which facts its feedback quotes`).toBeDefined();
    if (f.peak) expect(fell![1]).toBe(fill(f.peak));
    expect(fell![2]).toBe(fill(f.trough));
    for (const t of [f.peak, f.trough]) if (t) expect(step.explanation).toContain(t);
  });
});

describe('textbook curves on the run', () => {
  it('lesson 1: a Reno sawtooth from the path (W_max = BDP + buffer, halving, +1 segment per RTT) scores at least 90', () => {
    const l = lesson('slow-start');
    const i = l.steps.findIndex((s) => s.question?.kind === 'sketch');
    const step = l.steps[i];
    const q = step.question as { fromS: number; toS: number };
    const run = lessonRuns(l)[i][0];
    const { packetS, bdp, buffer } = pathModel(stepScenarios(l)[i]);
    // the queue overflows when the window is the pipe plus the buffer; Reno then halves it
    const wMax = bdp + buffer;
    // +1 segment per round trip, the round trip being the window's own drain time once a queue
    // stands (W ≥ BDP): dW/dt = 1/(W·packetS), so W² grows by 2/packetS per second
    // fast recovery repairs the one loss in one round trip, the window held at W_max / 2
    const recovery = (wMax / 2) * packetS;
    const period = recovery + ((wMax ** 2 - (wMax / 2) ** 2) * packetS) / 2;
    // drawn on top of the run: its cut where the run's fast retransmit is
    const cut = eventTimes(run, 'fast-retransmit').find((t) => t > q.fromS && t < q.toS)!;
    const textbook = centres(q.fromS, q.toS).map((t) => {
      const since = (((t - cut) % period) + period) % period;
      return since < recovery ? wMax / 2 : Math.sqrt((wMax / 2) ** 2 + (2 * (since - recovery)) / packetS);
    });
    const g = gradeSketch(step, lessonRuns(l)[i], textbook);
    console.log(`lesson 1 textbook sawtooth: score ${g.score}; ${g.feedback.join(' ')}`);
    expect(g.predicted.shape).toBe('halving');
    expect(g.score).toBeGreaterThanOrEqual(90);
  });

  it('lesson 2: Reno after its fast retransmits (window held, timeout 1 s after the last new ACK, slow start from one segment) scores at least 90', () => {
    const l = lesson('fast-recovery');
    const i = l.steps.findIndex((s) => s.question?.kind === 'sketch');
    const step = l.steps[i];
    const q = step.question as { fromS: number; toS: number };
    const runs = lessonRuns(l)[i];
    const run = runs[0];
    const { packetS, rttS, buffer } = pathModel(stepScenarios(l)[i]);
    // where the student starts: the window the prompt gives (the chart's level at fromS)
    const prompt = fillText(step.prompt, step, stepValues(step, runs, lessonRuns(l)[i - 1]));
    const given = /left cwnd at ([\d.]+) segments/.exec(prompt);
    expect(given, prompt).not.toBeNull();
    const held = Number(given![1]);
    // RFC 6298: the timer restarts on every ACK of new data (§5.3) and fires RTO later, with
    // RTO = max(1 s, SRTT + 4·RTTVAR) (§2.4). Even with the buffer full the RTT stays below
    // 1/4 s here, so the 1 s floor rules.
    expect(rttS + buffer * packetS).toBeLessThan(0.25);
    // the last ACK of new data before the sketch starts: placed on the run, as lesson 1's cut is
    const a = run.result.trace.ack;
    let highest = -1;
    let lastNewAckS = 0;
    for (let k = 0; k < a.tNs.length && a.tNs[k] / 1e9 < q.fromS; k++) {
      if (a.flow[k] === 0 && a.ackNo[k] > highest) {
        highest = a.ackNo[k];
        lastNewAckS = a.tNs[k] / 1e9;
      }
    }
    const timeoutS = lastNewAckS + 1;
    // RFC 5681 §3.1: no ACK, no growth (the window holds); on the timeout one segment, ssthresh
    // = FlightSize / 2 (the held window was all in flight); slow start doubles it once per
    // round trip, a round trip being the propagation delay plus one packet time (queue empty)
    const round = rttS + packetS;
    const textbook = centres(q.fromS, q.toS).map((t) => (t < timeoutS ? held : Math.min(held / 2, 2 ** Math.floor((t - timeoutS) / round))));
    const g = gradeSketch(step, runs, textbook);
    console.log(`lesson 2 textbook Reno (held ${held}, timeout at ${timeoutS.toFixed(3)} s): score ${g.score}; ${g.feedback.join(' ')}`);
    expect(g.predicted.shape).toBe('collapse');
    expect(g.score).toBeGreaterThanOrEqual(90);
  });
});
