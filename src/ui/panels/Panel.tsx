/**
 * The frame every panel shares: title, the one-line "what to notice" hint, a legend, the
 * drawing, and a short plain-text summary (also what a screen reader gets instead of the
 * chart). The grid passes in the move/hide buttons.
 */
import { createContext, useContext, useRef, type ReactNode } from 'react';
import { withTerms } from '../events/Term.tsx';
import type { UpdatingRun } from '../state/runSet.ts';
import { useHeldHeight } from './heldHeight.ts';

interface Props {
  title: string;
  /** One line telling a student what to look for. */
  hint: string;
  legend?: ReactNode;
  /** A sentence or two saying what the drawing shows, in numbers. */
  summary?: string;
  children: ReactNode;
  id: string;
  className?: string;
}

/** Move/hide buttons for the panel being rendered, supplied by PanelGrid. */
export const PanelActionsContext = createContext<ReactNode>(null);

/**
 * The compared runs of the current edit not drawn yet (PanelGrid supplies the set's): each
 * chart names them over its plot (ChartSvg), so a comparison filling in says in place which
 * variants are still to come rather than looking complete. Their lines are not drawn from the
 * previous edit meanwhile: one picture never mixes two edits.
 */
export const UpdatingRunsContext = createContext<readonly UpdatingRun[]>([]);

const RUN_LIST = new Intl.ListFormat('en', { type: 'conjunction' });

/**
 * The summary as shown: while a comparison fills in, it names the runs still to come after the
 * sentences on the runs in so far (the drawing shows only those), so a screen reader hears that
 * the comparison is not complete.
 */
export function summaryWithUpdating(summary: string | undefined, updating: readonly UpdatingRun[]): string | undefined {
  if (!summary || updating.length === 0) return summary;
  return `${summary} Still to come: ${RUN_LIST.format(updating.map((u) => u.label))}.`;
}

export function Panel({ title, hint, legend, summary: own, children, id, className }: Props) {
  const actions = useContext(PanelActionsContext);
  const updating = useContext(UpdatingRunsContext);
  const summary = summaryWithUpdating(own, updating);
  // While the comparison fills in, the hint and the summary keep the room the complete ones
  // took (heldHeight.ts): said of the runs in so far they can be a line shorter, and the chart
  // under the hint, or the panels under the summary, would move up and back at every edit.
  const hintRef = useRef<HTMLParagraphElement>(null);
  const hintHeld = useHeldHeight(hintRef, updating.length > 0);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const summaryHeld = useHeldHeight(summaryRef, updating.length > 0, !!summary);
  return (
    <section className={className ? `panel ${className}` : 'panel'} aria-labelledby={`${id}-title`} data-panel={id}>
      {/* one block so presenter mode can run the legend on after the title, saving a row */}
      <div className="panel-top">
        <header className="panel-head">
          <h2 id={`${id}-title`}>{title}</h2>
          {actions ? <div className="panel-actions">{actions}</div> : null}
        </header>
        {legend ? <ul className="legend">{legend}</ul> : null}
      </div>
      <p ref={hintRef} className="hint" style={hintHeld}>
        {withTerms(hint)}
      </p>
      {children}
      {summary ? (
        <p ref={summaryRef} className="summary" data-testid={`${id}-summary`} style={summaryHeld}>
          {summary}
        </p>
      ) : null}
    </section>
  );
}
