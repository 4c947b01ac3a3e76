import type { Preset } from './types.ts';
import type { TcpInput } from './common.ts';
import type { ScenarioInput } from '../../scenario/schema.ts';

type QueueInput = NonNullable<ScenarioInput['path'][number]['forward']['queue']>;

/**
 * Bufferbloat and its cures: the same 10 Mb/s, 100 ms path and the same seed, with the queue
 * the only difference. One CUBIC bulk transfer fills whatever buffer it is given; beside it an
 * interactive flow that never has more than two segments outstanding (a receiver window of 2:
 * one small request-sized burst per round trip) measures the delay everyone else sees. The
 * deep FIFO holds 400 packets (0.48 s at 10 Mb/s), the bloat of the bufferbloat lesson; RED,
 * CoDel, FQ-CoDel and PIE are the cures, each with its published defaults. Two more presets
 * show the ECN side: DCTCP against CUBIC with classic ECN through a marking CoDel, and TCP
 * Prague against CUBIC through DualPI2 (L4S), whose buffer is RFC 9332's 250 ms at the rate.
 */
const RATE_BPS = 10e6;
/** With the two 1 ms access hops, a 100 ms base round trip. */
const BOTTLENECK_DELAY_MS = 49;
const DURATION_S = 30;

const TCP = {
  mssBytes: 1448,
  initialCwndSegments: 10,
  sack: true,
  timestamps: true,
  delayedAck: false,
  rwndSegments: 100_000,
} as const satisfies TcpInput;

function access(i: number) {
  return { id: `access${i}`, forward: { rateBps: 1e9, delayMs: 1, queue: { kind: 'droptail', limitPackets: 1000 } } } as const;
}

function curePreset(name: string, queue: QueueInput, queueWords: string, description: string): Preset {
  return {
    name,
    group: 'Bufferbloat and its cures',
    description,
    scenario: {
      version: 4,
      name,
      description: `bulk CUBIC + an interactive flow (2 segments per round trip) –[10 Mb/s, ${BOTTLENECK_DELAY_MS} ms, ${queueWords}]– receivers; 100 ms base round trip, ${DURATION_S} s.`,
      durationS: DURATION_S,
      seed: 1,
      path: [{ id: 'bottleneck', forward: { rateBps: RATE_BPS, delayMs: BOTTLENECK_DELAY_MS, queue } }],
      flows: [
        { id: 'bulk', variant: 'cubic', startS: 0, bytes: null, access: access(1), tcp: { ...TCP } },
        { id: 'interactive', variant: 'newreno', startS: 2, bytes: null, access: access(2), tcp: { ...TCP, rwndSegments: 2 } },
      ],
    },
  };
}

export const curesFifo = curePreset(
  'cures-deep-fifo',
  { kind: 'droptail', limitPackets: 400 },
  'drop-tail 400 packets',
  'The disease: CUBIC fills a 400-packet FIFO and the interactive flow’s round trip grows by almost half a second.',
);
export const curesRed = curePreset(
  'cures-red',
  // Thresholds for this path: with the classic 5/15 packets, slow start's burst pushes the
  // average past 2·maxTh and the forced drops stall the flow in timeouts at 10 Mb/s and 100 ms.
  // Floyd's rule maxTh = 3·minTh, with minTh a third of the 86-packet bandwidth-delay product.
  { kind: 'red', limitPackets: 400, minThPackets: 30, maxThPackets: 90, maxP: 0.1, weight: 0.002, ecn: false, gentle: true },
  'RED 30/90 packets in a 400-packet buffer',
  'RED in the same 400-packet buffer: early random drops keep the average queue between its thresholds.',
);
export const curesCodel = curePreset(
  'cures-codel',
  { kind: 'codel', limitPackets: 400 },
  'CoDel (5 ms target, 100 ms interval) in a 400-packet buffer',
  'CoDel in the same buffer: it drops once packets have waited over 5 ms for a whole 100 ms, faster each time.',
);
export const curesFqCodel = curePreset(
  'cures-fq-codel',
  { kind: 'fq-codel', limitPackets: 400, ecn: false },
  'FQ-CoDel in a 400-packet buffer',
  'FQ-CoDel: flows get their own queues, so the interactive flow’s packets skip the bulk backlog altogether.',
);
export const curesPie = curePreset(
  'cures-pie',
  { kind: 'pie', limitPackets: 400 },
  'PIE (15 ms target) in a 400-packet buffer',
  'PIE: a controller raises the drop probability while the queue delay is over its 15 ms target.',
);

function pairPreset(name: string, queue: QueueInput, queueWords: string, a: string, b: { variant: string; ecn: boolean }, description: string): Preset {
  return {
    name,
    group: 'Bufferbloat and its cures',
    description,
    scenario: {
      version: 4,
      name,
      description: `${a} + ${b.variant}${b.ecn ? ' (classic ECN)' : ''} –[10 Mb/s, 24 ms, ${queueWords}]– receivers; 50 ms base round trip, ${DURATION_S} s.`,
      durationS: DURATION_S,
      seed: 1,
      path: [{ id: 'bottleneck', forward: { rateBps: RATE_BPS, delayMs: 24, queue } }],
      flows: [
        { id: a, variant: a, startS: 0, bytes: null, access: access(1), tcp: { ...TCP } },
        { id: b.variant, variant: b.variant, startS: 0, bytes: null, access: access(2), tcp: { ...TCP, ecn: b.ecn } },
      ],
    },
  };
}

export const dctcpVsCubicEcn = pairPreset(
  'dctcp-vs-cubic-ecn',
  { kind: 'codel', limitPackets: 400, ecn: true },
  'CoDel marking ECN',
  'dctcp',
  { variant: 'cubic', ecn: true },
  'DCTCP and CUBIC with classic ECN share a marking CoDel: DCTCP cuts by α/2 per window of marks, CUBIC by 30 %.',
);
export const l4sDualpi2 = pairPreset(
  'l4s-dualpi2',
  { kind: 'dualpi2', limitPackets: 208 },
  'DualPI2, 208 packets (250 ms)',
  'prague',
  { variant: 'cubic', ecn: false },
  'L4S: TCP Prague in DualPI2’s low-latency queue beside CUBIC in the Classic queue — about 1 ms of queue for Prague, shares coupled.',
);
