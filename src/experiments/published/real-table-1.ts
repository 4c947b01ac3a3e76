import type { PublishedSeries } from './types.ts';

/**
 * Zhang & Tsaoussidis, "TCP-Real: Improving Real-time Capabilities of TCP over Heterogeneous
 * Networks" (NOSSDAV 2001), Appendix, Table 1 "TCP Goodput with Link Error" and Table 4
 * "Application Success Percentage with Link Errors": 5 MB, 15 ms one way, ON/OFF errors with 1 s
 * sojourns, dropping rate during ON 0 … 0.5.
 *
 * Table 1's goodput column is headed "(Kbps)" but holds KB/s with K = 1000: 5,242,880 bytes in
 * 22.06 s is 237.67 KB/s against the printed 237.65 (and the text of §4.4 speaks of KBps).
 */
const PER = [0, 0.01, 0.05, 0.1, 0.2, 0.33, 0.5];
const series = (variant: string, values: (number | null)[]) => values.flatMap((value, i) => (value === null ? [] : [{ at: PER[i], variant, value }]));

export const realTable1Goodput: PublishedSeries = {
  source: 'Zhang & Tsaoussidis 2001, Appendix, Table 1 (Fig. 2)',
  kind: 'table',
  metric: 'goodputBps',
  label: 'x-kernel testbed',
  unit: 'KB/s',
  toBase: 8000,
  points: [
    ...series('real', [237.65, 198.68, 165.51, 126.66, 101.96, 46.41, 25.64]),
    ...series('reno', [227.36, 190.73, 155.11, 92.23, 71.34, 26.42, 16.77]),
    ...series('tahoe', [214.35, 182.62, 135.51, 127.45, 61.88, 32.66, 15.07]),
  ],
};

export const realTable4Success: PublishedSeries = {
  source: 'Zhang & Tsaoussidis 2001, Appendix, Table 4 (Fig. 4)',
  kind: 'table',
  metric: 'appSuccessPct',
  label: 'x-kernel testbed',
  unit: '%',
  toBase: 1,
  points: [
    ...series('real', [100.0, null, 79.0, 76.7, 51.0, 36.3, 23.4]),
    ...series('reno', [99.6, 90.9, 75.7, 71.7, 43.1, 24.9, 13.7]),
    ...series('tahoe', [null, 93.4, 80.6, 71.9, 43.6, 25.6, 13.9]),
  ],
  note: 'Two cells are garbled in our copy of Table 4 and left out: TCP-Real at 0.01 ("91.978") and TCP-Tahoe at 0.00 ("00.07%" / "99.7 %"). The text (§4.2) confirms the others at 0.05–0.20: Real leads Reno by 3.3, 5.0 and 7.9 points.',
};
