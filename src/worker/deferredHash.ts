/**
 * Trace fingerprints taken only when the main thread asks for them, so hashing (≈ 1 ms for a
 * 60 s run at 2 Mb/s) is never between a slider move and its picture, nor between one run of a
 * comparison and the next on the same worker: the client asks only once its worker is idle
 * (client.ts). The columns posted to the main thread are made from the sink's rows and
 * transferred; the sink keeps its rows, and the fingerprint is taken from them when asked —
 * `ColumnarSink.hash`, which equals the engine's `traceHash` of the whole trace, so the value is
 * exactly the one Node computes. Afterwards the rows' buffers go back to the worker's pool.
 *
 * Sinks wait for their request, up to a memory budget: past it the oldest are let go. One of an
 * older batch goes unhashed (a result superseded before it was shown is never asked for), and
 * asking for its ticket answers undefined. One of the same batch as the sink coming in is
 * hashed first and its fingerprint kept: that batch is the picture being drawn, and a
 * comparison of long, fast runs (six variants of 150 s at 10 Mb/s: 2.7 M values each, three
 * per worker) does not fit the budget whole — its first runs' fingerprints read "…" for good.
 */
import type { ColumnarSink } from '../engine/core/trace.ts';

/** Trace values (8 bytes each) kept waiting for their fingerprint, over every pending sink: 64 MB. */
export const PENDING_VALUES_MAX = 8_000_000;

/** Fingerprints taken early (their sinks let go to stay within the budget) kept this many at most, the oldest dropped first. */
const HASHED_MAX = 64;

const pending = new Map<number, { values: number; sink: ColumnarSink; batch: number | undefined }>();
/** Fingerprints of sinks hashed when they were let go, by ticket, until asked for. */
const hashed = new Map<number, string>();
let pendingValues = 0;
let nextTicket = 0;

/**
 * Keeps `sink` (finished, not yet released) until its fingerprint is asked for; returns the
 * ticket to ask with. `batch`: the runs drawn together that this one belongs to
 * (WorkerRunOptions.batch), whose fingerprints are kept when their rows cannot be.
 */
export function deferTraceHash(sink: ColumnarSink, batch?: number): number {
  const values = sink.storedValues();
  // Map iteration is insertion order: the oldest go first
  for (const [ticket, p] of pending) {
    if (pendingValues + values <= PENDING_VALUES_MAX) break;
    pending.delete(ticket);
    pendingValues -= p.values;
    if (batch !== undefined && p.batch === batch) keepHash(ticket, p.sink.hash());
    p.sink.release();
  }
  const ticket = ++nextTicket;
  pending.set(ticket, { values, sink, batch });
  pendingValues += values;
  return ticket;
}

function keepHash(ticket: number, hash: string): void {
  hashed.set(ticket, hash);
  for (const old of hashed.keys()) {
    if (hashed.size <= HASHED_MAX) break;
    hashed.delete(old);
  }
}

/** The fingerprint for `ticket`, computed now (or when its sink was let go); undefined for an unknown, dropped or already collected ticket. */
export function takeTraceHash(ticket: number): string | undefined {
  const early = hashed.get(ticket);
  if (early !== undefined) {
    hashed.delete(ticket);
    return early;
  }
  const p = pending.get(ticket);
  if (!p) return undefined;
  pending.delete(ticket);
  pendingValues -= p.values;
  const hash = p.sink.hash();
  p.sink.release();
  return hash;
}
