/** Building blocks shared by presets, so presets that promise "the same settings" really share them. */
import type { ScenarioInput } from '../schema.ts';

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

/** A symmetric duplex link (the reverse direction copies the forward one, minus loss). */
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
