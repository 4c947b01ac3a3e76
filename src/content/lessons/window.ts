/**
 * The window a lesson talks about: cwnd less the inflation a Reno-style fast recovery adds per
 * duplicate ACK (RFC 5681 §3.2) — the quantity the cwnd chart draws as its main line. Facts,
 * sketch grading and the explanations all read this one series, so a halving reads as a halving
 * everywhere and the brief inflation spike never becomes "the run's peak".
 *
 * The trace keeps cwnd and the inflation in two tables (`cwnd`, `inflation`); one instant may
 * have rows in both (the hook writes cwnd, then the inflation). The two step functions are merged
 * by instant, each instant holding the values after all of its rows: a point between them would
 * pair a new cwnd with an old inflation (the deflated cwnd less the whole inflation: a dip).
 */
import type { TraceData } from '../../engine/core/trace.ts';

export interface WindowSeries {
  /** Instants (ns) at which the window or ssthresh changed, ascending. */
  tNs: number[];
  /** cwnd − inflation, bytes, holding from tNs[i] until tNs[i + 1]. */
  windowBytes: number[];
  ssthreshBytes: number[];
}

const cache = new WeakMap<TraceData['cwnd'], Map<number, WindowSeries>>();

export function windowSeries(trace: TraceData, flow: number): WindowSeries {
  let byFlow = cache.get(trace.cwnd);
  if (!byFlow) cache.set(trace.cwnd, (byFlow = new Map()));
  const hit = byFlow.get(flow);
  if (hit) return hit;
  const c = trace.cwnd;
  // a trace from before the inflation table (an imported one) has none: nothing was inflated
  const inf = trace.inflation;
  const out: WindowSeries = { tNs: [], windowBytes: [], ssthreshBytes: [] };
  let i = 0;
  let j = 0;
  let cwnd = 0;
  let ss = Number.POSITIVE_INFINITY;
  let inflation = 0;
  const nextCwnd = (): number => {
    while (i < c.tNs.length && c.flow[i] !== flow) i++;
    return i < c.tNs.length ? c.tNs[i] : Number.POSITIVE_INFINITY;
  };
  const nextInf = (): number => {
    if (!inf) return Number.POSITIVE_INFINITY;
    while (j < inf.tNs.length && inf.flow[j] !== flow) j++;
    return j < inf.tNs.length ? inf.tNs[j] : Number.POSITIVE_INFINITY;
  };
  for (;;) {
    const t = Math.min(nextCwnd(), nextInf());
    if (t === Number.POSITIVE_INFINITY) break;
    while (nextCwnd() === t) {
      cwnd = c.cwndBytes[i];
      ss = c.ssthreshBytes[i];
      i++;
    }
    while (inf && nextInf() === t) {
      inflation = inf.bytes[j];
      j++;
    }
    out.tNs.push(t);
    out.windowBytes.push(cwnd - inflation);
    out.ssthreshBytes.push(ss);
  }
  byFlow.set(flow, out);
  return out;
}

/** Index of the last instant at or before tNs (-1: none). */
export function windowIndexAt(w: WindowSeries, tNs: number): number {
  let lo = 0;
  let hi = w.tNs.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (w.tNs[mid] <= tNs) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Index of the last instant strictly before tNs: the state an event at tNs changed (-1: none). */
export function windowIndexBefore(w: WindowSeries, tNs: number): number {
  const i = windowIndexAt(w, tNs);
  return i >= 0 && w.tNs[i] === tNs ? i - 1 : i;
}
