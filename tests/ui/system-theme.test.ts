/**
 * Which first views follow the system's dark preference: a page opened with no hash and one opened
 * from a lesson link (which carries no theme), but not a shared state link, which carries its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initialFromHash } from '../../src/ui/model/appModel.ts';
import { encodeLessonHash } from '../../src/ui/lessons/route.ts';
import { encodeState } from '../../src/ui/state/url.ts';
import { withSystemTheme } from '../../src/ui/shell/systemTheme.ts';
import { loadChecks } from '../../src/ui/state/late.ts';

// A link is decoded with the scenario checks, which the app loads after the first chart (src/ui/state/late.ts).
beforeAll(async () => {
  await loadChecks();
});

describe('the system theme on a first view', () => {
  it('is taken by a plain page and a lesson link, not by a state link, and only when the system asks for dark', () => {
    const plain = initialFromHash('');
    const lesson = initialFromHash(encodeLessonHash({ name: 'bufferbloat-cures', step: 1 }));
    expect(lesson.lesson?.name).toBe('bufferbloat-cures');
    const light = plain.state!;
    const link = initialFromHash(encodeState({ scenario: light.scenario, view: { ...light.view, theme: 'light' } }));
    expect(withSystemTheme(plain, true).state?.view.theme).toBe('dark');
    expect(withSystemTheme(lesson, true).state?.view.theme).toBe('dark');
    expect(withSystemTheme(link, true).state?.view.theme).toBe('light');
    expect(withSystemTheme(lesson, false).state?.view.theme).toBe(lesson.state?.view.theme);
  });
});
