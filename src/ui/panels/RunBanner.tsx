/**
 * What became of the last run request, when it is not simply a new picture: a failed or refused
 * run (with a retry when the worker was lost, which trying again may cure), the dimmed charts
 * named as the last completed run's, and a worker that died and was replaced on the way.
 */
import type { RunsState } from '../state/useRuns.ts';
import { ErrorBanner } from './ErrorBanner.tsx';

interface Props {
  runs: RunsState & { dismissError: () => void; retry: () => void };
}

export function RunBanner({ runs }: Props) {
  return (
    <>
      {runs.error ? <ErrorBanner message={runs.error} onDismiss={runs.dismissError} onRetry={runs.retryable ? runs.retry : undefined} /> : null}
      {runs.stale && !runs.running ? (
        <p className="cap-note" role="note" data-testid="stale-note">
          The charts below are from the last run that completed, not from the scenario above.
        </p>
      ) : null}
      {runs.recovery ? (
        <p className="cap-note" role="status" data-testid="recovery-note">
          {runs.recovery}
        </p>
      ) : null}
    </>
  );
}
