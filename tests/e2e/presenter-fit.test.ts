/**
 * Four panels on the `real-handoff` comparison (TCP-Real, Reno, Tahoe). Where the screen holds
 * them readably (1920×1080) presenter mode shows all four; at 1280×720 a 2 × 2 grid left each
 * plot under 60 px, so the picker offers two and says why. Whatever is shown: every legend
 * entry inside the screen and not clipped (no scroll box), each chart's plot area (its y axes'
 * lengths summed, for the stacked-band charts) at least 160 px, no two tick labels overlapping,
 * and a panel's notice whole or not shown. Outside presenter mode at 1280×720 the same four
 * panels (the page scrolls): legends whole, plots ≥ 160 px, no overlapping ticks, titles
 * that say what is drawn, and drop marks in no colour of their chart's lines. Every lesson's
 * every step in presenter mode at 1280×720, in one page: the card a column beside the charts,
 * about a third of the width, with the step's title, text, question and answer controls on
 * screen without scrolling; one panel, its plot ≥ 160 px inside the screen and readable, at a
 * top that stepping (PageDown, the presenter's key) does not move while the panel stays.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { deltaE, MARK_CLASH_DELTA_E } from '../../src/catalogue/palette.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { lessons } from '../../src/content/lessons/index.ts';
import { encodeLessonHash } from '../../src/ui/lessons/route.ts';
import { encodeState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW, type ViewState } from '../../src/ui/state/view.ts';
import { CHROMIUM, OUT, settled } from './harness.ts';
import { previewSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);
const FOUR = ['cwnd', 'estimate', 'waves', 'queue'];

function hashFor(view: Partial<ViewState>): string {
  const p = getPreset('real-handoff')!;
  const parsed = parseScenario(p.scenario);
  if (!parsed.ok) throw new Error('real-handoff does not validate');
  return encodeState({ scenario: parsed.scenario, view: { ...DEFAULT_VIEW, compare: [...(p.compare ?? [])], ...view } });
}

interface PanelLook {
  id: string;
  legendOut: string[];
  plots: number[];
  overlaps: string[];
  cutNotice: boolean;
}

/** What each shown panel looks like; `screen`: legend entries must also lie inside the viewport. */
function lookAtPanels(page: Page, screen: boolean): Promise<PanelLook[]> {
  return page.evaluate((screen) => {
    const clippedBy = (r: DOMRect, el: Element): boolean => {
      for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
        const ar = a.getBoundingClientRect();
        if (r.top < ar.top - 1 || r.bottom > ar.bottom + 1 || r.left < ar.left - 1 || r.right > ar.right + 1) return true;
      }
      return false;
    };
    return [...document.querySelectorAll<HTMLElement>('.panel[data-panel]')].map((p) => {
      const legendOut = [...p.querySelectorAll('.legend > li')].flatMap((li) => {
        const r = li.getBoundingClientRect();
        const off = r.width === 0 || clippedBy(r, li) || (screen && (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth));
        return off ? [li.textContent ?? '?'] : [];
      });
      const charts = [...p.querySelectorAll('svg.chart:not(.chart-overlay)')];
      const plots = charts.map((svg) =>
        [...svg.querySelectorAll('.axis path.domain, .y-axis path.domain')]
          .map((d) => d.getBoundingClientRect())
          .filter((r) => r.height > r.width)
          .reduce((sum, r) => sum + r.height, 0),
      );
      const overlaps: string[] = [];
      for (const svg of charts) {
        const ticks = [...svg.querySelectorAll('.tick text')].map((t) => ({ t: t.textContent, r: t.getBoundingClientRect() })).filter((t) => t.r.width > 0);
        for (let i = 0; i < ticks.length; i++)
          for (let j = i + 1; j < ticks.length; j++) {
            const a = ticks[i].r;
            const b = ticks[j].r;
            if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) overlaps.push(`${ticks[i].t} / ${ticks[j].t}`);
          }
      }
      const hint = p.querySelector<HTMLElement>('.hint');
      const cutNotice = !!hint && hint.getClientRects().length > 0 && (hint.scrollWidth > hint.clientWidth + 1 || hint.scrollHeight > hint.clientHeight + 1);
      return { id: p.dataset.panel ?? '?', legendOut, plots, overlaps, cutNotice };
    });
  }, screen);
}

function expectReadable(looks: PanelLook[], where: string): void {
  for (const l of looks) {
    expect(l.legendOut, `${where}, ${l.id}: legend entries cut or off screen`).toEqual([]);
    expect(l.plots.length, `${where}, ${l.id}: a chart`).toBeGreaterThan(0);
    for (const h of l.plots) expect(h, `${where}, ${l.id}: plot area`).toBeGreaterThanOrEqual(160);
    expect(l.overlaps, `${where}, ${l.id}: overlapping tick labels`).toEqual([]);
    expect(l.cutNotice, `${where}, ${l.id}: notice cut`).toBe(false);
  }
}

