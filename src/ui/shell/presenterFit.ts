/**
 * How many panels presenter mode can show readably. Presenter type is fixed in pixels (24 px
 * titles, 20 px legends, 22 px ticks), so a 2 × 2 grid leaves each plot too short to read on a
 * projector's 1280 × 720: measured on the `real-handoff` comparison, each row there keeps under
 * 60 px of plot. At 1920 × 1080 every plot keeps at least 160 px; below about 1 000 px of height
 * (or 1 600 px of width, where the legends wrap onto more lines) it does not. So three or four
 * panels are offered only on a screen at least that large; elsewhere two, and the panel picker
 * says why (tests/e2e/presenter-fit.test.ts).
 */
import { MAX_PRESENT } from '../state/view.ts';
import { useMedia } from './useMedia.ts';
import './presenterFit.css';

export const ROOMY_WIDTH_PX = 1600;
export const ROOMY_HEIGHT_PX = 1000;
const ROOMY_QUERY = `(min-width: ${ROOMY_WIDTH_PX}px) and (min-height: ${ROOMY_HEIGHT_PX}px)`;
/** What a smaller screen holds: two panels side by side, each the full height. */
export const SMALL_SCREEN_PANELS = 2;

/** The most panels presenter mode shows on this screen, following resizes. */
export function usePresenterFit(): number {
  return useMedia(ROOMY_QUERY) ? MAX_PRESENT : SMALL_SCREEN_PANELS;
}
