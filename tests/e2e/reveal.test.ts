/**
 * The reveal in Chromium: paused at t on reference-2mbps (and on the real-handoff comparison
 * with its waves and estimates), no time panel draws anything right of t — every data element's
 * drawn extent (its box cut by the clip it is drawn through) ends at the cursor, and the cwnd
 * plot's pixels right of the cursor are background and grid only, while "Show all" puts the rest
 * there faded. A run opens shown whole; Play starts the reveal from 0. Presenter mode under
 * reduced motion plays, follows the playhead with its window and pauses at the state there.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { encodeState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW, type ViewState } from '../../src/ui/state/view.ts';
import { CHROMIUM, OUT, resizeViewport, settled, type Watched } from './harness.ts';
import { appSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

function hashFor(name: string, view: Partial<ViewState> = {}): string {
  const p = getPreset(name);
  if (!p) throw new Error(`no preset ${name}`);
  const parsed = parseScenario(p.scenario);
  if (!parsed.ok) throw new Error(`${name} does not validate`);
  return encodeState({ scenario: parsed.scenario, view: { ...DEFAULT_VIEW, compare: [...(p.compare ?? [])], ...view } });
}

interface Extent {
  chart: string;
  cursorPx: number;
  /** Rightmost drawn pixel of any data element, and which element. */
  rightPx: number;
  what: string;
  /** Data elements with something drawn. */
  drawn: number;
}

/**
 * Per time chart: the cursor's x and the rightmost x at which any data element is drawn — its
 * bounding box in the chart's coordinates, cut by every clip it is drawn through (the plot clip
 * the reveal narrows, or the reveal's own). Frame layers (grid, axes, labels, reference lines)
 * are not data; a `whole` layer's items count when shown.
 */
