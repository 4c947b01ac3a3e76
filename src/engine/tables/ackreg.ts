/** The `ackreg` table, written by the Ack Regulator (net/ack-regulator.ts) after each change at its link. */
import type { RowWriter, TableDecl } from '../core/rows.ts';

/** The Ack Regulator's state after a change at its link. */
export interface AckRegRecord {
  heldAcks: number;
  /** Data packets queued at the downlink buffer. */
  queuedPackets: number;
  /** Data packets that already-released ACKs are still expected to bring. */
  expectedPackets: number;
  /** ACKs released by this change. */
  released: number;
}

export const ACKREG_TABLE = {
  columns: ['tNs', 'link', 'heldAcks', 'queuedPackets', 'expectedPackets', 'released'],
  hashedWhenPresent: false,
} as const satisfies TableDecl;

export function writeAckReg(rows: RowWriter, tNs: number, link: number, r: AckRegRecord): void {
  rows.add(tNs, link, r.heldAcks, r.queuedPackets, r.expectedPackets, r.released);
}
