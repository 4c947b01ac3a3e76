/**
 * What was wrong with a share link or an imported file, and what was used instead: one line per
 * problem, announced to screen readers, dismissible (the app keeps working either way).
 */
import '../controls/controls.css';

interface Props {
  problems: readonly string[];
  onDismiss: () => void;
  /** Defaults to a heading for links; say "The file …" for imports. */
  title?: string;
  /** A way out besides dismissing (a damaged link offers the defaults). */
  action?: { label: string; run: () => void };
}

export function ProblemBanner({ problems, onDismiss, title = 'Some settings in the link could not be used:', action }: Props) {
  if (problems.length === 0) return null;
  return (
    <div className="problem-banner" role="alert" data-testid="problem-banner">
      <strong>{title}</strong>
      <ul>
        {problems.map((p, i) => (
          <li key={`${i}:${p}`}>{p}</li>
        ))}
      </ul>
      {action ? (
        <button type="button" onClick={action.run} data-testid="problem-action">
          {action.label}
        </button>
      ) : null}
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
