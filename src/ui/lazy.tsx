/**
 * What the first chart does not need, loaded on demand: the scenario editor, a lesson's pane and
 * its instructor tools, the keyboard help (and the toolbar's menus: lazyMenus.tsx). Each is a component with the
 * original's props that renders the original once its chunk is in (nothing, or a stand-in of the
 * same size, until then), so the app imports these in place of the originals and nothing else
 * changes.
 * `preloadDeferred` fetches them all once the first picture is up, so opening any is instant, and
 * so the panels the registry loads on demand (panels/registry.ts).
 */
import { createElement, lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { preloadPanels } from './panels/registry.ts';
import { loadChecks } from './state/late.ts';
import { lateModule, useLate } from './state/lateModule.ts';

export const exportMenu = () => import('./panels/ExportMenu.tsx');
const scenarioControls = () => import('./controls/ScenarioControls.tsx');
const lessonPane = () => import('./lessons/LessonPane.tsx');
const lessonTools = () => import('./lessons/LessonTools.tsx');
const keyHelp = () => import('./shell/KeyHelp.tsx');
// The two catalogue menus act through the late checks (a preset is validated, a lesson link
// decoded), so each arrives with them.
export const presetMenu = () => Promise.all([import('./panels/PresetMenu.tsx'), loadChecks()]).then(([m]) => m);
export const lessonMenu = () => Promise.all([import('./lessons/LessonMenu.tsx'), loadChecks()]).then(([m]) => m);

export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, fallback: () => ReactNode = () => null): (props: P) => ReactNode {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function Deferred(props: P) {
    return <Suspense fallback={fallback()}>{createElement(Lazy as ComponentType<P>, props)}</Suspense>;
  };
}

export const ScenarioControls = deferred(() => scenarioControls().then((m) => m.ScenarioControls));
export const LessonPane = deferred(() => lessonPane().then((m) => m.LessonPane));
export const LockLinkBuilder = deferred(() => lessonTools().then((m) => m.LockLinkBuilder));
export const LockedControls = deferred(() => lessonTools().then((m) => m.LockedControls));

// The keyboard help is read as a late module, not through React.lazy: once its chunk is in (after
// the first picture), `?` opens it in the same render, as before; pressed earlier, `?` loads it and
// the dialog opens as it arrives.
const lateKeyHelp = lateModule(keyHelp);
export function KeyHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const m = useLate(lateKeyHelp);
  useEffect(() => {
    if (open) void lateKeyHelp.load().catch(() => {});
  }, [open]);
  return m ? <m.KeyHelp open={open} onClose={onClose} /> : null;
}

// Whether the first picture is up (preloadDeferred has run): a lazy component starts loading
// when first rendered, so the catalogue menus render theirs only from then on, or once asked.
let firstPictureUp = false;
const onFirstPicture = new Set<() => void>();
export const useFirstPictureUp = (): boolean =>
  useSyncExternalStore(
    (l) => {
      onFirstPicture.add(l);
      return () => onFirstPicture.delete(l);
    },
    () => firstPictureUp,
  );

let preloaded = false;
export function preloadDeferred(): void {
  if (preloaded) return;
  preloaded = true;
  // once the page is idle, so compiling these chunks (the late checks are the largest) does not
  // hold up painting the first picture
  const go = (): void => {
    firstPictureUp = true;
    for (const l of [...onFirstPicture]) l();
    for (const load of [exportMenu, scenarioControls, lessonPane, lessonTools, presetMenu, lessonMenu, lateKeyHelp.load]) void load().catch(() => {});
    preloadPanels();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(go, { timeout: 1000 });
  else setTimeout(go, 100);
}
