/**
 * What the first chart does not need, loaded on demand: the export menu, the scenario editor, a
 * lesson's pane and its instructor tools. Each is a component with the original's props that
 * renders the original once its chunk is in (nothing, or a stand-in of the same size, until
 * then), so the app imports these in place of the originals and nothing else changes.
 * `preloadDeferred` fetches them all once the first picture is up, so opening any is instant, and
 * so the panels the registry loads on demand (panels/registry.ts).
 */
import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { preloadPanels } from './panels/registry.ts';

const exportMenu = () => import('./panels/ExportMenu.tsx');
const scenarioControls = () => import('./controls/ScenarioControls.tsx');
const lessonPane = () => import('./lessons/LessonPane.tsx');
const lessonTools = () => import('./lessons/LessonTools.tsx');

function deferred<P extends object>(load: () => Promise<ComponentType<P>>, fallback: () => ReactNode = () => null): (props: P) => ReactNode {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function Deferred(props: P) {
    return <Suspense fallback={fallback()}>{createElement(Lazy as ComponentType<P>, props)}</Suspense>;
  };
}

// The toolbar keeps the menu's place (and its label) while the chunk loads.
export const ExportMenu = deferred(
  () => exportMenu().then((m) => m.ExportMenu),
  () => (
    <details className="menu export-menu">
      <summary>Export</summary>
    </details>
  ),
);
export const ScenarioControls = deferred(() => scenarioControls().then((m) => m.ScenarioControls));
export const LessonPane = deferred(() => lessonPane().then((m) => m.LessonPane));
export const LockLinkBuilder = deferred(() => lessonTools().then((m) => m.LockLinkBuilder));
export const LockedControls = deferred(() => lessonTools().then((m) => m.LockedControls));

let preloaded = false;
export function preloadDeferred(): void {
  if (preloaded) return;
  preloaded = true;
  for (const load of [exportMenu, scenarioControls, lessonPane, lessonTools]) void load().catch(() => {});
  preloadPanels();
}
