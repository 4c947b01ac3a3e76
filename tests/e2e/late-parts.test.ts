/**
 * A first visit with the events' code held back (src/ui/events/late.ts): the first chart is drawn
 * without it, a step key pressed meanwhile is not lost but taken once the code is in, and nothing
 * above or in the cwnd plot moves when it arrives (the notice line under the plot was held blank,
 * the event count was a stand-in). Expected stops come from the raw trace (tests/harness/stops.ts).
 */
import { existsSync } from 'node:fs';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { DEFAULT_PRESET } from '../../src/ui/state/defaultPreset.ts';
import { congestionStops } from '../harness/stops.ts';
import { CHROMIUM, settled } from './harness.ts';
import { previewSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

describe.runIf(haveChromium)('parts loaded after the first chart', () => {
  const s = previewSession();

  it('first visit: the chart comes without the events code; L pressed meanwhile steps once it is in; the plot does not move', async () => {
    const p = parseScenario(getPreset(DEFAULT_PRESET)?.scenario);
    if (!p.ok) throw new Error(`${DEFAULT_PRESET} does not validate`);
    const stops = congestionStops(runScenario(p.scenario).trace);
    expect(stops.loss.length).toBeGreaterThan(0);

    const context = await s.browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    let release: () => void = () => {};
    const released = new Promise<void>((ok) => (release = ok));
    const held: string[] = [];
    await page.route(/\/assets\/eventsLate-[^/]*\.js$/, async (route: Route) => {
      held.push(route.request().url());
      await released;
      await route.continue();
    });
    try {
      await page.goto(s.preview.url);
      await page.waitForSelector('#cwnd-chart path.cwnd-line[d^="M"]', { timeout: 60_000 });
      await page.waitForFunction(() => /^ran in/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''), null, { timeout: 60_000 });
      const box = () => page.evaluate(() => JSON.stringify(['#cwnd-chart', '.transport-stack', '.stage-notes'].map((q) => document.querySelector(q)!.getBoundingClientRect()).map((r) => [r.x, r.y, r.width, r.height])));
      const before = await box();
      // held back: asked for right after the first chart, and its stand-ins are up
      await page.waitForFunction(() => document.querySelector('[data-late="events"]') !== null);
      expect(held.length).toBe(1);
      expect(await page.getByTestId('event-list').locator('summary').textContent()).toBe('Congestion events (…)');
      expect((await page.locator('#cwnd-chart').locator('xpath=ancestor::section[1]').locator('p.hint').textContent())?.trim()).toBe('');

      await page.locator('h1').click(); // keys go to the stage
      await page.keyboard.press('l');
      expect(await page.getByTestId('cursor-time').textContent()).toBe('t = 0.000 s'); // nothing to step to yet

      release();
      await settled(page);
      // the press was kept: the first loss, with its caption
      await page.waitForFunction((t) => document.querySelector('[data-testid="cursor-time"]')?.textContent === t, `t = ${stops.loss[0].toFixed(3)} s`, { timeout: 30_000 });
      expect(await page.getByTestId('event-caption').innerText()).toMatch(new RegExp(`^${stops.loss[0].toFixed(3)} s · \\d+ segments lost`));
      expect(await page.getByTestId('event-list').locator('summary').textContent()).toMatch(/^Congestion events \(\d+\)$/);
      expect(await page.locator('section[data-panel=cwnd] p.hint').textContent()).toMatch(/^Notice /);
      expect(await page.locator('section[data-panel=cwnd] .legend .term').count()).toBeGreaterThan(0);
      // back at 0 s (no caption, as before the step): everything where it was before the code came
      await page.getByTestId('seek').fill('0');
      await page.waitForFunction(() => document.querySelector('[data-testid="event-caption"]')?.textContent === '');
      expect(await box(), 'the plot, the transport and the notes row where they were').toBe(before);
    } finally {
      release();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });
});
