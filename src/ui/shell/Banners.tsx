/**
 * The notes between the toolbar and the stage: a fatal start, a link's problems (with the
 * defaults offered for a damaged one), a notice, the last run's outcome, the lesson invitation
 * on a plain first visit, and why a run stopped short.
 */
import { LessonInvite } from '../lessons/LessonInvite.tsx';
import type { Problems } from '../model/appModel.ts';
import { ErrorBanner } from '../panels/ErrorBanner.tsx';
import { ProblemBanner } from '../panels/ProblemBanner.tsx';
import { RunBanner } from '../panels/RunBanner.tsx';
import type { RunSet } from '../state/runSet.ts';
import type { RunsState } from '../state/useRuns.ts';

interface Props {
  fatal: string | null;
  problems: Problems;
  onProblems: (p: Problems) => void;
  /** Replaces a damaged link's view and scenario with the defaults. */
  onDefaults: () => void;
  notice: string | null;
  onNotice: (n: string | null) => void;
  runs: RunsState & { dismissError: () => void; retry: () => void };
  invite: boolean;
  set: RunSet | null;
}

export function Banners({ fatal, problems, onProblems, onDefaults, notice, onNotice, runs, invite, set }: Props) {
  const capNotes = set ? [...new Set(set.runs.map((r) => r.result.capNote).filter((n): n is string => !!n))] : [];
  const openDefaults = (): void => {
    onDefaults();
    onProblems({ lines: [] });
  };
  return (
    <>
      {fatal ? <ErrorBanner message={fatal} /> : null}
      <ProblemBanner
        problems={problems.lines}
        title={problems.title}
        onDismiss={() => onProblems({ lines: [] })}
        action={problems.damaged ? { label: 'Open the defaults instead', run: openDefaults } : undefined}
      />
      {notice ? <ErrorBanner message={notice} onDismiss={() => onNotice(null)} /> : null}
      <RunBanner runs={runs} />
      {invite ? <LessonInvite /> : null}
      {capNotes.map((n) => (
        <p key={n} className="cap-note" role="note">
          {n}
        </p>
      ))}
    </>
  );
}
