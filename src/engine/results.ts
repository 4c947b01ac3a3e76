/** What a finished run reports: the CLI's JSON, the UI's metrics table and the tests read these. */
import type { TraceData } from './core/trace.ts';

export interface FlowResult {
  id: string;
  variant: string;
  /** Unique in-order payload delivered to the receiving application, bits per second of connection time. */
  goodputBps: number;
  /** Seconds from the flow's start until its last byte reached the receiver; null if unfinished or unlimited. */
  completionTimeS: number | null;
  bytesDelivered: number;
  /** Data segments put on the wire, retransmissions included. */
  segmentsSent: number;
  retransmissions: number;
  timeouts: number;
  fastRetransmits: number;
  /** 100·(all bytes sent in both directions, headers included − payload delivered) / payload delivered. */
  overheadPct: number;
  mssBytes: number;
}

export interface LinkResult {
  /** `<link id>/fwd` or `<link id>/rev`. */
  id: string;
  drops: Record<string, number>;
  /** Time-average of waiting packets over the run. */
  meanQueuePackets: number;
  maxQueuePackets: number;
  /** Packets that finished transmission on this link direction. */
  packetsSent: number;
  rateBps: number;
  limitPackets: number;
}

export interface RunResult {
  flows: FlowResult[];
  links: LinkResult[];
  sim: { events: number; simTimeS: number; seed: number };
  trace: TraceData;
}
