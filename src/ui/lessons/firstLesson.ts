/**
 * Lesson 1 as the first visit's invitation shows it, without loading the lesson catalogue;
 * tests/ui/firstLoad.test.ts checks it against the catalogue's first lesson.
 */
export const FIRST_LESSON = { name: 'slow-start', title: 'Slow start and congestion avoidance', steps: 3 } as const;

/** Its first step's link, as route.ts's encodeLessonHash writes it (checked by the same test). */
export const FIRST_LESSON_HASH = `lesson=${FIRST_LESSON.name}&step=1`;
