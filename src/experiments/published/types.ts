/**
 * A paper's own numbers for one figure or table, typed from the paper (never from our output):
 * each data file cites where its numbers are printed. `table` values are the printed digits;
 * `figure-approx` values were read off a figure and are approximate; `text` values are stated in
 * the running text. Values are in the paper's unit; `toBase` converts them to the metric's base
 * unit (bits/s, s, %, fraction) for plotting and comparison.
 */
export type PublishedKind = 'table' | 'figure-approx' | 'text';

export interface PublishedPoint {
  /** The axis point: its x value on a numeric axis, its label on a categorical one. */
  at: number | string;
  variant: string;
  value: number;
}

export interface PublishedSeries {
  /** Paper, figure or table, and page/section where the values are printed. */
  source: string;
  kind: PublishedKind;
  /** The metric ref (spec.metrics) these values are of. */
  metric: string;
  /** What the series is (e.g. "ns-2 simulation", "model, eq. 19"): the legend says it. */
  label: string;
  /** The paper's unit, e.g. "KB/s"; `toBase` multiplies a value into the metric's base unit. */
  unit: string;
  toBase: number;
  points: PublishedPoint[];
  /** The paper's own model (drawn as a square, not scored by the verdict), not a measurement. */
  model?: true;
  /** What was left out or is uncertain, in words (garbled digits in our copy, a mismatch with the text…). */
  note?: string;
}

export const PUBLISHED_KIND_LABEL: Record<PublishedKind, string> = {
  table: 'paper, table values',
  'figure-approx': 'read from figure (approximate)',
  text: 'paper, stated in the text',
};
