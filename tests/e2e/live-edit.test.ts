/**
 * Live edits in Chromium: typing a new bottleneck rate while playing makes a timed change from
 * the playhead — the run is re-simulated and playback goes on, the cwnd curve before the change
 * is drawn exactly as before, every time chart shows a labelled marker there, the fingerprint
 * is Node's for the scenario with that change, and the controls show the link as it stands at
 * the playhead. An edit while paused applies from exactly there; one out of range is refused at
 * its field. A change is removed from the
 * keyboard; the share link replays the demonstration. Screenshots at four sizes, light and dark.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { traceHash } from '../../src/engine/core/trace.ts';
import { MARGIN } from '../../src/ui/charts/frame.ts';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';
import { encodeState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW, type ViewState } from '../../src/ui/state/view.ts';
import { CHROMIUM, injectAxe, OUT, resizeViewport, screenshot, settled } from './harness.ts';
import { appSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

function parsed(input: unknown): Scenario {
  const r = parseScenario(input);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

const base = parsed({ ...getPreset('reference-2mbps')!.scenario, durationS: 60 });
const RATE = 'path.0.forward.rateBps';
const hashFor = (s: Scenario, view: Partial<ViewState> = {}): string => encodeState({ scenario: s, view: { ...DEFAULT_VIEW, ...view } });

const fingerprint = (page: Page): Promise<string | null> => page.getByTestId('trace-hash').textContent();

/** Waits for the run an edit started: the fingerprint changes, then the page settles. */
async function nextRun(page: Page, old: string | null): Promise<string> {
  await page.waitForFunction((h) => {
    const t = document.querySelector('[data-testid="trace-hash"]')?.textContent;
    return t !== h && t !== '…';
  }, old, { timeout: 60_000 });
  await settled(page);
  return (await fingerprint(page)) ?? '';
}

/**
 * The cwnd curve as drawn, in data units: [x px, segments] after each command of its path (M, L,
 * H, V; absolute). y is read back through the y axis's ticks, because the y scale follows the
 * whole run and so may differ between two runs that agree up to a time; x is the shared time
 * axis; the raw y px comes third (a value above the scale is drawn clamped at the plot's top).
 * `segPerPx`: the value of one pixel, for tolerances (paths are rounded to 0.1 px).
 */
async function cwndCurve(page: Page): Promise<{ pts: number[][]; segPerPx: number }> {
  // the first flow's line, drawn in pieces (stepPieces): one path, piece after piece
  const d = (await page.locator('#cwnd-chart g.flow').first().locator('path.cwnd-line').evaluateAll((els) => els.map((e) => e.getAttribute('d') ?? ''))).join('');
  const ticks = await page.locator('#cwnd-chart g.y-axis .tick').evaluateAll((els) =>
    els.map((el) => [Number(/translate\(0,([-\d.]+)\)/.exec(el.getAttribute('transform') ?? '')?.[1]), Number((el.textContent ?? '').replace(/[^\d.]/g, ''))]),
  );
  // d3 shifts ticks by half a pixel for crisp lines: their spacing gives the scale, and 0 sits
  // at the plot's bottom edge (frame.ts valueScale), not at the tick's drawn position
  const [[p1, v1], [p2, v2]] = [ticks[0], ticks[ticks.length - 1]];
  const segPerPx = (v2 - v1) / (p1 - p2);
  const plotBottom = Number(await page.locator('#cwnd-chart').getAttribute('height')) - MARGIN.bottom;
  const pts: number[][] = [];
  let [x, y] = [0, 0];
  for (const [, cmd, args] of d.matchAll(/([MLHV])([^MLHV]*)/g)) {
    const n = args.split(/[ ,]+/).filter(Boolean).map(Number);
    if (cmd === 'H') x = n[0];
    else if (cmd === 'V') y = n[0];
    else [x, y] = n;
    pts.push([x, (plotBottom - y) * segPerPx, y]);
  }
  return { pts, segPerPx };
}

