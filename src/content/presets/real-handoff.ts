import type { Preset } from './types.ts';
import { handoffErrors } from './common.ts';
import { realFlow, realLink } from './real-common.ts';

/**
 * TCP-Real §4.1, Table 3 and Table 6: handoffs — mean 5 s connected (OFF), mean 0.5 s handoff
 * (ON) dropping 99 % of packets. The paper sends 50 MB per session to average over many
 * handoffs; a browser run does the same with a 120 s bulk transfer (about 22 handoff cycles).
 */
export const realHandoff: Preset = {
  name: 'real-handoff',
  group: 'TCP-Real (Zhang & Tsaoussidis)',
  description: 'Half-second handoffs that drop 99 % of packets every 5 s or so: how fast does the sender get back to full speed afterwards?',
  scenario: {
    version: 4,
    name: 'real-handoff',
    description:
      'TCP-Real §4.1 handoff test on the §3 testbed: sender –[100 Mb/s, 1 ms]– router –[2 Mb/s, 14 ms, drop-tail 50]– receiver (15 ms one way). ' +
      'Data path: connected phases of mean 5 s (no drops), handoff phases of mean 0.5 s with PER 0.99 (drop cause "handoff"); ACK path clean. ' +
      'Window ≤ 48 segments, 1000-byte segments, Reno; playback reads 5 KB every 40 ms (Table 6). ' +
      'The paper sends 50 MB; we run a bulk transfer for 120 s instead (≈ 22 handoff cycles) and read goodput over the run. ' +
      'Our choices (paper silent): 2 Mb/s link as in real-link-errors (Table 3’s goodputs imply a faster path than Table 1’s), 50-packet buffer. ' +
      'The paper compares TCP-Real, Reno and Tahoe.',
    durationS: 120,
    seed: 1,
    path: [realLink([handoffErrors(5, 0.5, 0.99)])],
    flows: [realFlow({ playback: { readBytes: 5000, periodMs: 40, startDelayMs: 0 } })],
  },
  compare: ['real', 'reno', 'tahoe'],
};
