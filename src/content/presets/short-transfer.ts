import type { Preset } from './types.ts';
import { accessLink, link } from './common.ts';

/** A transfer short enough to finish in slow start, with the default (delayed-ACK) receiver. */
export const shortTransfer: Preset = {
  name: 'short-transfer',
  group: 'Basics',
  description: 'A 50 KB download that ends during slow start: completion time is set by round trips, not by the link rate.',
  scenario: {
    version: 4,
    name: 'short-transfer',
    description: 'sender –[100 Mb/s, 1 ms]– router –[2 Mb/s, 49 ms, drop-tail 25 packets]– receiver; 50 000 bytes, delayed ACKs on; 10 s.',
    durationS: 10,
    seed: 1,
    path: [link('bottleneck', 2e6, 49, 25)],
    flows: [{ id: 'flow1', variant: 'newreno', bytes: 50_000, access: accessLink('access1') }],
  },
};
