/**
 * The `aqm` table, written by a link (net/link.ts) each time a delay-based AQM (CoDel, FQ-CoDel,
 * PIE, DualPI2) lets a packet go to its transmitter: which of its queues (1 = DualPI2's L4S
 * queue, FQ-CoDel's flow-queue index, else 0), the packet's sojourn time, the probability the AQM acts with (PIE's drop
 * probability, DualPI2's base p′; 0 for CoDel), whether CoDel is in its dropping state (1/0),
 * its drop count, the packet's flow (so a view can name FQ-CoDel's flow queues by the flows
 * they carry; −1 for cross traffic), and for a packet out of DualPI2's L4S queue the marking
 * probability it was judged with, p_L = max(p_CL, the native ramp on its sojourn) (0 on every
 * other row).
 */
import type { RowWriter, TableDecl } from '../core/rows.ts';

export const AQM_TABLE = {
  columns: ['tNs', 'link', 'queue', 'sojournNs', 'prob', 'dropping', 'count', 'flow', 'probL'],
  hashedWhenPresent: true,
} as const satisfies TableDecl;

export function writeAqm(rows: RowWriter, tNs: number, link: number, queue: number, sojournNs: number, prob: number, dropping: boolean, count: number, flow: number, probL: number): void {
  rows.add(tNs, link, queue, sojournNs, prob, dropping ? 1 : 0, count, flow, probL);
}
