/**
 * Regenerates the README's screenshots in docs/ from the built app (`npm run build` first):
 * `node --import tsx tests/e2e/docs-shots.ts`. Not a test; the browser tests take the same
 * views (test-output/e2e/) and check their geometry.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { encodeState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW, type ViewState } from '../../src/ui/state/view.ts';
import { launchBrowser, ROOT, settled, startPreview, stopProcess } from './harness.ts';

const DOCS = join(ROOT, 'docs');

function hashFor(name: string, view: Partial<ViewState>): string {
  const p = getPreset(name)!;
  const parsed = parseScenario(p.scenario);
  if (!parsed.ok) throw new Error(`${name} does not validate`);
  return encodeState({ scenario: parsed.scenario, view: { ...DEFAULT_VIEW, compare: [...(p.compare ?? [])], ...view } });
}

const preview = await startPreview();
const browser = await launchBrowser();
let visit = 0;
/** `name` null: a first visit, as a newcomer sees it (no link, nothing stored, a light system theme). */
async function shot(size: { width: number; height: number }, name: string | null, view: Partial<ViewState>, file: string, act: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: size, colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto(name === null ? `${preview.url}?docs=${++visit}` : `${preview.url}?docs=${++visit}#${hashFor(name, view)}`);
  await settled(page);
  await act(page);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForTimeout(300); // resize observers and the cursor layer have drawn
  await page.screenshot({ path: join(DOCS, file) });
  await context.close();
}
const seek = (tS: number) => async (page: Page) => page.getByTestId('seek').fill(String(tS));
try {
  await shot({ width: 1280, height: 720 }, 'reference-2mbps', { presenter: true, present: ['cwnd', 'queue'] }, 'presenter-1280x720.png', async (page) => {
    await page.keyboard.press('ArrowRight'); // the first loss event …
    await page.keyboard.press('ArrowRight'); // … and the fast retransmit that starts the first recovery, with its caption
  });
  await shot({ width: 1440, height: 900 }, null, {}, 'first-visit-1440x900.png', async () => undefined);
  await shot({ width: 1920, height: 1080 }, 'lp-uncorrelated', { presenter: true, present: ['cwnd', 'estimate'], theme: 'dark' }, 'presenter-compare-1920x1080-dark.png', seek(41));
  await shot({ width: 390, height: 844 }, null, {}, 'phone-390x844.png', async () => undefined);
  await shot({ width: 390, height: 844 }, 'reference-2mbps', { theme: 'dark' }, 'phone-sheet-390x844-dark.png', async (page) => {
    await page.getByTestId('drawer-toggle').click();
  });
  await shot({ width: 1920, height: 1080 }, 'lp-uncorrelated', {}, 'screenshot.png', seek(41));
} finally {
  await browser.close();
  await stopProcess(preview.proc);
}
