/**
 * Ways into the lessons: the toolbar's Lessons menu (the lessons that use the preset shown,
 * then every lesson, its level and progress, and a reset). The first visit's invitation to
 * lesson 1 is in LessonInvite.tsx, on the first screen without the lesson catalogue.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { lessonPresets } from '../../content/lessons/evaluate.ts';
import { lessons } from '../../content/lessons/index.ts';
import { encodeLessonHash } from './route.ts';
import { lessonStatus, placesLeft, resetProgress, type Progress } from './progress.ts';

export function LessonMenu({ progress, onProgress, preset, initiallyOpen = false }: { progress: Progress; onProgress: (p: Progress) => void; preset?: string; initiallyOpen?: boolean }) {
  const places = placesLeft();
  // opened before its code was in (lazy.tsx): it opens once in the page, as a click opens it, so
  // the toolbar's menu handling (useDismissMenus) places it like any menu
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (initiallyOpen && menu.current) menu.current.open = true;
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  // a choice closes the menu, so it does not cover the lesson card it opened
  const closeOnChoice = (e: MouseEvent<HTMLElement>): void => {
    if ((e.target as HTMLElement).closest('a')) e.currentTarget.closest('details')?.removeAttribute('open');
  };
  return (
    <details ref={menu} className="menu lesson-menu" data-testid="lesson-menu">
      <summary>Lessons</summary>
      <div className="menu-body" onClick={closeOnChoice}>
        <PresetLessons preset={preset} />
        <ol className="lesson-list">
          {lessons().map((l) => {
            const status = lessonStatus(progress, l.name, l.steps.length, places[l.name]);
            const at = Math.min(places[l.name] ?? 0, l.steps.length - 1);
            const mark = status === 'done' ? '✓ done' : status === 'in progress' ? `in progress, step ${at + 1} of ${l.steps.length}` : `${l.steps.length} steps`;
            return (
              <li key={l.name} className={`lesson-${status.replace(' ', '-')}`}>
                <a href={`#${encodeLessonHash({ name: l.name, step: status === 'in progress' ? at : 0 })}`} data-testid={`lesson-${l.name}`} aria-describedby={`lesson-meta-${l.name}`}>
                  {l.title}
                </a>{' '}
                <span className="lesson-meta" id={`lesson-meta-${l.name}`} data-testid={`lesson-status-${l.name}`}>
                  {l.level} · {mark}
                </span>
              </li>
            );
          })}
        </ol>
        <button type="button" data-testid="reset-progress" onClick={() => onProgress(resetProgress())}>
          Reset my progress
        </button>
      </div>
    </details>
  );
}

/** The lessons using the preset shown, at the top of the Lessons menu, each opening at its step on that preset. */
export function PresetLessons({ preset }: { preset: string | undefined }) {
  if (!preset) return null;
  const using = lessons().filter((l) => lessonPresets(l).includes(preset));
  if (using.length === 0) return null;
  return (
    <section className="preset-lessons" data-testid="preset-lessons" aria-label={`Lessons using ${preset}`}>
      <h3>Using this preset ({preset})</h3>
      <ul>
        {using.map((l) => (
          <li key={l.name}>
            <a href={`#${encodeLessonHash({ name: l.name, step: l.steps.findIndex((s) => 'preset' in s.scenario && s.scenario.preset === preset) })}`}>{l.title}</a>
          </li>
        ))}
      </ul>
      <h3>All lessons</h3>
    </section>
  );
}
