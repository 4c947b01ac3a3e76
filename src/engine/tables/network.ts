/**
 * The network's own tables: each link's queue, every loss with its cause and ECN marks
 * (net/link.ts), a channel's state (build/topology.ts, as an error model changes it), and the
 * bottleneck's available bandwidth (build.ts, from the cross traffic it carried). Written
 * through the sink's named records (TraceSink).
 */
import type { TableDecl } from '../core/rows.ts';

/**
 * Ground-truth reasons a packet never arrived:
 * - `queue-overflow`: a full drop-tail (or RED hard-limit) buffer — congestion;
 * - `red-early`: RED's probabilistic early drop (ECN off) — congestion;
 * - `channel-error`: corrupted on a link by a random error model (Bernoulli, Gilbert–Elliott);
 * - `handoff`: lost while the channel was OFF (handoff or blackout window);
 * - `reverse-path`: an ACK lost on its way back, whatever the mechanism — the data flow's view;
 * - `aqm-drop`: a delay-based AQM's drop (CoDel, FQ-CoDel, PIE, DualPI2) — congestion. Last in
 *   the list so the codes of the older causes (and so older trace hashes) do not move.
 */
export const DROP_CAUSES = ['queue-overflow', 'red-early', 'channel-error', 'handoff', 'reverse-path', 'aqm-drop'] as const;
export type DropCause = (typeof DROP_CAUSES)[number];
export const dropCauseCode = (c: DropCause): number => DROP_CAUSES.indexOf(c);

/** Channel states of a link's error model; the trace stores the index. */
export const CHANNEL_STATES = ['good', 'bad', 'off'] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];

export const NETWORK_TABLES = {
  queue: { columns: ['tNs', 'link', 'packets', 'bytes'], hashedWhenPresent: false },
  drop: { columns: ['tNs', 'link', 'flow', 'seq', 'isAck', 'cause'], hashedWhenPresent: false },
  channel: { columns: ['tNs', 'link', 'state'], hashedWhenPresent: false },
  mark: { columns: ['tNs', 'link', 'flow', 'seq'], hashedWhenPresent: false },
  avail: { columns: ['tNs', 'link', 'bps'], hashedWhenPresent: false },
} as const satisfies Record<string, TableDecl>;
