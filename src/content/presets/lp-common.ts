/**
 * The NewReno-LP simulation topology (Martignon & Fratta, §3 Fig. 1), shared by the two LP
 * presets: source S –wired (C_SN, τ_SN)– node N –wireless (C_ND, τ_ND)– destination D, losses on
 * the wireless link only. §3: MSS 1500 bytes, every queue holds the bandwidth-delay product,
 * the receiver always uses delayed ACKs. §5.1: C_SN = 2 (also 5, 10) Mb/s, C_ND = 10 Mb/s,
 * RTT 100 ms. §4 gives the delays of its accuracy runs: τ_SN = 50 ms, τ_ND = 0.01 ms.
 *
 * Our readings / choices:
 * - "The bandwidth-delay product" is the connection's: C_SN × 100 ms = 25 000 bytes → 17 packets
 *   of 1500 bytes, used for both N's wired and wireless queues.
 * - Our topology puts a 100 Mb/s, 1 ms access link (default 100-packet buffer, never the
 *   bottleneck) before the wired link, so the wired link carries 49 ms: S → N is still 50 ms.
 * - No timestamp option (ns-2 agents send 40-byte headers).
 */
import type { ScenarioInput } from '../../scenario/schema.ts';
import { accessLink, bdpPackets, type ErrorModelInput, type TcpInput } from './common.ts';

type FlowInput = ScenarioInput['flows'][number];
type LinkInput = ScenarioInput['path'][number];

export const LP_MSS_BYTES = 1500;
export const LP_WIRED_RATE_BPS = 2e6;
export const LP_WIRELESS_RATE_BPS = 10e6;
export const LP_RTT_MS = 100;
const ACCESS_DELAY_MS = 1;
const WIRED_DELAY_MS = 50 - ACCESS_DELAY_MS;
const WIRELESS_DELAY_MS = 0.01;
export const LP_QUEUE_PACKETS = bdpPackets(LP_WIRED_RATE_BPS, LP_RTT_MS, LP_MSS_BYTES);

export const LP_TCP = { mssBytes: LP_MSS_BYTES, initialCwndSegments: 2, sack: false, timestamps: false, delayedAck: true } as const satisfies TcpInput;

/** The wired S ↔ N link (path[0]) and the lossy wireless N ↔ D link (path[1]). */
export function lpPath(wirelessErrors: ErrorModelInput[]): LinkInput[] {
  const queue = { kind: 'droptail', limitPackets: LP_QUEUE_PACKETS } as const;
  return [
    { id: 'wired', forward: { rateBps: LP_WIRED_RATE_BPS, delayMs: WIRED_DELAY_MS, queue } },
    { id: 'wireless', forward: { rateBps: LP_WIRELESS_RATE_BPS, delayMs: WIRELESS_DELAY_MS, queue, errors: wirelessErrors }, reverse: { errors: [] } },
  ];
}

/** One long-lived file transfer; the paper compares NewReno-LP with NewReno, Westwood+ and Ideal-LP. */
export function lpFlow(): FlowInput {
  return { id: 'flow1', variant: 'newreno', startS: 0, bytes: null, access: accessLink('access1'), tcp: { ...LP_TCP } };
}
