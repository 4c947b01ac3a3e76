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

export { drivingRun, eventTimesOf, NO_EVENT_TIMES, type EventTimes, type RunEvents } from './eventStops.ts';

/** A result's facts and events, found once per result: a comparison filling in asks again at each arrival for the runs already in. */
const ofResult = new WeakMap<RunOutput, Pick<RunEvents, 'facts' | 'events' | 'rttS'>>();

export function runEventsOf(set: RunSet): RunEvents[] {
  return set.runs.map((r) => {
    let found = ofResult.get(r.result);
    if (!found) {
      // captions count drops and duplicate ACKs: they hedge only when those tables were thinned, not
      // when a line table (cwnd, queue) was
      const t = r.result.trace;
      const thinned = r.result.decimated && (t.drop.tNs.length < r.result.rows.drop || t.ack.tNs.length < r.result.rows.ack);
      const facts: RunFacts = { trace: t, flows: r.result.flows, links: r.result.links, decimated: thinned };
      const rttMs = r.result.flows.find((f) => f.meanRttMs !== null)?.meanRttMs ?? null;
      ofResult.set(r.result, (found = { facts, events: congestionEvents(facts), rttS: rttMs === null ? null : rttMs / 1000 }));
    }
    return { key: r.key, label: r.label, ...found };
  });
}
