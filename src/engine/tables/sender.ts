/**
 * The sender's own tables (tcp/sender.ts, tcp/egress.ts and the trace observer,
 * tcp/trace-observer.ts): its window, the segments it sends and the ACKs it gets, its events and
 * CA state, its token bucket, a variant's estimates and a loss-differentiating variant's verdicts.
 * Written through the sink's named records (TraceSink).
 */
import type { TableDecl } from '../core/rows.ts';
import type { DropCause } from './network.ts';

/** Sender events worth a marker on the cwnd plot. */
export const FLOW_EVENTS = ['fast-retransmit', 'timeout', 'recovery-exit'] as const;
export type FlowEventKind = (typeof FLOW_EVENTS)[number];

/**
 * The sender's congestion-avoidance state (Linux's tcp_ca_state, the playback's recovery spans):
 * open — nothing amiss; disorder — duplicate ACKs or SACKs seen, no loss declared yet;
 * recovery — fast recovery after a loss event; loss — after a retransmission timeout (or Tahoe's
 * fast retransmit), until everything outstanding then is acknowledged; cwr — the window was cut
 * for an ECN echo, until the data outstanding then is acknowledged.
 */
export const CA_STATES = ['open', 'disorder', 'recovery', 'loss', 'cwr'] as const;
export type CaState = (typeof CA_STATES)[number];

/** A loss-differentiating variant's verdict on a loss event. */
export const VERDICTS = ['congestion', 'wireless'] as const;
export type Verdict = (typeof VERDICTS)[number];
/**
 * What really happened to the segment a loss event is about: dropped by a queue (congestion),
 * lost on a wireless hop (channel error or handoff), or not dropped at all (the event was
 * spurious: reordering, delay, or lost ACKs).
 */
export const LOSS_TRUTHS = ['congestion', 'wireless', 'none'] as const;
export type LossTruth = (typeof LOSS_TRUTHS)[number];
export function truthOfCause(cause: DropCause | null): LossTruth {
  if (cause === 'queue-overflow' || cause === 'red-early' || cause === 'aqm-drop') return 'congestion';
  if (cause === 'channel-error' || cause === 'handoff') return 'wireless';
  return 'none';
}

export const SENDER_TABLES = {
  cwnd: { columns: ['tNs', 'flow', 'cwndBytes', 'ssthreshBytes'], hashedWhenPresent: false },
  send: { columns: ['tNs', 'flow', 'seq', 'lenBytes', 'retransmit'], hashedWhenPresent: false },
  ack: { columns: ['tNs', 'flow', 'ackNo'], hashedWhenPresent: false },
  event: { columns: ['tNs', 'flow', 'kind'], hashedWhenPresent: false },
  castate: { columns: ['tNs', 'flow', 'from', 'to', 'sndUna'], hashedWhenPresent: false },
  bucket: { columns: ['tNs', 'flow', 'tokens'], hashedWhenPresent: false },
  estimate: { columns: ['tNs', 'flow', 'key', 'value'], hashedWhenPresent: false },
  verdict: { columns: ['tNs', 'flow', 'seq', 'verdict', 'truth'], hashedWhenPresent: false },
} as const satisfies Record<string, TableDecl>;
