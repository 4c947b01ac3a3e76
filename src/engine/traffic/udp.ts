/**
 * What every cross-traffic source shares: fixed-size UDP-like packets (no ACKs, no congestion
 * control) tagged CROSS_TRAFFIC_FLOW, injected on a route to a sink, and exact packet spacing.
 */
import { CROSS_TRAFFIC_FLOW, Packet, type Endpoint, type Hop } from '../net/packet.ts';

/**
 * Offset of the k-th packet (k = 0, 1, …) from the start of a constant-rate run, in whole ns.
 * Computed from k directly rather than by adding rounded intervals, so rounding never
 * accumulates: after any number of packets the schedule is within 0.5 ns of the exact one.
 */
export function packetOffsetNs(k: number, packetBytes: number, rateBps: number): number {
  return Math.round((k * packetBytes * 8 * 1e9) / rateBps);
}

/** Throws unless one packet at `rateBps` takes at least 1 ns (else spacing would round to 0). */
export function checkPacketRate(what: string, packetBytes: number, rateBps: number): void {
  if (!(Number.isInteger(packetBytes) && packetBytes > 0)) {
    throw new RangeError(`${what}: packet size ${packetBytes} B must be a positive integer`);
  }
  if (!(rateBps >= 0 && Number.isFinite(rateBps))) throw new RangeError(`${what}: rate ${rateBps} b/s must be finite and ≥ 0`);
  if (rateBps > 0 && (packetBytes * 8 * 1e9) / rateBps < 1) {
    throw new RangeError(`${what}: rate ${rateBps} b/s sends a ${packetBytes} B packet in under 1 ns`);
  }
}

/** Builds, counts and injects the packets of one source. */
export class UdpEmitter {
  sentPackets = 0;
  sentBytes = 0;

  constructor(
    readonly packetBytes: number,
    private readonly route: readonly Hop[],
    private readonly sink: Endpoint,
  ) {}

  emit(): void {
    this.sentPackets++;
    this.sentBytes += this.packetBytes;
    new Packet(CROSS_TRAFFIC_FLOW, false, this.packetBytes, this.route, this.sink).inject();
  }
}
