/** Quantiles of timing samples for the bench scripts' figure lines (nearest rank on the sorted samples). */
export interface Quantiles {
  q: (p: number) => number;
  min: number;
  max: number;
  n: number;
}

/** null when there are no samples. */
export function quantiles(xs: readonly number[]): Quantiles | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return { q: (p) => s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))], min: s[0], max: s[s.length - 1], n: s.length };
}
