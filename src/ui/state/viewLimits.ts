/**
 * The view's size limits, without its schema: the first screen reads them, and importing the
 * schema (view.ts) would bring the validator library into the first load.
 */

/** Enough for every panel the screen can hold, small enough that a hostile link cannot bloat it. */
export const MAX_PANELS = 32;
/** Beyond six lines a chart stops being readable, and Okabe–Ito has only so many colours. */
export const MAX_COMPARE = 6;
/** A projector shows at most four panels legibly (a 2 × 2 grid at 1280 × 720). */
export const MAX_PRESENT = 4;
