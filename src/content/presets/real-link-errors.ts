import type { Preset } from './types.ts';
import { PAPER_5MB_BYTES, onOffErrors } from './common.ts';
import { realFlow, realLink } from './real-common.ts';

/**
 * TCP-Real §3 / §4.1, Table 1 and Table 4: 5 MB over the 15 ms testbed with the ON/OFF error
 * model (1 s / 1 s, PER during ON is the parameter, 0 … 0.5 in the tables; we take 0.10) and the
 * 1 Mb/s playback application (5 KB every 40 ms).
 */
export const realLinkErrors: Preset = {
  name: 'real-link-errors',
  group: 'TCP-Real (Zhang & Tsaoussidis)',
  description: 'Bursty ON/OFF link errors (1 s / 1 s, 10 % PER while ON) cut a 5 MB transfer and a 1 Mb/s playback: does the sender mistake errors for congestion?',
  scenario: {
    version: 4,
    name: 'real-link-errors',
    description:
      'TCP-Real §3/§4.1 testbed: sender –[100 Mb/s, 1 ms]– router –[2 Mb/s, 14 ms, drop-tail 50]– receiver (15 ms one way). ' +
      'Data path: two-state ON/OFF channel, mean 1 s each, no drops while OFF, PER 0.10 while ON (Table 1 varies it 0 … 0.5); ACK path clean. ' +
      '5 MB (5,242,880 bytes), 1000-byte segments, window ≤ 48 segments (24 wave levels), Reno. ' +
      'Receiver application reads 5 KB every 40 ms (1 Mb/s); success % = reads that found 5 KB (Table 4). ' +
      'Our choices (paper silent): 2 Mb/s link (matches Table 1’s error-free 237.65 KB/s), 50-packet buffer, no timestamps, delayed ACKs. ' +
      'The paper compares TCP-Real, Reno and Tahoe. 120 s.',
    durationS: 120,
    seed: 1,
    path: [realLink([onOffErrors(0.1)])],
    flows: [realFlow({ bytes: PAPER_5MB_BYTES, playback: { readBytes: 5000, periodMs: 40, startDelayMs: 0 } })],
  },
  compare: ['real', 'reno', 'tahoe'],
};
