/**
 * The sender's congestion-avoidance states over time, from its state table (`castate`): the
 * rows as transitions, and the intervals spent in chosen states (the cwnd chart's recovery
 * shading). Kept out of ./congestionEvents.ts (which re-exports them) because the first chart
 * needs these and not the events, which load after it.
 */
import { CA_STATES, type CaState, type TraceData } from '../../engine/core/trace.ts';
import { rowsWhere } from '../charts/series.ts';

/** One row of the state table. */
export interface CaTransition {
  tNs: number;
  from: CaState;
  to: CaState;
  sndUna: number;
}

const NS_PER_S = 1e9;

/** The flow's state table rows. */
export function caTransitions(trace: TraceData, flow: number): CaTransition[] {
  const c = trace.castate;
  return Array.from(rowsWhere(c.flow, flow), (i) => ({ tNs: c.tNs[i], from: CA_STATES[c.from[i]], to: CA_STATES[c.to[i]], sndUna: c.sndUna[i] }));
}

/** An interval in seconds with the state it was spent in (an index into CA_STATES, as the trace codes it). */
export interface StateSpan {
  t0S: number;
  t1S: number;
  state: number;
}

/** Intervals the flow spent in any of `states`, from the state table; one still open at the end runs to endS. */
export function caSpans(trace: TraceData, flow: number, endS: number, states: readonly CaState[]): StateSpan[] {
  const out: StateSpan[] = [];
  let open: { t0S: number; state: number } | null = null;
  for (const tr of caTransitions(trace, flow)) {
    const t = tr.tNs / NS_PER_S;
    const to = CA_STATES.indexOf(tr.to);
    if (open && to !== open.state) {
      if (t > open.t0S) out.push({ t0S: open.t0S, t1S: t, state: open.state });
      open = null;
    }
    if (!open && states.includes(tr.to)) open = { t0S: t, state: to };
  }
  if (open && endS > open.t0S) out.push({ t0S: open.t0S, t1S: endS, state: open.state });
  return out;
}
