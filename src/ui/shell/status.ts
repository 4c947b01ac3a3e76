import type { RunsState } from '../state/useRuns.ts';

/** The toolbar's word on the runs: filling in, running, failed, or how long the last took. */
export function runStatus(runs: Pick<RunsState, 'set' | 'running' | 'stale'>): string {
  const { set } = runs;
  if (set && runs.running && set.updating.length > 0 && !runs.stale) return `${set.runs.length} of ${set.runs.length + set.updating.length} drawn, updating…`;
  if (runs.running) return 'running…';
  if (runs.stale) return 'this scenario did not run';
  return set ? `ran in ${Math.round(set.wallMs)} ms` : '';
}
