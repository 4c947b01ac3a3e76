/**
 * BBR's own state from the `estimate` table: the variant traces its mode (index into STARTUP,
 * DRAIN, PROBE_BW, PROBE_RTT), the PROBE_BW gain-cycle phase, its two gains, BtlBw, min RTT and
 * pacing rate as estimates whenever they change. Here they become mode changes (the event list's
 * "BBR enters PROBE_RTT" captions), mode spans (the BBR panel's strip) and the state at an
 * instant (read-outs). Pure, from the trace only; Node-testable.
 */
import type { TraceData } from '../../engine/core/trace.ts';
import { rowsWhere } from '../charts/series.ts';

const NS_PER_S = 1e9;

/** In the order of the traced level (the engine's BBR_MODES). */
export const BBR_MODE_NAMES = ['STARTUP', 'DRAIN', 'PROBE_BW', 'PROBE_RTT'] as const;
/** The estimates that are BBR's control state, shown in its own panel rather than with the other estimates. */
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
const FIELD: Record<string, keyof BbrState> = {
  bbrModeLevel: 'mode',
  gainPhaseLevel: 'phase',
  pacingGain: 'pacingGain',
  cwndGain: 'cwndGain',
  btlBwBps: 'btlBwBps',
  minRttMs: 'minRttMs',
  pacingRateBps: 'pacingRateBps',
};

/** True if the flow declares BBR's mode estimate (it is a BBR flow). */
export const isBbrFlow = (estimates: readonly { key: string }[] | undefined): boolean => (estimates ?? []).some((e) => e.key === 'bbrModeLevel');

/**
 * The flow's BBR state after each of its estimate rows that changed the mode, in time order.
 * Rows at the same instant are applied together before the change is read, so a mode change
 * carries the gains it set.
 */
export function bbrModeChanges(trace: TraceData, flow: number, estimates: readonly { key: string }[]): BbrModeChange[] {
  const fieldOf = estimates.map((e) => FIELD[e.key]);
  if (!fieldOf.includes('mode')) return [];
  const e = trace.estimate;
  const rows = rowsWhere(e.flow, flow);
  const s: Keyed = { mode: -1, phase: -1, pacingGain: Number.NaN, cwndGain: Number.NaN, btlBwBps: Number.NaN, minRttMs: Number.NaN, pacingRateBps: Number.NaN };
  const out: BbrModeChange[] = [];
  for (let k = 0; k < rows.length; ) {
    const t = e.tNs[rows[k]];
    const before = s.mode;
    for (; k < rows.length && e.tNs[rows[k]] === t; k++) {
      const f = fieldOf[e.key[rows[k]]];
      if (f) s[f] = e.value[rows[k]];
    }
    if (s.mode !== before) out.push({ tNs: t, from: before, ...s });
  }
  return out;
}

/** Intervals spent in each mode, covering the flow's traced time up to endS. */
export function bbrModeSpans(changes: readonly BbrModeChange[], endS: number): BbrModeSpan[] {
  return changes.map((c, i) => ({ t0S: c.tNs / NS_PER_S, t1S: i + 1 < changes.length ? changes[i + 1].tNs / NS_PER_S : endS, mode: c.mode })).filter((s) => s.t1S > s.t0S);
}

/** The state in force at tS, from every estimate row at or before it (null before the first). */
export function bbrStateAt(trace: TraceData, flow: number, estimates: readonly { key: string }[], tS: number): BbrState | null {
  const fieldOf = estimates.map((e) => FIELD[e.key]);
  const e = trace.estimate;
  const s: Keyed = { mode: -1, phase: -1, pacingGain: Number.NaN, cwndGain: Number.NaN, btlBwBps: Number.NaN, minRttMs: Number.NaN, pacingRateBps: Number.NaN };
  let any = false;
  for (const r of rowsWhere(e.flow, flow)) {
    if (e.tNs[r] / NS_PER_S > tS) break;
    const f = fieldOf[e.key[r]];
    if (f) {
      s[f] = e.value[r];
      any = true;
    }
  }
  return any ? s : null;
}

export const modeName = (mode: number): string => BBR_MODE_NAMES[mode] ?? '—';

/** "PROBE_BW phase 1 (gain 0.75)" / "DRAIN". */
export function modeWords(s: Pick<BbrState, 'mode' | 'phase'>): string {
  const name = modeName(s.mode);
  return BBR_MODE_NAMES[s.mode] === 'PROBE_BW' && s.phase >= 0 ? `${name} phase ${s.phase} (gain ${PROBE_BW_GAINS[s.phase] ?? '?'})` : name;
}
