/**
 * FQ-CoDel (RFC 8290): packets are hashed by flow into one of `flows` queues, each with its own
 * CoDel state; a deficit round robin with a byte `quantum` serves them, new flows (a queue that
 * just became active) ahead of old ones, so a sparse flow's few packets leave before a bulk
 * flow's backlog. On overflow the head of the queue holding the most bytes is dropped (§4.1).
 *
 * The hash is seeded from the run's random streams (a perturbation, as Linux keys its flow hash
 * with a random value), so the flow → queue map — and any collision — depends only on the seed.
 * A scenario flow is identified by its index and direction; all cross traffic (flow −1) shares
 * one queue.
 */
import type { DropCause } from '../core/trace.ts';
import { AqmBook } from './aqm-book.ts';
import { CodelCore, type CodelParams, type CodelSink } from './codel.ts';
import type { Packet } from './packet.ts';
import { Fifo, type AqmView, type QueueDisc } from './queue.ts';

export interface FqCodelParams extends CodelParams {
  limitPackets: number;
  /** Number of flow queues the hash spreads over (RFC 8290 / Linux: 1024). */
  flows: number;
  /** DRR quantum in bytes (RFC 8290 / Linux: 1514, one Ethernet MTU). */
  quantumBytes: number;
}

/** One flow queue: its packets, its CoDel state and its DRR deficit. */
export class FlowQueue {
  readonly fifo = new Fifo(16);
  readonly codel: CodelCore;
  deficit = 0;
  /** Which list it is on. */
  list: 'none' | 'new' | 'old' = 'none';
  constructor(
    readonly index: number,
    params: CodelParams,
  ) {
    this.codel = new CodelCore(params);
  }
}

/** murmur3's 32-bit finaliser over (key XOR seed): every input bit moves every output bit. */
export function flowHash(key: number, seed: number): number {
  let h = (key ^ seed) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

export class FqCodelQueue extends AqmBook implements QueueDisc {
  private readonly queues = new Map<number, FlowQueue>();
  private readonly newFlows: FlowQueue[] = [];
  private readonly oldFlows: FlowQueue[] = [];
  private count = 0;
  private byteCount = 0;
  overflowDrops = 0;
  private readonly sink: CodelSink = {
    drop: (p) => {
      this.count--;
      this.byteCount -= p.sizeBytes;
      this.dropAccepted(p);
    },
    mark: (p) => this.markEct(p),
  };

  constructor(
    private readonly p: FqCodelParams,
    /** 32-bit hash perturbation drawn from the link's stream. */
    private readonly seed: number,
  ) {
    super(p.limitPackets);
    const me = this;
    this.aqm = {
      // Which flow queue the packet left: the inside view draws each queue's sojourn apart.
      get lastQueue() {
        return me.lastOut?.index ?? 0;
      },
      get lastSojournNs() {
        return me.lastOut?.codel.lastSojournNs ?? 0;
      },
      prob: 0,
      get dropping() {
        return me.lastOut?.codel.dropping ?? false;
      },
      get count() {
        return me.lastOut?.codel.count ?? 0;
      },
    };
  }

  readonly aqm: AqmView;
  /** The flow queue whose packet went to the transmitter last. */
  private lastOut: FlowQueue | null = null;

  get packets(): number {
    return this.count;
  }
  get bytes(): number {
    return this.byteCount;
  }

  /** The flow queue a packet hashes to. */
  queueIndex(pkt: Packet): number {
    const key = pkt.flow * 2 + (pkt.isAck ? 1 : 0);
    return flowHash(key, this.seed) % this.p.flows;
  }

  /** The flow queues that hold packets or sit on a list, by index (the inside view). */
  activeQueues(): FlowQueue[] {
    return [...this.queues.values()].filter((q) => q.list !== 'none' || q.fifo.count > 0).sort((a, b) => a.index - b.index);
  }

  private queueOf(pkt: Packet): FlowQueue {
    const i = this.queueIndex(pkt);
    let q = this.queues.get(i);
    if (q === undefined) {
      q = new FlowQueue(i, this.p);
      this.queues.set(i, q);
    }
    return q;
  }

  offer(pkt: Packet, nowNs: number, linkIdle: boolean): DropCause | null {
    const q = this.queueOf(pkt);
    if (linkIdle) {
      // Straight into service (everything is empty): as an enqueue and an immediate dequeue, the
      // flow becomes new with a quantum's credit less the packet, and its sojourn was 0.
      if (q.list === 'none') {
        q.list = 'new';
        q.deficit = this.p.quantumBytes;
        this.newFlows.push(q);
      }
      q.deficit -= pkt.sizeBytes;
      this.lastOut = q;
      q.codel.servedAtOnce(pkt, nowNs);
      return null;
    }
    q.codel.onEnqueue(pkt, nowNs);
    q.fifo.push(pkt);
    this.count++;
    this.byteCount += pkt.sizeBytes;
    if (q.list === 'none') {
      q.list = 'new';
      q.deficit = this.p.quantumBytes;
      this.newFlows.push(q);
    }
    if (this.count > this.limitNow) {
      // RFC 8290 §4.1: make room by dropping from the head of the fattest queue.
      let fattest: FlowQueue | null = null;
      for (const c of this.queues.values()) if (c.fifo.count > 0 && (fattest === null || c.fifo.byteCount > fattest.fifo.byteCount)) fattest = c;
      const victim = (fattest as FlowQueue).fifo.shift() as Packet;
      this.count--;
      this.byteCount -= victim.sizeBytes;
      this.overflowDrops++;
      if (victim === pkt) return 'queue-overflow';
      this.onDrop?.(victim, 'queue-overflow');
    }
    return null;
  }

  dequeue(nowNs: number): Packet | undefined {
    for (;;) {
      const fromNew = this.newFlows.length > 0;
      const list = fromNew ? this.newFlows : this.oldFlows;
      const q = list[0];
      if (q === undefined) return undefined;
      if (q.deficit <= 0) {
        q.deficit += this.p.quantumBytes;
        list.shift();
        q.list = 'old';
        this.oldFlows.push(q);
        continue;
      }
      // The sink takes CoDel's drops off the totals; the packet leaving is taken off below.
      const pkt = q.codel.dequeue(q.fifo, nowNs, this.sink);
      if (pkt === undefined) {
        list.shift();
        // An emptied new flow goes to the end of the old list once (RFC 8290 §4.2), so a flow
        // cannot stay "new" by emptying and refilling its queue.
        if (fromNew && this.oldFlows.length > 0) {
          q.list = 'old';
          this.oldFlows.push(q);
        } else q.list = 'none';
        continue;
      }
      this.count--;
      this.byteCount -= pkt.sizeBytes;
      q.deficit -= pkt.sizeBytes;
      this.lastOut = q;
      return pkt;
    }
  }
}
