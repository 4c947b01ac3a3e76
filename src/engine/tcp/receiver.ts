/**
 * TCP receiver: cumulative ACKs (next byte expected), optional delayed ACKs (RFC 5681 §4.2:
 * at least every second full segment, at most `delayedAckNs` late; immediately for
 * out-of-order data or data that fills a hole), optional SACK blocks (RFC 2018: the block
 * holding the latest segment first, then the most recently reported others, at most 3), and
 * RFC 7323 timestamps (TS.Recent updated only from segments at or below Last.ACK.sent, so
 * the echo reflects the segment that triggered the ACK, not a later out-of-order one).
 * A congestion mark (RED ECN or New Jersey's congestion warning) on any segment is echoed on the
 * next ACK only — simpler than RFC 3168's ECE-until-CWR, so a lost ACK loses its echo.
 * Every ACK also carries the arrival time of the segment that triggered it (New Jersey's
 * timestamp; no option bytes are charged, as the RFC 7323 TSval slot carries it), a
 * variant's receiver agent sees every data segment and fills an ACK option (TCP-Real), and
 * TCP-Probing's probes are answered at once with header-only replies.
 */
import type { Handler, Simulator } from '../core/simulator.ts';
import type { RowWriter } from '../core/rows.ts';
import type { TraceSink } from '../core/trace.ts';
import { writeWave } from '../tables/wave.ts';
import type { ReceiverAgent, ReceiverView } from './cc/types.ts';
import { HEADER_BYTES, Packet, sackOptionBytes, TIMESTAMP_OPTION_BYTES, type Endpoint, type Hop } from '../net/packet.ts';

/** SACK blocks remembered in report order: the 3 an ACK carries, plus slack for merges. */
const REMEMBERED_BLOCKS = 8;

export interface ReceiverParams {
  flow: number;
  delayedAck: boolean;
  delayedAckNs: number;
  sack: boolean;
  timestamps: boolean;
  mssBytes: number;
  /**
   * RFC 8257 §3.2's feedback for DCTCP-like senders: when an arriving segment's CE state differs
   * from the delayed segments', ACK those at once, so every ACK's ECE covers exactly its bytes.
   */
  accurateEcn?: boolean;
}

/** What a receiver is made of and wired to. */
export interface ReceiverOptions {
  params: ReceiverParams;
  sim: Simulator;
  /** Route of ACKs back to the sender. */
  ackRoute: readonly Hop[];
  sender: Endpoint;
  /** Bytes the application expects in all (Infinity for unlimited). */
  targetBytes: number;
  /** Called with each newly in-order chunk [start, end): the application's read. */
  deliver: (start: number, end: number) => void;
  agent?: ReceiverAgent | null;
  trace?: TraceSink | null;
}

export class Receiver implements Endpoint {
  /** Next in-order byte expected = bytes delivered to the application. */
  rcvNxt = 0;
  /** Out-of-order data held: disjoint, sorted [start, end) pairs above rcvNxt. */
  private ooo: number[] = [];
  /** Starts of held blocks, most recently changed first (blocks merge, so starts are re-resolved). */
  private recentBlocks: number[] = [];
  private tsRecentNs = -1;
  private lastAckSent = 0;
  private unackedSegments = 0;
  private delayedTimerGen = 0;
  private delayedTimerArmed = false;
  /** A marked segment arrived since the last ACK: the next ACK carries ECE. */
  private ceSeen = false;
  /** Arrival time of the latest data segment: the next ACK echoes it. */
  private lastArrivalNs = -1;
  private readonly view: ReceiverView;
  private readonly agentTimer: Handler<number> = {
    fire: (id) => {
      if (this.agent?.onTimer === undefined) return;
      this.agent.onTimer(this.view, id);
      this.afterAgent(this.agent);
    },
  };

  ackBytesSent = 0;
  acksSent = 0;
  /** Time the receiver first held byte `target` − 1 in order, or -1. */
  completedAtNs = -1;
  /** Bytes of duplicate payload received (already delivered or already held). */
  duplicateBytes = 0;

  private readonly delayedTimer: Handler<number> = {
    fire: (gen) => {
      if (gen !== this.delayedTimerGen) return;
      this.delayedTimerArmed = false;
      if (this.unackedSegments > 0) this.sendAck();
    },
  };

