/** What a finished run reports: the CLI's JSON, the UI's metrics table and the tests read these. */
import type { LossTruth, TraceData, Verdict } from './core/trace.ts';
import type { AckRegulatorStats } from './net/ack-regulator.ts';
import type { EstimateInfo } from './tcp/cc/types.ts';

/** How well a loss-differentiating variant's verdicts matched the truth. */
export interface Classification {
  /** Loss events the variant classified. */
  events: number;
  /** Events by verdict (rows) and ground truth (columns); `none` = the segment was never dropped. */
  matrix: Record<Verdict, Record<LossTruth, number>>;
  /** Correct verdicts / events whose truth is congestion or wireless; null if there were none. */
  accuracy: number | null;
}

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
  /** Playback reads that found enough in-order data, %; null without a playback application. */
  appSuccessPct: number | null;
  /** Mean tokens the sender took per RTT (bins of the final SRTT); null without a token bucket. */
  tokensPerRtt: number | null;
  /** What the bucket permits per RTT: r · RTT / interval. */
  tokensPermittedPerRtt: number | null;
  /** Window reductions for echoed congestion marks (RFC 3168). */
  ecnReductions: number;
  mssBytes: number;
  /** Mean of the sender's RTT samples, ms; null before the first. */
  meanRttMs: number | null;
  /** Header-only probe segments sent (TCP-Probing); counted in overheadPct. */
  probesSent: number;
  /** The variant's traced estimates (name, legend label, unit): the `estimate` table's `key` column indexes this. */
  estimates: EstimateInfo[];
  /** Loss-classification accuracy; null for variants that do not classify losses. */
  classification: Classification | null;
}

export interface LinkResult {
  /** `<link id>/fwd` or `<link id>/rev`. */
  id: string;
  /** Lost packets by ground-truth cause (every cause listed, zeros included). */
  drops: Record<string, number>;
  /** Packets marked here (RED ECN or congestion warning). */
  marks: number;
  arrivedPackets: number;
  /** 100 · congestion drops (queue-overflow + red-early) / packets that arrived. */
  congestionLossPct: number;
  /** Time-average of waiting packets over the run. */
  meanQueuePackets: number;
  /** Time-weighted standard deviation of waiting packets. */
  queueSdPackets: number;
  maxQueuePackets: number;
  /** Packets that finished transmission on this link direction. */
  packetsSent: number;
  /** Fraction of the run the transmitter was busy. */
  utilization: number;
  /** Mean service rate. */
  rateBps: number;
  limitPackets: number;
  /** The Ack Regulator at this (forward) buffer, if the link has one. */
  ackRegulator: AckRegulatorStats | null;
}

export interface RunSummary {
  totalGoodputBps: number;
  /** Jain's fairness index over the flows' goodputs; null if nothing was delivered. */
  jainIndex: number | null;
  /** Rate of the slowest wireless path link (error models or variable rate); null if none. */
  wirelessCapacityBps: number | null;
  /** totalGoodputBps / wirelessCapacityBps. */
  linkEfficiency: number | null;
  /** The bottleneck: the slowest forward path link (first of equals); the `avail` table is about it. */
  bottleneck: string | null;
  /** Its rate minus the cross traffic it carried, averaged over the run: what was left for the flows. */
  meanAvailableBps: number | null;
}

export interface CrossResult {
  id: string;
  kind: string;
  sentPackets: number;
  deliveredPackets: number;
  /** Payload bits per second delivered at the far end, over the whole run. */
  deliveredBps: number;
  /** FTP: sessions opened; null for other kinds. */
  sessions: number | null;
}

export interface RunResult {
  flows: FlowResult[];
  links: LinkResult[];
  summary: RunSummary;
  cross: CrossResult[];
  sim: { events: number; simTimeS: number; seed: number };
  trace: TraceData;
}
