/**
 * The hand-in record: built from the progress this browser keeps, every step listed (unreached
 * ones with a null answer), the totals counted from the steps, the version changing with the
 * lesson's text, and the CSV quoted by RFC 4180 so a spreadsheet reads commas, quotes and line
 * breaks in answers back as they were.
 */
import { describe, expect, it } from 'vitest';
import { lessons } from '../../src/content/lessons/index.ts';
import { HAND_IN_CSV_COLUMNS, HAND_IN_FORMAT, handInCsv, handInRecord, lessonVersion } from '../../src/ui/lessons/handIn.ts';
import type { Progress } from '../../src/ui/lessons/progress.ts';

const lesson = lessons().find((l) => l.name === 'slow-start')!;
const progress: Progress = {
  'slow-start': {
    0: { correct: true, question: 'How does cwnd grow?', answer: 'It doubles every round trip', runSays: 'It doubles every round trip', feedback: ['Right.'], fingerprints: ['0a1b2c3d'] },
    1: { correct: false, question: 'What will ssthresh be, "in segments"?', answer: '7 segments', runSays: '50 segments', feedback: ['The run says 50 segments; you said 7 segments.', 'second, line\nbreak'], fingerprints: ['deadbeef'] },
  },
};

describe('hand-in record', () => {
  const r = handInRecord(lesson, progress, '2026-11-28T10:00:00.000Z');

  it('lists every step, the unreached one unanswered, and counts from the steps', () => {
    expect(r.format).toBe(HAND_IN_FORMAT);
    expect(r.steps.map((s) => [s.step, s.kind, s.answer !== null])).toEqual([
      [1, 'choice', true],
      [2, 'number', true],
      [3, 'sketch', false],
    ]);
    expect(r.steps[2].correct).toBeNull();
    expect([r.answered, r.right, r.of]).toEqual([2, 1, 3]);
    expect(r.steps[1].fingerprints).toEqual(['deadbeef']);
  });

  it('has a version that changes when the lesson does', () => {
    expect(lessonVersion(lesson)).toMatch(/^slow-start@[0-9a-z]+$/);
    const edited = { ...lesson, steps: lesson.steps.map((s, i) => (i === 0 ? { ...s, prompt: `${s.prompt} ` } : s)) };
    expect(lessonVersion(edited)).not.toBe(lessonVersion(lesson));
  });

  it('writes CSV that a RFC 4180 reader splits back into the same fields', () => {
    const csv = handInCsv(r);
    // a minimal RFC 4180 reader, written here
    const rows: string[][] = [];
    let row: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < csv.length; i++) {
      const c = csv[i];
      if (quoted) {
        if (c === '"' && csv[i + 1] === '"') {
          field += '"';
          i++;
        } else if (c === '"') quoted = false;
        else field += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        row.push(field);
        field = '';
      } else if (c === '\r' && csv[i + 1] === '\n') {
        row.push(field);
        rows.push(row);
        row = [];
        field = '';
        i++;
      } else field += c;
    }
    expect(rows[0]).toEqual([...HAND_IN_CSV_COLUMNS]);
    expect(rows).toHaveLength(4);
    const step2 = Object.fromEntries(HAND_IN_CSV_COLUMNS.map((c, i) => [c, rows[2][i]]));
    expect(step2.question).toBe('What will ssthresh be, "in segments"?');
    expect(step2.feedback).toBe('The run says 50 segments; you said 7 segments. | second, line\nbreak');
    expect(step2.correct).toBe('false');
    expect(rows[3][HAND_IN_CSV_COLUMNS.indexOf('answer')]).toBe('');
  });
});
