/**
 * A single-bottleneck path around `tcpHarness`: every data segment is serialised, in sending order,
 * at `rateBps` (header included, FIFO, unlimited buffer, no loss) and acknowledged — cumulatively,
 * one ACK per segment — `rttNs(departureNs)` after it leaves the bottleneck. So the sender sees a
 * real queue building and draining (RTT = base RTT + queueing delay) and a delivery rate capped at
 * the bottleneck's, while the test controls the base RTT over time. Time advances in steps of at
 * most 1 ms so paced segments leave on their own timers.
 */
import { HEADER_BYTES } from '../../src/engine/net/packet.ts';
import type { TcpHarness } from './tcp-harness.ts';

export interface BottleneckPathOptions {
  rateBps: number;
  /** Base round-trip time (propagation, both directions) for a segment leaving the bottleneck at `departureNs`. */
  rttNs: (departureNs: number) => number;
}

const STEP_NS = 1_000_000;

export function bottleneckPath(h: TcpHarness, o: BottleneckPathOptions) {
  let linkFreeNs = 0;
  let highestAck = 0;
  /** Pending ACKs, earliest first. */
  const acks: { atNs: number; ackNo: number }[] = [];

  function pull(): void {
    for (const s of h.newSent()) {
      const departureNs = Math.max(s.tNs, linkFreeNs) + Math.round(((s.len + HEADER_BYTES) * 8 * 1e9) / o.rateBps);
      linkFreeNs = departureNs;
      const atNs = departureNs + o.rttNs(departureNs);
      let i = acks.length;
      while (i > 0 && acks[i - 1].atNs > atNs) i--;
      acks.splice(i, 0, { atNs, ackNo: s.seq + s.len });
    }
  }

  return {
    /** Segments waiting at the bottleneck or in flight beyond it, as the path sees them now. */
    get queueDelayNs(): number {
      return Math.max(0, linkFreeNs - h.sim.now());
    },
    /** Run until `untilNs`, calling `afterAck` after every ACK the sender processed. */
    run(untilNs: number, afterAck?: () => void): void {
      for (;;) {
        pull();
        const now = h.sim.now();
        if (acks.length > 0 && acks[0].atNs <= now) {
          const a = acks.shift() as { atNs: number; ackNo: number };
          highestAck = Math.max(highestAck, a.ackNo);
          h.ack(highestAck);
          afterAck?.();
          continue;
        }
        if (now >= untilNs) return;
        const next = Math.min(untilNs, acks.length > 0 ? acks[0].atNs : Number.POSITIVE_INFINITY, now + STEP_NS);
        h.advance(next - now);
      }
    },
  };
}
