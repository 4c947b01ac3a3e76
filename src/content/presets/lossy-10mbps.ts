import type { Preset } from './types.ts';
import { REFERENCE_TCP, bulkFlow } from './common.ts';

/**
 * The analytic-model yardstick: random loss only (the buffer is large enough never to overflow,
 * the access queue too), so throughput can be set against Mathis / PFTK at p = 0.01.
 */
export const lossy10mbps: Preset = {
  name: 'lossy-10mbps',
  group: 'Reference',
  description: 'One NewReno flow over a 10 Mb/s path losing 1 % of packets at random: compare goodput with the Mathis and PFTK formulas.',
  scenario: {
    version: 4,
    name: 'lossy-10mbps',
    description:
      'sender –[100 Mb/s, 1 ms]– router –[10 Mb/s, 49 ms, 1000-packet buffer, Bernoulli loss 0.01 forward]– receiver; NewReno, 1000-byte segments, no delayed ACK, 100 s.',
    durationS: 100,
    seed: 1,
    path: [
      {
        id: 'bottleneck',
        forward: { rateBps: 10e6, delayMs: 49, queue: { kind: 'droptail', limitPackets: 1000 }, errors: [{ kind: 'bernoulli', per: 0.01 }] },
      },
    ],
    flows: [bulkFlow('flow1', 'access1', 'newreno', REFERENCE_TCP, 1000)],
  },
};