async function drawnExtents(page: Page): Promise<Extent[]> {
  return page.evaluate(() => {
    const FRAME = ['grid', 'axis', 'axis-labels', 'defs-holder', 'band-axes', 'ref'];
    const out: Extent[] = [];
    for (const svg of document.querySelectorAll<SVGSVGElement>('svg.chart:not(.chart-overlay)')) {
      if (svg.id === 'path-chart' || !document.getElementById(`${svg.id}-cursor`)) continue;
      const line = document.querySelector(`#${svg.id}-cursor line.cursor-line`);
      const cursorPx = Number(line?.getAttribute('x1'));
      const toSvg = svg.getScreenCTM()!.inverse();
      let rightPx = Number.NEGATIVE_INFINITY;
      let what = '';
      let drawn = 0;
      for (const layerEl of svg.children) {
        if (layerEl.tagName !== 'g' || FRAME.some((c) => layerEl.classList.contains(c))) continue;
        for (const el of layerEl.querySelectorAll<SVGGraphicsElement>('path, rect, line, circle, text, polygon, polyline')) {
          if (el.closest('[style*="display: none"]') || getComputedStyle(el).display === 'none') continue;
          const box = el.getBBox();
          if (box.width === 0 && box.height === 0) continue;
          // the box's corners in the chart's own coordinates
          const m = toSvg.multiply(el.getScreenCTM()!);
          const xs = [box.x, box.x + box.width].flatMap((bx) => [box.y, box.y + box.height].map((by) => new DOMPoint(bx, by).matrixTransform(m).x));
          let left = Math.min(...xs);
          let right = Math.max(...xs);
          for (let a: Element | null = el; a && a !== svg; a = a.parentElement) {
            const ref = a.getAttribute('clip-path')?.match(/url\(#(.+)\)/)?.[1];
            const rect = ref ? document.getElementById(ref)?.querySelector('rect') : null;
            if (!rect) continue;
            const cx = Number(rect.getAttribute('x'));
            left = Math.max(left, cx);
            right = Math.min(right, cx + Number(rect.getAttribute('width')));
          }
          if (right <= left) continue;
          drawn++;
          if (right > rightPx) {
            rightPx = right;
            what = `${layerEl.getAttribute('class')} ${el.tagName}.${el.getAttribute('class') ?? ''}`;
          }
        }
      }
      out.push({ chart: svg.id, cursorPx, rightPx, what, drawn });
    }
    return out;
  });
}

/**
 * Pixels of the cwnd plot right of the cursor (from the drop lane down to the x axis, read back
 * from a screenshot through a canvas) that are neither the panel's background nor a grid line
 * nor a blend of the two.
 */
async function foreignPixelsRightOfCursor(page: Page): Promise<number> {
  const geometry = await page.evaluate(() => {
    const svg = document.getElementById('cwnd-chart')!;
    const r = svg.getBoundingClientRect();
    const clip = svg.querySelector('g.defs-holder clipPath.plot rect')!;
    const cursorPx = Number(document.querySelector('#cwnd-chart-cursor line.cursor-line')?.getAttribute('x1'));
    const plotRight = Number(clip.getAttribute('x')) + Number(clip.getAttribute('data-width'));
    const bottom = Number(clip.getAttribute('y')) + Number(clip.getAttribute('height'));
    const parse = (c: string): number[] => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const gridLine = svg.querySelector('g.grid line');
    return {
      x: r.left + cursorPx + 3,
      y: r.top + 4,
      width: plotRight - cursorPx - 5,
      height: bottom - 6,
      background: parse(getComputedStyle(svg.closest('.panel')!).backgroundColor),
      grid: parse(gridLine ? getComputedStyle(gridLine).stroke : 'rgb(0,0,0)'),
    };
  });
  const png = await page.screenshot({ clip: { x: geometry.x, y: geometry.y, width: geometry.width, height: geometry.height } });
  return page.evaluate(
    async ({ b64, background, grid }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      const dist = (r: number, g: number, b: number, to: number[]): number => Math.hypot(r - to[0], g - to[1], b - to[2]);
      const span = dist(background[0], background[1], background[2], grid);
      let n = 0;
      // on the segment between background and grid colour, within a small tolerance
      for (let i = 0; i < d.length; i += 4) if (dist(d[i], d[i + 1], d[i + 2], background) + dist(d[i], d[i + 1], d[i + 2], grid) > span + 12) n++;
      return n;
    },
    { b64: png.toString('base64'), background: geometry.background, grid: geometry.grid },
  );
}

const cursorS = (page: Page): Promise<number> => page.getByTestId('cursor-time').textContent().then((t) => Number(/([\d.]+) s/.exec(t ?? '')?.[1]));

describe.runIf(haveChromium)('reveal: time panels draw up to the playhead', () => {
  const session = appSession();
  let page: Page;
  let w: Watched;
  beforeAll(() => {
    ({ page, w } = session);
  });
  afterAll(() => {
    expect(w.errors).toEqual([]);
  });

  it('a run opens shown whole with the playhead at 0; Play starts the reveal from the start', async () => {
    await resizeViewport(page, { width: 1440, height: 900 });
    await page.goto(`${session.preview.url}?r=1#${hashFor('reference-2mbps')}`);
    await settled(page);
    expect(await cursorS(page)).toBe(0);
    const whole = await drawnExtents(page);
    const cwnd = whole.find((e) => e.chart === 'cwnd-chart')!;
    const plotRight = await page.evaluate(() => {
      const r = document.querySelector('#cwnd-chart clipPath.plot rect')!;
      return Number(r.getAttribute('x')) + Number(r.getAttribute('data-width'));
    });
    expect(cwnd.rightPx).toBeGreaterThan(plotRight - 2);
    // hovering a chart reads values without starting the reveal
    const box = (await page.locator('#cwnd-chart').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    expect(await cursorS(page)).toBeGreaterThan(0);
    expect((await drawnExtents(page)).find((e) => e.chart === 'cwnd-chart')!.rightPx).toBeGreaterThan(plotRight - 2);
    await page.mouse.move(0, 0);
    await page.locator('h1').click();
    await page.keyboard.press(' ');
    await page.waitForFunction(() => Number(/([\d.]+) s/.exec(document.querySelector('[data-testid="cursor-time"]')?.textContent ?? '')?.[1]) > 1, null, { timeout: 10_000 });
    await page.keyboard.press(' ');
    const t = await cursorS(page);
    expect(t).toBeLessThan(40);
    for (const e of await drawnExtents(page)) expect(e.rightPx, `${e.chart}: ${e.what}`).toBeLessThanOrEqual(e.cursorPx + 1);
  });

  it('paused at t on reference-2mbps: nothing drawn right of t in any time panel, and only background and grid in the cwnd plot there', async () => {
    await page.getByTestId('seek').fill('20');
    expect(await cursorS(page)).toBe(20);
    const extents = await drawnExtents(page);
    expect(extents.map((e) => e.chart)).toEqual(expect.arrayContaining(['cwnd-chart', 'queue-chart', 'timeseq-chart']));
    for (const e of extents) {
      expect(e.drawn, e.chart).toBeGreaterThan(0);
      expect(e.rightPx, `${e.chart}: ${e.what}`).toBeLessThanOrEqual(e.cursorPx + 1);
      // the data up to t is there: it reaches the cursor
      expect(e.rightPx, `${e.chart} reaches the cursor`).toBeGreaterThan(e.cursorPx - 12);
    }
    expect(await foreignPixelsRightOfCursor(page)).toBe(0);
    await page.screenshot({ path: join(OUT, 'reveal-paused-20s-1440x900.png') });

    // "Show all": the rest of the run is there, faded, and the readout still speaks of t
    await page.getByTestId('show-ahead').click();
    expect(await page.getByTestId('show-ahead').getAttribute('aria-pressed')).toBe('true');
    expect(await foreignPixelsRightOfCursor(page)).toBeGreaterThan(100);
    expect(await page.locator('#cwnd-chart-readout').textContent()).toMatch(/^t = 20\.000 s/);
    await page.screenshot({ path: join(OUT, 'reveal-show-all-20s-1440x900.png') });
    await page.getByTestId('show-ahead').click();
    expect(await foreignPixelsRightOfCursor(page)).toBe(0);
  });

  it('paused in the real-handoff comparison: waves, estimates, cwnd and queue all stop at t', async () => {
    await page.goto(`${session.preview.url}?r=2#${hashFor('real-handoff', { theme: 'dark' })}`);
    await settled(page);
    await page.getByTestId('seek').fill('12');
    const extents = await drawnExtents(page);
    expect(extents.map((e) => e.chart)).toEqual(expect.arrayContaining(['cwnd-chart', 'waves-chart', 'estimate-chart']));
    for (const e of extents) {
      expect(e.drawn, e.chart).toBeGreaterThan(0);
      expect(e.rightPx, `${e.chart}: ${e.what}`).toBeLessThanOrEqual(e.cursorPx + 1);
    }
    expect(await foreignPixelsRightOfCursor(page)).toBe(0);
    await page.screenshot({ path: join(OUT, 'reveal-real-handoff-12s-1440x900-dark.png') });
  });

  it('probe cycles, token bucket and Ack Regulator stop at t too', async () => {
    for (const [preset, chart, tS] of [
      ['probing-testbed', 'probe-chart', 20],
      ['real-token-bucket', 'tokens-chart', 10],
      ['3g-ack-regulator', 'ackreg-chart', 10],
    ] as const) {
      await page.goto(`${session.preview.url}?r=${preset}#${hashFor(preset)}`);
      await settled(page);
      await page.getByTestId('seek').fill(String(tS));
      const extents = await drawnExtents(page);
      expect(extents.map((e) => e.chart), preset).toContain(chart);
      for (const e of extents) {
        expect(e.drawn, `${preset} ${e.chart}`).toBeGreaterThan(0);
        expect(e.rightPx, `${preset} ${e.chart}: ${e.what}`).toBeLessThanOrEqual(e.cursorPx + 1);
      }
    }
  });

  it('presenter mode under reduced motion: plays, the window follows the playhead, pausing shows the state there', async () => {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
    const p = await context.newPage();
    try {
      await p.goto(`${session.preview.url}?r=3#${hashFor('reference-2mbps', { presenter: true, present: ['cwnd', 'queue'] })}`);
      await settled(p);
      expect(await p.getByTestId('follow').getAttribute('aria-pressed')).toBe('true');
      await p.getByTestId('seek').fill('30');
      await p.locator('h1').click();
      await p.keyboard.press(' ');
      await p.waitForFunction(() => Number(/([\d.]+) s/.exec(document.querySelector('[data-testid="cursor-time"]')?.textContent ?? '')?.[1]) > 31, null, { timeout: 10_000 });
      await p.keyboard.press(' ');
      const t = await cursorS(p);
      // the follow window: 10 s wide around the playhead, not the whole 100 s run
      const ticks = await p.locator('#cwnd-chart g.x-axis g.tick text').allTextContents();
      const shown = ticks.map(Number);
      expect(Math.max(...shown) - Math.min(...shown)).toBeLessThanOrEqual(10);
      expect(Math.min(...shown)).toBeLessThanOrEqual(t);
      expect(Math.max(...shown)).toBeGreaterThanOrEqual(t);
      for (const e of await drawnExtents(p)) expect(e.rightPx, `${e.chart}: ${e.what}`).toBeLessThanOrEqual(e.cursorPx + 1);
      await p.screenshot({ path: join(OUT, 'reveal-presenter-1280x720-reduced-motion.png') });
    } finally {
      await context.close();
    }
  });
});
