import type { PublishedSeries } from './types.ts';

/**
 * Chan & Ramjee, "TCP/IP Performance over 3G Wireless Links with Rate and Delay Variation",
 * MobiCom 2002, Table 2 "Simulation and Model throughput values" (kb/s), cases 1–9 of Table 1
 * (case k: rate / delay as listed in 3g-table-2's figure preset). Simulator goodput and the
 * paper's own model, equation (19), whose inputs (p1, p2, W_f, T0) the paper infers from its
 * traces.
 */
const CASES = ['case 1', 'case 2', 'case 3', 'case 4', 'case 5', 'case 6', 'case 7', 'case 8', 'case 9'];
const series = (values: number[]) => values.map((value, i) => ({ at: CASES[i], variant: 'reno', value }));

export const threeGTable2Simulated: PublishedSeries = {
  source: 'Chan & Ramjee 2002, Table 2, "Simulator Goodput"',
  kind: 'table',
  metric: 'goodputBps',
  label: 'ns simulation',
  unit: 'kb/s',
  toBase: 1000,
  points: series([199.8, 185.4, 175.1, 129.4, 182.5, 166.2, 139.2, 156.5, 118.4]),
};

export const threeGTable2Eq19: PublishedSeries = {
  source: 'Chan & Ramjee 2002, Table 2, "Model 3 [Eqn. 19]"',
  kind: 'table',
  metric: 'goodputBps',
  label: 'model, eq. 19 (paper)',
  model: true,
  unit: 'kb/s',
  toBase: 1000,
  points: series([199.8, 186.0, 180.9, 137.0, 181.3, 165.2, 137.2, 160.2, 125.0]),
};
