/**
 * The `ccstate` table, written by the sender's trace observer (tcp/trace-observer.ts) for a
 * variant that runs a state machine of its own beside the sender's CA state (`castate`): BBR's
 * mode (index into the variant's `ownState.modes`) and, where the mode has phases, the phase
 * (BBR's PROBE_BW gain-cycle index; −1 in a mode without phases). A row when either changes.
 * Kept apart from `castate` because the two machines move independently: BBR can be in
 * PROBE_BW and in fast recovery at once, and a variant without such a machine writes no row.
 */
import type { TableDecl } from '../core/rows.ts';

export const CCSTATE_TABLE = {
  columns: ['tNs', 'flow', 'mode', 'phase'],
  hashedWhenPresent: true,
} as const satisfies TableDecl;
