/** The `change` table, written when a scenario's timed change takes effect on a link (build/changes.ts). */
import type { TableDecl } from '../core/rows.ts';

export const CHANGE_TABLE = {
  columns: ['tNs', 'index', 'link'],
  hashedWhenPresent: false,
} as const satisfies TableDecl;
