/**
 * Lessons without seams, in Chromium: links that never break the app (the three links that used
 * to blank it or throw), the Lessons menu inside the viewport at every width and closed on a
 * choice, a step that asks for a number masks it until answered, and the flow of lesson 1 —
 * resumed after a reload, offering lesson 2 at its end, with a hand-in record that parses.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, OUT, resizeViewport, settled } from './harness.ts';
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
      // reloading renders too (the app may already have written its own state over the bad link)
      await page.reload();
      await rendered(page);
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

  it('the Lessons menu fits the window at 360 … 1920 px, and a choice closes it', async () => {
    const { page, preview } = s;
    const size = page.viewportSize();
    try {
      for (const width of [360, 390, 1280, 1440, 1920]) {
        await resizeViewport(page, { width, height: width < 700 ? 844 : 900 });
        await page.goto(preview.url);
        await page.waitForSelector('[data-testid=lesson-menu] > summary');
        await page.click('[data-testid=lesson-menu] > summary');
        const box = await page.locator('[data-testid=lesson-menu] > .menu-body').evaluate((b) => b.getBoundingClientRect().toJSON() as DOMRect);
        expect(box.left, `${width}px: left edge`).toBeGreaterThanOrEqual(0);
        expect(box.right, `${width}px: right edge`).toBeLessThanOrEqual(width);
        await page.click('[data-testid=lesson-fairness]');
        await page.waitForSelector('[data-testid=lesson-pane]');
        expect(await page.locator('[data-testid=lesson-menu]').evaluate((d) => (d as HTMLDetailsElement).open), `${width}px: closed on choice`).toBe(false);
        // the keyboard: the menu opens from its button, Tab reaches a lesson, Escape closes it
        await page.focus('[data-testid=lesson-menu] > summary');
        await page.keyboard.press('Enter');
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.closest('[data-testid=lesson-menu]') !== null)).toBe(true);
        await page.keyboard.press('Escape');
        expect(await page.locator('[data-testid=lesson-menu]').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      }
    } finally {
      if (size) await resizeViewport(page, size);
    }
  });

  it('lesson 1: the step stops at the fast retransmit with ssthresh masked, the end offers lesson 2 and a record; the menu marks and resumes', async () => {
    const { page, preview, w } = s;
    await page.goto(preview.url);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${preview.url}#lesson=slow-start&step=1`);
    await settled(page);
    await page.check('[data-testid=option-doubling]');
    await page.click('[data-testid=lesson-check]');
    await page.click('[data-testid=lesson-next]');
    await expect.poll(() => page.locator('[data-testid=lesson-step]').innerText()).toBe('Step 2 of 3: The first loss');
    await settled(page);
    // play: the run pauses at the first fast retransmit, whose caption shows at the playhead
    await page.click('[data-testid=play]');
    await expect.poll(() => page.locator('[data-testid=event-caption]').innerText(), { timeout: 30_000 }).toMatch(/fast retransmit/i);
    const caption = await page.locator('[data-testid=event-caption]').innerText();
    // the read-out above the chart names ssthresh at the playhead without its number
    expect(await page.locator('#cwnd-chart').evaluate((svg) => svg.closest('section')?.textContent ?? '')).toContain('ssthresh hidden until you answer');
    const before = await page.evaluate(() => document.body.innerText + [...document.querySelectorAll('svg text')].map((t) => t.textContent).join(' '));
    await page.fill('[data-testid=number-answer]', '7');
    await page.click('[data-testid=lesson-check]');
    const said = /run says ([\d.,]+) segments/i.exec(await page.locator('[data-testid=lesson-feedback]').innerText())![1];
    expect(caption).toContain('ssthresh hidden until you answer');
    // answered: the caption at the same playhead gives ssthresh's new value, which was nowhere before
    await expect.poll(() => page.locator('[data-testid=event-caption]').innerText()).not.toContain('hidden until you answer');
    const exact = /ssthresh [^→]*→ ([\d.,]+) segments/.exec(await page.locator('[data-testid=event-caption]').innerText())![1];
    expect(Math.abs(Number(exact) - Number(said))).toBeLessThanOrEqual(0.5);
    expect(before).not.toContain(exact);
    await page.screenshot({ path: join(OUT, 'lesson-step2-answered.png') });

    await page.click('[data-testid=lesson-next]');
    await expect.poll(() => page.locator('[data-testid=lesson-step]').innerText()).toBe('Step 3 of 3: Congestion avoidance: the sawtooth');
    await settled(page);
    await page.focus('[data-testid=sketch]');
    await page.keyboard.press('ArrowUp');
    for (let c = 1; c < 24; c++) {
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press(c === 16 ? 'PageDown' : 'ArrowUp');
    }
    await page.click('[data-testid=lesson-check]');
    await page.waitForSelector('[data-testid=lesson-next-lesson]');
    expect(await page.locator('[data-testid=lesson-next-lesson]').getAttribute('href')).toBe('#lesson=fast-recovery&step=1');

    // the record: downloaded, parsed, every answer in it
    await page.waitForSelector('[data-testid=lesson-handin]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=handin-json]')]);
    const path = join(OUT, 'lesson-record.json');
    await download.saveAs(path);
    const record = JSON.parse(readFileSync(path, 'utf8')) as { format: string; lesson: string; lessonVersion: string; steps: { answer: string | null; runSays: string | null; correct: boolean | null; fingerprints: string[] }[] };
    expect(record.format).toBe('tcplab-lesson-record/1');
    expect(record.lesson).toBe('slow-start');
    expect(record.lessonVersion).toMatch(/^slow-start@[0-9a-z]+$/);
    expect(record.steps.map((x) => x.answer !== null && x.runSays !== null)).toEqual([true, true, true]);
    expect(record.steps[0].answer).toBe('It doubles every round trip');
    expect(record.steps[1].answer).toBe('7 segments');
    expect(record.steps[1].runSays).toBe(`${said} segments`);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=handin-csv]')]);
    await csv.saveAs(join(OUT, 'lesson-record.csv'));
    expect(readFileSync(join(OUT, 'lesson-record.csv'), 'utf8').trim().split('\r\n')).toHaveLength(4);

    // a reload keeps the step and the progress; the menu marks lesson 1 done
    await page.reload();
    await settled(page);
    expect(await page.locator('[data-testid=lesson-step]').innerText()).toBe('Step 3 of 3: Congestion avoidance: the sawtooth');
    expect(await page.locator('[data-testid=lesson-status-slow-start]').textContent()).toContain('✓ done');
    // on to lesson 2 from the last step, leave it at step 2, come back through the menu: resumed
    await page.click('[data-testid=lesson-next-lesson]');
    await expect.poll(() => page.locator('[data-testid=lesson-step]').innerText()).toMatch(/^Step 1 of 2/);
    await settled(page);
    await page.click('[data-testid=lesson-next]');
    await expect.poll(() => page.locator('[data-testid=lesson-step]').innerText()).toMatch(/^Step 2 of 2/);
    await page.click('[data-testid=lesson-leave]');
    await page.goto(preview.url);
    await page.reload();
    await page.waitForSelector('[data-testid=lesson-menu] > summary');
    expect(await page.locator('[data-testid=lesson-status-fast-recovery]').textContent()).toContain('in progress, step 2 of 2');
    await page.click('[data-testid=lesson-menu] > summary');
    await page.click('[data-testid=lesson-fast-recovery]');
    await expect.poll(() => page.locator('[data-testid=lesson-step]').innerText()).toMatch(/^Step 2 of 2/);
    // start over: step 1, the lesson no longer in progress
    await page.click('[data-testid=lesson-start-over]');
    await expect.poll(() => page.locator('[data-testid=lesson-step]').innerText()).toMatch(/^Step 1 of 2/);
    expect(w.errors).toEqual([]);
  });
});
