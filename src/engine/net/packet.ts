/** Packets: data segments and ACKs of one flow, routed hop by hop along a fixed route. */

/** Whatever a packet reaches at the end of its route (a TCP sender or receiver). */
export interface Endpoint {
  receive(p: Packet): void;
}

/** The entrance of a simplex link: where a packet is offered for transmission. */
export interface Hop {
  receive(p: Packet): void;
}

/** Header sizes (bytes): IPv4 + TCP 20 + 20, the timestamps option 10 padded to 12 (RFC 7323), SACK 2 + 8 per block (RFC 2018). */
export const HEADER_BYTES = 40;
export const TIMESTAMP_OPTION_BYTES = 12;
export const sackOptionBytes = (blocks: number): number => (blocks > 0 ? 2 + 8 * blocks : 0);

export class Packet {
  /** Index of the hop the packet is on (or about to enter). */
  hop = 0;
  /** Data: first payload byte. */
  seq = 0;
  /** Payload bytes (0 for a pure ACK). */
  lenBytes = 0;
  /** Cumulative ACK number: next byte expected (ACKs only). */
  ackNo = 0;
  /** SACK blocks as [start0, end0, start1, end1, …] (ACKs only), most recent first. */
  sack: number[] | null = null;
  /** Timestamp option: sender clock when sent, echo of the peer's (ns); -1 when absent. */
  tsValNs = -1;
  tsEcrNs = -1;
  /** Data: a retransmission (for traces and Karn's rule). */
  retransmit = false;
  /** ECN-capable transport (RFC 3168 ECT): RED may mark it instead of dropping. */
  ect = false;
  /**
   * ECT(1) instead of ECT(0) (RFC 9331): the sender asks for L4S treatment, so a DualPI2 queue
   * classifies the packet into its low-latency queue. Only meaningful with `ect`.
   */
  ect1 = false;
  /** Congestion experienced: marked by a RED (ECN) or congestion-warning queue on the way. */
  ce = false;
  /** When the packet entered the queue it is waiting in (ns): the sojourn-time AQMs read it. */
  enqNs = 0;
  /** ACKs: the receiver echoes a mark it saw on the data this ACK acknowledges. */
  ece = false;
  /** Data: the sender variant's tag for its receiver agent (TCP-Real's wave); -1 = none. */
  tag = -1;
  /** ACKs: when the segment that triggered this ACK reached the receiver (New Jersey's TABE); -1 = unknown. */
  rcvTsNs = -1;
  /** ACKs: the receiver agent's option value (TCP-Real's next wave level); -1 = none. */
  option = -1;
  /**
   * TCP-Probing's header-only probe exchange: 1 = PROBE1, 2 = PR1_ACK, 3 = PROBE2, 4 = PR2_ACK;
   * 0 for every ordinary segment and ACK. Probes carry no payload and no sequence space.
   */
  probe = 0;
  probeId = 0;

  constructor(
    /** Index of the flow in the scenario. */
    readonly flow: number,
    readonly isAck: boolean,
    /** Bytes on the wire: payload plus headers and options. */
    readonly sizeBytes: number,
    readonly route: readonly Hop[],
    readonly dest: Endpoint,
  ) {}

  /** Hand the packet to its next hop, or to its destination after the last one. */
  forward(): void {
    const next = ++this.hop;
    if (next < this.route.length) this.route[next].receive(this);
    else this.dest.receive(this);
  }

  /** Put the packet on the first hop of its route. */
  inject(): void {
    this.hop = 0;
    if (this.route.length > 0) this.route[0].receive(this);
    else this.dest.receive(this);
  }
}

/**
 * Flow index carried by cross-traffic packets (CBR, Pareto ON/OFF UDP): they belong to no
 * scenario flow, so per-flow metrics and traces skip them while links still count them.
 */
export const CROSS_TRAFFIC_FLOW = -1;