describe.runIf(haveChromium)('four panels on real-handoff', () => {
  const s = previewSession();

  for (const [width, height, shown] of [
    [1280, 720, 2],
    [1920, 1080, 4],
  ] as const) {
    it(`presenter mode at ${width}×${height}: ${shown} readable panels`, async () => {
      const context = await s.browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      try {
        await page.goto(`${s.preview.url}#${hashFor({ presenter: true, present: FOUR })}`);
        await settled(page);
        await page.waitForFunction(() => document.querySelectorAll('#cwnd-chart g.flow').length === 3, null, { timeout: 60_000 });
        await page.waitForTimeout(300);
        expect(await page.locator('.presenter-mode .panel[data-panel]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.panel))).toEqual(FOUR.slice(0, shown));
        expectReadable(await lookAtPanels(page, true), `presenter ${width}×${height}`);
        await page.screenshot({ path: join(OUT, `presenter-fit-${width}x${height}.png`) });
        // the picker offers only what fits, and says so where that is fewer than four
        await page.locator('[data-testid=present-menu] > summary').click();
        if (shown < 4) {
          // the threshold was 1600 × 1000 until four more comparisons were measured there (plots of 128–130 px)
          expect(await page.getByTestId('present-fit-note').textContent()).toMatch(/holds 2 readable panels.*1900 × 1050/);
          expect(await page.getByTestId('present-waves').isDisabled()).toBe(true);
        } else expect(await page.getByTestId('present-fit-note').count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }

  it('normal mode at 1280×720: legends whole, plots ≥ 160 px, no overlapping ticks', async () => {
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    try {
      await page.goto(`${s.preview.url}#${hashFor({ panels: FOUR })}`);
      await settled(page);
      await page.waitForFunction(() => document.querySelectorAll('#cwnd-chart g.flow').length === 3, null, { timeout: 60_000 });
      // panels far below draw when they come near the screen
      for (const id of FOUR) await page.locator(`.panel[data-panel="${id}"]`).scrollIntoViewIfNeeded();
      await settled(page);
      expectReadable(await lookAtPanels(page, false), 'normal 1280×720');
      // the words match the screen: the subtitle names the compared variants, not the scenario's own Reno;
      // the estimates panel shows no verdict here, and the waves panel names its one run once
      expect(await page.locator('.subtitle').textContent()).toMatch(/^TCP-Real, Reno, and Tahoe compared: 1 flow through a 2 Mb\/s, 14 ms link/);
      expect(await page.locator('#estimate-title').textContent()).toBe('Estimates');
      expect(await page.locator('#waves-title').textContent()).toBe('TCP-Real waves');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      // drop marks never take a line colour of their chart (handoff marks were Tahoe's pink), read from the rendered colours
      for (const chart of ['#cwnd-chart', '#queue-chart']) {
        const painted = await page.evaluate((sel) => {
          const hex = (c: string): string => '#' + (c.match(/\d+/g) ?? []).slice(0, 3).map((v) => Number(v).toString(16).padStart(2, '0')).join('');
          const strokes = (q: string): string[] => [...new Set([...document.querySelectorAll(`${sel} ${q}`)].map((e) => hex(getComputedStyle(e).stroke)))];
          return { lines: strokes('path.cwnd-line, path.queue-line'), marks: strokes('path.drop-mark') };
        }, chart);
        expect(painted.lines.length, `${chart} lines`).toBeGreaterThan(0);
        expect(painted.marks.length, `${chart} drop marks`).toBeGreaterThan(0);
        for (const m of painted.marks) for (const l of painted.lines) expect(deltaE(m, l), `${chart}: mark ${m} against line ${l}`).toBeGreaterThanOrEqual(MARK_CLASH_DELTA_E);
      }
    } finally {
      await context.close();
    }
  });

  it('lessons in presenter mode at 1280×720: the card beside one panel, every step whole on screen, the plot still while stepping', async () => {
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    /** The card's column, what of the step must be read without scrolling, and the first shown panel's plot (its y axes, summed), in viewport pixels. */
    const look = (): Promise<{ column: { left: number; width: number; top: number; bottom: number }; cut: string[]; panels: number; id: string; top: number; height: number; bottom: number }> =>
      page.evaluate(() => {
        const column = document.querySelector('.presenter-mode .lesson-column')!.getBoundingClientRect();
        const seen = { top: Math.max(0, column.top), bottom: Math.min(innerHeight, column.bottom) };
        // the step's title, its text, the question and every answer control (options, the number field, Check)
        const must = [...document.querySelectorAll('.lesson-column :is([data-testid=lesson-step], [data-testid=lesson-prompt], .lesson-question-text, .lesson-options label, .lesson-number, .lesson-question button)')];
        const cut = must.filter((e) => {
          const r = e.getBoundingClientRect();
          return r.height === 0 || r.top < seen.top - 1 || r.bottom > seen.bottom + 1 || r.left < column.left - 1 || r.right > column.right + 1;
        }).map((e) => (e.textContent ?? '?').slice(0, 40));
        const panels = [...document.querySelectorAll('.presenter-mode .panel[data-panel]')];
        const axes = [...(panels[0]?.querySelectorAll('svg.chart:not(.chart-overlay) .axis path.domain, svg.chart:not(.chart-overlay) .y-axis path.domain') ?? [])]
          .map((d) => d.getBoundingClientRect())
          .filter((r) => r.height > r.width);
        return {
          column: { left: column.left, width: column.width, top: column.top, bottom: column.bottom },
          cut,
          panels: panels.length,
          id: (panels[0] as HTMLElement | undefined)?.dataset.panel ?? '',
          top: Math.min(...axes.map((r) => r.top)),
          height: axes.reduce((sum, r) => sum + r.height, 0),
          bottom: Math.max(...axes.map((r) => r.bottom)),
        };
      });
    const stepText = (): Promise<string> => page.locator('[data-testid=lesson-step]').innerText();
    const moved: string[] = [];
    try {
      // one page: each lesson is opened by its link (a hash change), and its steps by Next
      await page.goto(s.preview.url);
      await settled(page);
      for (const lesson of lessons()) {
        await page.evaluate((h) => (location.hash = h), encodeLessonHash({ name: lesson.name, step: 0 }));
        await expect.poll(stepText, { timeout: 30_000 }).toMatch(new RegExp(`^Step 1 of ${lesson.steps.length}: `));
        if (!(await page.locator('.presenter-mode').count())) await page.getByTestId('presenter').click();
        await page.waitForSelector('.presenter-mode .lesson-column [data-testid=lesson-pane]');
        let before: { step: number; id: string; top: number } | null = null;
        for (let i = 0; i < lesson.steps.length; i++) {
          const where = `${lesson.name} step ${i + 1}`;
          // in presenter mode PageDown is the next step, not the next congestion event
          if (i > 0) {
            await page.keyboard.press('PageDown');
            await expect.poll(stepText).toMatch(new RegExp(`^Step ${i + 1} of`));
          }
          await settled(page);
          // a sketch question takes the charts' place; otherwise the step's panel is drawn
          const sketch = lesson.steps[i].question?.kind === 'sketch';
          if (!sketch)
            await page.waitForFunction(() => document.querySelectorAll('.presenter-mode .panel[data-panel] svg.chart .axis path.domain, .presenter-mode .panel[data-panel] svg.chart .y-axis path.domain').length > 0, null, { timeout: 60_000 });
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          const l = await look();
          // a column at the left, about a third of the screen, the workspace's height
          expect(l.column.left, where).toBeLessThan(20);
          expect(l.column.width / 1280, `${where}: column share`).toBeGreaterThanOrEqual(0.3);
          expect(l.column.width / 1280, `${where}: column share`).toBeLessThanOrEqual(0.36);
          expect(l.column.bottom, where).toBeLessThanOrEqual(720);
          expect(l.cut, `${where}: step text, question or answer controls not on screen without scrolling`).toEqual([]);
          if (sketch) {
            before = null;
            continue;
          }
          expect(l.panels, `${where}: one panel beside the lesson card`).toBe(1);
          expect(l.height, `${where}: plot height`).toBeGreaterThanOrEqual(160);
          expect(l.top, `${where}: plot top`).toBeGreaterThanOrEqual(0);
          expect(l.bottom, `${where}: plot bottom`).toBeLessThanOrEqual(720);
          expectReadable(await lookAtPanels(page, true), `lesson ${where} presenter 1280×720`);
          // the same panel from one step to the next stays where it was (another panel is another chart, with its own lanes)
          if (before) {
            const step = `${lesson.name} ${before.step}→${i + 1}`;
            const d = (l.top - before.top).toFixed(1);
            if (before.id !== l.id) console.log(`${step}: ${before.id} → ${l.id}, plot top ${d} px`);
            else if (Math.abs(l.top - before.top) > 2) moved.push(`${step} (${l.id}): ${d} px`);
          }
          before = { step: i + 1, id: l.id, top: l.top };
          if ((lesson.name === 'slow-start' || lesson.name === 'bufferbloat-cures') && i === 1) await page.screenshot({ path: join(OUT, `presenter-lesson-${lesson.name}-1280x720.png`) });
        }
        if (lesson.name === 'timeouts') {
          // the link follows the step, and PageUp goes back one
          await expect.poll(() => page.evaluate(() => location.hash)).toContain('step=2');
          await page.keyboard.press('PageUp');
          await expect.poll(stepText).toBe('Step 1 of 2: The link goes dark');
        }
      }
      await page.locator('[data-testid=present-menu] > summary').click();
      expect(await page.getByTestId('present-fit-note').textContent()).toMatch(/lesson card.*1 readable panel.*1050 px high/);
      expect(moved, 'plots that moved between steps').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
