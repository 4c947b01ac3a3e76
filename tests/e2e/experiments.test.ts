/**
 * The experiments view in Chromium: a small sweep of a paper figure opened from a link fills in
 * with progress, error bars, the paper's printed values and a verdict badge; cancel and resume;
 * clicking a point opens that exact run in the main view (same trace fingerprint as the sweep
 * recorded) and the bar above it leads back; mangled links name the problem. Screenshots at the
 * brief's sizes, light and dark, land in test-output/e2e/.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import LZString from 'lz-string';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { getFigure } from '../../src/experiments/figures.ts';
import type { ExperimentInput } from '../../src/experiments/spec.ts';
import { CHROMIUM, foreignRequests, injectAxe, OUT, resizeViewport, settled, type Watched } from './harness.ts';
import { appSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

/** probing-fig3 with 2 seeds: 6 PER × 2 variants × 2 seeds = 24 runs of a few ms each. */
function smallFig3(): ExperimentInput {
  const e = structuredClone(getFigure('probing-fig3')!.experiment);
  e.seeds = { first: 1, count: 2 };
  return e;
}

const link = (e: ExperimentInput): string => `#experiment=j.${LZString.compressToEncodedURIComponent(JSON.stringify(e))}`;

async function finished(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-testid="exp-progress"]')?.getAttribute('data-state') === 'done', null, { timeout: 90_000 });
}

