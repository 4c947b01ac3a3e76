import type { PublishedSeries } from './types.ts';

/**
 * Tsaoussidis & Lahanas, "Exploiting the adaptive properties of a probing device for TCP in
 * heterogeneous networks", Computer Communications 2002, Appendix A, Table A1 "Performance of
 * Reno and TCP-probing" (plotted as Fig. 3, task completion time, and Fig. 7, overhead):
 * 5 MB task, PER 0, 1, 8, 16, 25, 40 % during ON.
 */
const SOURCE = 'Tsaoussidis & Lahanas 2002, Appendix A, Table A1 (Figs. 3 and 7)';
const PER = [0, 0.01, 0.08, 0.16, 0.25, 0.4];
const series = (variant: string, values: number[]) => values.map((value, i) => ({ at: PER[i], variant, value }));

export const probingTableA1Time: PublishedSeries = {
  source: SOURCE,
  kind: 'table',
  metric: 'completionTimeS',
  label: 'x-kernel testbed',
  unit: 's',
  toBase: 1,
  points: [...series('reno', [30.0, 38.0, 41.6, 49.9, 63.1, 60.1]), ...series('probing', [28.6, 36.3, 37.7, 41.5, 47.2, 53.7])],
};

export const probingTableA1Overhead: PublishedSeries = {
  source: SOURCE,
  kind: 'table',
  metric: 'overheadPct',
  label: 'x-kernel testbed',
  unit: '%',
  toBase: 1,
  points: [...series('reno', [2.84, 3.65, 3.87, 3.87, 3.9, 4.21]), ...series('probing', [2.78, 3.61, 3.67, 3.87, 3.89, 4.19])],
};