  private readonly p: ReceiverParams;
  private readonly sim: Simulator;
  private readonly ackRoute: readonly Hop[];
  private readonly sender: Endpoint;
  private readonly targetBytes: number;
  private readonly deliver: (start: number, end: number) => void;
  private readonly agent: ReceiverAgent | null;
  /** Where TCP-Real's waves are traced, if the trace keeps them. */
  private readonly waveRows: RowWriter | null;

  constructor(o: ReceiverOptions) {
    const p = o.params;
    const sim = o.sim;
    this.p = p;
    this.sim = sim;
    this.ackRoute = o.ackRoute;
    this.sender = o.sender;
    this.targetBytes = o.targetBytes;
    this.deliver = o.deliver;
    this.agent = o.agent ?? null;
    this.waveRows = o.trace?.writer('wave') ?? null;
    const receiver = this; // the getters below need the instance, not the view
    this.view = {
      get nowNs() {
        return sim.now();
      },
      mssBytes: p.mssBytes,
      get rcvNxt() {
        return receiver.rcvNxt;
      },
      setTimer: (delayNs, id) => sim.schedule(Math.max(1, Math.round(delayNs)), this.agentTimer, id),
    };
  }

  /** After an agent hook: trace the wave decisions it reported (the agent never holds the trace). */
  private afterAgent(agent: ReceiverAgent): void {
    const waves = agent.waveRecords;
    if (waves === undefined || waves.length === 0) return;
    if (this.waveRows !== null) for (const w of waves) writeWave(this.waveRows, this.sim.now(), this.p.flow, w);
    waves.length = 0;
  }

  receive(seg: Packet): void {
    if (seg.probe !== 0) {
      this.answerProbe(seg);
      return;
    }
    this.lastArrivalNs = this.sim.now();
    if (this.agent !== null) {
      this.agent.onSegment(this.view, { seq: seg.seq, lenBytes: seg.lenBytes, tag: seg.tag, retransmit: seg.retransmit });
      this.afterAgent(this.agent);
    }
    if (this.p.accurateEcn === true && this.unackedSegments > 0 && seg.ce !== this.ceSeen) this.sendAck();
    // Echo a mark on the next ACK (covering this segment, or sent at once for old data).
    if (seg.ce) this.ceSeen = true;
    const start = seg.seq;
    const end = seg.seq + seg.lenBytes;
    if (end <= this.rcvNxt) {
      // Old data: the ACK was lost or the sender went back; tell it where we are, now. Outside
      // the window, so it does not update TS.Recent (RFC 7323 §5.3 R2 before R3).
      this.duplicateBytes += seg.lenBytes;
      this.sendAck();
      return;
    }
    if (this.p.timestamps && seg.tsValNs >= this.tsRecentNs && start <= this.lastAckSent) this.tsRecentNs = seg.tsValNs;

    if (start > this.rcvNxt) {
      if (!this.hold(start, end)) this.duplicateBytes += seg.lenBytes;
      this.noteBlock(start);
      this.sendAck();
      return;
    }
    // In order (possibly overlapping what we have): advance, then absorb held data it reaches.
    const hadHoles = this.ooo.length > 0;
    const from = this.rcvNxt;
    this.rcvNxt = end;
    while (this.ooo.length > 0 && this.ooo[0] <= this.rcvNxt) {
      this.rcvNxt = Math.max(this.rcvNxt, this.ooo[1]);
      this.ooo.splice(0, 2);
    }
    this.deliver(from, this.rcvNxt);
    if (this.completedAtNs < 0 && this.rcvNxt >= this.targetBytes) this.completedAtNs = this.sim.now();
    if (hadHoles || !this.p.delayedAck) {
      this.sendAck();
      return;
    }
    this.unackedSegments++;
    if (this.unackedSegments >= 2) this.sendAck();
    else if (!this.delayedTimerArmed) {
      this.delayedTimerArmed = true;
      this.sim.schedule(this.p.delayedAckNs, this.delayedTimer, this.delayedTimerGen);
    }
  }

