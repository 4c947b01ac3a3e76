/**
 * Prints, per viewport, the page's height in screens (scrollHeight / innerHeight) and whether
 * it scrolls sideways, for the reference scenario and the lp-uncorrelated comparison, in normal
 * and presenter mode. Run after `npm run build`: `node --import tsx tests/e2e/measure-layout.ts`.
 * Not a test: it prints figures for the issue's before/after note. With `--shots <dir>` it also
 * saves a screenshot of every view, light and dark, to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { encodeState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW } from '../../src/ui/state/view.ts';
import { launchBrowser, settled, startPreview, stopProcess } from './harness.ts';

const VIEWPORTS = [
  [1280, 720],
  [1366, 768],
  [1440, 900],
  [1920, 1080],
  [390, 844],
  [844, 390],
] as const;

function hashFor(name: string, presenter: boolean, theme: 'light' | 'dark' = 'light'): string {
  const p = getPreset(name)!;
  const parsed = parseScenario(p.scenario);
  if (!parsed.ok) throw new Error(`${name} does not validate`);
  return encodeState({ scenario: parsed.scenario, view: { ...DEFAULT_VIEW, compare: [...(p.compare ?? [])], presenter, theme } });
}

const shotsAt = process.argv.indexOf('--shots');
const shots = shotsAt > 0 ? process.argv[shotsAt + 1] : null;
if (shots) mkdirSync(shots, { recursive: true });

const preview = await startPreview();
const browser = await launchBrowser();
try {
  const rows: string[] = ['viewport    | reference normal | reference presenter | lp-uncorr. normal | lp-uncorr. presenter'];
  let visit = 0;
  for (const [width, height] of VIEWPORTS) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const cells: string[] = [];
    for (const name of ['reference-2mbps', 'lp-uncorrelated']) {
      for (const presenter of [false, true]) {
        await page.goto(`${preview.url}?m=${++visit}#${hashFor(name, presenter)}`);
        await settled(page);
        const m = await page.evaluate(() => ({ h: document.documentElement.scrollHeight / innerHeight, side: document.documentElement.scrollWidth > innerWidth }));
        cells.push(`${m.h.toFixed(1)} screens${m.side ? ' (sideways)' : ''}`.padEnd(presenter ? 20 : 17));
        if (!shots) continue;
        const base = `${name}-${presenter ? 'presenter' : 'normal'}-${width}x${height}`;
        await page.screenshot({ path: join(shots, `${base}-light.png`) });
        await page.goto(`${preview.url}?m=${++visit}#${hashFor(name, presenter, 'dark')}`);
        await settled(page);
        await page.screenshot({ path: join(shots, `${base}-dark.png`) });
      }
    }
    rows.push(`${`${width}×${height}`.padEnd(11)} | ${cells.join(' | ')}`);
    await context.close();
  }
  console.log(rows.join('\n'));
} finally {
  await browser.close();
  await stopProcess(preview.proc);
}
