/** Messages between the app and the trace worker (reading, reconstruction and the difference summary happen off the main thread). */
import type { TableName, TraceData } from '../../engine/core/trace.ts';
import type { ConnectionSummary } from '../../traces/reconstruct.ts';
import type { PathFit } from '../../traces/fit.ts';
import type { DifferenceRow } from '../../traces/compare.ts';

/** What the difference summary needs of a simulated run drawn beside the capture: its first flow's sends, ACKs and cwnd. */
export interface SimulatedColumns {
  key: string;
  send: Pick<TraceData['send'], 'tNs' | 'flow' | 'seq' | 'lenBytes'>;
  ack: Pick<TraceData['ack'], 'tNs' | 'flow' | 'ackNo'>;
  cwnd: Pick<TraceData['cwnd'], 'tNs' | 'flow' | 'cwndBytes'>;
  mssBytes: number;
  sack: boolean;
}

export type TraceRequest =
  | { kind: 'import'; file: Blob; name: string; samples: Blob | null }
  | { kind: 'connection'; id: number }
  | { kind: 'difference'; id: number; runs: SimulatedColumns[]; ask: number };

export interface KernelSeries {
  t: Float64Array;
  cwnd: Float64Array;
}

/** A simulated run measured as a capture at its sender would measure it. */
export interface SimulatedMeasure {
  key: string;
  rows: DifferenceRow[];
  /** Its RTT samples and goodput per 500 ms, as the capture's `estimate` rows (keys as CAPTURE_ESTIMATES). */
  estimate: Pick<TraceData['estimate'], 'tNs' | 'flow' | 'key' | 'value'>;
}

export type TraceReply =
  | {
      kind: 'imported';
      name: string;
      format: string | null;
      packets: number;
      messages: string[];
      connections: Array<{ id: number; summary: ConnectionSummary }>;
      /** Kernel samples read alongside (the examples), aligned to the connection's t = 0. */
      kernel: KernelSeries | null;
      kernelProblems: string[];
    }
  | {
      kind: 'connection';
      id: number;
      summary: ConnectionSummary;
      /** For display: a long capture's tables reduced to per-bucket extremes, as a long simulated run's are (decimate.ts). */
      trace: TraceData;
      fit: PathFit;
      /** Rows of every table before the reduction; `decimated` when any was reduced. */
      rows: Record<TableName, number>;
      decimated: boolean;
    }
  | { kind: 'difference'; id: number; measures: SimulatedMeasure[]; ask: number }
  | { kind: 'failed'; message: string };
