/**
 * The Ack Regulator's state from the `ackreg` table (one row per change at its link, see
 * AckRegRecord in engine/core/trace.ts) as step series in seconds, and the ACK releases.
 * The regulator releases held ACKs while queued + expected + cost ≤ B − reserve, so the panel
 * draws queued and queued + expected against B.
 */
import type { TraceData } from '../../engine/core/trace.ts';
import { pick, rowsWhere, type StepSeries } from './series.ts';

const NS_PER_S = 1e9;

export interface AckRegSeries {
  held: StepSeries;
  queued: StepSeries;
  /** queued + expected: what the buffer will hold once the released ACKs' data has come. */
  planned: StepSeries;
  expected: StepSeries;
  /** Times of rows that released ACKs. */
  releaseS: Float64Array;
  /** ACKs released up to and including each release row. */
  releasedSoFar: Float64Array;
  totalReleased: number;
}

/** Trace link indices that have an Ack Regulator (rows in the table), ascending. */
export function ackRegLinks(trace: TraceData): number[] {
  return [...new Set(trace.ackreg.link)].sort((a, b) => a - b);
}

export function ackRegSeries(trace: TraceData, link: number): AckRegSeries {
  const a = trace.ackreg;
  const rows = rowsWhere(a.link, link);
  const tS = pick(a.tNs, rows, NS_PER_S);
  const queued = pick(a.queuedPackets, rows);
  const expected = pick(a.expectedPackets, rows);
  const planned = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) planned[i] = queued[i] + expected[i];
  const rt: number[] = [];
  const cum: number[] = [];
  let total = 0;
  for (const r of rows) {
    const n = a.released[r];
    if (!(n > 0)) continue;
    rt.push(a.tNs[r] / NS_PER_S);
    total += n;
    cum.push(total);
  }
  return {
    held: { tS, values: pick(a.heldAcks, rows) },
    queued: { tS, values: queued },
    planned: { tS, values: planned },
    expected: { tS, values: expected },
    releaseS: Float64Array.from(rt),
    releasedSoFar: Float64Array.from(cum),
    totalReleased: total,
  };
}
