/**
 * At a lesson's end: the student's record to hand in (handIn.ts) — copied, or downloaded as
 * JSON or CSV. Read from the progress this browser keeps, so a reload loses nothing.
 */
import { useState } from 'react';
import type { Lesson } from '../../content/lessons/schema.ts';
import { handInCsv, handInRecord, type HandInRecord } from './handIn.ts';
import { loadProgress } from './progress.ts';

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function HandIn({ lesson }: { lesson: Lesson }) {
  const [note, setNote] = useState('');
  // read when used: the last step's fingerprints may arrive after this renders
  const record = (): HandInRecord => handInRecord(lesson, loadProgress(), new Date().toISOString());
  const file = (ext: string): string => `${lesson.name}-record-${new Date().toISOString().slice(0, 10)}.${ext}`;
  const r = handInRecord(lesson, loadProgress(), '');
  return (
    <section className="lesson-handin" aria-label="Your record to hand in" data-testid="lesson-handin">
      <p>
        <strong>Your record:</strong> {r.right} of {r.of} answers right, {r.answered} answered. It holds your answers, what the run said, your scores and the runs’ fingerprints.
      </p>
      <p className="lesson-handin-buttons">
        <button
          type="button"
          data-testid="handin-copy"
          onClick={() => {
            navigator.clipboard
              ?.writeText(JSON.stringify(record(), null, 2))
              .then(() => setNote('Copied.'))
              .catch(() => setNote('Copying was refused: download the file instead.'));
          }}
        >
          Copy
        </button>
        <button type="button" data-testid="handin-json" onClick={() => download(file('json'), 'application/json', JSON.stringify(record(), null, 2))}>
          Download JSON
        </button>
        <button type="button" data-testid="handin-csv" onClick={() => download(file('csv'), 'text/csv', handInCsv(record()))}>
          Download CSV
        </button>
        <span role="status" className="lesson-hint">
          {note}
        </span>
      </p>
    </section>
  );
}
