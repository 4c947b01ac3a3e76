/**
 * The trace fingerprint taken after the run has been posted, so hashing (≈ 3 ms for a 60 s
 * run at 2 Mb/s) is not between a slider move and its picture. The trace's buffers are
 * transferred to the main thread with the result, so the worker first copies the columns
 * into one scratch buffer it keeps (a plain memory copy into pages already mapped, much
 * cheaper than the hash) and fingerprints that copy with the engine's own `traceHash`, so
 * the value is exactly the one Node computes.
 *
 * One scratch buffer serves every run: starting a new deferral first computes the previous
 * one, so a copy is never overwritten before it has been hashed.
 */
import { TRACE_TABLES, traceHash, type TableName, type TraceData } from '../engine/core/trace.ts';

let scratch = new Float64Array(0);
let pending: { ticket: number; compute: () => string } | null = null;
const done = new Map<number, string>();
/** Finished fingerprints kept for the main thread to collect (it asks at once; this only bounds a lost request). */
const MAX_DONE = 64;
let nextTicket = 0;

const TABLES = Object.keys(TRACE_TABLES) as TableName[];

function copyTrace(trace: TraceData): TraceData {
  let total = 0;
  for (const name of TABLES) for (const col of TRACE_TABLES[name]) total += (trace[name] as Record<string, Float64Array>)[col].length;
  if (scratch.length < total) scratch = new Float64Array(Math.max(total, Math.ceil(scratch.length * 1.5)));
  const out = {} as Record<TableName, Record<string, Float64Array>>;
  let at = 0;
  for (const name of TABLES) {
    const table = trace[name] as Record<string, Float64Array>;
    const cols: Record<string, Float64Array> = {};
    for (const col of TRACE_TABLES[name]) {
      const src = table[col];
      scratch.set(src, at);
      cols[col] = scratch.subarray(at, at + src.length);
      at += src.length;
    }
    out[name] = cols;
  }
  return out as TraceData;
}

function store(ticket: number, hash: string): void {
  done.set(ticket, hash);
  if (done.size > MAX_DONE) done.delete(done.keys().next().value as number);
}

/** Completes the pending deferral now, if any. */
export function flushDeferredHash(): void {
  const p = pending;
  pending = null;
  if (p) store(p.ticket, p.compute());
}

/** Copies `trace` aside and returns the ticket its fingerprint will be filed under. */
export function deferTraceHash(trace: TraceData): number {
  flushDeferredHash();
  const copy = copyTrace(trace);
  const ticket = ++nextTicket;
  pending = { ticket, compute: () => traceHash(copy) };
  return ticket;
}

/** The fingerprint for `ticket` (computing it now if it is still pending); undefined for an unknown or already collected ticket. */
export function takeTraceHash(ticket: number): string | undefined {
  if (pending?.ticket === ticket) flushDeferredHash();
  const h = done.get(ticket);
  done.delete(ticket);
  return h;
}
