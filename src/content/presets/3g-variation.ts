import type { Preset } from './types.ts';
import { threeGFlow, threeGLink, type Variation } from './3g-common.ts';

/**
 * TCP over 3G with rate and delay variation (Chan & Ramjee, MobiCom 2002), §4 Tables 1–2, case 8:
 * service rate u(200, 50) kb/s (uniform, mean 200, standard deviation 50), delay 350 + e(50) ms,
 * 1000-byte packets, a per-user buffer of 10 packets ("the product of the average bandwidth
 * times average delay"), source not window-limited. The paper's delay τ is the loop's
 * propagation delay (T = τ + 1/µ is the minimum RTT: 400 ms gives T̂ = 440 ms at 25 packets/s),
 * so the constant 350 ms is spread over both directions and both links, and the exponential
 * 50 ms rides on the wireless downlink. Our choices where the paper is silent: 3g-common.ts (the
 * paper models one variable server; its 144/8 kb/s asymmetry is from the §3 trace, not the
 * simulation; the model analyses Reno).
 */
/** Table 1, case 8: rate u(200, 50) kb/s, round-trip propagation 350 + e(50) ms. */
const VARIATION: Variation = { rateSdBps: 50e3, constRttMs: 350, extraDelayMeanMs: 50 };

export const threeGVariation: Preset = {
  name: '3g-variation',
  group: 'TCP over 3G (Chan & Ramjee)',
  description: 'A 200 kb/s 3G downlink whose rate and delay jitter: ACK compression turns single buffer overflows into double and triple losses.',
  scenario: {
    version: 4,
    name: '3g-variation',
    description:
      '3G paper §4, Table 1 case 8: sender –[100 Mb/s, 1 ms]– RNC (per-user buffer 10 packets) –[wireless: rate u(200, 50) kb/s redrawn per packet, 174 ms + e(50) ms]– mobile; ' +
      'uplink 200 kb/s, 174 ms, constant. Round trip: 350 ms + e(50) ms of propagation (the paper’s delay τ is the round trip). ' +
      '1000-byte segments, receiver window unlimited, no delayed ACKs, timestamps on, NewReno, bulk, 120 s (the paper: 3600 s). ' +
      'Paper (Table 2, case 8): simulated goodput 156.5 kb/s; p1 = 0.496, p2 = 0.377. ' +
      'Our choices (paper silent): per-packet rate draws, constant uplink, variable delay on the downlink only. ' +
      'The paper models Reno and proposes the Ack Regulator (variant comparisons: reno, newreno, sack).',
    durationS: 120,
    seed: 1,
    path: [threeGLink(VARIATION)],
    flows: [threeGFlow()],
  },
};
