/**
 * Per-segment bookkeeping for the bytes in [sndUna, sndMax): last send time, whether the
 * segment was retransmitted (Karn's rule), and whether the receiver SACKed it (RFC 6675
 * scoreboard, with its IsLost rule and highest SACKed byte). Segments are MSS-aligned: segment i
 * covers [i·mss, (i+1)·mss). Stored in a ring that slides with sndUna, so memory follows the
 * window, not the transfer size.
 */
import type { SackView } from './cc/types.ts';

export class SegmentBoard {
  private sentNs = new Float64Array(64);
  private flags = new Uint8Array(64);
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
      if (this.flags[s] & SegmentBoard.SACKED) this.sackedCount--;
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
    for (let i = Math.max(first, this.base); i < Math.min(last, this.base + this.count); i++) this.setSacked(i);
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
   * The dupThresh-th highest SACKed segment is the boundary; it is found once per scoreboard
   * change, not once per query, so pipe and NextSeg stay linear in the window size.
   */
  lostBoundary(dupThresh: number): number {
    if (this.sackedCount < dupThresh) return -1;
    if (this.lostAtVersion !== this.version) {
      this.lostBelow = this.nthHighestSacked(dupThresh);
      this.lostAtVersion = this.version;
    }
    return this.lostBelow < 0 ? -1 : this.lostBelow * this.mssBytes;
  }

  /** The scoreboard as variants and recoveries read it (`Conn.sack`). */
  view(enabled: boolean, dupThresh: number, conn: { readonly sndUna: number }): SackView {
    const board = this; // the getters below need the board, not the view
    return {
      enabled,
      isSacked: (seq) => board.sackedCount > 0 && board.isSacked(board.segIndex(seq)),
      isLost: (seq) => seq < board.lostBoundary(dupThresh),
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
      this.sackedCount++;
      this.version++;
    }
  }

  /**
   * Index of the `n`-th highest SACKed segment, or -1 if fewer are SACKed. Every unSACKed
   * segment below it has at least n SACKed segments above: RFC 6675's IsLost in O(1) per query.
   */
  private nthHighestSacked(n: number): number {
    let seen = 0;
    for (let i = this.base + this.count - 1; i >= this.base; i--) {
      if ((this.flags[this.slot(i)] & SegmentBoard.SACKED) !== 0 && ++seen === n) return i;
    }
    return -1;
  }

  private grow(): void {
    const n = this.flags.length * 2;
    const sent = new Float64Array(n);
    const flags = new Uint8Array(n);
    for (let k = 0; k < this.count; k++) {
      const i = this.base + k;
      sent[i & (n - 1)] = this.sentNs[this.slot(i)];
      flags[i & (n - 1)] = this.flags[this.slot(i)];
    }
    this.sentNs = sent;
    this.flags = flags;
  }
}
