/**
 * Where stepping stops, from the congestion events of the run that drives stepping (see
 * ./eventTimes.ts, which finds the events and re-exports these). Apart from the events' code
 * because the shell needs these before that code is in (it loads after the first chart).
 */
import type { CongestionEvent, RunFacts } from '../events/congestionEvents.ts';

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
