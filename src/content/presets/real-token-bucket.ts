import type { Preset } from './types.ts';
import { onOffErrors } from './common.ts';
import { realFlow, realLink } from './real-common.ts';

/**
 * TCP-Real §3 / §4.4, Figure 10: a token bucket at the sender (20 tokens per 30 ms, depth 20 KB
 * = 20 tokens of one 1 KB packet each) with the 15 ms delay and 20 % PER during ON. The metric
 * is tokens consumed per RTT against the permitted rate. The link is 10 Mb/s here (our choice)
 * so that the bucket's 5.33 Mb/s, not the link, is the limit a perfect sender would reach.
 */
const LINK_RATE_BPS = 10e6;

export const realTokenBucket: Preset = {
  name: 'real-token-bucket',
  group: 'TCP-Real (Zhang & Tsaoussidis)',
  description: 'A sender allowed 20 packets per 30 ms by a token bucket, on a link with bursty errors: how much of its allowance does it manage to use?',
  scenario: {
    version: 4,
    name: 'real-token-bucket',
    description:
      'TCP-Real §3/§4.4 token-bucket test: sender –[100 Mb/s, 1 ms]– router –[10 Mb/s, 14 ms, drop-tail 50]– receiver (15 ms one way). ' +
      'Token bucket at the sender: 20 tokens per 30 ms, depth 20 tokens (20 KB of 1 KB packets), one token per segment, starts full. ' +
      'Data path: ON/OFF channel, mean 1 s each, PER 0.20 while ON; ACK path clean. Window ≤ 48 segments, 1000-byte segments, Reno, bulk, 60 s. ' +
      'Paper: tokens consumed per RTT — TCP-Real 11.12 KB, Reno 5.82 KB, Tahoe 3.65 KB. ' +
      'Our choice (paper silent): a 10 Mb/s link, so the bucket (5.33 Mb/s) and not the link is the limit.',
    durationS: 60,
    seed: 1,
    path: [realLink([onOffErrors(0.2)], LINK_RATE_BPS)],
    flows: [realFlow({ tokenBucket: { tokensPerInterval: 20, intervalMs: 30, depthTokens: 20 } })],
  },
  compare: ['real', 'reno', 'tahoe'],
};
