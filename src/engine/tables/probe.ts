/**
 * The `probe` table, written for TCP-Probing's probe cycle (tcp/recovery/probe-cycle.ts reports
 * the records, tcp/trace-observer.ts traces them): one row per event of a cycle.
 */
import type { RowWriter, TableDecl } from '../core/rows.ts';

/** TCP-Probing's probe-cycle events, one trace row each. */
export const PROBE_EVENTS = [
  'cycle-start',
  'probe1-sent',
  'pr1-ack',
  'probe2-sent',
  'pr2-ack',
  'probe-timeout',
  'immediate-recovery',
  'gentle-recovery',
  'reno-recovery',
  'slow-start',
] as const;
export type ProbeEvent = (typeof PROBE_EVENTS)[number];

/** One row of a probe cycle; RTTs are -1 where they do not apply. */
export interface ProbeRecord {
  event: ProbeEvent;
  /** Probe exchange id (a lost probe restarts the exchange with a new id). */
  id: number;
  rttNs: number;
  acprttNs: number;
  bestNs: number;
  worstNs: number;
  /** cwnd after the decision (bytes); -1 for other events. */
  cwndBytes: number;
}

export const PROBE_TABLE = {
  columns: ['tNs', 'flow', 'event', 'id', 'rttNs', 'acprttNs', 'bestNs', 'worstNs', 'cwndBytes'],
  hashedWhenPresent: false,
} as const satisfies TableDecl;

export function writeProbe(rows: RowWriter, tNs: number, flow: number, r: ProbeRecord): void {
  rows.add(tNs, flow, PROBE_EVENTS.indexOf(r.event), r.id, r.rttNs, r.acprttNs, r.bestNs, r.worstNs, r.cwndBytes);
}
