/**
 * The `wave` table, written by the TCP-Real receiver (tcp/cc/real-receiver.ts, traced by
 * tcp/receiver.ts): one row per wave it decided.
 */
import type { RowWriter, TableDecl } from '../core/rows.ts';

/** TCP-Real's receiver decision at the end of (or on the timeout of) a wave. */
export const WAVE_DECISIONS = ['increase', 'decrease', 'hold', 'timeout'] as const;
export type WaveDecision = (typeof WAVE_DECISIONS)[number];

/** One TCP-Real wave as the receiver measured and decided it. */
export interface WaveRecord {
  /** Wave number (0, 1, …) and its level i (the wave is 2·i segments). */
  wave: number;
  level: number;
  /** Arrival of the wave's first and last segment at the receiver (ns); tl = -1 if the wave timed out. */
  tfNs: number;
  tlNs: number;
  /** Receiving rate from the expected wave size, bits/s (0 on a timeout). */
  rateBps: number;
  /** This wave's rate over the previous wave's (0 for the first, or after a timeout: no previous rate). */
  ratio: number;
  decision: WaveDecision;
  nextLevel: number;
  thresholdLevel: number;
}

export const WAVE_TABLE = {
  columns: ['tNs', 'flow', 'wave', 'level', 'tfNs', 'tlNs', 'rateBps', 'ratio', 'decision', 'nextLevel', 'thresholdLevel'],
  hashedWhenPresent: false,
} as const satisfies TableDecl;

export function writeWave(rows: RowWriter, tNs: number, flow: number, w: WaveRecord): void {
  rows.add(tNs, flow, w.wave, w.level, w.tfNs, w.tlNs, w.rateBps, w.ratio, WAVE_DECISIONS.indexOf(w.decision), w.nextLevel, w.thresholdLevel);
}
