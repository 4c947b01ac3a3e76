/**
 * The time under the pointer on any time chart, with how far (in seconds) counts as "on" a
 * marker there (a few pixels at the chart's zoom). ChartSvg writes it; the caption line reads it
 * and shows the captions of the events under the pointer — the same text as stepping shows.
 */
import { createStore } from '../state/store.ts';

export interface ChartHover {
  tS: number;
  toleranceS: number;
}

export const chartHover = createStore<ChartHover | null>(null);

/** Markers within this many pixels of the pointer count as hovered. */
export const HOVER_PX = 6;
