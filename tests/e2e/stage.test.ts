/**
 * The stage in Chromium at the sizes a class meets it: presenter mode with 1, 2 and 4 panels
 * fills 1280×720, 1366×768 and 1920×1080 exactly (no page scroll, every chosen chart inside the
 * screen, chart text ≥ 20 px at 1280×720) for the reference run and the 4-variant lp-uncorrelated
 * comparison; normal mode puts two charts side by side at 1920×1080; no preset scrolls the page
 * sideways at 360–1920 px; the keys act whatever has focus (each toolbar button, the closed
 * variant select, a slider) but not while typing in the seed field; menus close on Escape and
 * outside clicks and give focus back; `?` opens the keyboard help; on a phone the cwnd chart
 * starts on the first screen under a transport of at most 12 % of the height, controls open as
 * a bottom sheet, touch targets are 44 px and a pinch zooms; axe-core finds nothing serious in
 * these views. One browser, one page; viewports change in place. Screenshots of the presenter and phone views land in test-output/e2e/.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { getPreset, PRESETS } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { encodeState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW, type ViewState } from '../../src/ui/state/view.ts';
import { CHROMIUM, drawsFrames, injectAxe, OUT, resizeViewport, screenshot, settled, type Watched } from './harness.ts';
import { appSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

const PROJECTORS = [
  [1280, 720],
  [1366, 768],
  [1920, 1080],
] as const;

/** The 1, 2 and 4 panels presented per preset (the 4 are each preset's first four panels). */
const PRESENTED: Record<string, readonly (readonly string[])[]> = {
  'reference-2mbps': [['cwnd'], ['cwnd', 'queue'], ['cwnd', 'queue', 'timeseq', 'path']],
  'lp-uncorrelated': [['cwnd'], ['cwnd', 'estimate'], ['cwnd', 'estimate', 'queue', 'metrics']],
};

function hashFor(name: string, view: Partial<ViewState> = {}): string {
  const p = getPreset(name);
  if (!p) throw new Error(`no preset ${name}`);
  const parsed = parseScenario(p.scenario);
  if (!parsed.ok) throw new Error(`${name} does not validate`);
  return encodeState({ scenario: parsed.scenario, view: { ...DEFAULT_VIEW, compare: [...(p.compare ?? [])], ...view } });
}

/** Every chart has been redrawn at its box's size (ResizeObserver → React → D3 after a resize). */
async function layoutSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLElement>('.chart-box')].every((box) => {
        const svg = box.querySelector('svg.chart');
        const w = svg?.getAttribute('width');
        const h = svg?.getAttribute('height');
        return !w || (Math.abs(Number(w) - box.clientWidth) <= 1 && (!h || Math.abs(Number(h) - box.clientHeight) <= 1));
      }),
    null,
    { timeout: 20_000 },
  );
  // two frames more (the redraw painted); a page that stopped drawing fails here rather than hangs
  for (let i = 0; i < 2; i++) if (!(await drawsFrames(page))) throw new Error('the page stopped drawing frames (see resizeViewport in harness.ts)');
}

const pageSize = (page: Page) =>
  page.evaluate(() => ({ scrollW: document.documentElement.scrollWidth, scrollH: document.documentElement.scrollHeight, w: innerWidth, h: innerHeight }));

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousA11y(page: Page, skip: readonly string[] = []): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async (off) => {
    type Axe = { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
    const r = await (window as unknown as { axe: Axe }).axe.run(document, { rules: Object.fromEntries(off.map((id) => [id, { enabled: false }])) });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
  }, skip);
}

const cursorText = (page: Page): Promise<string> => page.getByTestId('cursor-time').textContent().then((t) => t ?? '');

