/** The `playback` table, written by a streaming receiver's player (app/playback.ts) at each read. */
import type { TableDecl } from '../core/rows.ts';

export const PLAYBACK_TABLE = {
  columns: ['tNs', 'flow', 'ok', 'bufferedBytes'],
  hashedWhenPresent: false,
} as const satisfies TableDecl;
