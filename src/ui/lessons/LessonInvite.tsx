/**
 * The first visit's one-line invitation to lesson 1 (dismissed for good with one click). It is on
 * the first screen, so it names lesson 1 from firstLesson.ts rather than loading the lesson
 * catalogue; its link is the one route.ts's encodeLessonHash writes for step 1.
 */
import { useState } from 'react';
import { FIRST_LESSON, FIRST_LESSON_HASH } from './firstLesson.ts';
import { loadProgress } from './progress.ts';

const INVITE_KEY = 'tcplab.lessons.invite-dismissed';

function inviteDismissed(): boolean {
  try {
    return localStorage.getItem(INVITE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Shown on the default page to a visitor who has not started a lesson: one click in, one click away. */
export function LessonInvite() {
  const [shown, setShown] = useState(() => !inviteDismissed() && Object.keys(loadProgress()).length === 0);
  if (!shown) return null;
  const first = FIRST_LESSON;
  return (
    <section className="lesson-invite" aria-label="Lessons" data-testid="lesson-invite">
      <p title={`${first.title}: ${first.steps} short steps on this chart; you predict, then the run shows what happens.`}>
        New here? <strong>{first.title}</strong>, {first.steps} short steps on this chart.
      </p>
      <a className="button-link primary" href={`#${FIRST_LESSON_HASH}`} data-testid="start-lesson">
        Start lesson 1
      </a>
      <button
        type="button"
        onClick={() => {
          try {
            localStorage.setItem(INVITE_KEY, '1');
          } catch {
            // a private window forgets: the invitation may come back next time
          }
          setShown(false);
        }}
      >
        No thanks
      </button>
    </section>
  );
}