  /** Add [start, end) to the held out-of-order data; false if it was all there already. */
  private hold(start: number, end: number): boolean {
    const o = this.ooo;
    // First block that ends at or after `start` (binary search: new data usually lands last).
    let lo = 0;
    let hi = o.length / 2;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (o[2 * mid + 1] < start) lo = mid + 1;
      else hi = mid;
    }
    const i = 2 * lo;
    if (i < o.length && o[i] <= start && o[i + 1] >= end) return false;
    let s = start;
    let e = end;
    let j = i;
    while (j < o.length && o[j] <= e) {
      s = Math.min(s, o[j]);
      e = Math.max(e, o[j + 1]);
      j += 2;
    }
    o.splice(i, j - i, s, e);
    return true;
  }

  /**
   * The block now holding `seq` becomes the most recent; the others keep their order (by block,
   * not segment: blocks merge). Only the few reported blocks need remembering, which keeps this
   * cheap when a large window leaves thousands of holes.
   */
  private noteBlock(seq: number): void {
    const head = this.ooo[this.blockHolding(seq)];
    const order = [head];
    for (const s of this.recentBlocks) {
      if (order.length === REMEMBERED_BLOCKS) break;
      const k = this.blockHolding(s);
      if (k >= 0 && !order.includes(this.ooo[k])) order.push(this.ooo[k]);
    }
    this.recentBlocks = order;
  }

  /** Up to 3 blocks, the one holding the latest segment first (RFC 2018 §4). */
  private sackBlocks(): number[] | null {
    if (!this.p.sack || this.ooo.length === 0) return null;
    const blocks: number[] = [];
    for (const s of this.recentBlocks) {
      if (blocks.length === 6) break;
      const k = this.blockHolding(s);
      if (k < 0) continue;
      const bs = this.ooo[k];
      if (blocks.some((v, idx) => idx % 2 === 0 && v === bs)) continue;
      blocks.push(bs, this.ooo[k + 1]);
    }
    return blocks.length > 0 ? blocks : null;
  }

  /** Index (even) of the held block containing `seq`, or -1; binary search over sorted blocks. */
  private blockHolding(seq: number): number {
    let lo = 0;
    let hi = this.ooo.length / 2 - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (seq < this.ooo[2 * mid]) hi = mid - 1;
      else if (seq >= this.ooo[2 * mid + 1]) lo = mid + 1;
      else return 2 * mid;
    }
    return -1;
  }

  /** TCP-Probing: PROBE1 → PR1_ACK, PROBE2 → PR2_ACK, same id, header-only, at once. */
  private answerProbe(probe: Packet): void {
    const size = HEADER_BYTES + (this.p.timestamps ? TIMESTAMP_OPTION_BYTES : 0);
    const reply = new Packet(this.p.flow, true, size, this.ackRoute, this.sender);
    reply.probe = probe.probe + 1;
    reply.probeId = probe.probeId;
    reply.ackNo = this.rcvNxt;
    reply.rcvTsNs = this.sim.now();
    if (this.p.timestamps) {
      reply.tsValNs = this.sim.now();
      reply.tsEcrNs = probe.tsValNs;
    }
    this.ackBytesSent += size;
    this.acksSent++;
    reply.inject();
  }

  private sendAck(): void {
    this.unackedSegments = 0;
    if (this.delayedTimerArmed) {
      this.delayedTimerGen++;
      this.delayedTimerArmed = false;
    }
    const sack = this.sackBlocks();
    const size =
      HEADER_BYTES + (this.p.timestamps ? TIMESTAMP_OPTION_BYTES : 0) + sackOptionBytes(sack ? sack.length / 2 : 0) + (this.agent !== null ? this.agent.ackOptionBytes : 0);
    const ack = new Packet(this.p.flow, true, size, this.ackRoute, this.sender);
    ack.ackNo = this.rcvNxt;
    ack.rcvTsNs = this.lastArrivalNs;
    if (this.agent !== null) ack.option = this.agent.ackOption(this.view);
    ack.sack = sack;
    ack.ece = this.ceSeen;
    this.ceSeen = false;
    if (this.p.timestamps) {
      ack.tsValNs = this.sim.now();
      ack.tsEcrNs = this.tsRecentNs;
    }
    this.lastAckSent = this.rcvNxt;
    this.ackBytesSent += size;
    this.acksSent++;
    ack.inject();
  }
}
