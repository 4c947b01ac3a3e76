/**
 * TCP Reno (RFC 5681): slow start, congestion avoidance, ssthresh = max(FlightSize/2, 2·MSS) at a
 * loss — and Reno's fast recovery (../recovery/reno.ts), which `tcp.recovery: "auto"` gives it
 * without SACK: one halving per loss, so several losses in a window hurt — what NewReno fixes.
 */
import { classicWindow } from './common.ts';
import type { CcPlugin } from './types.ts';

export const reno: CcPlugin = {
  name: 'reno',
  create: () => ({ ...classicWindow }),
};
