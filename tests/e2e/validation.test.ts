/**
 * The "How do we know?" page in Chromium: reached from the menu, one row per variant, the kernel
 * table from npm run validate, and a row's link opens that run as Linux does (initial window 10)
 * in the main view; a figure that does not match shows its analysis in the experiments view.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VARIANTS } from '../../src/catalogue/variants.ts';
import { CHROMIUM, settled } from './harness.ts';
import { appSession } from './session.ts';

describe.runIf(existsSync(CHROMIUM))('validation page in Chromium', () => {
  const s = appSession({ open: true });

  it('opens from the menu with a row per variant and the kernel comparison', async () => {
    // the link is in the toolbar's More menu
    await s.page.click('[data-testid=more-menu] > summary');
    await s.page.click('[data-testid=validation]');
    await s.page.waitForSelector('[data-testid=validation-view]');
    expect(await s.page.locator('[data-testid=variant-checks] tbody tr').count()).toBe(VARIANTS.length);
    const kernelRows = s.page.locator('[data-testid=kernel-reference-2mbps] tbody tr');
    expect(await kernelRows.count()).toBe(9);
    expect(await kernelRows.first().textContent()).toContain('NewReno');
    expect(s.w.errors).toEqual([]);
  });

  it('a kernel row opens its run in the main view with the linux profile', async () => {
    await s.page.locator('[data-testid=kernel-reference-2mbps] a').first().click();
    await settled(s.page);
    const state = await s.page.evaluate(() => location.hash);
    expect(state).toMatch(/^#v\d+\./);
    // the kernel path's scenario (its name in the header), run with the linux profile: the window
    // starts at 10 (the cursor readout names the plotted window, cwnd less any inflation)
    await s.page.getByText('kernel path 2 Mb/s, newreno, PER 0', { exact: true }).first().waitFor();
    await s.page.getByText(/window 10\.0/).first().waitFor();
    expect(s.w.errors).toEqual([]);
  });

  it('a figure that does not match shows its analysis beside the verdict, and its experiment opens from it', async () => {
    await s.page.evaluate(() => (location.hash = '#experiment=nj-table1'));
    const note = s.page.locator('[data-testid=exp-analysis]');
    await note.waitFor();
    expect(await note.locator('summary').textContent()).toBe('Why it does not match');
    for (const part of ['The paper', 'What we run', 'The difference', 'The mechanism', 'The experiment that shows it']) expect(await note.textContent()).toContain(part);
    await note.locator('[data-testid=exp-analysis-run]').first().click();
    await s.page.waitForFunction(() => /No fading/.test(document.querySelector('[data-testid=exp-title]')?.textContent ?? ''));
    expect(s.w.errors).toEqual([]);
  });

  it('opened directly on a system that asks for dark, the page is dark', async () => {
    await s.page.emulateMedia({ colorScheme: 'dark' });
    await s.page.goto(`${s.preview.url}#validation`);
    await s.page.reload();
    await s.page.waitForSelector('[data-testid=validation-view]');
    expect(await s.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(s.w.errors).toEqual([]);
  });
});
