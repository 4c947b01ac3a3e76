/**
 * Discrete-event simulator. Events are ordered by (time, insertion sequence) so that ties are
 * broken the same way on every run. Time is an integer number of nanoseconds held in a double
 * (exact up to 2^53 ns ≈ 104 days).
 *
 * The queue is a binary heap of slot indices over typed arrays: keys live in Float64Arrays and
 * handlers in a plain array indexed by slot, so pushing and popping allocate nothing in steady
 * state, unlike a heap of event objects (docs/performance.md).
 * Cancellation is lazy: a cancelled slot stays in the heap and is skipped when popped.
 */

/** Something an event calls back. One object can serve many events; `arg` tells them apart. */
export interface Handler<A = unknown> {
  fire(arg: A): void;
}

/** Identifies a scheduled event for cancel(): slot index and generation packed in one number. */
export type EventId = number;

const GEN_BITS = 2 ** 22; // slot index < 2^31, generation < 2^22: packed id < 2^53

export class Simulator {
  private timeNs = 0;
  private seq = 0;
  private executed = 0;
  private stopped = false;

  // Slot storage.
  private slotTime = new Float64Array(1024);
  private slotSeq = new Float64Array(1024);
  private slotGen = new Uint32Array(1024);
  private slotHandler: (Handler<never> | null)[] = new Array(1024).fill(null);
  private slotArg: unknown[] = new Array(1024).fill(undefined);
  private freeSlots: number[] = [];
  private nextSlot = 0;

  // Heap of slot indices.
  private heap = new Int32Array(1024);
  private size = 0;

  /** Current simulated time in nanoseconds. */
  now(): number {
    return this.timeNs;
  }

  /** Events executed so far. */
  get eventCount(): number {
    return this.executed;
  }

  /** Events waiting (cancelled ones included until they are popped). */
  get pending(): number {
    return this.size;
  }

  /** Run `h.fire(arg)` after `delayNs` (an integer ≥ 0). */
  schedule<A>(delayNs: number, h: Handler<A>, arg: A): EventId {
    if (!(delayNs >= 0)) throw new RangeError(`schedule: negative or NaN delay ${delayNs} ns at t=${this.timeNs} ns`);
    return this.push(this.timeNs + Math.round(delayNs), h as Handler<never>, arg);
  }

  /**
   * Run `h.fire(arg)` at absolute time `atNs`, an integer ≥ now (callers compare against it).
   * On per-packet paths prefer `schedule(atNs - now)`: routing link arrivals through here falls
   * off a V8 optimisation cliff (not the checks; docs/performance.md).
   */
  scheduleAt<A>(atNs: number, h: Handler<A>, arg: A): EventId {
    if (!(atNs >= this.timeNs)) throw new RangeError(`scheduleAt: time ${atNs} ns is before now (${this.timeNs} ns)`);
    if (!Number.isInteger(atNs)) throw new RangeError(`scheduleAt: time ${atNs} ns is not a whole number of nanoseconds`);
    return this.push(atNs, h as Handler<never>, arg);
  }

  /** Cancel a pending event; cancelling one that already ran or was cancelled is a no-op. */
  cancel(id: EventId): void {
    const slot = Math.floor(id / GEN_BITS) - 1;
    if (slot < 0 || slot >= this.nextSlot || this.slotGen[slot] !== id % GEN_BITS) return;
    this.slotHandler[slot] = null;
  }

  /** Stop the current run after the event being executed. */
  stop(): void {
    this.stopped = true;
  }

  /**
   * Execute events with time ≤ untilNs, at most maxEvents of them. Returns true if it reached
   * untilNs (or ran out of events), false if stopped early by the cap or stop().
   */
  runUntil(untilNs: number, maxEvents = Number.POSITIVE_INFINITY): boolean {
    this.stopped = false;
    let budget = maxEvents;
    while (this.size > 0) {
      const slot = this.heap[0];
      const t = this.slotTime[slot];
      if (t > untilNs) break;
      if (budget <= 0 || this.stopped) return false;
      this.popRoot();
      const h = this.slotHandler[slot];
      const arg = this.slotArg[slot];
      this.release(slot);
      if (h === null) continue; // cancelled
      if (t < this.timeNs) throw new Error(`time went backwards: ${t} < ${this.timeNs}`);
      this.timeNs = t;
      this.executed++;
      budget--;
      (h as Handler<unknown>).fire(arg);
    }
    if (this.stopped) return false;
    if (untilNs > this.timeNs && Number.isFinite(untilNs)) this.timeNs = untilNs;
    return true;
  }

  private push(atNs: number, h: Handler<never>, arg: unknown): EventId {
    let slot: number;
    if (this.freeSlots.length > 0) slot = this.freeSlots.pop() as number;
    else {
      slot = this.nextSlot++;
      if (slot === this.slotTime.length) this.growSlots();
    }
    this.slotTime[slot] = atNs;
    this.slotSeq[slot] = this.seq++;
    this.slotHandler[slot] = h;
    this.slotArg[slot] = arg;
    const gen = this.slotGen[slot];
    if (this.size === this.heap.length) {
      const grown = new Int32Array(this.heap.length * 2);
      grown.set(this.heap);
      this.heap = grown;
    }
    this.siftUp(this.size++, slot);
    return (slot + 1) * GEN_BITS + gen;
  }

  private release(slot: number): void {
    this.slotHandler[slot] = null;
    this.slotArg[slot] = undefined;
    this.slotGen[slot] = (this.slotGen[slot] + 1) % GEN_BITS;
    this.freeSlots.push(slot);
  }

  private growSlots(): void {
    const n = this.slotTime.length * 2;
    const t = new Float64Array(n);
    t.set(this.slotTime);
    this.slotTime = t;
    const s = new Float64Array(n);
    s.set(this.slotSeq);
    this.slotSeq = s;
    const g = new Uint32Array(n);
    g.set(this.slotGen);
    this.slotGen = g;
    for (let i = this.slotHandler.length; i < n; i++) {
      this.slotHandler.push(null);
      this.slotArg.push(undefined);
    }
  }

  /** a precedes b in (time, seq) order. */
  private less(a: number, b: number): boolean {
    const ta = this.slotTime[a];
    const tb = this.slotTime[b];
    return ta < tb || (ta === tb && this.slotSeq[a] < this.slotSeq[b]);
  }

  private siftUp(pos: number, slot: number): void {
    const heap = this.heap;
    while (pos > 0) {
      const parent = (pos - 1) >> 1;
      const p = heap[parent];
      if (!this.less(slot, p)) break;
      heap[pos] = p;
      pos = parent;
    }
    heap[pos] = slot;
  }

  private popRoot(): void {
    const heap = this.heap;
    const last = heap[--this.size];
    const n = this.size;
    if (n === 0) return;
    let pos = 0;
    for (;;) {
      let child = 2 * pos + 1;
      if (child >= n) break;
      const right = child + 1;
      if (right < n && this.less(heap[right], heap[child])) child = right;
      if (!this.less(heap[child], last)) break;
      heap[pos] = heap[child];
      pos = child;
    }
    heap[pos] = last;
  }
}

/** A Handler from a plain function, for timers and tests where allocation does not matter. */
export const handler = (fn: () => void): Handler<unknown> => ({ fire: fn });

export const NS_PER_MS = 1_000_000;
export const NS_PER_S = 1_000_000_000;
export const msToNs = (ms: number): number => Math.round(ms * NS_PER_MS);
export const sToNs = (s: number): number => Math.round(s * NS_PER_S);
export const nsToS = (ns: number): number => ns / NS_PER_S;
