/**
 * What the page's entry chunk holds: src/ui/main.tsx and every module it imports statically
 * (`import type` is erased; `import('…')` starts a chunk of its own). The parts a first chart does
 * not need must stay behind a dynamic import, else the bundler puts them back into the first
 * load: each is listed here with the loader that brings it in later.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const STATIC = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^;'"]*?\sfrom\s+)?'([^']+)'/g;
const DYNAMIC = /import\(\s*'([^']+)'\s*\)/g;

const rel = (f: string): string => relative(ROOT, f).split('\\').join('/');

/** Modules reached from `entry` by static imports, and the targets of the dynamic imports among them. */
function staticClosure(entry: string): { files: Set<string>; dynamic: Set<string> } {
  const files = new Set<string>();
  const dynamic = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(rel(file))) return;
    files.add(rel(file));
    if (!/\.tsx?$/.test(file)) return;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(DYNAMIC)) if (m[1].startsWith('.')) dynamic.add(rel(resolve(dirname(file), m[1])));
    for (const m of text.matchAll(STATIC)) {
      if (!m[1].startsWith('.')) continue;
      const path = resolve(dirname(file), m[1]);
      if (!existsSync(path)) throw new Error(`${rel(file)} imports ${m[1]}, which does not exist`);
      visit(path);
    }
  };
  visit(join(ROOT, entry));
  return { files, dynamic };
}

/** Loaded after the first chart, each by the dynamic import of the module named. */
const LATE: Record<string, string> = {
  'src/ui/events/notices.ts': 'src/ui/events/eventsLate.ts',
  'src/ui/events/captions.ts': 'src/ui/events/eventsLate.ts',
  'src/ui/events/glossary.ts': 'src/ui/events/eventsLate.ts',
  'src/ui/events/congestionEvents.ts': 'src/ui/events/eventsLate.ts',
  'src/ui/events/bbrModes.ts': 'src/ui/events/eventsLate.ts',
  'src/ui/events/EventList.tsx': 'src/ui/events/eventsLate.ts',
  'src/ui/state/eventTimes.ts': 'src/ui/events/eventsLate.ts',
  // the probe panel's chart and the band charts' frame (the cwnd chart shades probe cycles without them)
  'src/ui/charts/probeChart.ts': 'src/ui/panels/ProbePanel.tsx',
  'src/ui/charts/bands.ts': 'src/ui/panels/ProbePanel.tsx',
  // an imported capture as a run (the first chart and the grid only ask whether a run is one)
  'src/ui/traces/capturedRun.ts': 'src/ui/traces/TraceImportHost.tsx',
  // the variants' one-line descriptions (menu tooltips), in once the first picture is up
  'src/catalogue/variantDescriptions.ts': 'src/catalogue/variantDescriptions.ts',
  // the keyboard help (shown on `?`), and the bar over a run an experiment opened
  'src/ui/shell/KeyHelp.tsx': 'src/ui/shell/KeyHelp.tsx',
  'src/ui/experiments/ReturnBar.tsx': 'src/ui/experiments/ReturnBar.tsx',
  // the controls around the first chart, after it (their stand-ins are in shell/lateControls.tsx)
  'src/ui/panels/TransportBar.tsx': 'src/ui/shell/controlsLate.ts',
  'src/ui/controls/QuickControls.tsx': 'src/ui/shell/controlsLate.ts',
  'src/ui/controls/quick.ts': 'src/ui/shell/controlsLate.ts',
  'src/ui/panels/LiveEditBar.tsx': 'src/ui/shell/controlsLate.ts',
  'src/ui/panels/changeMarks.ts': 'src/ui/shell/controlsLate.ts',
  'src/ui/state/changeText.ts': 'src/ui/shell/controlsLate.ts',
  'src/ui/shell/AppMenus.tsx': 'src/ui/shell/controlsLate.ts',
  'src/ui/panels/ComparePicker.tsx': 'src/ui/shell/controlsLate.ts',
  'src/ui/lazyMenus.tsx': 'src/ui/shell/controlsLate.ts',
  'src/ui/shell/Drawer.tsx': 'src/ui/shell/controlsLate.ts',
  'src/ui/shell/ShareLine.tsx': 'src/ui/shell/controlsLate.ts',
  'src/ui/shell/Banners.tsx': 'src/ui/shell/controlsLate.ts',
  'src/ui/panels/RunBanner.tsx': 'src/ui/shell/controlsLate.ts',
  'src/ui/panels/ProblemBanner.tsx': 'src/ui/shell/controlsLate.ts',
  'src/ui/panels/ErrorBanner.tsx': 'src/ui/shell/controlsLate.ts',
};

describe('the first load', () => {
  const first = staticClosure('src/ui/main.tsx');

  it('walks the entry: the app, the cwnd panel and the worker client are in it', () => {
    expect([...first.files]).toEqual(expect.arrayContaining(['src/ui/App.tsx', 'src/ui/panels/CwndPanel.tsx', 'src/worker/client.ts']));
  });

  it('leaves the variants\' descriptions out of the simulation worker\'s first chunk too', () => {
    const worker = staticClosure('src/worker/sim.worker.ts');
    expect(worker.files.has('src/catalogue/variants.ts'), 'the walk reaches the catalogue').toBe(true);
    expect(worker.files.has('src/catalogue/variantDescriptions.ts')).toBe(false);
  });

  it('draws the first chart without d3-scale (and what it brings: d3-interpolate, d3-color, d3-format)', () => {
    // the frame's scales are charts/linearScale.ts; a d3 scale constructor called anywhere in the
    // first load would bring the package back (d3 is imported as a namespace, so look for calls)
    expect(first.files.has('src/ui/charts/linearScale.ts')).toBe(true);
    const D3_SCALE = /\bd3\.scale[A-Z]\w*\(|from '(?:d3-scale|d3-interpolate|d3-color|d3-format)'|\bimport\s*\{[^}]*\bscale[A-Z]\w*[^}]*\}\s*from\s*'d3'/;
    const using = [...first.files].filter((f) => /\.tsx?$/.test(f) && D3_SCALE.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(using).toEqual([]);
  });

  it('leaves out what loads after the first chart, which its loader does bring in', () => {
    for (const [file, loader] of Object.entries(LATE)) {
      expect(first.files.has(file), `${file} is in the first load`).toBe(false);
      expect(first.dynamic.has(loader), `nothing in the first load imports ${loader} on demand`).toBe(true);
      expect(staticClosure(loader).files.has(file), `${loader} does not bring ${file}`).toBe(true);
    }
  });
});
