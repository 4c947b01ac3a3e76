/**
 * The `inflation` table, written by the sender's trace observer (tcp/trace-observer.ts): the
 * part of cwnd a Reno-style fast recovery added for segments that left the network, when it
 * changes (0 when the recovery ends). cwnd − inflation is the window the textbook draws.
 */
import type { TableDecl } from '../core/rows.ts';

export const INFLATION_TABLE = {
  columns: ['tNs', 'flow', 'bytes'],
  hashedWhenPresent: true,
} as const satisfies TableDecl;
