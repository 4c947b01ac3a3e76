import type { Preset } from './types.ts';
import { REFERENCE_TCP, bulkFlow, link } from './common.ts';

/**
 * Slow start doubles cwnd each RTT until the 20-packet buffer overflows, so one window loses many
 * segments at once: the case that separates Tahoe, Reno, NewReno and SACK.
 */
export const multiLossWindow: Preset = {
  name: 'multi-loss-window',
  group: 'Loss recovery',
  description: 'Slow-start overshoot drops many segments from one window: compare how Tahoe, Reno, NewReno and SACK recover (try --variant).',
  scenario: {
    version: 4,
    name: 'multi-loss-window',
    description: 'sender –[100 Mb/s, 1 ms]– router –[10 Mb/s, 19 ms, drop-tail 20 packets]– receiver; 20 s.',
    durationS: 20,
    seed: 1,
    path: [link('bottleneck', 10e6, 19, 20)],
    flows: [bulkFlow('flow1', 'access1', 'newreno', REFERENCE_TCP)],
  },
};
