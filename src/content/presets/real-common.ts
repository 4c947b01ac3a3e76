/**
 * The TCP-Real testbed (Zhang & Tsaoussidis, TCP-Real §3), shared by the three TCP-Real presets
 * so they really describe one path: two directly connected hosts, 15 ms one-way propagation
 * delay (§4.1), the error-model "virtual protocol" between TCP and IP on the data path only
 * (§4.1; the asymmetric-path tests of Table 2 move it to the ACK path).
 *
 * Not stated in the paper (our choices):
 * - Link rate 2 Mb/s: the error-free goodput of Table 1 (5 MB in 22.06 s = 237.65 KB/s ≈
 *   1.9 Mb/s) is what a 2 Mb/s link gives 1000-byte segments after 40 bytes of headers.
 * - A 50-packet drop-tail buffer: more than the largest window (24 wave levels = 48 segments),
 *   so, as between two directly connected hosts, every loss comes from the error model.
 * - Our topology always has an access link (100 Mb/s, 1 ms), so the shared link carries 14 ms.
 */
import type { ScenarioInput } from '../../scenario/schema.ts';
import { XKERNEL_TCP, accessLink, type ErrorModelInput, type TcpInput } from './common.ts';

type FlowInput = ScenarioInput['flows'][number];
type LinkInput = ScenarioInput['path'][number];

export const REAL_ONE_WAY_DELAY_MS = 15;
export const REAL_LINK_RATE_BPS = 2e6;
/** 24 wave levels, level i = 2·i segments (§3): the largest window is 48 segments. */
export const REAL_MAX_WINDOW_SEGMENTS = 48;
const ACCESS_DELAY_MS = 1;
const BUFFER_PACKETS = 50;

export const REAL_TCP = { ...XKERNEL_TCP, rwndSegments: REAL_MAX_WINDOW_SEGMENTS } as const satisfies TcpInput;

/** The testbed link carrying `errors` on its data direction. */
export function realLink(errors: ErrorModelInput[], rateBps = REAL_LINK_RATE_BPS): LinkInput {
  return {
    id: 'link',
    forward: { rateBps, delayMs: REAL_ONE_WAY_DELAY_MS - ACCESS_DELAY_MS, queue: { kind: 'droptail', limitPackets: BUFFER_PACKETS }, errors },
    reverse: { errors: [] },
  };
}

/** The paper compares TCP-Real with Reno and Tahoe; the preset runs Reno (try `real`, `tahoe`). */
export function realFlow(extra: Partial<FlowInput> = {}): FlowInput {
  return { id: 'flow1', variant: 'reno', startS: 0, bytes: null, access: accessLink('access1'), tcp: { ...REAL_TCP }, ...extra };
}
