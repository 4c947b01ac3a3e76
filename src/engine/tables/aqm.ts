/**
 * The `aqm` table, written by a link (net/link.ts) each time a delay-based AQM (CoDel, FQ-CoDel,
 * PIE, DualPI2) lets a packet go to its transmitter: which of its queues (1 = DualPI2's L4S
 * queue, FQ-CoDel's flow-queue index, else 0), the packet's sojourn time, the probability the AQM acts with (PIE's drop
 * probability, DualPI2's base p′; 0 for CoDel), whether CoDel is in its dropping state (1/0),
 * and its drop count.
 */
import type { RowWriter, TableDecl } from '../core/rows.ts';

export const AQM_TABLE = {
  columns: ['tNs', 'link', 'queue', 'sojournNs', 'prob', 'dropping', 'count'],
  hashedWhenPresent: true,
} as const satisfies TableDecl;

export function writeAqm(rows: RowWriter, tNs: number, link: number, queue: number, sojournNs: number, prob: number, dropping: boolean, count: number): void {
  rows.add(tNs, link, queue, sojournNs, prob, dropping ? 1 : 0, count);
}
