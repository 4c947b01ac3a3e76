/**
 * The bar leading back to an experiment (./ReturnBar.tsx) is wanted only over a run an experiment
 * opened, so it is not in the page's first load. It must be in before that page renders, or the
 * page would move down when it arrived: main.tsx waits for it on such a link, and Root loads it
 * while the experiments view is up and before it switches to the run.
 */
import { lateModule } from '../state/lateModule.ts';
import { returnFor } from './returnInfo.ts';

export const lateReturnBar = lateModule(() => import('./ReturnBar.tsx'));

/** Whether a page opened on `hash` shows the bar (so it needs the bar's code first). */
export const returnBarWanted = (hash: string): boolean => returnFor(hash) !== null;
