/**
 * The classroom quick controls as scenario edits (pure, so Node tests cover them): the variant
 * of every flow, the seed and its deterministic "new seed" step, and the error model of the
 * first path link's forward direction chosen from a few teaching templates, with its packet
 * error rate on a logarithmic slider. The templates are the presets' own (onOffErrors,
 * handoffErrors), so "handoff" here means what it means in the handoff presets.
 *
 * These edit the same scenario the full controls edit; the result still has to pass
 * parseScenario before it is applied (the app model's editScenario does that).
 */
import { handoffErrors, onOffErrors } from '../../content/presets/common.ts';
import type { ErrorModelSpec, Scenario } from '../../scenario/schema.ts';
import { positionToValue, roundSig, type SliderScale } from './sliderScale.ts';

// ---- variant --------------------------------------------------------------------------------

/** The flows' common variant, or null when they differ. */
export function commonVariant(s: Scenario): string | null {
  const v = s.flows[0]?.variant ?? null;
  return s.flows.every((f) => f.variant === v) ? v : null;
}

export function withVariant(s: Scenario, variant: string): Scenario {
  return { ...s, flows: s.flows.map((f) => ({ ...f, variant })) };
}

// ---- seed -----------------------------------------------------------------------------------

export const SEED_MAX = 4_294_967_295;
/** New seeds stay below this so they are easy to read out and type in class. */
export const NEW_SEED_RANGE = 1_000_000;

/**
 * The seed after `seed`: a 32-bit avalanche hash (murmur3's finaliser) of seed + the golden
 * ratio constant, reduced to 0 … 999 999. Deterministic, so "New seed" pressed from the same seed
 * in two classrooms gives the same run, and consecutive seeds look unrelated.
 */