/**
 * Per pixel column left of `beforeX`: the lowest and highest value the drawn line takes there
 * (at its vertices and along level moves through the column), and whether it is clamped at the
 * plot's top anywhere in it.
 */
function columnExtents(pts: number[][], beforeX: number): Map<number, { lo: number; hi: number; clamped: boolean }> {
  const out = new Map<number, { lo: number; hi: number; clamped: boolean }>();
  const visit = (x: number, v: number, py: number): void => {
    if (x >= beforeX) return;
    const c = Math.floor(x);
    const e = out.get(c) ?? { lo: v, hi: v, clamped: false };
    out.set(c, { lo: Math.min(e.lo, v), hi: Math.max(e.hi, v), clamped: e.clamped || py <= MARGIN.top + 0.5 });
  };
  pts.forEach(([x, v, py], i) => {
    const prev = pts[i - 1];
    if (prev && prev[2] === py) for (let c = Math.floor(prev[0]) + 1; c < Math.floor(x); c++) visit(c, v, py);
    visit(x, v, py);
  });
  return out;
}

/** Serious or critical axe-core violations in the change strip and the cwnd panel (its markers). */
const seriousAxe = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    type Axe = { run: (ctx: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
    const r = await (window as unknown as { axe: Axe }).axe.run({ include: [['[data-testid="live-edits"]'], ['[data-panel="cwnd"]']] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });

const cursorS = (text: string | null): number => Number((text ?? '').replace(/[^\d.]/g, ''));
const rateBox = (page: Page) => page.locator('[data-path="path.0.forward.rateBps"] input[type=text]');
const changeItems = (page: Page) => page.getByTestId('change-list').locator('li');

describe.runIf(haveChromium)('live edits in Chromium', () => {
  const session = appSession({ editorOpen: true });
  let page: Page;
  beforeAll(async () => {
    page = session.page;
    await page.goto(`${session.preview.url}#${hashFor(base)}`);
    await settled(page);
  });

  it('a rate edit during playback becomes a change from the playhead: marker, same curve before it, Node\'s fingerprint, playback goes on', async () => {
    const before = await fingerprint(page);
    const curveBefore = await cwndCurve(page);
    await page.getByTestId('seek').fill('28');
    expect(await rateBox(page).inputValue()).toBe('2');
    await page.getByTestId('play').click();
    await page.waitForTimeout(400);
    await rateBox(page).fill('1');
    const after = await nextRun(page, before);

    // the change sits where the playhead was, to the millisecond the list shows
    const item = (await changeItems(page).first().textContent()) ?? '';
    expect(item).toMatch(/^[\d.]+ s · bottleneck: rate 1 Mb\/s×$/);
    const atS = Number(/^([\d.]+) s/.exec(item)?.[1]);
    expect(atS).toBeGreaterThan(28);
    expect(atS).toBeLessThan(40);
    expect(after).toBe(traceHash(runScenario({ ...base, changes: [{ atS, path: RATE, value: 1e6 }] }).trace));
    // still playing, from where it was, past the change
    expect(await page.getByTestId('play').textContent()).toBe('Pause');
    const t1 = cursorS(await page.getByTestId('cursor-time').textContent());
    await page.waitForTimeout(400);
    expect(cursorS(await page.getByTestId('cursor-time').textContent())).toBeGreaterThan(t1);
    expect(t1).toBeGreaterThan(atS);
    await page.getByTestId('play').click(); // pause

    // the cwnd chart (and every other time chart) marks it, labelled
    const marker = page.locator('[data-panel="cwnd"] .change-marker');
    await expect.poll(() => marker.count()).toBe(1);
    expect(await marker.textContent()).toBe('rate 1 Mb/s');
    expect(await page.locator('[data-panel="queue"] .change-marker').count()).toBe(1);
    // the curve left of the marker is drawn exactly as before; right of it, not
    const markerX = await marker.evaluate((el) => parseFloat((el as HTMLElement).style.left));
    const curveAfter = await cwndCurve(page);
    // compared per pixel column (the values the line spans there), not vertex by vertex: each
    // drawing leaves out moves its own 0.1 px rounding makes empty, and the two y scales differ
    const [a, b] = [columnExtents(curveBefore.pts, markerX - 1), columnExtents(curveAfter.pts, markerX - 1)];
    expect(b.size).toBeGreaterThan(100);
    expect([...b.keys()].sort((p, q) => p - q)).toEqual([...a.keys()].sort((p, q) => p - q));
    // each column at the same values, within the 0.1 px rounding of both drawings (except where
    // either drawing clamps it at the top of its own scale: the initial slow start's overshoot)
    const tol = 0.1 * (curveBefore.segPerPx + curveAfter.segPerPx) + 1e-9;
    const compared = [...b].filter(([c, e]) => !e.clamped && !a.get(c)?.clamped);
    expect(compared.length).toBeGreaterThan(100);
    expect(compared.filter(([c, e]) => Math.abs(e.lo - (a.get(c)?.lo ?? Number.NaN)) > tol || Math.abs(e.hi - (a.get(c)?.hi ?? Number.NaN)) > tol)).toEqual([]);
    // after it, the run goes elsewhere: the drawn values part by far more than the rounding
    const right = (c: { pts: number[][] }) => c.pts.filter(([x]) => x > markerX + 1);
    const [ra, rb] = [right(curveBefore), right(curveAfter)];
    const n = Math.min(ra.length, rb.length);
    expect(rb.slice(0, n).filter(([, v], i) => Math.abs(v - ra[i][1]) > 10 * tol).length).toBeGreaterThan(n / 10);
    // the controls show the link as it stands at the playhead
    const rateNote = page.locator('[data-path="path.0.forward.rateBps"] [data-testid="field-changed"]');
    await page.getByTestId('seek').fill('10');
    await expect.poll(() => rateBox(page).inputValue()).toBe('2');
    expect(await rateNote.count()).toBe(0);
    await page.getByTestId('seek').fill('45');
    await expect.poll(() => rateBox(page).inputValue()).toBe('1');
    expect(await rateNote.textContent()).toBe(`changed at ${atS} s (before: 2 Mb/s)`);
  });

  it('an edit while paused mid-run applies from exactly there', async () => {
    await page.getByTestId('seek').fill('30');
    await expect.poll(() => page.getByTestId('live-edit-from').textContent()).toContain('from t = 30.0 s');
    const old = await fingerprint(page);
    await page.locator('[data-path="path.0.forward.delayMs"] input[type=text]').fill('80');
    await nextRun(page, old);
    const items = await changeItems(page).allTextContents();
    expect(items).toHaveLength(2);
    expect(items[1]).toBe('30 s · bottleneck: delay 80 ms×');
  });

  it('a rate out of range typed mid-run is refused at its field, naming it; nothing changes or re-runs', async () => {
    await page.getByTestId('seek').fill('30');
    const shown = await rateBox(page).inputValue();
    const old = await fingerprint(page);
    const items = await changeItems(page).allTextContents();
    // 0.0001 Mb/s is 100 b/s; the schema allows 1000 … 1e11 b/s
    await rateBox(page).fill('0.0001');
    const errors = page.locator('[data-path="path.0.forward.rateBps"] .sc-errors');
    await expect.poll(() => errors.textContent()).toMatch(/^path\.0\.forward\.rateBps: 100 is out of range/);
    expect(await changeItems(page).allTextContents()).toEqual(items);
    expect(await fingerprint(page)).toBe(old);
    // the value in effect typed back clears the message and changes nothing
    await rateBox(page).fill(shown);
    await expect.poll(() => errors.count()).toBe(0);
    expect(await changeItems(page).allTextContents()).toEqual(items);
  });

  it('the share link replays the demonstration: same changes, same fingerprint', async () => {
    const here = await fingerprint(page);
    await page.getByTestId('copy-link').click();
    const link = await page.getByTestId('share-link').inputValue();
    const other = await session.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await other.goto(link);
    await settled(other);
    await expect.poll(() => fingerprint(other), { timeout: 60_000 }).toBe(here);
    expect(await changeItems(other).allTextContents()).toEqual(await changeItems(page).allTextContents());
    await other.close();
  });

  it('removes a change from the keyboard: its marker goes, the run is re-simulated without it', async () => {
    const old = await fingerprint(page);
    const remove = page.getByRole('button', { name: /^Remove the change at [\d.]+ s · bottleneck: rate 1 Mb\/s/ });
    await remove.focus();
    await page.keyboard.press('Enter');
    const now = await nextRun(page, old);
    expect(await changeItems(page).allTextContents()).toEqual(['30 s · bottleneck: delay 80 ms×']);
    expect(await page.locator('[data-panel="cwnd"] .change-marker').count()).toBe(1);
    expect(await page.locator('[data-panel="cwnd"] .change-marker').textContent()).toBe('delay 80 ms');
    expect(now).toBe(traceHash(runScenario({ ...base, changes: [{ atS: 30, path: 'path.0.forward.delayMs', value: 80 }] }).trace));
  });

  it('"apply from the start instead" edits the whole run', async () => {
    await page.getByTestId('seek').fill('30');
    await page.getByTestId('live-edit-from-start').check();
    expect(await page.getByTestId('live-edit-from').textContent()).toContain('to the whole run');
    const old = await fingerprint(page);
    await rateBox(page).fill('3');
    const now = await nextRun(page, old);
    expect(await changeItems(page).count()).toBe(1); // only the delay change
    const whole = { ...base, path: [{ ...base.path[0], forward: { ...base.path[0].forward, rateBps: 3e6 } }], changes: [{ atS: 30, path: 'path.0.forward.delayMs', value: 80 }] };
    expect(now).toBe(traceHash(runScenario(whole).trace));
    await page.getByTestId('live-edit-from-start').uncheck();
  });

  it('looks right at four sizes, light and dark (screenshots), with no serious axe-core violation', async () => {
    const demo = { ...base, changes: [{ atS: 20, path: RATE, value: 1e6 }, { atS: 40, path: 'path.0.forward.errors', value: [{ kind: 'bernoulli', per: 0.01 }] }] };
    await injectAxe(page);
    await page.getByTestId('seek').fill('0');
    await page.getByRole('button', { name: 'Close' }).click(); // the share line from the test above
    for (const theme of ['light', 'dark'] as const) {
      // a new hash on the same page: decoded in place, no reload; the theme alone re-runs nothing
      await page.evaluate((h) => (location.hash = h), hashFor(demo, { theme }));
      await expect.poll(() => changeItems(page).count(), { timeout: 60_000 }).toBe(2);
      await settled(page);
      for (const [width, height] of [
        [1280, 720],
        [1440, 900],
        [1920, 1080],
        [390, 844],
      ]) {
        await resizeViewport(page, { width, height });
        const showAt30s = async (): Promise<void> => {
          await injectAxe(page); // again after a reload (see resizeViewport)
          // on a phone the editor is a sheet over the stage: close it to see the charts
          const done = page.getByRole('button', { name: 'Done' });
          if (await done.isVisible()) await done.click();
          await page.getByTestId('seek').fill('30');
          await expect.poll(() => page.locator('[data-panel="cwnd"] .change-marker').count()).toBe(2);
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          await page.waitForTimeout(150);
        };
        await showAt30s();
        await screenshot(page, { path: join(OUT, `live-edit-${width}x${height}-${theme}.png`) }, showAt30s);
        if (width === 1440) expect(await seriousAxe(page)).toEqual([]);
      }
    }
  });
});
