import type { Preset } from './types.ts';
import { threeGFlow, threeGLink, type Variation } from './3g-common.ts';

/**
 * The Ack Regulator (Chan & Ramjee, MobiCom 2002, §5) on the paper's hardest variation case,
 * Table 1 case 9: service rate u(200, 75) kb/s, delay 300 + e(100) ms, per-user buffer 10,
 * 1000-byte packets. The link is built as in `3g-variation` (τ is the round trip: the constant
 * 300 ms is spread over both directions and both links, the exponential extra rides on the
 * downlink; constant 200 kb/s uplink; no delayed ACKs; NewReno; timestamps on), with an Ack
 * Regulator at the RNC: it holds the ACKs coming off the uplink until the per-user buffer has
 * room for the data they will release. Set `path[0].ackRegulator` to null for the same run
 * without it. The regulator is a reconstruction (§5's text is missing; see
 * src/engine/net/ack-regulator.ts); its mode is the default, non-conservative.
 */
/** Table 1, case 9: rate u(200, 75) kb/s, round-trip propagation 300 + e(100) ms. */
const VARIATION: Variation = { rateSdBps: 75e3, constRttMs: 300, extraDelayMeanMs: 100 };

export const threeGAckRegulator: Preset = {
  name: '3g-ack-regulator',
  group: 'TCP over 3G (Chan & Ramjee)',
  description: 'The same 3G downlink with strong rate and delay jitter, with an Ack Regulator at the RNC: ACKs are held until the buffer has room, so overflows stay single.',
  scenario: {
    version: 4,
    name: '3g-ack-regulator',
    description:
      '3G paper §5 on Table 1 case 9: sender –[100 Mb/s, 1 ms]– RNC (per-user buffer 10 packets, Ack Regulator) –[wireless: rate u(200, 75) kb/s redrawn per packet, 149 ms + e(100) ms]– mobile; ' +
      'uplink 200 kb/s, 149 ms, constant. Round trip: 300 ms + e(100) ms of propagation. ' +
      '1000-byte segments, receiver window unlimited, no delayed ACKs, timestamps on, NewReno, bulk, 120 s (the paper: 3600 s). ' +
      'The Ack Regulator (non-conservative mode, B = the buffer) releases a held ACK only while the buffer has room for the segment it will bring. ' +
      'Set path[0].ackRegulator to null to compare: without it the paper has p1 = 0.404, p2 = 0.298 (Table 1, case 9) and 118.4 kb/s (Table 2). ' +
      'The paper’s §5 text is missing: the regulator is a reconstruction.',
    durationS: 120,
    seed: 1,
    path: [{ ...threeGLink(VARIATION), ackRegulator: { mode: 'non-conservative', bufferPackets: null, reservePackets: 0, maxHeldAcks: null } }],
    flows: [threeGFlow()],
  },
};
