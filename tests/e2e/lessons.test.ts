/**
 * Lessons in Chromium: a first-time visitor finds lesson 1 on the default page and completes it
 * with the keyboard alone (choice, number, sketch); an instructor's locked link offers only the
 * controls it names, refuses a widened lock and an edited hash, and keeps working. PageUp /
 * PageDown in presenter mode: tests/e2e/presenter-fit.test.ts, which steps through every lesson.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodeLessonHash } from '../../src/ui/lessons/route.ts';
import { CHROMIUM, injectAxe, OUT, resizeViewport, settled } from './harness.ts';
import { appSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

/** Tabs until the focused element matches `selector` (at most `max` presses). */
async function tabTo(page: Page, selector: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

const stepText = (page: Page): Promise<string> => page.locator('[data-testid=lesson-step]').innerText();

describe.runIf(haveChromium)('lessons in Chromium', () => {
  const s = appSession();

  it('a first-time visitor completes lesson 1 with the keyboard only', async () => {
    const { page, preview, w } = s;
    await page.goto(preview.url);
    await settled(page);
    await tabTo(page, '[data-testid=start-lesson]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=lesson-pane]');
    await settled(page);
    expect(await stepText(page)).toBe('Step 1 of 3: Slow start');

    // step 1: multiple choice — the first option, checked with Space, then Check
    await tabTo(page, '[data-testid^=option-]');
    await page.keyboard.press('Space');
    expect(await page.locator('[data-testid=option-doubling]').isChecked()).toBe(true);
    await tabTo(page, '[data-testid=lesson-check]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid=lesson-feedback]').innerText()).toContain('Right.');
    expect(await page.locator('[data-testid=lesson-explanation]').innerText()).toMatch(/cwnd went from 2 to \d+ segments/);

    // step 2: a number (ssthresh after the first fast retransmit: half of the window)
    await page.keyboard.press('PageDown');
    await expect.poll(() => stepText(page)).toBe('Step 2 of 3: The first loss');
    await settled(page);
    await tabTo(page, '[data-testid=number-answer]');
    await page.keyboard.type('50');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid=lesson-feedback]').innerText()).toMatch(/^Right: the run says \d+ segments/);

    // step 3: sketch a sawtooth with the arrow keys — grow one segment per column, halve, grow again
    await page.keyboard.press('PageDown');
    await expect.poll(() => stepText(page)).toBe('Step 3 of 3: Congestion avoidance: the sawtooth');
    await settled(page);
    await tabTo(page, '[data-testid=sketch]');
    await page.keyboard.press('ArrowUp');
    for (let c = 1; c < 24; c++) {
      await page.keyboard.press('ArrowRight');
      if (c === 16) for (let k = 0; k < 5; k++) await page.keyboard.press('Shift+ArrowDown');
      else await page.keyboard.press('ArrowUp');
    }
    expect(await page.locator('[data-testid=sketch-readout]').innerText()).toMatch(/^18\.\d+ s: \d+ segments$/);
    await tabTo(page, '[data-testid=lesson-check]');
    await page.keyboard.press('Enter');
    const feedback = await page.locator('[data-testid=lesson-feedback]').innerText();
    expect(feedback).toMatch(/Score \d+ \/ 100/);
    expect(feedback).toContain('Right shape: a halving');
    await page.screenshot({ path: join(OUT, 'lesson-sketch-revealed.png') });

    // the lesson card and the revealed sketch pass axe-core, in light and dark theme
    await injectAxe(page);
    const serious = (): Promise<string[]> =>
      page.evaluate(async () => {
        const r = await (window as unknown as { axe: { run: (c: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document);
        return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
      });
    expect(await serious()).toEqual([]);
    await page.getByTestId('theme').click();
    expect(await serious()).toEqual([]);
    await page.getByTestId('theme').click();

    const progress = await page.evaluate(() => JSON.parse(localStorage.getItem('tcplab.lessons.v1') ?? '{}'));
    expect(Object.keys(progress['slow-start'] ?? {})).toEqual(['0', '1', '2']);
    expect(w.errors).toEqual([]);
  });

  it('on a phone the step buttons share one row of 44 px targets, named in full on wider screens', async () => {
    const { page, preview } = s;
    const size = page.viewportSize();
    try {
      await resizeViewport(page, { width: 390, height: 844 });
      await page.goto(`${preview.url}#${encodeLessonHash({ name: 'fairness', step: 0 })}`);
      // the card's layout is all this checks: no need to wait for the run (and a wait that timed
      // out here would leave the later tests at phone size)
      await expect.poll(() => stepText(page), { timeout: 15_000 }).toBe('Step 1 of 2: A latecomer');
      const boxes = await page.locator('.lesson-nav button').evaluateAll((bs) => bs.map((b) => ({ text: (b as HTMLElement).innerText, ...b.getBoundingClientRect().toJSON() })));
      expect(boxes.map((b) => b.text)).toEqual(['← Back', 'Next →', 'Leave']);
      for (const b of boxes) {
        expect(b.height).toBeGreaterThanOrEqual(44);
        expect(b.top).toBe(boxes[0].top);
      }
      await resizeViewport(page, { width: 1280, height: 720 });
      await expect.poll(() => page.locator('.lesson-nav button').allInnerTexts(), { timeout: 15_000 }).toEqual(['← Previous', 'Next step →', 'Leave lesson']);
    } finally {
      if (size) await resizeViewport(page, size);
    }
  });

  it('a locked link offers only what it names, and an edited lock or hash does not unlock it', async () => {
    const { page, preview } = s;
    const locked = encodeLessonHash({ name: 'fast-recovery', step: 0, lock: { controls: ['variant'], variants: [], panels: [] } });
    await page.goto(`${preview.url}#${locked}`);
    await settled(page);
    // the UI: no editor, no presets, no quick controls; the one open control is there
    for (const id of ['drawer-toggle', 'quick-menu', 'experiments', 'embed-code']) expect(await page.locator(`[data-testid=${id}]`).count(), id).toBe(0);
    expect(await page.locator('.preset-menu, [data-testid=preset-menu]').count()).toBe(0);
    expect(await page.locator('[data-testid=locked-variant]').count()).toBe(1);
    // the keys: every field the keyboard can reach is the lesson's own (questions, the allowed control), the
    // transport's, or a legend's display toggle — none edits the scenario
    const reachable = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('input, select, textarea')].filter((e) => e.offsetParent !== null && !e.closest('[data-testid=lesson-pane], .transport, .legend')).map((e) => e.outerHTML.slice(0, 80)),
    );
    expect(reachable, reachable.join('\n')).toEqual([]);
    // the allowed control works
    await page.selectOption('[data-testid=locked-variant]', 'reno');
    await settled(page);
    expect(await page.locator('.subtitle').innerText()).toContain('Reno');

    // the hash: a widened lock is reported and becomes the strictest lock
    const [data] = locked.split('lock=')[1].split('.');
    const widened = Buffer.from(JSON.stringify({ controls: ['variant', 'rate'], variants: [], panels: [] })).toString('base64url');
    expect(widened).not.toBe(data);
    await page.evaluate((h) => (location.hash = h), locked.replace(data, widened));
    await expect.poll(() => page.locator('[data-testid=problem-banner]').allInnerTexts()).toContainEqual(expect.stringContaining('was changed after the instructor made the link'));
    await page.waitForSelector('[data-testid=locked-note]');
    expect(await page.locator('[data-testid=locked-variant]').count()).toBe(0);
    // …and a plain scenario link typed over it is refused
    await page.evaluate(() => (location.hash = 'v1.N4Ig'));
    // (issue 32: the wording says what the lock does, not that an instructor enforces it)
    await expect.poll(() => page.locator('[data-testid=problem-banner]').allInnerTexts()).toContainEqual(expect.stringContaining('keeps its controls fixed for the class'));
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('lesson=fast-recovery');
  });
});
