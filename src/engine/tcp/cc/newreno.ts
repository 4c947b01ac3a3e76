/**
 * TCP NewReno (RFC 6582): RFC 5681's window with NewReno's fast recovery
 * (../recovery/newreno.ts), kept open across partial ACKs so that several losses in one window
 * cost one halving and one RTT each, not a timeout. With SACK on, "auto" gives it SACK + PRR.
 */
import { classicWindow } from './common.ts';
import type { CcPlugin } from './types.ts';

export const newreno: CcPlugin = {
  name: 'newreno',
  create: () => ({ ...classicWindow }),
};
