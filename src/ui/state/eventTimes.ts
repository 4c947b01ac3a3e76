/**
 * Where stepping stops: the congestion events (../events/congestionEvents.ts) of ONE run, the
 * one the lecturer picked to drive stepping (in compare mode; the first by default) — the others
 * follow the shared time cursor. → / ← stop at every event of that run, L / Shift+L at each loss
 * event (a burst of drops is one), T / Shift+T at each timeout.
 */
import { congestionEvents, type CongestionEvent, type RunFacts } from '../events/congestionEvents.ts';
import type { RunOutput } from '../../worker/protocol.ts';
import type { RunSet } from './runSet.ts';
import { prepareOnArrival } from './prepare.ts';

export interface EventTimes {
  /** Every congestion event of the driving run, seconds, sorted and distinct. */
  any: Float64Array;
  /** Loss events (bursts). */
  loss: Float64Array;
  timeout: Float64Array;
}

export const NO_EVENT_TIMES: EventTimes = { any: new Float64Array(0), loss: new Float64Array(0), timeout: new Float64Array(0) };

/** One run's events with what its captions need. */
export interface RunEvents {
  key: string;
  /** "Reno" in compare mode, "" for the scenario as written. */
  label: string;
  facts: RunFacts;
  events: CongestionEvent[];
  /** Mean RTT of the run's first flow, s (the event list zooms to ±2 RTT); null before any sample. */
  rttS: number | null;
}

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

function sortedUnique(values: number[]): Float64Array {
  const a = Float64Array.from(values).sort();
  let n = 0;
  for (let i = 0; i < a.length; i++) if (i === 0 || a[i] !== a[n - 1]) a[n++] = a[i];
  return a.slice(0, n);
}

export function eventTimesOf(events: readonly CongestionEvent[]): EventTimes {
  return {
    any: sortedUnique(events.map((e) => e.tS)),
    loss: sortedUnique(events.filter((e) => e.kind === 'loss').map((e) => e.tS)),
    timeout: sortedUnique(events.filter((e) => e.kind === 'timeout').map((e) => e.tS)),
  };
}

/** The run that drives stepping: the one chosen, or the first if that one is not shown. */
export function drivingRun(all: readonly RunEvents[], chosenKey: string | null): RunEvents | null {
  return all.find((r) => r.key === chosenKey) ?? all[0] ?? null;
}
