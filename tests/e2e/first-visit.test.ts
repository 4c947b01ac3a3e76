/**
 * A first visit (fresh browser context: no stored state) to the default page: the editor drawer
 * stays closed until asked for, the lesson invitation is one line, the lessons that use the
 * preset are in the Lessons menu rather than a paragraph above the chart, Play is on the first
 * screen, and no width from 360 px scrolls sideways.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, OUT, settled } from './harness.ts';
import { previewSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

describe.runIf(haveChromium)('first visit', () => {
  const s = previewSession();

  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
    [390, 844],
  ] as const) {
    it(`${width}×${height}: drawer closed, one-line invitation, Play on the first screen`, async () => {
      const context = await s.browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      try {
        await page.goto(s.preview.url);
        await settled(page);
        expect(await page.getByTestId('drawer').count()).toBe(0);
        const invite = await page.getByTestId('lesson-invite').boundingBox();
        expect(invite).not.toBeNull();
        // one line of text (buttons included): well under two lines of body text plus padding
        if (width > 390) expect(invite!.height).toBeLessThan(48);
        expect(await page.getByTestId('preset-lessons').isVisible()).toBe(false);
        const play = (await page.getByTestId('play').boundingBox())!;
        expect(play.y + play.height).toBeLessThanOrEqual(height);
        const plot = (await page.locator('#cwnd-chart').boundingBox())!;
        console.log(`${width}×${height}: cwnd chart top ${plot.y.toFixed(0)} px, Play bottom ${(play.y + play.height).toFixed(0)} px`);
        // the window chart is the first screen's picture: on a laptop its top in the upper half
        // (it was at 601 of 900 and 645 of 720 px), on a phone at least inside the first screen
        if (width > 390) expect(plot.y, 'chart top in the upper half').toBeLessThan(height / 2);
        else expect(plot.y, 'chart top on the first screen').toBeLessThan(height);
        await page.screenshot({ path: join(OUT, `first-visit-${width}x${height}.png`) });
      } finally {
        await context.close();
      }
    });
  }

  it('390×844: the toolbar is one row, the rest in a More menu that the keyboard opens and a choice closes', async () => {
    const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto(s.preview.url);
      await settled(page);
      const tops = await page.locator('nav.toolbar > *').evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => Math.round(e.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThan(2);
      expect(new Set(tops).size, `toolbar rows at ${tops.join(', ')}`).toBe(1);
      const more = page.getByTestId('more-menu');
      expect(await page.getByTestId('theme').isVisible()).toBe(false);
      await more.locator(':scope > summary').focus();
      await page.keyboard.press('Enter');
      expect(await more.getAttribute('open')).not.toBeNull();
      for (const id of ['copy-link', 'theme', 'help', 'experiments', 'validation']) expect(await page.getByTestId(id).isVisible(), id).toBe(true);
      // Escape closes it and gives focus back to its button
      await page.keyboard.press('Escape');
      expect(await more.getAttribute('open')).toBeNull();
      expect(await page.evaluate(() => document.activeElement?.closest('[data-testid=more-menu]') !== null && document.activeElement?.tagName)).toBe('SUMMARY');
      // a choice made with the keyboard closes it
      await page.keyboard.press('Enter');
      await page.getByTestId('theme').focus();
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      expect(await more.getAttribute('open')).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('the Lessons menu lists the lessons using the preset shown, first', async () => {
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    try {
      await page.goto(s.preview.url);
      await settled(page);
      await page.locator('[data-testid=lesson-menu] summary').click();
      const links = page.getByTestId('preset-lessons').locator('a');
      expect(await links.count()).toBeGreaterThan(0);
      expect(await links.first().isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('no sideways scroll on the default page at 360, 390, 1280, 1440 and 1920 px', async () => {
    for (const width of [360, 390, 1280, 1440, 1920]) {
      const context = await s.browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      try {
        await page.goto(s.preview.url);
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
      } finally {
        await context.close();
      }
    }
  });
});
