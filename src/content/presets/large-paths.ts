import type { Preset } from './types.ts';
import type { TcpInput } from './common.ts';

/**
 * Large bandwidth-delay products: windows of thousands of segments, where a slow-start overshoot
 * loses hundreds of segments at once and the window algorithm's growth law, not loss recovery,
 * decides how fast the pipe refills — what CUBIC and BBR were built for.
 *
 * TCP as a current Linux host runs it: 1448-byte segments (1500-byte MTU less 52 bytes of
 * IP, TCP and timestamp headers), initial window 10 (RFC 6928), SACK and timestamps on, delayed
 * ACKs off so the ACK clock is the textbook one. The receiver window is never the limit. The
 * bottleneck buffer holds one bandwidth-delay product of full-sized packets (the rule of thumb
 * that keeps a single Reno-style flow's link busy through its halving), each flow sits behind a
 * 10 Gb/s, 1 ms access link. NewReno here is NewReno with SACK: with SACK on, its recovery is
 * RFC 6675's with PRR, as on any current stack. Durations keep a run within the browser's event cap (about seven
 * events per packet: 30 s at 100 Mb/s, 5 s at 1 Gb/s); CUBIC's epoch at 100 Mb/s is about 11 s
 * (K = ∛(W_max·β/C) with W_max ≈ 1670 packets), so 30 s shows two of them.
 */
const LARGE_TCP = {
  mssBytes: 1448,
  initialCwndSegments: 10,
  sack: true,
  timestamps: true,
  delayedAck: false,
  rwndSegments: 100_000,
} as const satisfies TcpInput;

/** Packets of one BDP at `rateBps` over a round trip of `rttMs`, counting each full packet's 1500 wire bytes. */
function bdpPackets(rateBps: number, rttMs: number): number {
  return Math.round((rateBps * rttMs) / 1000 / 8 / 1500);
}

function largePath(name: string, rateBps: number, rttMs: number, durationS: number, description: string, detail: string): Preset {
  // One-way: the 1 ms access link plus the bottleneck's delay.
  const bottleneckDelayMs = rttMs / 2 - 1;
  const buffer = bdpPackets(rateBps, rttMs);
  return {
    name,
    group: 'Large windows',
    description,
    compare: ['cubic', 'bbr', 'newreno'],
    scenario: {
      version: 4,
      name,
      description: `sender –[10 Gb/s, 1 ms]– router –[${detail}, ${bottleneckDelayMs} ms, drop-tail ${buffer} packets (one BDP)]– receiver; CUBIC, 1448-byte segments, SACK, ${durationS} s.`,
      durationS,
      seed: 1,
      path: [{ id: 'bottleneck', forward: { rateBps, delayMs: bottleneckDelayMs, queue: { kind: 'droptail', limitPackets: buffer } } }],
      flows: [
        {
          id: 'flow1',
          variant: 'cubic',
          startS: 0,
          bytes: null,
          access: { id: 'access1', forward: { rateBps: 10e9, delayMs: 1, queue: { kind: 'droptail', limitPackets: buffer } } },
          tcp: { ...LARGE_TCP },
        },
      ],
    },
  };
}

export const longFat100mbps = largePath(
  'long-fat-100mbps',
  100e6,
  100,
  30,
  'A long fat pipe, 100 Mb/s with a 100 ms round trip (a window of about 830 packets): compare how CUBIC, BBR and NewReno with SACK fill it.',
  '100 Mb/s',
);

export const fast1gbps = largePath(
  'fast-1gbps',
  1e9,
  20,
  5,
  '1 Gb/s with a 20 ms round trip (a window of about 1670 packets): CUBIC, BBR and NewReno with SACK at a thousand packets per round trip.',
  '1 Gb/s',
);