describe.runIf(haveChromium)('the stage in Chromium', () => {
  const session = appSession({});
  let page: Page;
  let w: Watched;
  let visit = 0;
  beforeAll(() => {
    ({ page, w } = session);
  });

  async function open(name: string, view: Partial<ViewState> = {}): Promise<void> {
    await page.goto(`${session.preview.url}?stage=${++visit}#${hashFor(name, view)}`);
    await page.waitForSelector('#cwnd-chart path.cwnd-line', { timeout: 60_000 });
    await settled(page);
    await layoutSettled(page);
  }

  it('presenter mode fills 1280×720, 1366×768 and 1920×1080 with 1, 2 or 4 panels, no scroll, text ≥ 20 px', async () => {
    for (const [name, sets] of Object.entries(PRESENTED)) {
      for (const ids of sets) {
        await resizeViewport(page, { width: PROJECTORS[0][0], height: PROJECTORS[0][1] });
        await open(name, { presenter: true, present: [...ids] });
        for (const [width, height] of PROJECTORS) {
          await resizeViewport(page, { width, height });
          await layoutSettled(page);
          const where = `${name}, ${ids.join('+')}, ${width}×${height}`;
          const size = await pageSize(page);
          expect(size.scrollH, where).toBeLessThanOrEqual(size.h);
          expect(size.scrollW, where).toBeLessThanOrEqual(size.w);
          // three or four panels only where each keeps a readable plot (issue 31: at 1280×720 a 2 × 2
          // grid left under 60 px per plot); a smaller screen shows the first two chosen. Measured
          // again on more comparisons: that needs 1900 × 1050, and no more than three compared runs
          // (lp-uncorrelated compares four, whose legends left too little plot even at 1920×1080)
          const runs = Math.max(1, getPreset(name)?.compare?.length ?? 0);
          const fits = width >= 1900 && height >= 1050 && runs <= 3 ? 4 : 2;
          expect(await page.locator('[data-panel]').evaluateAll((els) => els.map((e) => e.getAttribute('data-panel'))), where).toEqual(ids.slice(0, fits));
          // each chosen panel's charts (the metrics table: the panel) lie wholly inside the screen
          const boxes = await page.evaluate(
            (list) =>
              list.map((id) => {
                const panel = document.querySelector(`[data-panel="${id}"]`)!;
                const charts = [...panel.querySelectorAll('svg.chart:not(.chart-overlay)')];
                return { id, rects: (charts.length > 0 ? charts : [panel]).map((c) => c.getBoundingClientRect().toJSON() as DOMRect) };
              }),
            ids.slice(0, fits),
          );
          for (const b of boxes) {
            for (const r of b.rects) {
              expect(r.height, `${where}: ${b.id} has a chart`).toBeGreaterThan(100);
              expect(r.top, `${where}: ${b.id} top`).toBeGreaterThanOrEqual(0);
              expect(r.left, `${where}: ${b.id} left`).toBeGreaterThanOrEqual(0);
              expect(r.bottom, `${where}: ${b.id} bottom`).toBeLessThanOrEqual(height + 0.5);
              expect(r.right, `${where}: ${b.id} right`).toBeLessThanOrEqual(width + 0.5);
            }
          }
          // the one-row transport
          expect((await page.getByTestId('transport').boundingBox())!.height, where).toBeLessThanOrEqual(56);
          if (width === 1280) {
            const fonts = await page.evaluate(() => {
              const sizes = (sel: string): number[] =>
                [...document.querySelectorAll<Element>(sel)].filter((e) => (e.textContent ?? '').trim() !== '' && e.getClientRects().length > 0).map((e) => parseFloat(getComputedStyle(e).fontSize));
              return {
                chart: sizes('.stage svg.chart text'),
                legend: sizes('.stage .legend li'),
                readout: sizes('.stage .cursor-readout span'),
                lines: [...document.querySelectorAll('.stage path.cwnd-line')].map((e) => parseFloat(getComputedStyle(e).strokeWidth)),
              };
            });
            expect(fonts.chart.length, where).toBeGreaterThan(10);
            expect(Math.min(...fonts.chart), `${where}: chart text`).toBeGreaterThanOrEqual(20);
            expect(Math.min(...fonts.legend), `${where}: legend`).toBeGreaterThanOrEqual(20);
            expect(Math.min(...fonts.readout), `${where}: readout`).toBeGreaterThanOrEqual(20);
            expect(Math.min(...fonts.lines), `${where}: cwnd lines`).toBeGreaterThanOrEqual(3);
          }
          if (ids.length !== 3 && (width === 1280 || width === 1920)) await page.screenshot({ path: join(OUT, `presenter-${name}-${ids.length}-${width}x${height}.png`) });
        }
      }
    }
    expect(w.errors).toEqual([]);
  });

  it('puts two chart panels side by side at 1920×1080 and reads out the cursor in a row of its own', async () => {
    await resizeViewport(page, { width: 1920, height: 1080 });
    await open('reference-2mbps');
    // the window chart takes the whole width (issue 31: the first screen's picture); the next two sit side by side
    const cwnd = (await page.locator('.cell-cwnd').boundingBox())!;
    const queue = (await page.locator('.cell-queue').boundingBox())!;
    const seq = (await page.locator('.cell-timeseq').boundingBox())!;
    expect(cwnd.width).toBeGreaterThan(queue.width * 1.8);
    expect(Math.abs(seq.y - queue.y)).toBeLessThan(1);
    expect(seq.x).toBeGreaterThan(queue.x + queue.width - 1);
    // the readout sits above the chart, not over its plot
    await page.getByTestId('seek').fill('50');
    const row = (await page.locator('#cwnd-chart-readout').boundingBox())!;
    const chart = (await page.locator('#cwnd-chart').boundingBox())!;
    expect(await page.locator('#cwnd-chart-readout').textContent()).toMatch(/^t = 50\.\d{3} sflow1: window/); // the plotted window (issue 31)
    expect(row.y + row.height).toBeLessThanOrEqual(chart.y + 0.5);
    await page.screenshot({ path: join(OUT, 'stage-1920x1080.png') });
  });

  it('scrolls no preset sideways at 1920, 1440, 1280, 390 or 360 px (every panel tab at 360 px)', async () => {
    const sideways: string[] = [];
    // one page load; each further preset is picked in the page (Presets menu: it opens with its comparison)
    await resizeViewport(page, { width: 1920, height: 1080 });
    await open(PRESETS[0].name);
    for (const [n, preset] of PRESETS.entries()) {
      await resizeViewport(page, { width: 1920, height: 1080 });
      if (n > 0) {
        await page.getByTestId('preset-menu').click();
        await page.locator(`button[data-preset="${preset.name}"]`).click();
        await page.waitForFunction((name) => document.querySelector('h1 .scenario-name')?.textContent === name, preset.name);
        await page.waitForSelector('#cwnd-chart path.cwnd-line', { timeout: 60_000 });
        await settled(page);
        await layoutSettled(page);
      }
      for (const width of [1920, 1440, 1280, 390, 360]) {
        await resizeViewport(page, { width, height: width > 700 ? 900 : 800 });
        if (width <= 390 && (await page.getByTestId('drawer').count()) > 0) await page.locator('.drawer-close').click();
        await layoutSettled(page);
        // every tab at the narrowest width; at the others the default one
        const tabs = width === 360 ? await page.locator('[role="tab"]').count() : 0;
        for (let i = 0; i < Math.max(1, tabs); i++) {
          if (tabs > 0) {
            await page.locator('[role="tab"]').nth(i).click();
            await layoutSettled(page);
          }
          const s = await pageSize(page);
          if (s.scrollW > s.w) sideways.push(`${preset.name} at ${width} px${tabs > 0 ? ` (tab ${i})` : ''}: ${s.scrollW} px wide`);
        }
      }
    }
    expect(sideways).toEqual([]);
  }, 300_000); // 17 presets run and drawn at five widths (the two large-window ones run 3 × 2–3.6 M events): 3–4 min on a busy 2-core machine

  it('keys act with focus on every toolbar button, the closed variant select and a slider, not while typing', async () => {
    await resizeViewport(page, { width: 1400, height: 1000 });
    await open('lp-uncorrelated');
    const seek0 = async (): Promise<void> => {
      await page.getByTestId('seek').fill('0');
      expect(await cursorText(page)).toBe('t = 0.000 s');
    };
    // where the transport's buttons go from 0 s: what the keys must reach
    const expected: Record<string, string> = {};
    for (const [key, name] of [
      ['ArrowRight', 'Next event'],
      ['l', 'Next loss'],
      ['t', 'Next timeout'],
    ] as const) {
      await seek0();
      await page.getByRole('button', { name, exact: true }).click();
      expected[key] = await cursorText(page);
      expect(expected[key]).not.toBe('t = 0.000 s');
    }
    const targets = [
      ...(await page.locator('nav.toolbar > button, nav.toolbar summary, nav.toolbar .preset-menu > button').evaluateAll((els) => els.map((_, i) => i))).map(
        (i) => page.locator('nav.toolbar > button, nav.toolbar summary, nav.toolbar .preset-menu > button').nth(i),
      ),
      page.getByTestId('quick-variant'),
      page.getByTestId('quick-per'),
      page.getByTestId('seek'),
    ];
    expect(targets.length).toBeGreaterThanOrEqual(10);
    const state = () =>
      page.evaluate(() => ({
        variant: (document.querySelector('[data-testid="quick-variant"]') as HTMLSelectElement).value,
        per: (document.querySelector('[data-testid="quick-per"]') as HTMLInputElement).value,
        theme: document.documentElement.dataset.theme,
        presenter: document.documentElement.classList.contains('presenter'),
        drawer: document.querySelectorAll('[data-testid="drawer"]').length,
        openMenus: document.querySelectorAll('details[open], .preset-list').length,
        share: document.querySelectorAll('[data-testid="share-link"]').length,
        dialog: document.querySelectorAll('dialog[open]').length,
      }));
    const before = await state();
    for (const target of targets) {
      const label = await target.evaluate((e) => `${e.tagName} ${e.getAttribute('data-testid') ?? e.textContent}`);
      // a focused slider keeps its arrows (the WAI-ARIA slider pattern, issue 31): there PageDown steps
      const slider = await target.evaluate((e) => e instanceof HTMLInputElement && e.type === 'range');
      for (const key of ['ArrowRight', 'l', 't'] as const) {
        await seek0();
        await target.focus();
        await page.keyboard.press(slider && key === 'ArrowRight' ? 'PageDown' : key);
        expect(await cursorText(page), `${key} on ${label}`).toBe(expected[key]);
      }
      await target.focus();
      await page.keyboard.press(' ');
      expect(await page.getByTestId('play').textContent(), `Space on ${label}`).toBe('Pause');
      await page.keyboard.press(' ');
      expect(await page.getByTestId('play').textContent(), `Space again on ${label}`).toBe('Play');
      // the focused control itself did nothing: no menu opened, no theme, variant or slider change
      const seekValue = await page.getByTestId('seek').inputValue();
      expect({ ...(await state()) }, `state after keys on ${label}`).toEqual(before);
      expect(await page.getByTestId('seek').inputValue()).toBe(seekValue);
    }
    // typing in the seed field types: no key command fires
    await seek0();
    const seed = page.getByTestId('quick-seed');
    const seedBefore = await seed.inputValue();
    await seed.click();
    await page.keyboard.type(' lt');
    await page.keyboard.press('ArrowRight');
    expect(await cursorText(page)).toBe('t = 0.000 s');
    expect(await page.getByTestId('play').textContent()).toBe('Play');
    expect(await seed.inputValue()).toMatch(/ lt$/);
    await seed.fill(seedBefore);
    await page.keyboard.press('Tab');
    await settled(page);

    // presenter mode: focus moves to the stage (Space plays), Escape leaves from any focused control
    await page.getByTestId('presenter').click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('stage');
    await page.keyboard.press(' ');
    expect(await page.getByTestId('play').textContent()).toBe('Pause');
    await page.keyboard.press(' ');
    const presenterTargets = ['nav.toolbar summary >> nth=0', 'nav.toolbar summary >> nth=1', '[data-testid="theme"]', '[data-testid="help"]', '[data-testid="presenter"]', '[data-testid="seek"]', '[data-testid="speed"]'];
    for (const sel of presenterTargets) {
      if (!(await page.evaluate(() => document.documentElement.classList.contains('presenter')))) await page.getByTestId('presenter').click();
      await page.locator(sel).focus();
      await page.keyboard.press('Escape');
      expect(await page.evaluate(() => document.documentElement.classList.contains('presenter')), `Escape on ${sel}`).toBe(false);
    }
    expect(w.errors).toEqual([]);
  });

  it('menus close on Escape and on a click outside and give focus back; ? opens the keyboard help', async () => {
    await resizeViewport(page, { width: 1400, height: 1000 });
    for (const menu of ['[data-testid="compare-menu"]', 'details.export-menu']) {
      const summary = page.locator(`${menu} > summary`);
      await summary.click();
      expect(await page.locator(menu).getAttribute('open')).not.toBeNull();
      await page.locator(`${menu} .menu-body button, ${menu} .menu-body input`).first().focus();
      await page.keyboard.press('Escape');
      expect(await page.locator(menu).getAttribute('open'), `${menu} after Escape`).toBeNull();
      expect(await summary.evaluate((s) => s === document.activeElement), `${menu} focus back`).toBe(true);
      await summary.click();
      await page.mouse.click(700, 990);
      expect(await page.locator(menu).getAttribute('open'), `${menu} after a click outside`).toBeNull();
    }
    // the preset list: Escape closes it and focus returns to its button
    await page.getByTestId('preset-menu').click();
    expect(await page.locator('.preset-list').count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await page.locator('.preset-list').count()).toBe(0);
    expect(await page.getByTestId('preset-menu').evaluate((b) => b === document.activeElement)).toBe(true);
    // Escape closing a menu in presenter mode does not also leave presenter mode
    await page.getByTestId('presenter').click();
    await page.locator('[data-testid="quick-menu"] > summary').click();
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-testid="quick-menu"]').getAttribute('open')).toBeNull();
    expect(await page.evaluate(() => document.documentElement.classList.contains('presenter'))).toBe(true);
    // ? opens the help; Escape closes it, and only it
    await page.keyboard.press('?');
    expect(await page.getByTestId('key-help').isVisible()).toBe(true);
    expect(await page.getByTestId('key-help').textContent()).toMatch(/next loss/);
    await page.screenshot({ path: join(OUT, 'key-help.png') });
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('key-help').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.classList.contains('presenter'))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.documentElement.classList.contains('presenter'))).toBe(false);
  });

  it('keeps the editor drawer closed until asked for, then remembers it on this device', async () => {
    await resizeViewport(page, { width: 1600, height: 1000 });
    await open('reference-2mbps');
    await page.evaluate(() => localStorage.removeItem('tcp-lab.drawer'));
    await open('reference-2mbps');
    // first visit, even on a wide screen: closed, so the first screen is the chart (issue 31)
    expect(await page.getByTestId('drawer').count()).toBe(0);
    await page.getByTestId('drawer-toggle').click();
    await open('reference-2mbps');
    expect(await page.getByTestId('drawer').count()).toBe(1);
    await page.getByTestId('drawer-toggle').click();
    await open('reference-2mbps');
    expect(await page.getByTestId('drawer').count()).toBe(0);
  });

  it('on a phone: cwnd on the first screen, a transport ≤ 12 % high, tabs, a bottom sheet, 44 px targets, pinch zoom', async () => {
    for (const [width, height] of [
      [390, 844],
      [844, 390],
    ] as const) {
      await resizeViewport(page, { width, height });
      await open('reference-2mbps');
      const where = `${width}×${height}`;
      const cwnd = (await page.locator('#cwnd-chart').boundingBox())!;
      const transport = (await page.getByTestId('transport').boundingBox())!;
      if (height > width) expect(cwnd.y, `${where}: cwnd chart top`).toBeLessThan(height);
      expect(transport.height, `${where}: transport height`).toBeLessThanOrEqual(0.12 * height);
      expect(transport.y + transport.height, `${where}: transport on the first screen`).toBeLessThanOrEqual(height);
      // one panel at a time
      expect(await page.locator('[data-panel]').count()).toBe(1);
      await page.getByTestId('tab-queue').click();
      expect(await page.locator('[data-panel]').evaluateAll((els) => els.map((e) => e.getAttribute('data-panel')))).toEqual(['queue']);
      await page.getByTestId('tab-cwnd').click();
      await layoutSettled(page);
      // touch targets
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.app-head button, .app-head summary, .transport button, .transport select, .panel-tabs button, .panel-actions button')]
          .filter((e) => e.getClientRects().length > 0)
          .map((e) => ({ name: e.getAttribute('aria-label') ?? e.textContent, ...e.getBoundingClientRect().toJSON() }))
          .filter((r) => r.width < 44 || r.height < 44),
      );
      expect(small, where).toEqual([]);
      await screenshot(page, { path: join(OUT, `phone-${width}x${height}.png`) }, async () => {
        await page.getByTestId('tab-cwnd').click();
        await layoutSettled(page);
      });
    }
    // the controls open as a bottom sheet with the quick controls and the editor; Escape closes it
    await resizeViewport(page, { width: 390, height: 844 });
    await layoutSettled(page);
    await page.getByTestId('drawer-toggle').click();
    const sheet = (await page.getByTestId('drawer').boundingBox())!;
    expect(sheet.y + sheet.height).toBeCloseTo(844, 0);
    expect(await page.getByTestId('drawer').getByTestId('quick-variant').isVisible()).toBe(true);
    // the editor's code comes on demand (ui/lazy.tsx): its chunk may still be on its way
    await page.getByTestId('drawer').locator('.scenario-controls').waitFor();
    expect(await page.getByTestId('drawer').locator('.scenario-controls').count()).toBe(1);
    await screenshot(page, { path: join(OUT, 'phone-sheet-390x844.png') }, async () => {
      if (!(await page.getByTestId('drawer').isVisible())) await page.getByTestId('drawer-toggle').click();
      await page.getByTestId('drawer').locator('.scenario-controls').waitFor();
    });
    await page.keyboard.press('Escape');
    await page.getByTestId('drawer').waitFor({ state: 'detached', timeout: 5_000 }); // the dialog's close event comes a task later
    // two fingers spreading on the chart zoom into time
    expect(await page.getByTestId('reset-zoom').isVisible()).toBe(false);
    const box = (await page.locator('#cwnd-chart').boundingBox())!;
    const y = box.y + box.height / 2;
    await page.locator('#cwnd-chart').evaluate((svg, at) => {
      const target = svg.parentElement!;
      const fire = (type: string, id: number, x: number): void => {
        target.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch', isPrimary: id === 1, clientX: x, clientY: at.y, bubbles: true, button: 0 }));
      };
      fire('pointerdown', 1, at.x0 + 140);
      fire('pointerdown', 2, at.x0 + 200);
      fire('pointermove', 1, at.x0 + 110);
      fire('pointermove', 2, at.x0 + 260);
      fire('pointerup', 1, at.x0 + 110);
      fire('pointerup', 2, at.x0 + 260);
    }, { x0: box.x, y });
    expect(await page.getByTestId('reset-zoom').isEnabled()).toBe(true);
    const domain = await page.locator('#cwnd-chart .x-axis .tick text').evaluateAll((els) => els.map((e) => Number(e.textContent)));
    expect(domain[domain.length - 1] - domain[0]).toBeLessThan(60); // was 0–100 s
    expect(w.errors).toEqual([]);
  });

  it('has no serious axe-core violations on a phone (tabs, the sheet) or in presenter mode (light, dark, the keyboard help)', async () => {
    await resizeViewport(page, { width: 390, height: 844 });
    await open('reference-2mbps');
    expect(await seriousA11y(page), 'phone').toEqual([]);
    await page.getByTestId('drawer-toggle').click();
    // axe 4 reports the editor's sliders as titled only when the editor sits in the sheet (it
    // does not, beside the stage); their name comes from aria-labelledby, as Chromium's own
    // accessibility tree shows: that is checked directly, and axe's other rules as usual
    await page.getByRole('slider', { name: 'Duration', exact: true }).waitFor(); // the editor comes on demand
    expect(await page.getByRole('slider', { name: 'Duration', exact: true }).count()).toBe(1);
    expect(await page.getByRole('slider', { name: 'Random seed', exact: true }).count()).toBe(1);
    expect(await seriousA11y(page, ['label-title-only']), 'phone sheet').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('drawer').waitFor({ state: 'detached', timeout: 5_000 });
    await resizeViewport(page, { width: 1280, height: 720 });
    await open('lp-uncorrelated', { presenter: true, present: ['cwnd', 'estimate', 'queue', 'metrics'] });
    expect(await seriousA11y(page), 'presenter').toEqual([]);
    await page.getByTestId('theme').click();
    expect(await seriousA11y(page), 'presenter, dark').toEqual([]);
    await page.keyboard.press('?');
    expect(await seriousA11y(page), 'keyboard help').toEqual([]);
    await page.keyboard.press('Escape');
    expect(w.errors).toEqual([]);
  });
});
