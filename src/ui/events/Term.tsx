/**
 * A word with its glossary definition (./glossary.ts) on hover and on keyboard focus: the word
 * is focusable and described by a tooltip element, so a screen reader reads the definition too.
 * `withTerms(text)` wraps every glossary word of a caption, hint or legend label.
 */
import { Fragment, useId, type ReactNode } from 'react';
import { findTerms, GLOSSARY } from './glossary.ts';
import './events.css';

export function Term({ term, children }: { term: string; children?: ReactNode }) {
  const id = useId();
  const entry = GLOSSARY[term];
  if (!entry) return <>{children ?? term}</>;
  return (
    <span className="term" tabIndex={0} aria-describedby={id}>
      {children ?? term}
      <span role="tooltip" id={id} className="term-tip">
        <strong>{entry.name}</strong>: {entry.definition}
      </span>
    </span>
  );
}

/** The text with each glossary word as a <Term>; plain text if it has none. */
export function withTerms(text: string): ReactNode {
  const matches = findTerms(text);
  if (matches.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  matches.forEach((m, i) => {
    if (m.start > at) parts.push(text.slice(at, m.start));
    parts.push(<Term key={i} term={m.key} />);
    at = m.end;
  });
  if (at < text.length) parts.push(text.slice(at));
  return parts.map((p, i) => <Fragment key={i}>{p}</Fragment>);
}
