/**
 * TCP Tahoe (Jacobson 1988; 4.3BSD-Tahoe): slow start, congestion avoidance, fast retransmit —
 * and no fast recovery: every loss, however detected, restarts slow start from one segment.
 *
 * The window is RFC 5681's (common.ts); what makes it Tahoe is its recovery (../recovery/tahoe.ts,
 * go-back-N after the fast retransmit), which `tcp.recovery: "auto"` gives it without SACK.
 */
import { classicWindow } from './common.ts';
import type { CcPlugin } from './types.ts';

export const tahoe: CcPlugin = {
  name: 'tahoe',
  create: () => ({ ...classicWindow }),
};