describe.runIf(haveChromium)('experiments view in Chromium', () => {
  const session = appSession({ context: { viewport: { width: 1280, height: 720 } } });
  let page: Page;
  let w: Watched;
  beforeAll(() => {
    ({ page, w } = session);
  });

  it('the toolbar leads to the experiments menu, grouped by paper', async () => {
    await page.goto(session.preview.url);
    await settled(page);
    // the link is in the toolbar's More menu
    await page.locator('[data-testid=more-menu] > summary').click();
    await page.getByTestId('experiments').click();
    await page.getByTestId('exp-menu').waitFor();
    const groups = await page.locator('[data-testid="exp-menu"] optgroup').evaluateAll((els) => els.map((e) => e.getAttribute('label')));
    expect(groups).toEqual(['NewReno-LP (Martignon & Fratta)', 'TCP-Probing (Tsaoussidis & Lahanas)', 'TCP-Real (Zhang & Tsaoussidis)', 'TCP over 3G (Chan & Ramjee)', 'TCP New Jersey (Xu, Tian & Ansari)', 'CoDel (Nichols & Jacobson; RFC 8289)', 'DualQ Coupled AQM (RFC 9332)']);
    await page.screenshot({ path: join(OUT, 'experiments-index.png') });
  });

  it('a sweep fills in with progress, intervals, the paper’s values and a verdict', async () => {
    await page.goto(session.preview.url + link(smallFig3()));
    await page.getByTestId('exp-progress').waitFor();
    await finished(page);
    expect(await page.getByTestId('exp-progress').getAttribute('data-done')).toBe('24');
    expect(await page.getByTestId('exp-point').count()).toBe(12);
    expect(await page.getByTestId('exp-seed').count()).toBe(24);
    // two seeds give an interval at every point (CI paths drawn), and the table's 12 values are overlaid
    expect(await page.getByTestId('exp-ci').count()).toBe(12);
    expect(await page.locator('[data-testid="exp-published"] path').count()).toBe(12);
    expect(await page.getByTestId('exp-verdict').textContent()).toMatch(/paper/);
    expect(await page.locator('.exp-legend').textContent()).toContain('paper, table values');
    for (const [theme, size] of [
      ['light', { width: 1280, height: 720 }],
      ['light', { width: 1920, height: 1080 }],
      ['light', { width: 390, height: 844 }],
      ['dark', { width: 1280, height: 720 }],
      ['dark', { width: 1920, height: 1080 }],
      ['dark', { width: 390, height: 844 }],
    ] as const) {
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      await resizeViewport(page, size);
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(OUT, `experiments-${theme}-${size.width}x${size.height}.png`), fullPage: true });
    }
    await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
    await resizeViewport(page, { width: 1280, height: 720 });
  });

  it('has no serious or critical axe-core violations, light or dark', async () => {
    await injectAxe(page);
    const serious = async (): Promise<string[]> =>
      page.evaluate(async () => {
        const r = await (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document);
        return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
      });
    expect(await serious()).toEqual([]);
    await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
    expect(await serious()).toEqual([]);
    await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  });

  it('switching the plotted metric reruns nothing', async () => {
    await page.getByTestId('exp-metric').selectOption('overheadPct');
    await page.waitForFunction(() => (document.querySelector('[data-testid="exp-chart"]')?.getAttribute('aria-label') ?? '').startsWith('Overhead'));
    expect(await page.getByTestId('exp-progress').getAttribute('data-state')).toBe('done');
    expect(await page.getByTestId('exp-point').count()).toBe(12);
    await page.getByTestId('exp-metric').selectOption('completionTimeS');
  });

  it('cancel keeps the finished runs and resume completes the sweep', async () => {
    const e = structuredClone(getFigure('lp-fig4a')!.experiment);
    // the figure's own id: its models and claims come with it
    e.edits = [...(e.edits ?? []), 'durationS=20'];
    e.seeds = { first: 1, count: 3 };
    await page.goto(session.preview.url + link(e));
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="exp-progress"]')?.getAttribute('data-done')) >= 1, null, { timeout: 60_000 });
    await page.getByTestId('exp-cancel').click();
    await page.getByTestId('exp-resume').waitFor();
    const doneAtCancel = Number(await page.getByTestId('exp-progress').getAttribute('data-done'));
    expect(doneAtCancel).toBeLessThan(60);
    await page.getByTestId('exp-resume').click();
    await finished(page);
    expect(await page.getByTestId('exp-progress').getAttribute('data-done')).toBe('60');
    expect(await page.getByTestId('exp-point').count()).toBe(20);
    // Fig. 4(a) draws Mathis and PFTK over the data, on a log PER axis
    expect(await page.getByTestId('exp-model').count()).toBe(2);
    await page.screenshot({ path: join(OUT, 'experiments-lp-fig4a-light-1280x720.png'), fullPage: true });
  });

  it('clicking a point opens that exact run in the main view, and the bar leads back', async () => {
    // a 20 s run: the main view simulates it whole (it stops longer runs at 600 s and says so)
    const point = page.locator('[data-testid="exp-point"][data-variant="newreno-lp"][data-point="2"]');
    const hash = await point.getAttribute('data-hash');
    expect(hash).toMatch(/^[0-9a-f]{8}$/);
    await point.click();
    await settled(page);
    expect(await page.getByTestId('trace-hash').textContent()).toBe(hash);
    await page.getByTestId('exp-back').waitFor();
    await page.screenshot({ path: join(OUT, 'experiments-opened-run.png') });
    await page.getByTestId('exp-back').click();
    await finished(page);
    // everything came from the cache
    expect(await page.getByTestId('exp-progress').textContent()).toMatch(/60 runs reused/);
  });

  it('more seeds reuse the finished runs; an absurd seed count is named', async () => {
    await page.getByTestId('exp-seeds').fill('0');
    await page.getByRole('button', { name: 'Apply' }).click();
    expect(await page.getByTestId('exp-problems').textContent()).toContain('seeds.count: 0 is out of range — allowed at least 1');
    await page.getByTestId('exp-seeds').fill('4');
    await page.getByRole('button', { name: 'Apply' }).click();
    await finished(page);
    // 3 seeds had run: 20 points × 1 new seed
    expect(await page.getByTestId('exp-progress').textContent()).toMatch(/80 of 80 runs.*\(60 runs reused\)/);
  });

  it('the index sums up the figures run in this session', async () => {
    await page.evaluate(() => (location.hash = 'experiment=real-handoff'));
    await page.waitForFunction(() => document.querySelector('[data-testid="exp-title"]')?.textContent?.startsWith('Goodput and application success with handoffs'));
    await finished(page);
    await page.evaluate(() => (location.hash = 'experiment='));
    await page.getByTestId('exp-summary').waitFor();
    const rows = await page.locator('[data-testid="exp-summary"] tbody tr').allTextContents();
    // one row per figure: the five papers' 19 and the two AQM figures (codel-rates, dualpi2-rtt)
    expect(rows).toHaveLength(21);
    // the small Fig. 4(a) sweep above used 20 s runs, not the figure's 60 s: the figure itself has not run
    expect(rows.find((r) => r.startsWith('lp-fig4a'))).toMatch(/not run yet/);
    expect(rows.find((r) => r.startsWith('real-handoff'))).toMatch(/the paper/);
    await page.screenshot({ path: join(OUT, 'experiments-index-summary.png'), fullPage: true });
  });

  it('a mangled link names the problem and the view keeps working', async () => {
    await page.goto(session.preview.url + '#experiment=lp-fig44');
    await page.getByTestId('exp-problems').waitFor();
    expect(await page.getByTestId('exp-problems').textContent()).toContain('did you mean "lp-fig4a"');
    const bad = structuredClone(getFigure('lp-fig4a')!.experiment) as Record<string, unknown>;
    bad.variants = ['newreno', 'newreno-pl'];
    bad.seeds = { first: 1, count: 0 };
    await page.goto(session.preview.url + link(bad as ExperimentInput));
    await page.getByTestId('exp-problems').waitFor();
    const text = (await page.getByTestId('exp-problems').textContent()) ?? '';
    expect(text).toContain('variants.1');
    expect(text).toContain('seeds');
    await page.goto(session.preview.url + '#experiment=j.%%%garbage');
    await page.getByTestId('exp-problems').waitFor();
    await page.getByTestId('exp-menu').selectOption('lp-fig2a');
    await page.getByTestId('exp-progress').waitFor();
    expect(w.errors).toEqual([]);
    expect(foreignRequests(w.requests, session.preview.url)).toEqual([]);
  });
});
