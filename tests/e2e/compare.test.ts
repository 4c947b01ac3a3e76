/**
 * Compare mode and presenter mode in Chromium: three variants run on the same scenario and
 * seed and appear as three series (overlay) or three charts (small multiples), each run's
 * fingerprint equal to Node's for that variant; presenter keys step the cursor to exactly the
 * congestion events, loss bursts and timeouts the engine's trace holds.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { traceHash } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { congestionStops } from '../harness/stops.ts';
import { CHROMIUM, OUT, settled, type Watched } from './harness.ts';
import { appSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

function reference(): Scenario {
  const p = parseScenario(getPreset('reference-2mbps')?.scenario);
  if (!p.ok) throw new Error('reference-2mbps does not validate');
  return p.scenario;
}

const withVariant = (s: Scenario, variant: string): Scenario => ({ ...s, flows: s.flows.map((f) => ({ ...f, variant })) });

const cursorText = (page: Page): Promise<string | null> => page.getByTestId('cursor-time').textContent();
const shows = (t: number): string => `t = ${t.toFixed(3)} s`;

describe.runIf(haveChromium)('compare and presenter modes in Chromium', () => {
  const session = appSession({ open: true });
  let page: Page;
  let w: Watched;
  beforeAll(() => {
    ({ page, w } = session);
  });

  it('presenter keys step to the next event, loss and timeout the engine recorded', async () => {
    const expected = congestionStops(runScenario(reference()).trace);
    await page.getByTestId('presenter').click();
    expect(await page.locator('aside').count()).toBe(0);
    await page.locator('h1').click(); // focus on the page, not a control
    expect(await cursorText(page)).toBe(shows(0));
    await page.keyboard.press('ArrowRight');
    const first = expected.any.find((t) => t > 1e-9)!;
    expect(await cursorText(page)).toBe(shows(first));
    await page.keyboard.press('PageDown');
    const second = expected.any.find((t) => t > first + 1e-9)!;
    expect(await cursorText(page)).toBe(shows(second));
    await page.keyboard.press('PageUp');
    expect(await cursorText(page)).toBe(shows(first));
    await page.keyboard.press('l');
    const loss = expected.loss.find((t) => t > first + 1e-9)!;
    expect(await cursorText(page)).toBe(shows(loss));
    await page.keyboard.press('t');
    const timeout = expected.timeout.find((t) => t > loss + 1e-9);
    expect(await cursorText(page)).toBe(shows(timeout ?? loss));
    // Space plays, Space again pauses; + and − change the speed
    const speed = page.getByTestId('speed');
    const before = await speed.inputValue();
    await page.keyboard.press('+');
    expect(Number(await speed.inputValue())).toBeGreaterThan(Number(before));
    await page.keyboard.press('-');
    expect(await speed.inputValue()).toBe(before);
    await page.keyboard.press(' ');
    await page.waitForFunction((t) => document.querySelector('[data-testid="cursor-time"]')?.textContent !== t, shows(timeout ?? loss), { timeout: 10_000 });
    await page.keyboard.press(' ');
    expect(await page.getByTestId('play').textContent()).toBe('Play');
    await page.screenshot({ path: join(OUT, 'presenter.png') });
    await page.getByTestId('presenter').click();
    expect(await page.locator('aside').count()).toBe(0); // the editor drawer starts closed on a first visit (issue 31) and stays so
    expect(w.errors).toEqual([]);
  });

  it('compares three variants on the same seed as three overlaid series', async () => {
    await page.locator('[data-testid="compare-menu"] summary').click();
    for (const v of ['newreno', 'reno', 'tahoe']) await page.getByTestId(`compare-${v}`).check();
    await page.locator('[data-testid="compare-menu"] summary').click();
    await page.waitForFunction(() => document.querySelectorAll('#cwnd-chart g.flow').length === 3, null, { timeout: 60_000 });
    await settled(page);
    const series = await page.locator('#cwnd-chart g.flow').evaluateAll((els) => els.map((e) => e.getAttribute('data-series')));
    expect(series).toEqual(['NewReno', 'Reno', 'Tahoe']);
    // distinct colours and dash patterns
    const styles = await page.locator('#cwnd-chart path.cwnd-line').evaluateAll((els) => els.map((e) => `${getComputedStyle(e).stroke}|${e.getAttribute('stroke-dasharray')}`));
    expect(new Set(styles).size).toBe(3);
    // one line per run (each drawn in pieces), in the runs' colours; a panel far below the
    // screen keeps its earlier picture until it comes near (GridCell), so it is brought into view
    await page.locator('#queue-chart').scrollIntoViewIfNeeded();
    await settled(page);
    expect(await page.locator('#queue-chart g.queue-series').evaluateAll((els) => els.map((e) => e.getAttribute('data-series')))).toEqual(['NewReno', 'Reno', 'Tahoe']);
    expect(await page.locator('#queue-chart g.queue-series:first-child path.queue-line').count()).toBeGreaterThan(0);
    // the metrics panel sits further down still (and its code loads on demand): the same, for it
    await page.locator('[data-panel="metrics"]').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('[data-panel="metrics"] tbody tr').length === 3, null, { timeout: 30_000 });
    expect(await page.locator('[data-panel="metrics"] tbody tr').count()).toBe(3);
    // each run is the engine's run of that variant on the same seed
    const hashes = await page.locator('.footnote code').allTextContents();
    const base = reference();
    expect(hashes).toEqual(['newreno', 'reno', 'tahoe'].map((v) => traceHash(runScenario(withVariant(base, v)).trace)));
    await page.screenshot({ path: join(OUT, 'compare-overlay.png'), fullPage: true });
  });

  it('draws small multiples: one chart per variant', async () => {
    await page.locator('[data-testid="compare-menu"] summary').click();
    await page.getByTestId('layout-multiples').check();
    await page.locator('[data-testid="compare-menu"] summary').click();
    await page.waitForSelector('#cwnd-chart-2 path.cwnd-line');
    for (const id of ['cwnd-chart', 'cwnd-chart-1', 'cwnd-chart-2']) expect(await page.locator(`#${id} g.flow`).count()).toBe(1);
    expect(w.errors).toEqual([]);
    await page.screenshot({ path: join(OUT, 'compare-multiples.png'), fullPage: true });
  });
});
