/**
 * Per-segment bookkeeping for the bytes in [sndUna, sndMax): last send time, whether the
 * segment was retransmitted (Karn's rule), and whether the receiver SACKed it (RFC 6675
 * scoreboard, with its IsLost rule and highest SACKed byte). Segments are MSS-aligned: segment i
 * covers [i·mss, (i+1)·mss). Stored in a ring that slides with sndUna, so memory follows the
 * window, not the transfer size.
 *
 * The per-ACK questions of SACK recovery — how many segments of a range are SACKed (SetPipe),
 * which is the dupThresh-th highest SACKed segment (IsLost), where is the next unSACKed segment
 * (NextSeg, marking a block) — are answered without walking the window, so that a window of
 * thousands of segments costs per ACK about what a window of ten does: a Fenwick tree over the
 * ring's slots counts SACKed segments (O(log n) per count or rank), and a skip pointer per slot
 * jumps over runs of SACKed segments (path-halving, amortised near O(1)). A segment is SACKed at
 * most once while tracked (the receiver never reneges), so both only ever gain marks until the
 * ring slides past them.
 */
import type { SackView } from './cc/types.ts';

export class SegmentBoard {
  private sentNs = new Float64Array(64);
  private flags = new Uint8Array(64);
  /** Fenwick tree (1-based) over slots: 1 per SACKed tracked segment. */
  private tree = new Int32Array(65);
  /** Per slot: how far up the next possibly unSACKed segment is (0: this one is unSACKed). */
  private skip = new Int32Array(64);
  /** Index of the oldest tracked segment (the one holding sndUna). */
  private base = 0;
  /** Segments tracked: base .. base + count − 1. */
  private count = 0;
  /** SACKed segments currently tracked (so SACK-free runs skip scans). */
  sackedCount = 0;
  /** Bumped whenever the SACKed set or the tracked range changes, to invalidate derived caches. */
  version = 0;
  /** One past the highest byte any SACK block has covered (0 before the first block). */
  highSackedEnd = 0;
  /** IsLost cache: segments below this index are lost unless SACKed; valid for lostAtVersion. */
  private lostBelow = -1;
  private lostAtVersion = -1;

  static readonly RETX = 1;
  static readonly SACKED = 2;

  constructor(readonly mssBytes: number) {}

  segIndex(seq: number): number {
    return Math.floor(seq / this.mssBytes);
  }

  private slot(i: number): number {
    return i & (this.flags.length - 1);
  }

  /** Record a transmission of segment i (extends the tracked range as needed). */
  markSent(i: number, nowNs: number, retransmit: boolean): void {
    while (i >= this.base + this.count) {
      if (this.count === this.flags.length) this.grow();
      const s = this.slot(this.base + this.count);
      this.flags[s] = 0;
      this.sentNs[s] = 0;
      this.skip[s] = 0;
      this.count++;
    }
    const s = this.slot(i);
    this.sentNs[s] = nowNs;
    if (retransmit) this.flags[s] |= SegmentBoard.RETX;
  }

  /** Forget segments wholly below `sndUna`. */
  advance(sndUna: number): void {
    const newBase = this.segIndex(sndUna);
    if (newBase > this.base) this.version++;
    while (this.base < newBase && this.count > 0) {
      const s = this.slot(this.base);
      if (this.flags[s] & SegmentBoard.SACKED) {
        this.sackedCount--;
        this.treeAdd(s, -1);
      }
      this.flags[s] = 0;
      this.base++;
      this.count--;
    }
    if (this.count === 0) this.base = Math.max(this.base, newBase);
  }

  has(i: number): boolean {
    return i >= this.base && i < this.base + this.count;
  }
  sentAtNs(i: number): number {
    return this.sentNs[this.slot(i)];
  }
  wasRetransmitted(i: number): boolean {
    return this.has(i) && (this.flags[this.slot(i)] & SegmentBoard.RETX) !== 0;
  }
  isSacked(i: number): boolean {
    return this.has(i) && (this.flags[this.slot(i)] & SegmentBoard.SACKED) !== 0;
  }

