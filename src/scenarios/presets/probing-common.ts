/**
 * The TCP-Probing testbed (Tsaoussidis & Lahanas, TCP-Probing §4), shared by the two TCP-Probing
 * presets: two directly connected hosts with added propagation delay, the error-model "virtual
 * protocol" VLINK at both ends — "the VLINK at the receiver was dropping packets while the VLINK
 * at the sender was dropping acknowledgments" (§4.2) — so both directions carry the same model
 * (each direction its own, independent channel), and a maximum sending window of 64 (§4.1).
 *
 * Not stated in the paper (our choices):
 * - Link rate 1.5 Mb/s: Table A1's error-free task time (5 MB in 30.0 s ≈ 1.40 Mb/s) is what a
 *   1.5 Mb/s link gives 1000-byte segments after 40 bytes of headers ("low-throughput channels").
 * - A 64-packet drop-tail buffer: the whole window fits, so every loss comes from VLINK ("the
 *   test does not involve any congestion other than the one created by the flow itself", §5.1).
 * - Our topology always has an access link (100 Mb/s, 1 ms); the shared link carries the rest
 *   of the one-way delay.
 */
import type { ScenarioInput } from '../schema.ts';
import { XKERNEL_TCP, accessLink, type ErrorModelInput, type TcpInput } from './common.ts';

type FlowInput = ScenarioInput['flows'][number];
type LinkInput = ScenarioInput['path'][number];

export const PROBING_LINK_RATE_BPS = 1.5e6;
/** "The TCP max sending window was set to 64" (§4.1), in 1 KB segments. */
export const PROBING_MAX_WINDOW_SEGMENTS = 64;
const ACCESS_DELAY_MS = 1;
const BUFFER_PACKETS = 64;

export const PROBING_TCP = { ...XKERNEL_TCP, rwndSegments: PROBING_MAX_WINDOW_SEGMENTS } as const satisfies TcpInput;

/** The testbed link, `oneWayDelayMs` from sender to receiver, with VLINK models per direction. */
export function probingLink(oneWayDelayMs: number, dataErrors: ErrorModelInput[], ackErrors: ErrorModelInput[]): LinkInput {
  return {
    id: 'link',
    forward: {
      rateBps: PROBING_LINK_RATE_BPS,
      delayMs: oneWayDelayMs - ACCESS_DELAY_MS,
      queue: { kind: 'droptail', limitPackets: BUFFER_PACKETS },
      errors: dataErrors,
    },
    reverse: { errors: ackErrors },
  };
}

/** TCP-Probing is grafted onto Reno and compared with it (§4.2); the preset runs Reno (try `probing`). */
export function probingFlow(extra: Partial<FlowInput> = {}): FlowInput {
  return { id: 'flow1', variant: 'reno', startS: 0, bytes: null, access: accessLink('access1'), tcp: { ...PROBING_TCP }, ...extra };
}
