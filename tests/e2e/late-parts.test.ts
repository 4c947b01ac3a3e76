/**
 * A first visit with the events' code held back (src/ui/events/late.ts): the first chart is drawn
 * without it, a step key pressed meanwhile is not lost but taken once the code is in, and nothing
 * above or in the cwnd plot moves when it arrives (the notice line under the plot was held blank,
 * the event count was a stand-in). Expected stops come from the raw trace (tests/harness/stops.ts).
 * Then the same with the controls around the chart held back (src/ui/shell/lateControls.tsx):
 * their stand-ins are up and not yet usable, Play and the keys work meanwhile, and neither the
 * toolbar's buttons, the quick bar's fields, the transport nor the plot move when they arrive.
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

  /**
   * A first visit at 1280×720 with the chunk `chunk` names held back until `release()`, once its
   * first chart is drawn; `init` runs in the page before its own scripts.
   */
  async function visitHolding(chunk: RegExp, init?: () => void) {
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
    if (init) await context.addInitScript(init);
    const page = await context.newPage();
    let release: () => void = () => {};
    const released = new Promise<void>((ok) => (release = ok));
    const held: string[] = [];
    await page.route(chunk, async (route: Route) => {
      held.push(route.request().url());
      await released;
      await route.continue();
    });
    const close = async (): Promise<void> => {
      release();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    };
    try {
      await page.goto(s.preview.url);
      await page.waitForSelector('#cwnd-chart path.cwnd-line[d^="M"]', { timeout: 60_000 });
      await page.waitForFunction(() => /^ran in/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''), null, { timeout: 60_000 });
    } catch (e) {
      await close();
      throw e;
    }
    return { page, held, release: () => release(), close };
  }

  it('first visit: the chart comes without the events code; L pressed meanwhile steps once it is in; the plot does not move', async () => {
    const p = parseScenario(getPreset(DEFAULT_PRESET)?.scenario);
    if (!p.ok) throw new Error(`${DEFAULT_PRESET} does not validate`);
    const stops = congestionStops(runScenario(p.scenario).trace);
    expect(stops.loss.length).toBeGreaterThan(0);

    const { page, held, release, close } = await visitHolding(/\/assets\/eventsLate-[^/]*\.js$/);
    try {
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
      await close();
    }
  });

  it('first visit: the controls come after the chart, in stand-ins of the same size; Play and Space work meanwhile; nothing moves when they arrive', async () => {
    const { page, held, release, close } = await visitHolding(/\/assets\/controlsLate-[^/]*\.js$/);
    try {
      // every box that could move: the plot, the transport and each of its controls (not the real
      // bar's visually hidden labels, which take no room), the notes row, each of the toolbar's
      // buttons and each of the quick bar's fields
      const boxes = () =>
        page.evaluate(() =>
          JSON.stringify(
            ['#cwnd-chart', '.transport-stack', '.stage-notes', 'nav.toolbar > *', '.quick-bar > *', '.transport > :not(.visually-hidden)'].map((q) =>
              [...document.querySelectorAll(q)].map((e) => e.getBoundingClientRect()).map((r) => [q, r.x, r.y, r.width, r.height]),
            ),
          ),
        );
      // held back: asked for right after the first chart, and its stand-ins are up
      await page.waitForFunction(() => document.querySelector('.transport[data-late="controls"]') !== null);
      expect(held.length).toBe(1);
      // the events' code (not held) lands meanwhile: measure once it is in
      await page.waitForFunction(() => document.querySelector('[data-late="events"]') === null, null, { timeout: 30_000 });
      const before = await boxes();
      expect(await page.locator('.quick-bar[data-late="controls"] select').first().isDisabled()).toBe(true);
      expect(await page.locator('.transport[data-late="controls"] button[aria-label="Next loss"]').isDisabled()).toBe(true);
      expect(await page.locator('nav.toolbar summary.not-yet').allTextContents()).toEqual(['Lessons', 'Compare', 'Export']);
      expect(await page.locator('.transport output').textContent()).toBe('t = 0.000 s');

      // Play works in the stand-in, and Space (the stage's keys are in the first load)
      await page.locator('.transport .play').click();
      await page.waitForFunction(() => document.querySelector('.transport .play')?.textContent === 'Pause');
      await page.locator('h1').click(); // keys go to the stage
      await page.keyboard.press(' ');
      await page.waitForFunction(() => document.querySelector('.transport .play')?.textContent === 'Play');
      const pausedAt = await page.locator('.transport output').textContent();
      expect(pausedAt).not.toBe('t = 0.000 s');

      release();
      await settled(page);
      // the real controls, usable, with the playhead where the stand-in left it
      expect(await page.locator('[data-testid="transport"] button[aria-label="Next loss"]').isEnabled()).toBe(true);
      expect(await page.getByTestId('quick-variant').isEnabled()).toBe(true);
      expect(await page.getByTestId('cursor-time').textContent()).toBe(pausedAt);
      // back at 0 s (as when measured): every box where it was before the code came
      await page.getByTestId('seek').fill('0');
      await page.waitForFunction(() => document.querySelector('[data-testid="cursor-time"]')?.textContent === 't = 0.000 s');
      expect(await boxes(), 'the plot, the transport, the notes row, the toolbar and the quick bar where they were').toBe(before);
    } finally {
      await close();
    }
  });

  it('first visit: the event list opened while its code loads arrives open, even when the open\'s toggle event comes after the swap', async () => {
    // The details' toggle events wait for the test (stopped before React's listener on the
    // element hears them, sent again on release): a busy page's order, made certain here, where
    // React replaces the stand-in with the real list before the click's toggle event is handled.
    const holdToggles = (): void => {
      const held: EventTarget[] = [];
      let holding = false;
      let resending = false;
      window.addEventListener(
        'toggle',
        (e) => {
          if (!holding || resending || !e.target) return;
          e.stopImmediatePropagation();
          held.push(e.target);
        },
        true,
      );
      Object.assign(window, {
        holdToggles: (): void => void (holding = true),
        releaseToggles: (): void => {
          holding = false;
          resending = true;
          for (const t of held.splice(0)) t.dispatchEvent(new Event('toggle'));
          resending = false;
        },
      });
    };
    const { page, held, release, close } = await visitHolding(/\/assets\/eventsLate-[^/]*\.js$/, holdToggles);
    try {
      await page.waitForFunction(() => document.querySelector('[data-late="events"]') !== null);
      expect(held.length).toBe(1);
      const list = page.getByTestId('event-list');
      await page.evaluate(() => (window as unknown as { holdToggles: () => void }).holdToggles());
      await list.locator('summary').click();
      expect(await list.evaluate((d) => (d as HTMLDetailsElement).open), 'open while its code loads').toBe(true);
      release();
      await page.waitForFunction(() => document.querySelector('[data-late="events"]') === null, null, { timeout: 30_000 });
      await page.evaluate(() => (window as unknown as { releaseToggles: () => void }).releaseToggles());
      await settled(page);
      expect(await list.locator('summary').textContent()).toMatch(/^Congestion events \(\d+\)$/);
      expect(await list.evaluate((d) => (d as HTMLDetailsElement).open), 'the real list arrived open').toBe(true);
      expect(await list.locator('input[type=checkbox]').first().isVisible(), 'its filters show').toBe(true);
    } finally {
      await close();
    }
  });

  it('first visit: Lessons clicked just as the first picture counts as up opens, stays open while its code loads, and shows its lessons when it arrives', async () => {
    // The page's idle callbacks wait for the test: in one, once the first picture is up, lazy.tsx
    // starts the toolbar menus' code and swaps the Lessons stand-in for a Suspense fallback.
    const holdIdle = (): void => {
      const idle = window.requestIdleCallback.bind(window);
      let held: IdleRequestCallback[] | null = [];
      window.requestIdleCallback = (cb, options) => (held ? (held.push(cb), 0) : idle(cb, options));
      Object.assign(window, {
        releaseIdle: (): void => {
          const now = held ?? [];
          held = null;
          for (const cb of now) cb({ didTimeout: true, timeRemaining: () => 0 });
        },
      });
    };
    const { page, held, release, close } = await visitHolding(/\/assets\/LessonMenu-[^/]*\.js$/, holdIdle);
    try {
      await page.waitForFunction(() => document.querySelector('[data-late="controls"]') === null, null, { timeout: 30_000 });
      const menu = page.getByTestId('lesson-menu');
      const isOpen = () => menu.evaluate((d) => (d as HTMLDetailsElement).open);
      expect(held).toEqual([]); // not asked for yet: the first stand-in
      // marked as not final, so settled() waits for the real menu (a toolbar measured or clicked
      // just after settled() met the menus mid-swap: first-visit's phone toolbar counted two items)
      expect(await menu.getAttribute('data-late')).toBe('menus');
      // the click, and the swap in the same task: before the details' toggle event, which comes a
      // task after the click (a busy page's interleaving, made certain here)
      await page.evaluate(() => {
        document.querySelector<HTMLElement>('[data-testid=lesson-menu] summary')!.click();
        (window as unknown as { releaseIdle: () => void }).releaseIdle();
      });
      await expect.poll(() => held.length).toBe(1);
      expect(await isOpen(), 'open while its code loads').toBe(true);
      release();
      const links = page.getByTestId('preset-lessons').locator('a');
      await links.first().waitFor({ state: 'attached', timeout: 30_000 });
      expect(await links.first().isVisible(), 'the real menu arrived open').toBe(true);
      await settled(page);
      expect(await menu.getAttribute('data-late')).toBeNull();
    } finally {
      await close();
    }
  });
});