  /** Mark every tracked segment wholly inside [start, end) as SACKed; returns how many were new. */
  private markSacked(start: number, end: number): number {
    const before = this.sackedCount;
    const first = Math.ceil(start / this.mssBytes);
    const last = Math.floor(end / this.mssBytes); // exclusive, full segments only…
    const stop = Math.min(last, this.base + this.count);
    // Jump over what is SACKed already: a block repeated on every ACK costs only its new segments.
    for (let i = this.nextUnsacked(Math.max(first, this.base)); i < stop; i = this.nextUnsacked(i + 1)) this.setSacked(i);
    // …except a short final segment, which ends exactly at `end`.
    const tail = this.segIndex(end - 1);
    if (tail >= last && this.has(tail) && tail * this.mssBytes >= start) this.setSacked(tail);
    return this.sackedCount - before;
  }

  /**
   * Record an ACK's SACK blocks (start, end pairs), clipped to [sndUna, sndMax); returns the
   * number of segments newly SACKed.
   */
  applySack(blocks: readonly number[], sndUna: number, sndMax: number): number {
    let added = 0;
    for (let k = 0; k < blocks.length; k += 2) {
      const start = Math.max(blocks[k], sndUna);
      const end = Math.min(blocks[k + 1], sndMax);
      if (end <= start) continue;
      added += this.markSacked(start, end);
      if (end > this.highSackedEnd) this.highSackedEnd = end;
    }
    return added;
  }

  /**
   * RFC 6675 IsLost: dupThresh or more SACKed segments above the one holding `seq`, so every
   * byte below the boundary that is not SACKed is lost; −1 when fewer than dupThresh are SACKed.
   * The dupThresh-th highest SACKed segment is the boundary; it is found (a rank query on the
   * tree) once per scoreboard change, not once per query.
   */
  lostBoundary(dupThresh: number): number {
    if (this.sackedCount < dupThresh) return -1;
    if (this.lostAtVersion !== this.version) {
      this.lostBelow = this.nthHighestSacked(dupThresh);
      this.lostAtVersion = this.version;
    }
    return this.lostBelow < 0 ? -1 : this.lostBelow * this.mssBytes;
  }

  /**
   * The first segment at or above index i (i ≥ base) that is not SACKed; past the tracked range
   * every segment counts as unSACKed.
   */
  nextUnsacked(i: number): number {
    const end = this.base + this.count;
    let j = i;
    if (j < this.base) return j; // acknowledged: not SACKed
    while (j < end) {
      const d = this.skip[this.slot(j)];
      if (d === 0) break;
      const k = j + d;
      // Path halving: point j two hops up, so a run is walked in few steps next time.
      if (k < end) {
        const d2 = this.skip[this.slot(k)];
        if (d2 !== 0) this.skip[this.slot(j)] = d + d2;
      }
      j = k;
    }
    return j;
  }

  /** SACKed segments among the tracked ones with index in [a, b). */
  sackedIn(a: number, b: number): number {
    const lo = Math.max(a, this.base);
    const hi = Math.min(b, this.base + this.count);
    if (hi <= lo || this.sackedCount === 0) return 0;
    const n = this.flags.length;
    const s0 = this.slot(lo);
    const s1 = s0 + (hi - lo); // exclusive, may pass the end of the ring
    if (s1 <= n) return this.treePrefix(s1) - this.treePrefix(s0);
    return this.treePrefix(n) - this.treePrefix(s0) + this.treePrefix(s1 - n);
  }

  /**
   * RFC 6675 SetPipe() for the segments in [sndUna, sndMax) (sndUna on a segment boundary, as
   * cumulative ACKs of MSS-aligned segments are): every unSACKed segment counts its length once
   * if not lost (at or above the lost boundary) and once more if below `highRxtEnd`. Counted
   * from the SACKed totals of two ranges instead of segment by segment.
   */
  pipeBytes(sndUna: number, sndMax: number, highRxtEnd: number, dupThresh: number): number {
    if (sndMax <= sndUna) return 0;
    const mss = this.mssBytes;
    const u = sndUna / mss;
    const last = Math.ceil(sndMax / mss); // one past the last segment, which may be short
    const shortBy = last * mss - sndMax;
    const boundary = this.lostBoundary(dupThresh);
    const notLostFrom = boundary < 0 ? u : Math.min(Math.max(u, boundary / mss), last);
    const rxtTo = Math.min(Math.max(u, Math.ceil(highRxtEnd / mss)), last);
    const unsackedBytes = (a: number, b: number): number => {
      if (b <= a) return 0;
      let bytes = (b - a - this.sackedIn(a, b)) * mss;
      if (b === last && shortBy > 0 && !this.isSacked(last - 1)) bytes -= shortBy;
      return bytes;
    };
    return unsackedBytes(notLostFrom, last) + unsackedBytes(u, rxtTo);
  }

