/**
 * The far end of cross traffic: absorbs packets and counts them (UDP-like, so no reply). One
 * sink can serve many sources; it does not tell them apart.
 */
import type { Simulator } from '../core/simulator.ts';
import type { Endpoint, Packet } from '../net/packet.ts';

export class TrafficSink implements Endpoint {
  receivedPackets = 0;
  receivedBytes = 0;
  /** Time of the latest arrival in ns; -1 until the first one. */
  lastArrivalNs = -1;

  constructor(private readonly sim: Simulator) {}

  receive(p: Packet): void {
    this.receivedPackets++;
    this.receivedBytes += p.sizeBytes;
    this.lastArrivalNs = this.sim.now();
  }
}
