/**
 * Trace fingerprints taken only when the main thread asks for them, so hashing (≈ 3 ms for a
 * 60 s run at 2 Mb/s, ≈ 20 ms at 10 Mb/s for 100 s) is never between a slider move and its
 * picture, nor between one run of a comparison and the next on the same worker: the client asks
 * only once its worker is idle (client.ts). The trace's buffers are transferred to the main
 * thread with the result, so the worker first copies the columns aside (a plain memory copy,
 * much cheaper than the hash) and fingerprints that copy with the engine's own `traceHash`, so
 * the value is exactly the one Node computes.
 *
 * Copies wait for their request, up to a memory budget: past it the oldest are dropped (a
 * result superseded before it was shown is never asked for), and asking for a dropped ticket
 * answers undefined.
 */
import { TRACE_TABLES, traceHash, type TableName, type TraceData } from '../engine/core/trace.ts';

/** Trace values (8 bytes each) kept waiting for their fingerprint, over every pending copy: 64 MB. */
export const PENDING_VALUES_MAX = 8_000_000;

const pending = new Map<number, { values: number; buffer: Float64Array; copy: TraceData }>();
let pendingValues = 0;
let nextTicket = 0;
/**
 * Buffers of fingerprinted or dropped copies, for the next copies: allocating (and zeroing)
 * a fresh 16 MB buffer per 100 s, 10 Mb/s run cost more than the copy itself.
 */
const spare: Float64Array[] = [];

function bufferFor(values: number): Float64Array {
  const i = spare.findIndex((b) => b.length >= values);
  return i >= 0 ? spare.splice(i, 1)[0] : new Float64Array(values);
}

function release(p: { buffer: Float64Array }): void {
  spare.push(p.buffer);
  // keep at most what the pending budget could use again
  let kept = 0;
  for (let i = spare.length - 1; i >= 0; i--) {
    kept += spare[i].length;
    if (kept > PENDING_VALUES_MAX) spare.splice(i, 1);
  }
}

const TABLES = Object.keys(TRACE_TABLES) as TableName[];

/** Values over every column of every table. */
export function traceValues(trace: TraceData): number {
  let n = 0;
  for (const name of TABLES) n += trace[name].tNs.length * TRACE_TABLES[name].length;
  return n;
}

/** The whole copy in one buffer (the columns are views into it). */
function copyTrace(trace: TraceData, buffer: Float64Array): TraceData {
  const out = {} as Record<TableName, Record<string, Float64Array>>;
  let at = 0;
  for (const name of TABLES) {
    const table = trace[name] as Record<string, Float64Array>;
    const cols: Record<string, Float64Array> = {};
    for (const col of TRACE_TABLES[name]) {
      const src = table[col];
      buffer.set(src, at);
      cols[col] = buffer.subarray(at, at + src.length);
      at += src.length;
    }
    out[name] = cols;
  }
  return out as TraceData;
}

/** Copies `trace` aside and returns the ticket its fingerprint can be asked for under. */
export function deferTraceHash(trace: TraceData): number {
  const values = traceValues(trace);
  // Map iteration is insertion order: the oldest copies go first
  for (const [ticket, p] of pending) {
    if (pendingValues + values <= PENDING_VALUES_MAX) break;
    pending.delete(ticket);
    pendingValues -= p.values;
    release(p);
  }
  const ticket = ++nextTicket;
  const buffer = bufferFor(values);
  pending.set(ticket, { values, buffer, copy: copyTrace(trace, buffer) });
  pendingValues += values;
  return ticket;
}

/** The fingerprint for `ticket`, computed now; undefined for an unknown, dropped or already collected ticket. */
export function takeTraceHash(ticket: number): string | undefined {
  const p = pending.get(ticket);
  if (!p) return undefined;
  pending.delete(ticket);
  pendingValues -= p.values;
  const hash = traceHash(p.copy);
  release(p);
  return hash;
}
