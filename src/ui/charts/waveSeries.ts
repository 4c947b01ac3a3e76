/**
 * TCP-Real's waves from the `wave` table (one row per receiver decision, see WaveRecord in
 * engine/core/trace.ts), in seconds: what the waves panel draws and reads out. Times are the
 * receiver's (arrival of a wave's first and last segment, the decision); the panel shares the
 * sender's time axis, which is the same simulated clock.
 */
import { type TraceData } from '../../engine/core/trace.ts';
import { WAVE_DECISIONS, type WaveDecision } from '../../engine/tables/wave.ts';
import { lastAtOrBefore } from './pick.ts';
import { rowsWhere } from './series.ts';

const NS_PER_S = 1e9;

export interface Wave {
  wave: number;
  /** Level i: the wave was 2·i segments. */
  level: number;
  /** Arrival of the wave's first segment at the receiver. */
  tfS: number;
  /** Arrival of its last segment; null when the wave timed out before it came. */
  tlS: number | null;
  /** When the receiver decided (end of the wave, or its decision timer). */
  decidedS: number;
  /** Receiving rate of the wave, bit/s; null on a timeout (no rate was measured). */
  rateBps: number | null;
  /** This wave's rate over the previous wave's; null where there is no previous rate. */
  ratio: number | null;
  decision: WaveDecision;
  nextLevel: number;
  thresholdLevel: number;
}

/** One flow's waves in decision order. */
export function waves(trace: TraceData, flow: number): Wave[] {
  const w = trace.wave;
  const rows = rowsWhere(w.flow, flow);
  const out: Wave[] = [];
  for (const r of rows) {
    const decision = WAVE_DECISIONS[w.decision[r]] ?? 'hold';
    const timedOut = decision === 'timeout' || w.tlNs[r] < 0;
    out.push({
      wave: w.wave[r],
      level: w.level[r],
      tfS: w.tfNs[r] / NS_PER_S,
      tlS: timedOut ? null : w.tlNs[r] / NS_PER_S,
      decidedS: w.tNs[r] / NS_PER_S,
      rateBps: timedOut || !(w.rateBps[r] > 0) ? null : w.rateBps[r],
      ratio: w.ratio[r] > 0 ? w.ratio[r] : null,
      decision,
      nextLevel: w.nextLevel[r],
      thresholdLevel: w.thresholdLevel[r],
    });
  }
  return out;
}

/** Where a wave's bar ends: its last arrival, or the decision time if it timed out. */
export const waveEndS = (w: Wave): number => w.tlS ?? w.decidedS;

/** How many waves ended in each decision. */
export function decisionCounts(ws: readonly Wave[]): Record<WaveDecision, number> {
  const out = Object.fromEntries(WAVE_DECISIONS.map((d) => [d, 0])) as Record<WaveDecision, number>;
  for (const w of ws) out[w.decision]++;
  return out;
}

/** The last wave decided at or before tS (the one whose decision is in force), or null. */
export function waveAt(ws: readonly Wave[], tS: number): Wave | null {
  const i = lastAtOrBefore(ws, (w) => w.decidedS, tS);
  return i >= 0 ? ws[i] : null;
}

/** The threshold level as a step series over decision times (it changes only at decisions). */
export function thresholdSteps(ws: readonly Wave[]): { tS: Float64Array; values: Float64Array } {
  return { tS: Float64Array.from(ws, (w) => w.decidedS), values: Float64Array.from(ws, (w) => w.thresholdLevel) };
}

/** Mean of the measured receiving rates (timeouts excluded), bit/s; null if none was measured. */
export function meanRateBps(ws: readonly Wave[]): number | null {
  let sum = 0;
  let n = 0;
  for (const w of ws) {
    if (w.rateBps === null) continue;
    sum += w.rateBps;
    n++;
  }
  return n > 0 ? sum / n : null;
}
