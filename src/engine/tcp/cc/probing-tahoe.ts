/**
 * TCP-Probing grafted onto Tahoe (Tsaoussidis & Lahanas 2002, §3: "In case of drop due to
 * congestion … the protocol backs off as in Tahoe"). The probe cycle, Immediate and Gentle
 * Recovery are those of `probing` (probing.ts); where the device's decision falls back to the
 * base TCP ("Reno" in the paper's pseudo-code), Tahoe has no fast recovery and slow-starts from
 * one segment, going back to sndUna.
 *
 * Deviations: those of probing.ts. Immediate and Gentle Recovery after duplicate ACKs keep the
 * paper's window inflation ("analogous to the window inflation phase of Fast Retransmit in
 * Reno"), so this is the one Tahoe-based variant with a recovery episode.
 */
import { createProbing } from './probing.ts';
import type { CcPlugin } from './types.ts';

export const probingTahoe: CcPlugin = {
  name: 'probing-tahoe',
  create: () => createProbing('tahoe'),
};
