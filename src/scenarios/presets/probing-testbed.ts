import type { Preset } from './types.ts';
import { PAPER_5MB_BYTES, onOffErrors } from './common.ts';
import { probingFlow, probingLink } from './probing-common.ts';

/**
 * TCP-Probing §4, Table A2: 5 MB, maximum window 64, 50 ms propagation delay, ON/OFF error model
 * with equal sojourn times and PER 1, 8, 16, 25 or 40 % while ON — here 16 %. The paper does not
 * give the sojourn time; we take TCP-Real's 1 s (same group, same virtual protocol).
 */
const PER_ON = 0.16;
const ONE_WAY_DELAY_MS = 50;

export const probingTestbed: Preset = {
  name: 'probing-testbed',
  group: 'TCP-Probing (Tsaoussidis & Lahanas)',
  description: 'A 5 MB transfer through ON/OFF errors (16 % PER while ON) on both data and ACK path: task time and overhead, the energy view of TCP.',
  scenario: {
    version: 2,
    name: 'probing-testbed',
    description:
      'TCP-Probing §4 testbed (Table A2): sender –[100 Mb/s, 1 ms]– router –[1.5 Mb/s, 49 ms, drop-tail 64]– receiver (50 ms one way). ' +
      'Both directions: ON/OFF channel (VLINK at each end, independent), equal mean sojourns of 1 s, no drops while OFF, PER 0.16 while ON (the paper: 1, 8, 16, 25, 40 %). ' +
      '5 MB (5,242,880 bytes), 1000-byte segments, max window 64 segments, Reno. Paper metrics: task completion time and overhead %. ' +
      'Our choices (paper silent): 1.5 Mb/s (matches Table A1’s error-free 30 s), 1 s sojourns (as TCP-Real), 64-packet buffer, no timestamps, delayed ACKs. ' +
      'At this PER a Reno run may not finish within 120 s: goodput is then the bytes delivered over 120 s (raise durationS to measure the task time). ' +
      'The paper compares TCP-Probing with Reno. 120 s.',
    durationS: 120,
    seed: 1,
    path: [probingLink(ONE_WAY_DELAY_MS, [onOffErrors(PER_ON)], [onOffErrors(PER_ON)])],
    flows: [probingFlow({ bytes: PAPER_5MB_BYTES })],
  },
};
