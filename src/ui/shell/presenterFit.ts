/**
 * How many panels presenter mode can show readably. Presenter type is fixed in pixels (24 px
 * titles, 20 px legends, 22 px ticks), so a 2 × 2 grid leaves each plot too short to read on a
 * projector's 1280 × 720: measured on the `real-handoff` comparison, each row there keeps under
 * 60 px of plot. Measured on four comparisons with four panels (real-handoff, lesson 2's
 * multi-loss-window, cures-codel, nj-asymmetric): at 1600 × 1000 the shortest plots were 128–130
 * px, at 1600–1680 × 1050 153–155 px (the legends wrap onto more lines below about 1 900 px of
 * width), at 1920 × 1050 181 px or more, at 1920 × 1080 196 px or more. So three or four panels are
 * offered only from 1900 × 1050. And only for up to three runs: with four or five compared
 * variants a panel's legend (the estimates', the probes') takes so many lines that at
 * 1920 × 1080 its plot kept 26–64 px (lp-correlated, probing-handoff, nj-asymmetric). Elsewhere
 * two, and the panel picker says why (tests/e2e/presenter-fit.test.ts).
 */
import { MAX_PRESENT } from '../state/viewLimits.ts';
import { useMedia } from './useMedia.ts';
import './presenterFit.css';

export const ROOMY_WIDTH_PX = 1900;
export const ROOMY_HEIGHT_PX = 1050;
/** The most compared runs whose legends leave three or four panels readable. */
export const MAX_RUNS_FOR_MORE_PANELS = 3;
const ROOMY_QUERY = `(min-width: ${ROOMY_WIDTH_PX}px) and (min-height: ${ROOMY_HEIGHT_PX}px)`;
const TALL_QUERY = `(min-height: ${ROOMY_HEIGHT_PX}px)`;
/** What a smaller screen holds: two panels side by side, each the full height. */
export const SMALL_SCREEN_PANELS = 2;
/**
 * With a lesson open the card takes a third of the width beside the charts, and the transport
 * and the caption area sit above them; under 1050 px of height two panels side by side in what
 * is left wrapped their legends into the plot's room. One panel keeps its legend on one line;
 * presenterFit.css drops the notices there, so the plot keeps its 160 px.
 */
export const LESSON_SHORT_SCREEN_PANELS = 1;

/** How many panels presenter mode shows, and why no more (the panel picker's note). */
export interface PresenterFit {
  panels: number;
  /** What limits it: the screen, the lesson card beside a short screen, or the number of compared runs. */
  by: 'screen' | 'lesson' | 'runs';
}

/**
 * The most panels presenter mode shows on this screen, following resizes; fewer beside a lesson
 * card on a short screen, and two for a comparison of more than three runs.
 */
export function usePresenterFit(lesson = false, runs = 1): PresenterFit {
  return presenterFit({ lesson, runs, roomy: useMedia(ROOMY_QUERY), tall: useMedia(TALL_QUERY) });
}

/** The rule itself: `roomy` at least ROOMY_WIDTH_PX × ROOMY_HEIGHT_PX, `tall` at least ROOMY_HEIGHT_PX high. */
export function presenterFit({ lesson, runs, roomy, tall }: { lesson: boolean; runs: number; roomy: boolean; tall: boolean }): PresenterFit {
  if (lesson && !tall) return { panels: LESSON_SHORT_SCREEN_PANELS, by: 'lesson' };
  if (runs > MAX_RUNS_FOR_MORE_PANELS) return { panels: SMALL_SCREEN_PANELS, by: 'runs' };
  return roomy ? { panels: MAX_PRESENT, by: 'screen' } : { panels: SMALL_SCREEN_PANELS, by: 'screen' };
}

/** What the panel picker says when it offers fewer than MAX_PRESENT panels. */
export function presenterFitNote(fit: PresenterFit): string {
  if (fit.by === 'lesson')
    return `Beside the lesson card this screen holds ${fit.panels} readable panel, without its notice; two need a screen at least ${ROOMY_HEIGHT_PX} px high.`;
  if (fit.by === 'runs') return `With more than ${MAX_RUNS_FOR_MORE_PANELS} runs compared the legends take several lines: ${fit.panels} panels stay readable on any screen.`;
  return `This screen holds ${fit.panels} readable panels; three or four need one of at least ${ROOMY_WIDTH_PX} × ${ROOMY_HEIGHT_PX} px.`;
}
