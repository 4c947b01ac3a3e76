/**
 * The quick controls' error-model templates and their names (./quick.ts builds them): in the
 * first load, since the quick bar's stand-in lists the same names (a select is as wide as its
 * longest option) until the controls' code is in.
 */
export const ERROR_KINDS = ['none', 'bernoulli', 'gilbert-elliott', 'on-off', 'handoff'] as const;
export type QuickErrorKind = (typeof ERROR_KINDS)[number];

export const ERROR_KIND_LABELS: Record<QuickErrorKind | 'custom', string> = {
  none: 'None',
  bernoulli: 'Bernoulli (independent)',
  'gilbert-elliott': 'Gilbert–Elliott (bursts)',
  'on-off': 'ON/OFF channel',
  handoff: 'Handoffs (5 s on, 0.5 s off)',
  custom: 'Custom (see Errors)',
};
