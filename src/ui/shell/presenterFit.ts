/**
 * How many panels presenter mode can show readably. Presenter type is fixed in pixels (24 px
 * titles, 20 px legends, 22 px ticks), so a 2 × 2 grid leaves each plot too short to read on a
 * projector's 1280 × 720: measured on the `real-handoff` comparison, each row there keeps under
 * 60 px of plot. At 1920 × 1080 every plot keeps at least 160 px; below about 1 000 px of height
 * (or 1 600 px of width, where the legends wrap onto more lines) it does not. So three or four
 * panels are offered only on a screen at least that large; elsewhere two, and the panel picker
 * says why (tests/e2e/presenter-fit.test.ts).
 */
import { MAX_PRESENT } from '../state/viewLimits.ts';
import { useMedia } from './useMedia.ts';
import './presenterFit.css';

export const ROOMY_WIDTH_PX = 1600;
export const ROOMY_HEIGHT_PX = 1000;
const ROOMY_QUERY = `(min-width: ${ROOMY_WIDTH_PX}px) and (min-height: ${ROOMY_HEIGHT_PX}px)`;
const TALL_QUERY = `(min-height: ${ROOMY_HEIGHT_PX}px)`;
/** What a smaller screen holds: two panels side by side, each the full height. */
export const SMALL_SCREEN_PANELS = 2;
/**
 * With a lesson open, its card, the transport and the caption area take about 460 of 720 px, and
 * two panels side by side each wrapped their legends and notices into what was left: at 1280 × 720
 * no plot showed at all. One panel, full width, keeps its legend on one line; presenterFit.css
 * drops the notices there, so the plot keeps its 160 px.
 */
export const LESSON_SHORT_SCREEN_PANELS = 1;

/** The most panels presenter mode shows on this screen, following resizes; fewer under a lesson card on a short screen. */
export function usePresenterFit(lesson = false): number {
  const roomy = useMedia(ROOMY_QUERY);
  const tall = useMedia(TALL_QUERY);
  if (lesson && !tall) return LESSON_SHORT_SCREEN_PANELS;
  return roomy ? MAX_PRESENT : SMALL_SCREEN_PANELS;
}

/** What the panel picker says when it offers fewer than MAX_PRESENT panels. */
export function presenterFitNote(fit: number): string {
  if (fit <= LESSON_SHORT_SCREEN_PANELS)
    return `Under the lesson card this screen holds ${fit} readable panel, without its notice; two need a screen at least ${ROOMY_HEIGHT_PX} px high.`;
  return `This screen holds ${fit} readable panels; three or four need one of at least ${ROOMY_WIDTH_PX} × ${ROOMY_HEIGHT_PX} px.`;
}
