/** Messages between the trace view and its worker (reading, reconstruction and the fitted run happen off the main thread). */
import type { ConnectionSummary } from '../../traces/reconstruct.ts';
import type { PathFit } from '../../traces/fit.ts';
import type { DifferenceRow } from '../../traces/compare.ts';

export type TraceRequest =
  | { kind: 'import'; file: Blob; name: string; samples: Blob | null }
  | { kind: 'connection'; id: number }
  | { kind: 'simulate'; id: number; fit: PathFit; variant: string; label: string };

/** What a chart draws of one connection (captured or simulated), times in seconds from its first data segment. */
export interface SeriesSet {
  sendT: Float64Array;
  sendSeq: Float64Array;
  sendRtx: Uint8Array;
  ackT: Float64Array;
  ackNo: Float64Array;
  windowT: Float64Array;
  /** Segments: bytes in flight (captured) or the simulator's cwnd (simulated). */
  window: Float64Array;
  rttT: Float64Array;
  rttMs: Float64Array;
}

export interface KernelSeries {
  t: Float64Array;
  cwnd: Float64Array;
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
  | { kind: 'connection'; id: number; series: SeriesSet; fit: PathFit }
  | { kind: 'simulated'; id: number; series: SeriesSet; difference: DifferenceRow[]; scenario: unknown; problems: string[] }
  | { kind: 'failed'; message: string };
