/**
 * TCP NewReno-Ideal-LP (Martignon & Fratta, §5.1): NewReno-LP's reaction (newreno-lp.ts) driven
 * by an ideal estimator that "always knows the exact cause of packet losses" — the upper bound
 * of every loss-differentiation scheme. No real sender can build it: the verdict is the
 * simulator's ground truth for the segment the loss event is about (the one at sndUna).
 *
 * Our reading of "exact cause":
 * - dropped by the channel (`channel-error`) or during a handoff (`handoff`) ⇒ wireless;
 * - dropped by a queue (`queue-overflow`, `red-early`) ⇒ congestion;
 * - never dropped (a spurious event: reordering, lost or delayed ACKs, a premature timeout) or
 *   `reverse-path` ⇒ congestion: nothing says the forward data met a wireless loss, so the ideal
 *   scheme falls back to the standard reaction, as NewReno-LP's congestion branch does.
 */
import { truthOfCause } from '../../core/trace.ts';
import type { Verdict } from '../../core/trace.ts';
import { createLossDifferentiatingNewReno, type LossJudge } from './newreno-lp.ts';
import type { CcPlugin } from './types.ts';

/** The ground-truth judge: the cause of the latest drop of the segment at sndUna. */
export function groundTruthJudge(): LossJudge {
  let lastCause: string | null = null;
  return {
    verdict(c): Verdict {
      const cause = c.lossCause(c.sndUna);
      lastCause = cause ?? 'none';
      return truthOfCause(cause) === 'wireless' ? 'wireless' : 'congestion';
    },
    inspect: () => ({ lastCause }),
    estimates: [],
  };
}

export const newrenoIdealLp: CcPlugin = {
  name: 'newreno-ideal-lp',
  create: () => createLossDifferentiatingNewReno(groundTruthJudge()),
};
