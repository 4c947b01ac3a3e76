import type { PublishedSeries } from './types.ts';

/**
 * Tsaoussidis & Lahanas 2002, Appendix A, Table A6 "Performance of protocols with small file
 * transfer (300KB) and congestion" (plotted as Fig. 14): PER 0, 1, 8, 16, 25, 40 % during ON.
 */
const SOURCE = 'Tsaoussidis & Lahanas 2002, Appendix A, Table A6 (Fig. 14)';
const PER = [0, 0.01, 0.08, 0.16, 0.25, 0.4];
const series = (variant: string, values: number[]) => values.map((value, i) => ({ at: PER[i], variant, value }));

export const probingTableA6Time: PublishedSeries = {
  source: SOURCE,
  kind: 'table',
  metric: 'completionTimeS',
  label: 'x-kernel testbed with congestion',
  unit: 's',
  toBase: 1,
  points: [...series('reno', [2.7, 4.3, 6.1, 8.8, 10.8, 10.3]), ...series('probing', [2.7, 3.5, 6.1, 6.9, 7.4, 8.3])],
};

export const probingTableA6Overhead: PublishedSeries = {
  source: SOURCE,
  kind: 'table',
  metric: 'overheadPct',
  label: 'x-kernel testbed with congestion',
  unit: '%',
  toBase: 1,
  points: [...series('reno', [2.14, 3.55, 10.15, 14.45, 15.33, 16.02]), ...series('probing', [2.14, 3.11, 9.63, 13.13, 17.11, 15.46])],
};
