/**
 * BBR's own state from the trace: the sender traces BBR's mode (index into STARTUP, DRAIN,
 * PROBE_BW, PROBE_RTT) and its PROBE_BW gain-cycle phase in the `ccstate` table, and its two
 * gains, BtlBw, min RTT and pacing rate as estimates (`estimate`), each whenever it changes.
 * Here they become mode changes (the event list's "BBR enters PROBE_RTT" captions), mode spans
 * (the BBR panel's strip) and the state at an instant (read-outs). Pure, from the trace only;
 * Node-testable.
 */
import type { TraceData } from '../../engine/core/trace.ts';
import { rowsWhere } from '../charts/series.ts';
import { isBbrFlow } from './bbrFlow.ts';

const NS_PER_S = 1e9;

/** In the order of the traced mode index (the engine's BBR_MODES). */
export const BBR_MODE_NAMES = ['STARTUP', 'DRAIN', 'PROBE_BW', 'PROBE_RTT'] as const;
/**
 * The estimates that are BBR's control state, shown in its own panel rather than with the other
 * estimates. The variant still declares its mode and phase as estimates too (a CSV of the
 * estimate table keeps them); the panels read both from `ccstate`.
 */
export const BBR_STATE_KEYS: ReadonlySet<string> = new Set(['bbrModeLevel', 'gainPhaseLevel', 'pacingGain', 'cwndGain']);
/** PROBE_BW's eight-phase pacing-gain cycle (BBR v1; Linux bbr_pacing_gain). */
export const PROBE_BW_GAINS = [1.25, 0.75, 1, 1, 1, 1, 1, 1] as const;

export interface BbrState {
  /** Index into BBR_MODE_NAMES; −1 before the first row. */
  mode: number;
  /** PROBE_BW phase 0–7; −1 outside PROBE_BW. */
  phase: number;
  pacingGain: number;
  cwndGain: number;
  btlBwBps: number;
  minRttMs: number;
  pacingRateBps: number;
}

export interface BbrModeChange extends BbrState {
  tNs: number;
  /** The mode before (−1 for the first). */
  from: number;
}

export interface BbrModeSpan {
  t0S: number;
  t1S: number;
  mode: number;
}

type Keyed = Record<keyof BbrState, number>;
/** The estimates read into the state; mode and phase come from `ccstate`. */
const FIELD: Record<string, keyof BbrState> = {
  pacingGain: 'pacingGain',
  cwndGain: 'cwndGain',
  btlBwBps: 'btlBwBps',
  minRttMs: 'minRttMs',
  pacingRateBps: 'pacingRateBps',
};

export { isBbrFlow };

/**
 * Walks the flow's `ccstate` and `estimate` rows together in time order, one instant at a time:
 * every row of an instant (in both tables) is applied before `visit` sees the state, so a mode
 * change carries the gains set with it. Stops at the first instant after `untilS` seconds.
 */
function walk(trace: TraceData, flow: number, estimates: readonly { key: string }[], untilS: number, visit: (tNs: number, s: Readonly<Keyed>, modeBefore: number) => void): void {
  const fieldOf = estimates.map((e) => FIELD[e.key]);
  const e = trace.estimate;
  const c = trace.ccstate;
  const er = rowsWhere(e.flow, flow);
  const cr = rowsWhere(c.flow, flow);
  const s: Keyed = { mode: -1, phase: -1, pacingGain: Number.NaN, cwndGain: Number.NaN, btlBwBps: Number.NaN, minRttMs: Number.NaN, pacingRateBps: Number.NaN };
  let i = 0;
  let j = 0;
  while (i < er.length || j < cr.length) {
    const t = Math.min(i < er.length ? e.tNs[er[i]] : Infinity, j < cr.length ? c.tNs[cr[j]] : Infinity);
    if (t / NS_PER_S > untilS) return;
    const before = s.mode;
    for (; i < er.length && e.tNs[er[i]] === t; i++) {
      const f = fieldOf[e.key[er[i]]];
      if (f) s[f] = e.value[er[i]];
    }
    for (; j < cr.length && c.tNs[cr[j]] === t; j++) {
      s.mode = c.mode[cr[j]];
      s.phase = c.phase[cr[j]];
    }
    visit(t, s, before);
  }
}

/** The flow's BBR state at each `ccstate` row that changed the mode, in time order (none if the flow is not BBR). */
export function bbrModeChanges(trace: TraceData, flow: number, estimates: readonly { key: string }[]): BbrModeChange[] {
  if (!isBbrFlow(estimates)) return [];
  const out: BbrModeChange[] = [];
  walk(trace, flow, estimates, Infinity, (tNs, s, before) => {
    if (s.mode !== before) out.push({ tNs, from: before, ...s });
  });
  return out;
}

/** Intervals spent in each mode, covering the flow's traced time up to endS. */
export function bbrModeSpans(changes: readonly BbrModeChange[], endS: number): BbrModeSpan[] {
  return changes.map((c, i) => ({ t0S: c.tNs / NS_PER_S, t1S: i + 1 < changes.length ? changes[i + 1].tNs / NS_PER_S : endS, mode: c.mode })).filter((s) => s.t1S > s.t0S);
}

/** The state in force at tS, from every `ccstate` and estimate row at or before it (null before the first). */
export function bbrStateAt(trace: TraceData, flow: number, estimates: readonly { key: string }[], tS: number): BbrState | null {
  let last: BbrState | null = null;
  walk(trace, flow, estimates, tS, (_t, s) => {
    last = { ...s };
  });
  return last;
}

/** The flow's PROBE_BW phase over time, one step per `ccstate` row (−1 outside PROBE_BW). */
export function bbrPhaseSteps(trace: TraceData, flow: number): { tS: Float64Array; values: Float64Array } {
  const c = trace.ccstate;
  const rows = rowsWhere(c.flow, flow);
  return { tS: Float64Array.from(rows, (r) => c.tNs[r] / NS_PER_S), values: Float64Array.from(rows, (r) => c.phase[r]) };
}

export const modeName = (mode: number): string => BBR_MODE_NAMES[mode] ?? '—';

/** "PROBE_BW phase 1 (gain 0.75)" / "DRAIN". */
export function modeWords(s: Pick<BbrState, 'mode' | 'phase'>): string {
  const name = modeName(s.mode);
  return BBR_MODE_NAMES[s.mode] === 'PROBE_BW' && s.phase >= 0 ? `${name} phase ${s.phase} (gain ${PROBE_BW_GAINS[s.phase] ?? '?'})` : name;
}
