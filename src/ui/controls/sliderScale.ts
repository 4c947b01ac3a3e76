/**
 * A slider's positions ⇄ a field's values, linear or geometric. Apart from fields.ts (which
 * derives each field's scale from the scenario schema) so the quick controls on the first screen
 * can use it without loading the schema.
 */

export type SliderScale =
  | { type: 'linear'; lo: number; hi: number; step: number; positions: number }
  /** Geometric from `logLo` to `hi`; with `zeroAt0`, position 0 is the value 0 (below logLo). */
  | { type: 'log'; lo: number; logLo: number; hi: number; positions: number; zeroAt0: boolean };

/** Rounds to `digits` significant digits, so log positions land on readable values. */
export function roundSig(v: number, digits = 3): number {
  if (v === 0 || !Number.isFinite(v)) return v;
  return Number(v.toPrecision(digits));
}

export function positionToValue(scale: SliderScale, pos: number, isInt: boolean): number {
  const p = Math.min(scale.positions, Math.max(0, Math.round(pos)));
  let v: number;
  if (scale.type === 'linear') v = scale.lo + p * scale.step;
  else if (scale.zeroAt0 && p === 0) v = scale.lo;
  else {
    const span = scale.positions - (scale.zeroAt0 ? 1 : 0);
    const f = (p - (scale.zeroAt0 ? 1 : 0)) / span;
    v = roundSig(scale.logLo * (scale.hi / scale.logLo) ** f);
  }
  // Float steps (0.1 · 3) and rounding must not step outside the range.
  v = scale.type === 'linear' ? Number(v.toPrecision(12)) : v;
  if (isInt) v = Math.round(v);
  return Math.min(scale.hi, Math.max(scale.lo, v));
}

export function valueToPosition(scale: SliderScale, v: number): number {
  if (!Number.isFinite(v)) return 0;
  if (scale.type === 'linear') return Math.min(scale.positions, Math.max(0, Math.round((v - scale.lo) / scale.step)));
  if (scale.zeroAt0 && v < scale.logLo) return v <= scale.lo ? 0 : 1;
  const span = scale.positions - (scale.zeroAt0 ? 1 : 0);
  const f = Math.log(Math.max(v, scale.logLo) / scale.logLo) / Math.log(scale.hi / scale.logLo);
  return Math.min(scale.positions, Math.max(0, Math.round(f * span) + (scale.zeroAt0 ? 1 : 0)));
}
