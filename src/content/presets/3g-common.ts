/**
 * The 3G testbed of Chan & Ramjee (MobiCom 2002), shared by the two 3G presets: a sender behind
 * the RNC's per-user buffer, a variable-rate wireless downlink and a constant uplink. The
 * paper's delay τ is the loop's propagation delay, so its constant part is spread over both
 * directions and both links (the access link takes 1 ms each way) and the exponential part rides
 * on the downlink. Our choices where the paper is silent (its simulation details are in the
 * missing §6): the rate is redrawn per packet; the uplink runs at a constant 200 kb/s with no
 * extra delay; no delayed ACKs (the model's window grows one packet per RTT); NewReno.
 */
import type { ScenarioInput } from '../../scenario/schema.ts';
import { accessLink } from './common.ts';

type FlowInput = ScenarioInput['flows'][number];
type LinkInput = ScenarioInput['path'][number];

export const THREE_G_RATE_BPS = 200e3;
/** The per-user buffer: "the product of the average bandwidth times average delay" (§4). */
export const THREE_G_BUFFER_PACKETS = 10;
const ACCESS_DELAY_MS = 1;

/** Table 1's variation: rate u(200, rateSd) kb/s, round-trip delay constRtt + e(extraMean) ms. */
export interface Variation {
  rateSdBps: number;
  constRttMs: number;
  extraDelayMeanMs: number;
}

/** The wireless link: variable downlink into the per-user buffer, constant uplink. */
export function threeGLink(v: Variation): LinkInput {
  return {
    id: 'wireless',
    forward: {
      rateBps: THREE_G_RATE_BPS,
      rateSdBps: v.rateSdBps,
      rateSlotMs: null,
      delayMs: v.constRttMs / 2 - ACCESS_DELAY_MS,
      extraDelayMeanMs: v.extraDelayMeanMs,
      queue: { kind: 'droptail', limitPackets: THREE_G_BUFFER_PACKETS },
    },
    reverse: { rateBps: THREE_G_RATE_BPS, rateSdBps: 0, extraDelayMeanMs: 0, errors: [] },
  };
}

/** One bulk NewReno flow with 1000-byte segments, not window-limited (§4: "source not window-limited"). */
export function threeGFlow(): FlowInput {
  return {
    id: 'flow1',
    variant: 'newreno',
    startS: 0,
    bytes: null,
    access: accessLink('access1'),
    tcp: { mssBytes: 1000, initialCwndSegments: 2, rwndSegments: 100_000, sack: false, timestamps: true, delayedAck: false },
  };
}
