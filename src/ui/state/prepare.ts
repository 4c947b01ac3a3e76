/**
 * Work a panel does for each run of a comparison as the run arrives, ahead of drawing it: the
 * per-result series its charts are built from (each kept per result, see panels/perRun.ts). The
 * complete picture is drawn when the last run is in, with every core but one idle; whatever was
 * derived for the earlier runs while the workers still ran is not on that last stretch. Only
 * caches are filled: what is drawn is the same either way.
 */
import type { RunOutput } from '../../worker/protocol.ts';
import type { RunJob } from './runSet.ts';

/** A job and its result, as they arrive (not yet styled into a run set). */
export type ArrivedRun = RunJob & { result: RunOutput };

const preparers: ((run: ArrivedRun) => void)[] = [];

/** Registers `prepare`, called for every run that arrives before its comparison is complete. */
export function prepareOnArrival(prepare: (run: ArrivedRun) => void): void {
  preparers.push(prepare);
}

/** Runs every registered preparation for `run`. */
export function prepareArrived(run: ArrivedRun): void {
  for (const prepare of preparers) prepare(run);
}
