import type { PublishedSeries } from './types.ts';

/**
 * Martignon & Fratta, "Loss Differentiation Schemes for TCP over Wireless Networks": the only
 * numbers its text gives for the figures we reproduce. Figs. 2–7, 10 and 11 are curves whose
 * values are not printed anywhere in the paper (our copy has the captions but not the plots), so
 * no value is typed for them: their verdicts rest on the orderings and bounds the text states
 * (see figures.ts). §5.4 prints the fairness index of Fig. 8's companion experiment:
 * "The Jain's fairness index of 5 TCP NewReno-LP connections was equal to 0.9987".
 */
export const lpJain5: PublishedSeries = {
  source: 'Martignon & Fratta, §5.4 (text next to Fig. 8)',
  kind: 'text',
  metric: 'jainIndex',
  label: 'ns-2, 5 NewReno-LP flows',
  unit: '',
  toBase: 1,
  points: [{ at: 5, variant: 'newreno-lp', value: 0.9987 }],
};
