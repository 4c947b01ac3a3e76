import type { Preset } from './types.ts';
import { REFERENCE_TCP, bulkFlow, link } from './common.ts';

/** The basic comparison path: small enough to read every event, kept stable for cross-simulator checks. */
export const reference2mbps: Preset = {
  name: 'reference-2mbps',
  group: 'Reference',
  description: 'One NewReno flow through a 2 Mb/s, 100 ms RTT bottleneck: the classic sawtooth of cwnd and queue.',
  scenario: {
    version: 4,
    name: 'reference-2mbps',
    description:
      'sender –[100 Mb/s, 1 ms]– router –[2 Mb/s, 49 ms, drop-tail 25 packets]– receiver; NewReno, 1000-byte segments, no delayed ACK, 100 s.',
    durationS: 100,
    seed: 1,
    path: [link('bottleneck', 2e6, 49, 25)],
    flows: [bulkFlow('flow1', 'access1', 'newreno', REFERENCE_TCP)],
  },
};
