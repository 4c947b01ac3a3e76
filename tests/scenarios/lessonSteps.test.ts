/**
 * Steps that stop where they say: a step whose prompt plays "to" an event pauses at that event's
 * time on the run on stage (found here independently, in the run's event table), and the
 * quantity a number question asks for is masked in the charts' read-outs and captions.
 */
import { describe, expect, it } from 'vitest';
import { lessons } from '../../src/content/lessons/index.ts';
import { factUnit } from '../../src/content/lessons/facts.ts';
import { FLOW_EVENTS } from '../../src/engine/core/trace.ts';
import { askedQuantities, stepStopS } from '../../src/ui/lessons/session.ts';
import { maskCaption, MASKED_TEXT } from '../../src/ui/state/answerMask.ts';
import { lessonRuns } from '../harness/lessonRuns.ts';

const PLAYS_TO_EVENT = /\bplay(?: on)? to the (first|next) ([a-z -]+?)(?: \(|[.:,])/i;
const playsTo = lessons().flatMap((l) => l.steps.flatMap((s, i) => (PLAYS_TO_EVENT.test(s.prompt) ? [[l.name, i + 1] as const] : [])));

describe('steps that play to an event', () => {
  it('there is at least one (lesson 1 step 2)', () => {
    expect(playsTo).toContainEqual(['slow-start', 2]);
  });

  it.each(playsTo)('%s step %i pauses at the event, measured on its run', (name, n) => {
    const l = lessons().find((x) => x.name === name)!;
    const step = l.steps[n - 1];
    const runs = lessonRuns(l)[n - 1];
    expect(step.playhead.stopAt, 'a step that plays to an event names it in playhead.stopAt').toBeDefined();
    expect(factUnit(step.values[step.playhead.stopAt!].fact)).toBe('s');
    const kind = PLAYS_TO_EVENT.exec(step.prompt)![2].trim().replace(/ /g, '-');
    expect(FLOW_EVENTS as readonly string[]).toContain(kind);
    // the event in the trace: the first of its kind after the step's start
    const e = runs[0].result.trace.event;
    const code = FLOW_EVENTS.indexOf(kind as (typeof FLOW_EVENTS)[number]);
    let eventS = Infinity;
    for (let i = 0; i < e.tNs.length; i++) if (e.kind[i] === code && e.tNs[i] / 1e9 > step.playhead.startS) eventS = Math.min(eventS, e.tNs[i] / 1e9);
    expect(stepStopS(step, runs)).toBe(eventS);
  });
});

describe('the asked quantity is masked until answered', () => {
  it('lesson 1 step 2 asks for ssthresh, and masks it and the window (set to ssthresh by the fast retransmit)', () => {
    const step = lessons().find((x) => x.name === 'slow-start')!.steps[1];
    expect(askedQuantities(step)).toEqual(['ssthresh', 'window']);
  });

  it('a caption loses the masked numbers and keeps the rest', () => {
    const text = 'NewReno: fast retransmit of segment 51 after 3 duplicate ACKs · ssthresh 65535 → 49.5 segments, window 99 → 49.5';
    expect(maskCaption(text, new Set(['ssthresh']))).toBe(`NewReno: fast retransmit of segment 51 after 3 duplicate ACKs · ssthresh ${MASKED_TEXT}, window 99 → 49.5`);
    expect(maskCaption('ssthresh unchanged at 12 segments, window unchanged at 3', new Set(['ssthresh', 'window']))).toBe(`ssthresh ${MASKED_TEXT}, window ${MASKED_TEXT}`);
    expect(maskCaption(text, new Set())).toBe(text);
    // the initial ssthresh, with its digits grouped by thin spaces as en-GB writes them
    expect(maskCaption('ssthresh 1\u202f000\u202f000 → 49.5 segments, window 99 → 49.5', new Set(['ssthresh', 'window']))).toBe(`ssthresh ${MASKED_TEXT}, window ${MASKED_TEXT}`);
  });
});
