/**
 * The toolbar's Export, Presets and Lessons menus as the app renders them (AppMenus.tsx, which
 * comes with the controls after the first chart): each a stand-in of the same label until its
 * own chunk is in (lazy.tsx loads them once the first picture's runs are complete).
 */
import { lazy, Suspense, useState } from 'react';
import type { Progress } from './lessons/progress.ts';
import { deferred, exportMenu, lessonMenu, presetMenu, useFirstPictureUp } from './lazy.tsx';

// The toolbar keeps the menu's place (and its label) while the chunk loads.
export const ExportMenu = deferred(
  () => exportMenu().then((m) => m.ExportMenu),
  () => (
    <details className="menu export-menu">
      <summary>Export</summary>
    </details>
  ),
);
/**
 * The toolbar's Presets and Lessons menus: until their chunks are in, a button or summary of the
 * same label holds the place; opened before then, it loads them and the menu opens as it arrives.
 * Their chunks bring the late checks (state/late.ts), which the first chart does not wait for.
 */
const RealPresetMenu = lazy(() => presetMenu().then((m) => ({ default: m.PresetMenu })));
export function PresetMenu(props: { current?: string; onPick: (name: string) => void }) {
  const [asked, setAsked] = useState(false);
  const standIn = (
    <div className="preset-menu">
      <button type="button" aria-expanded={false} data-testid="preset-menu" aria-busy={asked} onClick={() => setAsked(true)}>
        Presets <span aria-hidden="true">▾</span>
      </button>
    </div>
  );
  if (!useFirstPictureUp() && !asked) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RealPresetMenu {...props} initiallyOpen={asked} />
    </Suspense>
  );
}

const RealLessonMenu = lazy(() => lessonMenu().then((m) => ({ default: m.LessonMenu })));
export function LessonMenu(props: { progress: Progress; onProgress: (p: Progress) => void; preset?: string }) {
  const [asked, setAsked] = useState(false);
  const standIn = (
    <details className="menu lesson-menu" data-testid="lesson-menu" onToggle={(e) => setAsked(e.currentTarget.open)}>
      <summary>Lessons</summary>
    </details>
  );
  if (!useFirstPictureUp() && !asked) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RealLessonMenu {...props} initiallyOpen={asked} />
    </Suspense>
  );
}
