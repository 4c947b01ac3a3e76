/**
 * The toolbar's Export, Presets and Lessons menus as the app renders them (AppMenus.tsx, which
 * comes with the controls after the first chart): each a stand-in of the same label until its
 * own chunk is in (lazy.tsx loads them once the first picture's runs are complete).
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Progress } from './lessons/progress.ts';
import { deferred, exportMenu, lessonMenu, presetMenu, useFirstPictureUp } from './lazy.tsx';
import { StandInDetails } from './shell/StandInDetails.tsx';

// The toolbar keeps the menu's place (and its label) while the chunk loads. Each stand-in is
// marked `data-late`, as lateControls.tsx's are, so the browser tests' settled() waits for the
// real menus too: a test that measures or clicks the toolbar then meets the menus a user ends with.
const LATE = 'menus';

export const ExportMenu = deferred(
  () => exportMenu().then((m) => m.ExportMenu),
  () => (
    <details className="menu export-menu" data-late={LATE}>
      <summary>Export</summary>
    </details>
  ),
);
/**
 * The toolbar's Presets and Lessons menus: until their chunks are in, a button or summary of the
 * same label holds the place; opened before then, it loads them and the menu opens as it arrives.
 * Their chunks bring the late checks (state/late.ts), which the first chart does not wait for.
 */
/**
 * A catalogue menu's stand-in until the first picture is up or the menu is asked for; then the
 * real menu (`children`, a lazy component, whose chunk starts loading as it is first rendered),
 * behind the same stand-in until its chunk is in.
 */
function UntilAsked({ asked, standIn, children }: { asked: boolean; standIn: ReactNode; children: ReactNode }) {
  if (!useFirstPictureUp() && !asked) return standIn;
  return <Suspense fallback={standIn}>{children}</Suspense>;
}

const RealPresetMenu = lazy(() => presetMenu().then((m) => ({ default: m.PresetMenu })));
export function PresetMenu(props: { current?: string; onPick: (name: string) => void }) {
  const [asked, setAsked] = useState(false);
  const standIn = (
    <div className="preset-menu" data-late={LATE}>
      <button type="button" aria-expanded={false} data-testid="preset-menu" aria-busy={asked} onClick={() => setAsked(true)}>
        Presets <span aria-hidden="true">▾</span>
      </button>
    </div>
  );
  return (
    <UntilAsked asked={asked} standIn={standIn}>
      <RealPresetMenu {...props} initiallyOpen={asked} />
    </UntilAsked>
  );
}

const RealLessonMenu = lazy(() => lessonMenu().then((m) => ({ default: m.LessonMenu })));
export function LessonMenu(props: { progress: Progress; onProgress: (p: Progress) => void; preset?: string }) {
  const [asked, setAsked] = useState(false);
  const standIn = (
    <StandInDetails open={asked} onOpen={setAsked} className="menu lesson-menu" testId="lesson-menu" late={LATE}>
      Lessons
    </StandInDetails>
  );
  return (
    <UntilAsked asked={asked} standIn={standIn}>
      <RealLessonMenu {...props} initiallyOpen={asked} />
    </UntilAsked>
  );
}
