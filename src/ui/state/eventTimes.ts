/**
 * Where "next event", "next loss" and "next timeout" jump to: sorted times (s) over every
 * shown run, so stepping in compare mode stops at each variant's events.
 */
import { FLOW_EVENTS } from '../../engine/core/trace.ts';
import type { RunSet } from './runSet.ts';

export interface EventTimes {
  /** Sender events and drops. */
  any: Float64Array;
  /** Drops of any cause, data or ACK. */
  loss: Float64Array;
  timeout: Float64Array;
}

const TIMEOUT = FLOW_EVENTS.indexOf('timeout');

function sortedUnique(values: number[]): Float64Array {
  const a = Float64Array.from(values).sort();
  let n = 0;
  for (let i = 0; i < a.length; i++) if (i === 0 || a[i] !== a[n - 1]) a[n++] = a[i];
  return a.slice(0, n);
}

export function eventTimesOf(set: RunSet): EventTimes {
  const any: number[] = [];
  const loss: number[] = [];
  const timeout: number[] = [];
  for (const r of set.runs) {
    const e = r.result.trace.event;
    for (let i = 0; i < e.tNs.length; i++) {
      const t = e.tNs[i] / 1e9;
      any.push(t);
      if (e.kind[i] === TIMEOUT) timeout.push(t);
    }
    const d = r.result.trace.drop;
    for (let i = 0; i < d.tNs.length; i++) {
      const t = d.tNs[i] / 1e9;
      any.push(t);
      loss.push(t);
    }
  }
  return { any: sortedUnique(any), loss: sortedUnique(loss), timeout: sortedUnique(timeout) };
}
