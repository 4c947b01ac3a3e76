/**
 * Embedding in Chromium: a course page with an iframe whose src a lecturer typed by hand
 * (`#embed=1&panels=cwnd,queue`) shows just those panels, the transport and a link to the full
 * app; the full app's Embed button copies code that does the same for the current scenario.
 * `vite preview` serves the shipped headers, whose default `frame-ancestors 'self'` lets only
 * the app's own site frame it: the course page here is served from that site (standing for a
 * course site the host listed in frame-ancestors), and a page elsewhere is refused.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, foreignRequests, OUT, resizeViewport, settled, type Watched } from './harness.ts';
import { appSession } from './session.ts';

// no service worker: it would answer the course page's address with the app
const session = appSession({ context: { serviceWorkers: 'block' } });

const coursePage = (iframe: string): string => `<!doctype html><html><head><title>Networks, week 3</title><link rel="icon" href="data:,"></head><body><h1>Week 3: congestion control</h1><p>Press play and watch the window.</p>${iframe}</body></html>`;

async function courseFrame(page: Page, iframe: string): Promise<Frame> {
  const url = `${session.preview.url}course/week-3.html`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: coursePage(iframe) }));
  await page.goto(url);
  await page.unroute(url);
  const frame = await (await page.$('iframe'))!.contentFrame();
  if (!frame) throw new Error('the iframe has no frame');
  await settled(frame);
  return frame;
}

const panelsOf = (frame: Frame): Promise<string[]> => frame.$$eval('[data-panel]', (els) => els.map((e) => (e as HTMLElement).dataset.panel ?? ''));

describe.skipIf(!existsSync(CHROMIUM))('embedding in Chromium', () => {
  it('a course page shows the chosen panels, the transport and a way to the full app, and no other chrome', async () => {
    const { page, preview } = session;
    const w: Watched = session.w;
    await resizeViewport(page, { width: 1280, height: 900 });
    const frame = await courseFrame(page, `<iframe src="${preview.url}#embed=1&panels=cwnd,queue" width="960" height="640" title="TCP Lab"></iframe>`);
    expect(await panelsOf(frame)).toEqual(['cwnd', 'queue']);
    for (const chrome of ['drawer-toggle', 'preset-menu', 'copy-link', 'embed-code', 'presenter', 'experiments']) {
      expect(await frame.locator(`[data-testid="${chrome}"]`).count(), chrome).toBe(0);
    }
    expect(await frame.locator('[data-testid="seek"]').count()).toBe(1);
    const open = frame.locator('[data-testid="open-full"]');
    expect(await open.getAttribute('target')).toBe('_blank');
    expect(await open.getAttribute('href')).toMatch(/#v\d+\./);
    await page.screenshot({ path: join(OUT, 'embed-course-page.png') });
    expect(w.errors).toEqual([]);
    expect(foreignRequests(w.requests, preview.url)).toEqual([]);
  });

  it("the full app's Embed button copies an iframe that shows the current scenario embedded", async () => {
    const { page, preview } = session;
    await page.goto(`${preview.url}#panels=cwnd,metrics`);
    await settled(page);
    // the link is in the toolbar's More menu
    await page.locator('[data-testid=more-menu] > summary').click();
    await page.getByTestId('embed-code').click();
    const code = await page.getByTestId('embed-code-text').inputValue();
    expect(code).toMatch(/^<iframe src="[^"]+" title="TCP Lab: reference-2mbps" width="960" height="640" [^>]*><\/iframe>$/);
    const frame = await courseFrame(page, code);
    expect(await panelsOf(frame)).toEqual(['cwnd', 'metrics']);
    expect(await frame.locator('[data-testid="drawer-toggle"]').count()).toBe(0);
  });

  it("a page on another site cannot frame the app under the default frame-ancestors 'self'", async () => {
    const { page, preview } = session;
    await page.goto('about:blank');
    await page.setContent(coursePage(`<iframe src="${preview.url}#embed=1&panels=cwnd" width="960" height="640" title="TCP Lab"></iframe>`));
    // setContent waits for the load event, which waits for the frame: the app's page (its
    // index.html has #root from the start) or the browser's refusal
    const frame = await (await page.$('iframe'))!.contentFrame();
    expect(frame === null || (await frame.locator('#root').count()) === 0).toBe(true);
  });
});
