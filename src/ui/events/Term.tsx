/**
 * A word with its glossary definition (./glossary.ts) on hover and on keyboard focus: the word
 * is focusable, the tooltip is drawn by CSS from `data-tip` and the same text is the word's
 * accessible description — so the page's text (summaries, captions read by tests and copied by
 * users) stays the words shown, not the words plus every definition.
 * `withTerms(text)` wraps every glossary word of a caption, hint or legend label.
 */
import { Fragment, type ReactNode } from 'react';
import { useLate } from '../state/lateModule.ts';
import { lateEvents } from './late.ts';
import './events.css';

// The glossary comes with the events' code (./late.ts): until it is in, the words are plain text.
export function Term({ term, children }: { term: string; children?: ReactNode }) {
  const entry = useLate(lateEvents)?.GLOSSARY[term];
  if (!entry) return <>{children ?? term}</>;
  const tip = `${entry.name}: ${entry.definition}`;
  return (
    <span className="term" tabIndex={0} data-tip={tip} aria-description={tip}>
      {children ?? term}
    </span>
  );
}

/** The text with each glossary word as a <Term>; plain text if it has none. */
export function withTerms(text: string): ReactNode {
  return <Terms text={text} />;
}

function Terms({ text }: { text: string }): ReactNode {
  const late = useLate(lateEvents);
  if (!late) return text;
  const matches = late.findTerms(text);
  if (matches.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  matches.forEach((m, i) => {
    if (m.start > at) parts.push(text.slice(at, m.start));
    parts.push(
      <Term key={i} term={m.key}>
        {text.slice(m.start, m.end)}
      </Term>,
    );
    at = m.end;
  });
  if (at < text.length) parts.push(text.slice(at));
  return parts.map((p, i) => <Fragment key={i}>{p}</Fragment>);
}
