import type { Preset } from './types.ts';
import { accessLink, bdpPackets } from './common.ts';

/**
 * TCP New Jersey (Xu, Tian & Ansari) §5.1, Fig. 6: a wired core with bidirectional short-lived
 * FTP cross traffic (exponential gaps, mean 1 s; exponential durations, mean 3 s; Poisson
 * arrivals), then the bottleneck wireless last hop with Gilbert–Elliott errors (§2.1) and
 * different down- and uplink rates (§5.1 "the link asymmetry is represented by the different
 * bandwidth on the downlink and uplink"). Every buffer holds its link's bandwidth-delay product,
 * at least 20 packets (§5.1); 1000-byte packets (§5.1). New Jersey's routers run congestion
 * warning (CW, §3.5), so the bottleneck queue is a CW queue (marks are ignored by NewReno).
 *
 * Fig. 6's link rates, delays and error parameters are not in the text; ours: wired 10 Mb/s
 * 20 ms, wireless 2 Mb/s down / 256 kb/s up, 10 ms, Good 1 s / Bad 0.05 s with PER 0.5 in Bad
 * (the NewReno-LP paper's fading model), errors on the downlink only; the cross-traffic sessions
 * keep ns-2's default window of 20 packets. "BDP of the link" is read as
 * rate × the link's round-trip propagation delay.
 */
const PKT_BYTES = 1000;
const WIRED_RATE_BPS = 10e6;
const WIRED_DELAY_MS = 20;
const DOWNLINK_RATE_BPS = 2e6;
const UPLINK_RATE_BPS = 256e3;
const WIRELESS_DELAY_MS = 10;
const MIN_BUFFER_PACKETS = 20;
/** ns-2's default TCP window (Agent/TCP window_ = 20): the paper ran ns-2 and names no other. */
const CROSS_WINDOW_SEGMENTS = 20;
const buffer = (rateBps: number, oneWayMs: number): number => bdpPackets(rateBps, 2 * oneWayMs, PKT_BYTES, MIN_BUFFER_PACKETS);

const ftp = (id: string, direction: 'forward' | 'reverse') =>
  ({ id, kind: 'ftp', direction, fromLink: 0, toLink: 0, startS: 0, generators: 1, meanGapS: 1, meanDurationS: 3, variant: 'newreno', tcp: { mssBytes: PKT_BYTES, rwndSegments: CROSS_WINDOW_SEGMENTS } }) as const;

export const njAsymmetric: Preset = {
  name: 'nj-asymmetric',
  group: 'TCP New Jersey (Xu, Tian & Ansari)',
  description: 'An asymmetric wireless last hop with fading errors behind a wired core loaded both ways by short FTP sessions: bandwidth estimation under ACK compression.',
  scenario: {
    version: 4,
    name: 'nj-asymmetric',
    description:
      'New Jersey §5.1 (Fig. 6): S –[100 Mb/s, 1 ms]– R –[wired 10 Mb/s, 20 ms, drop-tail 50 both ways]– BS –[wireless: down 2 Mb/s, up 256 kb/s, 10 ms; ' +
      'downlink CW queue 20 (marks while the average queue exceeds 1/3 of it), uplink drop-tail 20]– D. ' +
      'Wireless downlink: Gilbert–Elliott, mean Good 1 s (no loss) / Bad 0.05 s with PER 0.5. ' +
      'Cross traffic on the wired link, both directions: short FTP sessions (NewReno, window ≤ 20 segments), Poisson starts with mean gap 1 s, mean duration 3 s. ' +
      '1000-byte segments, delayed ACKs, timestamps, NewReno, bulk, 60 s. Buffers: the link’s bandwidth-delay product, at least 20 packets (paper). ' +
      'Our choices (Fig. 6’s numbers are not in the text): the rates, delays and error parameters above; the cross sessions’ 20-segment window (ns-2’s default). ' +
      'The paper compares New Jersey with NewReno, SACK, Veno and Westwood.',
    durationS: 60,
    seed: 1,
    path: [
      { id: 'wired', forward: { rateBps: WIRED_RATE_BPS, delayMs: WIRED_DELAY_MS, queue: { kind: 'droptail', limitPackets: buffer(WIRED_RATE_BPS, WIRED_DELAY_MS) } } },
      {
        id: 'wireless',
        forward: {
          rateBps: DOWNLINK_RATE_BPS,
          delayMs: WIRELESS_DELAY_MS,
          queue: { kind: 'cw', limitPackets: buffer(DOWNLINK_RATE_BPS, WIRELESS_DELAY_MS), thresholdPackets: null, weight: 0.002 },
          errors: [{ kind: 'gilbert-elliott', meanGoodS: 1, meanBadS: 0.05, perGood: 0, perBad: 0.5, badState: 'bad', startState: 'good' }],
        },
        reverse: { rateBps: UPLINK_RATE_BPS, queue: { kind: 'droptail', limitPackets: buffer(UPLINK_RATE_BPS, WIRELESS_DELAY_MS) }, errors: [] },
      },
    ],
    flows: [
      {
        id: 'flow1',
        variant: 'newreno',
        startS: 0,
        bytes: null,
        access: accessLink('access1'),
        tcp: { mssBytes: PKT_BYTES, initialCwndSegments: 2, sack: false, timestamps: true, delayedAck: true },
      },
    ],
    cross: [ftp('ftp-fwd', 'forward'), ftp('ftp-rev', 'reverse')],
  },
  compare: ['new-jersey', 'newreno', 'sack', 'veno', 'westwood-plus'],
};
