import type { PublishedSeries } from './types.ts';

/**
 * Xu, Tian & Ansari, "Improving TCP performance in integrated wireless communications networks"
 * (TCP New Jersey, 2004), Table 1
 * "Congestion occurrence comparison", column "Wireless link congestion loss (%)", measured on the
 * Fig. 6 topology (the same runs as Fig. 16). The paper's "Westwood" is mapped to our
 * westwood-plus, the variant the nj-asymmetric preset compares.
 */
export const njTable1WirelessLoss: PublishedSeries = {
  source: 'Xu, Tian & Ansari 2004, Table 1, wireless link congestion loss',
  kind: 'table',
  metric: 'congestionLossPct@wireless/fwd',
  label: 'ns-2',
  unit: '%',
  toBase: 1,
  points: [
    { at: 'nj-asymmetric', variant: 'new-jersey', value: 0.003 },
    { at: 'nj-asymmetric', variant: 'newreno', value: 0.199 },
    { at: 'nj-asymmetric', variant: 'westwood-plus', value: 0.237 },
    { at: 'nj-asymmetric', variant: 'sack', value: 0.258 },
    { at: 'nj-asymmetric', variant: 'veno', value: 0.152 },
  ],
};
