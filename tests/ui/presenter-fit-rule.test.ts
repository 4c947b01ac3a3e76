/**
 * The presenter panel-count rule (shell/presenterFit.ts), branch by branch: a lesson card on a
 * short screen leaves one panel; a comparison of more than three runs two on any screen (their
 * legends left 26–64 px of plot at 1920 × 1080); otherwise four on a roomy screen and two elsewhere.
 * The picker's note names what limits it.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PRESENT } from '../../src/ui/state/view.ts';
import { presenterFit, presenterFitNote } from '../../src/ui/shell/presenterFit.ts';

describe('presenter fit', () => {
  it('counts panels by screen, lesson card and compared runs', () => {
    expect(presenterFit({ lesson: false, runs: 3, roomy: true, tall: true })).toEqual({ panels: MAX_PRESENT, by: 'screen' });
    expect(presenterFit({ lesson: false, runs: 3, roomy: false, tall: true })).toEqual({ panels: 2, by: 'screen' });
    expect(presenterFit({ lesson: false, runs: 4, roomy: true, tall: true })).toEqual({ panels: 2, by: 'runs' });
    expect(presenterFit({ lesson: false, runs: 5, roomy: false, tall: false })).toEqual({ panels: 2, by: 'runs' });
    expect(presenterFit({ lesson: true, runs: 1, roomy: false, tall: false })).toEqual({ panels: 1, by: 'lesson' });
    expect(presenterFit({ lesson: true, runs: 4, roomy: true, tall: true })).toEqual({ panels: 2, by: 'runs' });
    expect(presenterFit({ lesson: true, runs: 1, roomy: true, tall: true })).toEqual({ panels: MAX_PRESENT, by: 'screen' });
  });
  it('says why', () => {
    expect(presenterFitNote({ panels: 2, by: 'screen' })).toMatch(/holds 2 readable panels; three or four need one of at least 1900 × 1050 px/);
    expect(presenterFitNote({ panels: 2, by: 'runs' })).toMatch(/more than 3 runs compared/);
    expect(presenterFitNote({ panels: 1, by: 'lesson' })).toMatch(/lesson card.*1 readable panel.*1050 px high/);
  });
});
