/**
 * An ideal ACK clock around `tcpHarness`: every data segment is acknowledged (cumulatively, one
 * ACK per segment, in sending order) exactly `rttNs` after it left, so the sender sees a path with
 * a fixed RTT, no queue and no loss. Used to watch window growth over many round trips.
 */
import type { SentSegment, TcpHarness } from './tcp-harness.ts';

/**
 * Acknowledge segments `rttNs` after they were sent until the next ACK would come after `untilNs`.
 * `pending` holds segments already taken out of `h.newSent()` that still await their ACK; the
 * segments left unacknowledged at the end stay in it, so calls can be chained.
 * `afterAck` runs after each ACK (to sample the sender's state).
 */
export function ackClock(h: TcpHarness, rttNs: number, untilNs: number, pending: SentSegment[] = [], afterAck?: () => void): SentSegment[] {
  for (;;) {
    pending.push(...h.newSent());
    const next = pending[0];
    if (next === undefined || next.tNs + rttNs > untilNs) return pending;
    pending.shift();
    const at = next.tNs + rttNs;
    if (at > h.sim.now()) h.advance(at - h.sim.now());
    h.ack(next.seq + next.len);
    afterAck?.();
  }
}
