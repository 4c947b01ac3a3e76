/**
 * Where stepping stops: the congestion events (../events/congestionEvents.ts) of ONE run, the
 * one the lecturer picked to drive stepping (in compare mode; the first by default) — the others
 * follow the shared time cursor. → / ← stop at every event of that run, L / Shift+L at each loss
 * event (a burst of drops is one), T / Shift+T at each timeout.
 */
import { congestionEvents, type RunFacts } from '../events/congestionEvents.ts';
import type { RunOutput } from '../../worker/protocol.ts';
import type { RunSet } from './runSet.ts';
import type { RunEvents } from './eventStops.ts';
import { prepareOnArrival } from './prepare.ts';

export { drivingRun, eventTimesOf, NO_EVENT_TIMES, type EventTimes, type RunEvents } from './eventStops.ts';

/** A result's facts and events, found once per result: a comparison filling in asks again at each arrival for the runs already in. */
const ofResult = new WeakMap<RunOutput, Pick<RunEvents, 'facts' | 'events' | 'rttS'>>();

function eventsOfResult(result: RunOutput): Pick<RunEvents, 'facts' | 'events' | 'rttS'> {
  let found = ofResult.get(result);
  if (!found) {
    // captions count drops and duplicate ACKs: they hedge only when those tables were thinned, not
    // when a line table (cwnd, queue) was
    const t = result.trace;
    const thinned = result.decimated && (t.drop.tNs.length < result.rows.drop || t.ack.tNs.length < result.rows.ack);
    const facts: RunFacts = { trace: t, flows: result.flows, links: result.links, decimated: thinned };
    const rttMs = result.flows.find((f) => f.meanRttMs !== null)?.meanRttMs ?? null;
    ofResult.set(result, (found = { facts, events: congestionEvents(facts), rttS: rttMs === null ? null : rttMs / 1000 }));
  }
  return found;
}

// found as each run of a comparison arrives (prepare.ts), not all at its last
prepareOnArrival((run) => void eventsOfResult(run.result));

export function runEventsOf(set: RunSet): RunEvents[] {
  return set.runs.map((r) => ({ key: r.key, label: r.label, ...eventsOfResult(r.result) }));
}
