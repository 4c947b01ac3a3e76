/** The id of the element the app leaves on the stage for a lesson's question (the pane portals it there). */
export const LESSON_STAGE_SLOT = 'lesson-stage-slot';
