/**
 * "SACK": RFC 5681's window with SACK-based loss recovery (RFC 2018 blocks, RFC 6675's
 * conservative sender, ../recovery/sack.ts). The variant turns SACK blocks on whatever the
 * scenario says; `tcp.recovery: "auto"` then gives SACK with PRR (RFC 6937), "sack" RFC 6675's
 * own window (cwnd = ssthresh at once). It is NewReno's window with SACK on, kept as its own
 * menu entry for the comparisons the papers draw.
 */
import { classicWindow } from './common.ts';
import type { CcPlugin } from './types.ts';

export const sack: CcPlugin = {
  name: 'sack',
  create: () => ({ ...classicWindow }),
};