  /** The scoreboard as variants and recoveries read it (`Conn.sack`). */
  view(enabled: boolean, dupThresh: number, conn: { readonly sndUna: number; readonly sndMax: number }): SackView {
    const board = this; // the getters below need the board, not the view
    return {
      enabled,
      isSacked: (seq) => board.sackedCount > 0 && board.isSacked(board.segIndex(seq)),
      isLost: (seq) => seq < board.lostBoundary(dupThresh),
      nextUnsacked: (seq) => {
        // Stepping by whole segments from seq, as a walk would: seq itself if its segment is not SACKed.
        const i = board.segIndex(seq);
        return seq + (board.nextUnsacked(i) - i) * board.mssBytes;
      },
      pipe: (highRxtEnd) => board.pipeBytes(conn.sndUna, conn.sndMax, highRxtEnd, dupThresh),
      get highSacked() {
        return Math.max(board.highSackedEnd, conn.sndUna);
      },
      get lostBoundary() {
        return board.lostBoundary(dupThresh);
      },
      get version() {
        return board.version;
      },
      get sackedBytes() {
        return board.sackedCount * board.mssBytes;
      },
    };
  }

  private setSacked(i: number): void {
    const s = this.slot(i);
    if ((this.flags[s] & SegmentBoard.SACKED) === 0) {
      this.flags[s] |= SegmentBoard.SACKED;
      this.skip[s] = 1;
      this.treeAdd(s, 1);
      this.sackedCount++;
      this.version++;
    }
  }

  private treeAdd(slot: number, delta: number): void {
    const t = this.tree;
    for (let k = slot + 1; k < t.length; k += k & -k) t[k] += delta;
  }

  /** SACKed count in slots [0, end). */
  private treePrefix(end: number): number {
    const t = this.tree;
    let sum = 0;
    for (let k = end; k > 0; k -= k & -k) sum += t[k];
    return sum;
  }

  /** The lowest slot s with treePrefix(s + 1) ≥ k (k ≥ 1, at most the tree's total). */
  private treeFind(k: number): number {
    const t = this.tree;
    let pos = 0;
    let rest = k;
    for (let step = this.flags.length; step > 0; step >>= 1) {
      const next = pos + step;
      if (next < t.length && t[next] < rest) {
        pos = next;
        rest -= t[next];
      }
    }
    return pos; // 0-based slot
  }

  /**
   * Index of the `n`-th highest SACKed segment, or -1 if fewer are SACKed. Every unSACKed
   * segment below it has at least n SACKed segments above: RFC 6675's IsLost in O(1) per query.
   * O(log n): a rank query on the Fenwick tree.
   */
  private nthHighestSacked(n: number): number {
    if (this.sackedCount < n) return -1;
    // The k-th lowest SACKed segment counted from base, with the ring unrolled at base's slot.
    const k = this.sackedCount - n + 1;
    const b = this.slot(this.base);
    const size = this.flags.length;
    const below = this.treePrefix(b); // SACKed slots before base's slot: they hold the wrapped top
    const fromBase = this.treePrefix(size) - below;
    const s = k <= fromBase ? this.treeFind(below + k) : this.treeFind(k - fromBase);
    return this.base + ((s - b + size) & (size - 1));
  }

  private grow(): void {
    const n = this.flags.length * 2;
    const sent = new Float64Array(n);
    const flags = new Uint8Array(n);
    const skip = new Int32Array(n);
    const tree = new Int32Array(n + 1);
    for (let k = 0; k < this.count; k++) {
      const i = this.base + k;
      sent[i & (n - 1)] = this.sentNs[this.slot(i)];
      flags[i & (n - 1)] = this.flags[this.slot(i)];
      skip[i & (n - 1)] = this.skip[this.slot(i)];
    }
    this.sentNs = sent;
    this.flags = flags;
    this.skip = skip;
    this.tree = tree;
    for (let s = 0; s < n; s++) if (flags[s] & SegmentBoard.SACKED) this.treeAdd(s, 1);
  }
}
