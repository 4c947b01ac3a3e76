/**
 * What a trace table is to the sink that stores it: its columns, in order, and whether an empty
 * table is left out of the fingerprint. Every table is declared beside its writer's code in
 * src/engine/tables/; src/engine/core/trace.ts only lists them, in fingerprint order.
 */
export interface TableDecl {
  readonly columns: readonly string[];
  /**
   * For tables added after fingerprints were first compared across branches: hashed only when
   * they have rows, so a run that writes none keeps the fingerprint it had before the table existed.
   */
  readonly hashedWhenPresent: boolean;
}

/** Where a writer appends rows of one table: one number per column, in column order (at most 11). */
export interface RowWriter {
  add(v0: number, v1: number, v2: number, v3?: number, v4?: number, v5?: number, v6?: number, v7?: number, v8?: number, v9?: number, v10?: number): void;
}
