/** The preset catalogue: named, ready-to-run scenarios for the preset menu, the CLI and the tests. */
import type { Preset } from './types.ts';
import { reference2mbps } from './reference-2mbps.ts';
import { fairness5flows } from './fairness-5flows.ts';
import { lossy10mbps } from './lossy-10mbps.ts';
import { multiLossWindow } from './multi-loss-window.ts';
import { fast1gbps, longFat100mbps } from './large-paths.ts';
import { shortTransfer } from './short-transfer.ts';
import { realLinkErrors } from './real-link-errors.ts';
import { realHandoff } from './real-handoff.ts';
import { realTokenBucket } from './real-token-bucket.ts';
import { probingTestbed } from './probing-testbed.ts';
import { probingHandoff } from './probing-handoff.ts';
import { threeGVariation } from './3g-variation.ts';
import { threeGAckRegulator } from './3g-ack-regulator.ts';
import { lpUncorrelated } from './lp-uncorrelated.ts';
import { lpCorrelated } from './lp-correlated.ts';
import { njAsymmetric } from './nj-asymmetric.ts';
import { curesCodel, curesFifo, curesFqCodel, curesPie, curesRed, dctcpVsCubicEcn, l4sDualpi2 } from './bufferbloat-cures.ts';

export type { Preset } from './types.ts';

/**
 * Menu order: the reference scenarios first, then by topic, then one group per paper (each
 * paper's testbed before its variations), papers in the order the course reads them.
 */
export const PRESETS: readonly Preset[] = [
  reference2mbps,
  fairness5flows,
  lossy10mbps,
  shortTransfer,
  multiLossWindow,
  longFat100mbps,
  fast1gbps,
  curesFifo,
  curesRed,
  curesCodel,
  curesFqCodel,
  curesPie,
  dctcpVsCubicEcn,
  l4sDualpi2,
  realLinkErrors,
  realHandoff,
  realTokenBucket,
  probingTestbed,
  probingHandoff,
  threeGVariation,
  threeGAckRegulator,
  lpUncorrelated,
  lpCorrelated,
  njAsymmetric,
];

export function presetNames(): string[] {
  return PRESETS.map((p) => p.name);
}

/** The preset called `name`, or undefined. Callers get a copy, so editing it cannot change the catalogue. */
export function getPreset(name: string): Preset | undefined {
  const p = PRESETS.find((q) => q.name === name);
  return p && { ...p, scenario: structuredClone(p.scenario) };
}
