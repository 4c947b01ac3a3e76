/**
 * The few knobs this screen offers, and how they edit a scenario. Pure: the scenario is
 * plain JSON, so an edit is a copy with fields replaced.
 */
import type { Scenario } from '../../scenarios/schema.ts';

export interface Controls {
  /** Congestion control of every flow. */
  variant: string;
  /** Forward rate of the first path link (the bottleneck in the teaching presets). */
  rateMbps: number;
  seed: number;
}

export const RATE_MIN_MBPS = 0.5;
export const RATE_MAX_MBPS = 10;
export const RATE_STEP_MBPS = 0.1;
export const SEED_MAX = 4_294_967_295;

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** Snaps to the slider's grid so 0.1-steps never become 1.9000000000000001 Mb/s. */
export const snapRate = (mbps: number): number =>
  clamp(Math.round(mbps / RATE_STEP_MBPS) * RATE_STEP_MBPS, RATE_MIN_MBPS, RATE_MAX_MBPS);

export function controlsFrom(s: Scenario): Controls {
  return {
    variant: s.flows[0].variant,
    rateMbps: Number(snapRate(s.path[0].forward.rateBps / 1e6).toFixed(1)),
    seed: s.seed,
  };
}

export function applyControls(base: Scenario, c: Controls): Scenario {
  const s = structuredClone(base);
  s.path[0].forward.rateBps = Math.round(snapRate(c.rateMbps) * 10) * 1e5;
  for (const f of s.flows) f.variant = c.variant;
  s.seed = c.seed;
  return s;
}

export type SeedParse = { ok: true; seed: number } | { ok: false; message: string };

export function parseSeed(text: string): SeedParse {
  const t = text.trim();
  const seed = Number(t);
  if (!/^\d+$/.test(t) || seed > SEED_MAX) return { ok: false, message: `a whole number from 0 to ${SEED_MAX}` };
  return { ok: true, seed };
}

export const formatRate = (mbps: number): string => `${mbps.toFixed(1)} Mb/s`;