export function nextSeed(seed: number): number {
  let h = (seed + 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h = (h ^ (h >>> 16)) >>> 0; // unsigned: ^ and imul give signed 32-bit results
  const next = h % NEW_SEED_RANGE;
  return next === seed ? (next + 1) % NEW_SEED_RANGE : next;
}

export type SeedParse = { ok: true; seed: number } | { ok: false; message: string };

/** A typed seed: a whole number 0 … SEED_MAX (the schema's range). */
export function parseSeed(text: string): SeedParse {
  const t = text.trim();
  const seed = Number(t);
  if (!/^\d+$/.test(t) || seed > SEED_MAX) return { ok: false, message: `a whole number from 0 to ${SEED_MAX}` };
  return { ok: true, seed };
}

// ---- error model of the first link's forward direction -----------------------------------------

export { ERROR_KINDS, ERROR_KIND_LABELS, type QuickErrorKind } from './quickKinds.ts';
import type { QuickErrorKind } from './quickKinds.ts';

/** PER while ON; the ON and OFF phases last 1 s on average (the papers' virtual-protocol default). */
const ON_OFF_MEAN_S = 1;
/** Handoff template: 5 s connected, 0.5 s handoffs losing 99 % of packets (the handoff presets' channel). */
const HANDOFF = { connectedS: 5, handoffS: 0.5, per: 0.99 } as const;

/** Where a template starts when picked: a rate the lesson shows at once. */
const START_PER: Record<Exclude<QuickErrorKind, 'none' | 'handoff'>, number> = {
  bernoulli: 0.01,
  'gilbert-elliott': 0.5,
  'on-off': 0.1,
};

export const PER_MIN = 1e-4;
export const PER_MAX = 0.5;
/**
 * Log slider 1e-4 … 0.5 at 20 positions per decade: each arrow key step is ×1.12, and with two
 * significant digits (perAt) every step is a distinct, readable rate that hits 0.1 %, 1 %, 10 %.
 */
export const PER_SCALE: SliderScale = {
  type: 'log',
  lo: PER_MIN,
  logLo: PER_MIN,
  hi: PER_MAX,
  zeroAt0: false,
  positions: Math.round(Math.log10(PER_MAX / PER_MIN) * 20),
};

/** The PER at a slider position, to two significant digits. */
export const perAt = (position: number): number => roundSig(positionToValue(PER_SCALE, position, false), 2);

/**
 * The path link the quick error controls act on: the first whose forward direction already has
 * error models (a wireless hop in the paper presets), else the last one (where the papers put
 * the wireless hop). With one link it is that link.
 */
export function quickErrorLink(s: Scenario): number {
  const withErrors = s.path.findIndex((l) => l.forward.errors.length > 0);
  return withErrors >= 0 ? withErrors : s.path.length - 1;
}

const firstForwardErrors = (s: Scenario): readonly ErrorModelSpec[] => s.path[quickErrorLink(s)]?.forward.errors ?? [];

function isOnOff(m: ErrorModelSpec): boolean {
  return m.kind === 'gilbert-elliott' && m.badState === 'bad' && m.perGood === 0 && m.meanGoodS === ON_OFF_MEAN_S && m.meanBadS === ON_OFF_MEAN_S && m.startState === 'good';
}

/** Which template the quick link's forward errors are; `custom` for anything else (blackouts, several models). */
export function errorKindOf(s: Scenario): QuickErrorKind | 'custom' {
  const list = firstForwardErrors(s);
  if (list.length === 0) return 'none';
  if (list.length > 1) return 'custom';
  const m = list[0];
  if (m.kind === 'bernoulli') return 'bernoulli';
  if (m.kind !== 'gilbert-elliott') return 'custom';
  if (m.badState === 'off') return 'handoff';
  return isOnOff(m) ? 'on-off' : 'gilbert-elliott';
}

/** The rate the PER slider edits (Bernoulli `per`, Gilbert–Elliott and ON/OFF `perBad`); null when it edits nothing. */
export function perOf(s: Scenario): number | null {
  const kind = errorKindOf(s);
  if (kind === 'none' || kind === 'custom' || kind === 'handoff') return null;
  const m = firstForwardErrors(s)[0];
  return m.kind === 'bernoulli' ? m.per : m.kind === 'gilbert-elliott' ? m.perBad : null;
}

function withFirstForwardErrors(s: Scenario, errors: ErrorModelSpec[]): Scenario {
  if (s.path.length === 0) return s;
  const k = quickErrorLink(s);
  return { ...s, path: s.path.map((l, i) => (i === k ? { ...l, forward: { ...l.forward, errors } } : l)) };
}

function template(kind: QuickErrorKind): ErrorModelSpec[] {
  switch (kind) {
    case 'none':
      return [];
    case 'bernoulli':
      return [{ kind: 'bernoulli', per: START_PER.bernoulli }];
    case 'gilbert-elliott':
      // the schema's defaults (1 s good, 50 ms bad, perGood 0) with a visible perBad
      return [{ kind: 'gilbert-elliott', meanGoodS: 1, meanBadS: 0.05, perGood: 0, perBad: START_PER['gilbert-elliott'], badState: 'bad', startState: 'good' }];
    case 'on-off':
      return [onOffErrors(START_PER['on-off'], ON_OFF_MEAN_S, ON_OFF_MEAN_S) as ErrorModelSpec];
    case 'handoff':
      return [handoffErrors(HANDOFF.connectedS, HANDOFF.handoffS, HANDOFF.per) as ErrorModelSpec];
  }
}

/** The quick link's forward errors replaced by the template of `kind`. */
export function withErrorKind(s: Scenario, kind: QuickErrorKind): Scenario {
  return withFirstForwardErrors(s, template(kind));
}

/** The PER of the current template set to `per`; unchanged where the slider edits nothing. */
export function withPer(s: Scenario, per: number): Scenario {
  if (perOf(s) === null) return s;
  const m = firstForwardErrors(s)[0];
  const next: ErrorModelSpec = m.kind === 'bernoulli' ? { ...m, per } : m.kind === 'gilbert-elliott' ? { ...m, perBad: per } : m;
  return withFirstForwardErrors(s, [next]);
}
