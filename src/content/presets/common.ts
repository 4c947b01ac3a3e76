/** Building blocks shared by presets, so presets that promise "the same settings" really share them. */
import type { ScenarioInput } from '../../scenario/schema.ts';

type FlowInput = ScenarioInput['flows'][number];
type LinkInput = ScenarioInput['path'][number];
export type TcpInput = NonNullable<FlowInput['tcp']>;

/**
 * TCP settings of the comparison presets, written out in full so a change of a schema default
 * cannot silently change what the reference scenarios mean.
 */
export const REFERENCE_TCP = {
  mssBytes: 1000,
  initialCwndSegments: 2,
  sack: false,
  timestamps: true,
  delayedAck: false,
} as const satisfies TcpInput;

/** A symmetric duplex link (the reverse direction copies the forward one, minus errors). */
export function link(id: string, rateBps: number, delayMs: number, limitPackets = 100): LinkInput {
  return { id, forward: { rateBps, delayMs, queue: { kind: 'droptail', limitPackets } } };
}

/** The 100 Mb/s, 1 ms access link every preset sender sits behind. */
export function accessLink(id: string, limitPackets = 100): LinkInput {
  return link(id, 100e6, 1, limitPackets);
}

/** A bulk (unlimited) flow starting at t = 0 behind its own access link. */
export function bulkFlow(id: string, accessId: string, variant: string, tcp: TcpInput, accessLimitPackets = 100): FlowInput {
  return { id, variant, startS: 0, bytes: null, access: accessLink(accessId, accessLimitPackets), tcp: { ...tcp } };
}

type LinkDirInput = LinkInput['forward'];
export type ErrorModelInput = NonNullable<LinkDirInput['errors']>[number];

/**
 * "5 MB" as the TCP-Real and TCP-Probing testbeds send it: TCP-Probing §4.1 spells it out as
 * 5,242,880 bytes, and TCP-Real's Table 1 (237.65 KB/s × 22.06 s) agrees.
 */
export const PAPER_5MB_BYTES = 5 * 1024 * 1024;

/**
 * The TCP of the x-kernel testbeds (TCP-Real §3, TCP-Probing §4): 1 KB segments (TCP-Real §3
 * "a packet of 1 KB", TCP-Probing §5.3 "single segment (which happens to be 1KB …)"). The papers
 * do not name the other options; we take a BSD-era Reno: no timestamp option (40-byte headers),
 * delayed ACKs on, RFC 6298 1 s minimum RTO.
 */
export const XKERNEL_TCP = {
  mssBytes: 1000,
  initialCwndSegments: 2,
  sack: false,
  timestamps: false,
  delayedAck: true,
} as const satisfies TcpInput;

/**
 * The two-state error model of the TCP-Real / TCP-Probing "virtual protocol" (TCP-Real §3,
 * TCP-Probing §4.2): exponential sojourns, no drops in the OFF phase, `perOn` during the ON
 * phase (the papers' "error rate"). Gilbert–Elliott with Good = OFF and Bad = ON.
 */
export function onOffErrors(perOn: number, meanOnS = 1, meanOffS = 1): ErrorModelInput {
  return { kind: 'gilbert-elliott', meanGoodS: meanOffS, meanBadS: meanOnS, perGood: 0, perBad: perOn, badState: 'bad', startState: 'good' };
}

/**
 * A handoff: connected phases with mean `meanConnectedS`, handoff (OFF) phases with mean
 * `meanHandoffS` losing packets with probability `per`; losses are counted as `handoff`.
 */
export function handoffErrors(meanConnectedS: number, meanHandoffS: number, per: number): ErrorModelInput {
  return { kind: 'gilbert-elliott', meanGoodS: meanConnectedS, meanBadS: meanHandoffS, perGood: 0, perBad: per, badState: 'off', startState: 'good' };
}

/** Bandwidth-delay product in whole packets (rounded up), at least `minPackets`. */
export function bdpPackets(rateBps: number, rttMs: number, packetBytes: number, minPackets = 1): number {
  return Math.max(minPackets, Math.ceil((rateBps * rttMs) / 1000 / 8 / packetBytes));
}
