/**
 * Trace fingerprints taken only when the main thread asks for them, so hashing (≈ 1 ms for a
 * 60 s run at 2 Mb/s) is never between a slider move and its picture, nor between one run of a
 * comparison and the next on the same worker: the client asks only once its worker is idle
 * (client.ts). The columns posted to the main thread are made from the sink's rows and
 * transferred; the sink keeps its rows, and the fingerprint is taken from them when asked —
 * `ColumnarSink.hash`, which equals the engine's `traceHash` of the whole trace, so the value is
 * exactly the one Node computes. Afterwards the rows' buffers go back to the worker's pool.
 *
 * Sinks wait for their request, up to a memory budget: past it the oldest are let go unhashed (a
 * result superseded before it was shown is never asked for), and asking for a dropped ticket
 * answers undefined.
 */
import type { ColumnarSink } from '../engine/core/trace.ts';

/** Trace values (8 bytes each) kept waiting for their fingerprint, over every pending sink: 64 MB. */
export const PENDING_VALUES_MAX = 8_000_000;

const pending = new Map<number, { values: number; sink: ColumnarSink }>();
let pendingValues = 0;
let nextTicket = 0;

/** Keeps `sink` (finished, not yet released) until its fingerprint is asked for; returns the ticket to ask with. */
export function deferTraceHash(sink: ColumnarSink): number {
  const values = sink.storedValues();
  // Map iteration is insertion order: the oldest go first
  for (const [ticket, p] of pending) {
    if (pendingValues + values <= PENDING_VALUES_MAX) break;
    pending.delete(ticket);
    pendingValues -= p.values;
    p.sink.release();
  }
  const ticket = ++nextTicket;
  pending.set(ticket, { values, sink });
  pendingValues += values;
  return ticket;
}

/** The fingerprint for `ticket`, computed now; undefined for an unknown, dropped or already collected ticket. */
export function takeTraceHash(ticket: number): string | undefined {
  const p = pending.get(ticket);
  if (!p) return undefined;
  pending.delete(ticket);
  pendingValues -= p.values;
  const hash = p.sink.hash();
  p.sink.release();
  return hash;
}
