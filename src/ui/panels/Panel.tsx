import type { ReactNode } from 'react';

interface Props {
  title: string;
  /** One line telling a student what to look for. */
  hint: string;
  legend?: ReactNode;
  children: ReactNode;
  id: string;
}

export function Panel({ title, hint, legend, children, id }: Props) {
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <header className="panel-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {legend ? <ul className="legend">{legend}</ul> : null}
      </header>
      <p className="hint">{hint}</p>
      {children}
    </section>
  );
}
