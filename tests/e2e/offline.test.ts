/**
 * Offline in Chromium: after one visit the service worker (vite-plugin-pwa, Workbox) has
 * precached the app, so with the network emulated off a reload still opens it, the simulation
 * worker still starts and a run completes, also one with a variant whose engine module the worker
 * loads on demand; the manifest makes it installable.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticImports } from '../../bench/bundle.ts';
import { CHROMIUM, ROOT, settled, watch, type Watched } from './harness.ts';
import { appSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);
const RATE_TEXT = '[data-path="path.0.forward.rateBps"] input[type="text"]';

describe.runIf(haveChromium)('offline in Chromium', () => {
  const session = appSession({ editorOpen: true });
  let context: BrowserContext;
  let page: Page;
  let w: Watched;
  beforeAll(async () => {
    context = await session.browser.newContext({ viewport: { width: 1280, height: 720 } });
    page = await context.newPage();
    w = watch(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('precaches every built asset, the simulation worker included, and links a manifest with icons', () => {
    const sw = readFileSync(join(ROOT, 'dist/sw.js'), 'utf8');
    const html = readFileSync(join(ROOT, 'dist/index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(3);
    for (const a of assets) expect(sw, a).toContain(`"${a}"`);
    expect(sw).toMatch(/"assets\/sim\.worker-[\w-]+\.js"/);
    // and every chunk the simulation worker loads on demand (variants, AQMs, …)
    const worker = readdirSync(join(ROOT, 'dist/assets')).find((f) => /^sim\.worker-[\w-]+\.js$/.test(f)) as string;
    const workerCode = readFileSync(join(ROOT, 'dist/assets', worker), 'utf8');
    // its first chunk starts without fetching another (the first run waits on no chunk)
    expect(staticImports(workerCode, `assets/${worker}`)).toEqual([]);
    const onDemand = [...workerCode.matchAll(/import\(`\.\/([\w.-]+\.js)`\)/g)].map((m) => m[1]);
    expect(onDemand.length).toBeGreaterThan(20);
    for (const c of onDemand) expect(sw, c).toContain(`"assets/${c}"`);
    // Chromium loads favicons past the service worker: a linked file would fail offline
    expect(html).toMatch(/<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,/);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'dist/manifest.webmanifest'), 'utf8'));
    expect(manifest).toMatchObject({ name: 'TCP Lab', display: 'standalone' });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });

  it('with the network off after the first visit, a reload opens the app and a run completes', async () => {
    await page.goto(session.preview.url);
    await settled(page);
    // the service worker has installed and precached the app (it controls the next load)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    try {
      await page.reload();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await settled(page);
      const before = await page.getByTestId('trace-hash').textContent();
      // the editor drawer starts closed below 1400 px wide: open it as a user would
      if ((await page.getByTestId('drawer-toggle').getAttribute('aria-expanded')) !== 'true') await page.getByTestId('drawer-toggle').click();
      await page.locator(RATE_TEXT).fill('3');
      await page.waitForFunction((h) => document.querySelector('[data-testid="trace-hash"]')?.textContent !== h, before, { timeout: 60_000 });
      await settled(page);
      expect(await page.getByTestId('status').textContent()).toMatch(/^ran in/);
      // CUBIC's code is not in the worker's first chunk: it comes from the precache
      await page.locator('[data-testid="compare-menu"] summary').click();
      for (const v of ['newreno', 'cubic']) await page.getByTestId(`compare-${v}`).check();
      await page.locator('[data-testid="compare-menu"] summary').click();
      await page.waitForFunction(() => document.querySelectorAll('#cwnd-chart g.flow').length === 2, null, { timeout: 60_000 });
      await settled(page);
      expect(await page.locator('#cwnd-chart g.flow').evaluateAll((els) => els.map((e) => e.getAttribute('data-series')))).toEqual(['NewReno', 'CUBIC']);
      expect(w.errors).toEqual([]);
      // the network really was off: fetching something not precached fails
      expect(await page.evaluate(() => fetch('./not-precached.json').then(() => 'reached', () => 'failed'))).toBe('failed');
    } finally {
      await context.setOffline(false);
    }
  });
});
