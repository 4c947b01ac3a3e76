import type { Preset } from './types.ts';
import { REFERENCE_TCP, bulkFlow, link } from './common.ts';

const FLOWS = 5;

/** Several identical flows on one bottleneck, kept stable for cross-simulator checks. */
export const fairness5flows: Preset = {
  name: 'fairness-5flows',
  group: 'Reference',
  description: 'Five NewReno flows share a 10 Mb/s bottleneck: do they converge to a fair share, and how synchronized are their losses?',
  scenario: {
    version: 4,
    name: 'fairness-5flows',
    description:
      '5 NewReno flows, each behind its own 100 Mb/s 1 ms access link, sharing a 10 Mb/s 49 ms bottleneck with a 125-packet drop-tail queue; 100 s.',
    durationS: 100,
    seed: 1,
    path: [link('bottleneck', 10e6, 49, 125)],
    flows: Array.from({ length: FLOWS }, (_, i) => bulkFlow(`flow${i + 1}`, `access${i + 1}`, 'newreno', REFERENCE_TCP)),
  },
};
