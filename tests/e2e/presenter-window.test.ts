/**
 * Presenter mode on a first visit (no stored state), the default scenario, follow window on:
 * stepping → through the first five congestion events, then Play and Pause. The cwnd chart's y
 * axis stays within what the path can hold (the window is plotted without fast-recovery
 * inflation: 2 Mb/s × 100 ms is 25 packets in flight plus a 25-packet buffer; the RFC's
 * inflated cwnd reached about 1 000 segments here and set the axis to 0–1 200), and nothing
 * above the chart changes height: the chart's top moves by at most 2 px. T in this run, which
 * has no timeout, says so.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, OUT, settled } from './harness.ts';
import { previewSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

interface Look {
  top: number;
  yMax: number;
  at: string;
}

async function look(page: Page, at: string): Promise<Look> {
  return page.evaluate((at) => {
    const svg = document.querySelector('#cwnd-chart') as SVGSVGElement;
    return { top: svg.getBoundingClientRect().top, yMax: Number(svg.getAttribute('data-y-max')), at };
  }, at);
}

const cursorTime = (page: Page): Promise<string | null> => page.getByTestId('cursor-time').textContent();

describe.runIf(haveChromium)('presenter mode holds still and scales to the window', () => {
  const s = previewSession();

  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    it(`${width}×${height}: five steps, Play and Pause`, async () => {
      const context = await s.browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      try {
        await page.goto(s.preview.url);
        await settled(page);
        await page.getByTestId('presenter').click();
        await page.waitForSelector('.presenter-mode #cwnd-chart');
        const follow = page.getByTestId('follow');
        if ((await follow.getAttribute('aria-pressed')) !== 'true') await follow.click();
        await page.waitForTimeout(200);
        const looks: Look[] = [await look(page, 'start')];
        for (let i = 1; i <= 5; i++) {
          const before = await cursorTime(page);
          await page.keyboard.press('ArrowRight');
          await page.waitForFunction((t) => document.querySelector('[data-testid="cursor-time"]')?.textContent !== t, before);
          await page.waitForTimeout(150);
          looks.push(await look(page, `step ${i} (${await cursorTime(page)})`));
          if (i === 2) await page.screenshot({ path: join(OUT, `presenter-window-${width}x${height}.png`) });
        }
        await page.getByTestId('play').click();
        await page.waitForTimeout(600);
        looks.push(await look(page, 'playing'));
        await page.getByTestId('play').click();
        await page.waitForTimeout(200);
        looks.push(await look(page, 'paused'));
        // the default run has no timeout: T says so instead of doing nothing, and moves nothing
        const at = await cursorTime(page);
        await page.keyboard.press('t');
        await page.waitForSelector('[data-testid=jump-note]:not([hidden])');
        expect(await page.getByTestId('jump-note').textContent()).toBe('no timeouts in this run');
        expect(await cursorTime(page)).toBe(at);
        looks.push(await look(page, 'T with no timeouts'));
        const top0 = looks[0].top;
        for (const l of looks) {
          expect(l.yMax, l.at).toBeGreaterThan(0);
          expect(l.yMax, l.at).toBeLessThanOrEqual(150);
          expect(Math.abs(l.top - top0), `${l.at}: chart top ${l.top} against ${top0}`).toBeLessThanOrEqual(2);
        }
        // a Presets control inside presenter mode: another preset opens there, the chosen panels kept
        const panelsBefore = await page.locator('.presenter-mode .panel h2').allTextContents();
        await page.getByTestId('preset-menu').click();
        await page.locator('button[data-preset="multi-loss-window"]').click();
        await settled(page);
        expect(await page.evaluate(() => document.querySelector('.app')?.classList.contains('presenter-mode'))).toBe(true);
        expect(await page.locator('h1 .scenario-name').textContent()).toBe('multi-loss-window');
        expect((await page.locator('.presenter-mode .panel h2').allTextContents()).map((t) => t.split(' (')[0])).toEqual(panelsBefore.map((t) => t.split(' (')[0]));
        // for the hand-back report
        console.log(`${width}×${height}: y max ${looks.map((l) => l.yMax.toFixed(0)).join(', ')}; chart top ${looks.map((l) => l.top.toFixed(0)).join(', ')}`);
      } finally {
        await context.close();
      }
    });
  }
});
