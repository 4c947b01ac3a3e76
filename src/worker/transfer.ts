import type { TraceData } from '../engine/core/trace.ts';

/**
 * Every column buffer of a trace, once each: posting them as transferables hands the memory to
 * the main thread instead of copying tens of megabytes on every slider move.
 */
export function traceTransferables(trace: TraceData): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const table of Object.values(trace) as Record<string, Float64Array>[]) {
    for (const col of Object.values(table)) {
      // SharedArrayBuffer cannot be transferred; the engine never makes one, but stay safe.
      // Empty columns (tables not asked for) are cloned, not transferred: nothing to gain.
      if (col.buffer instanceof ArrayBuffer && col.byteLength > 0) buffers.add(col.buffer);
    }
  }
  return [...buffers];
}
