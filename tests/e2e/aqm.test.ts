/**
 * The AQM inside view in Chromium on the CoDel and DualPI2 cure presets: it draws the sojourn
 * per queue against the AQM's own line (CoDel's 5 ms target; DualPI2's 15 ms Classic target and
 * 0.8 ms L4S step), CoDel's dropping state and count, DualPI2's p′, p_C, p_CL and p_L; its summary
 * counts the AQM drops the engine counted in Node for the same scenario; the cursor read-out
 * names the state. One browser session, two page loads.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { encodeState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW } from '../../src/ui/state/view.ts';
import { CHROMIUM, OUT, settled, type Watched } from './harness.ts';
import { appSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

function preset(name: string): Scenario {
  const p = parseScenario(getPreset(name)?.scenario);
  if (!p.ok) throw new Error(`${name} does not validate: ${JSON.stringify(p.errors)}`);
  return p.scenario;
}

describe.runIf(haveChromium)('the AQM inside view in Chromium', () => {
  const session = appSession({ context: { bypassCSP: true } });
  let page: Page;
  let w: Watched;
  let visit = 0;
  beforeAll(() => {
    ({ page, w } = session);
  });

  async function open(scenario: Scenario, ready: string): Promise<void> {
    const hash = encodeState({ scenario, view: { ...DEFAULT_VIEW, panels: ['aqm', 'queue'] } });
    await page.goto(`${session.preview.url}?visit=${++visit}#${hash}`);
    await page.waitForSelector(ready, { timeout: 60_000 });
    await settled(page);
  }

  async function readoutAt(t: number): Promise<string> {
    await page.getByTestId('seek').fill(String(t));
    await page.waitForFunction(() => document.querySelector('#aqm-chart-cursor g.cursor')?.getAttribute('style')?.includes('inline'));
    return (await page.locator('#aqm-chart-readout').textContent()) ?? '';
  }

  const shot = (file: string): Promise<Buffer> => page.locator('[data-panel="aqm"]').screenshot({ path: join(OUT, file), style: '.transport { position: static !important; }' });

  it('CoDel: sojourn against the 5 ms target, the dropping state shaded, its count, and the engine’s drop count', async () => {
    const s = preset('cures-codel');
    const node = runScenario(s, { trace: false }).links.find((l) => l.id === 'bottleneck/fwd');
    if (!node) throw new Error('cures-codel has no bottleneck/fwd');
    await open(s, '#aqm-chart path.sojourn-line[d^="M"]');
    expect(await page.locator('#aqm-chart').getAttribute('role')).toBe('img');
    expect(await page.locator('#aqm-chart text.target-line-label').textContent()).toBe('target 5 ms');
    expect(await page.locator('#aqm-chart rect.dropping-span').count()).toBeGreaterThan(0);
    expect(await page.locator('#aqm-chart path.codel-count-0').getAttribute('d')).toMatch(/^M/);
    const summary = (await page.getByTestId('aqm-summary').textContent()) ?? '';
    expect(summary).toContain('Inside the AQM at link "bottleneck": CoDel target 5 ms: queue median sojourn');
    expect(summary).toContain(`${node.drops['aqm-drop'].toLocaleString('en-US')} dropped by the AQM`);
    expect(await readoutAt(20)).toMatch(/queue: sojourn [\d.]+ ms(, dropping)?, count \d+/);
    expect(w.errors).toEqual([]);
    await shot('panel-aqm-codel.png');
  });

  it('DualPI2: the L4S and Classic sojourns against the step and the target, and p′ with p_C and p_CL', async () => {
    const s = preset('l4s-dualpi2');
    await open(s, '#aqm-chart path.sojourn-1[d^="M"]');
    expect(await page.locator('#aqm-chart path.sojourn-0').getAttribute('d')).toMatch(/^M/);
    expect(await page.locator('#aqm-chart text.target-line-label').textContent()).toBe('Classic target 15 ms');
    expect(await page.locator('#aqm-chart text.step-line-label').textContent()).toBe('L4S step 0.8 ms');
    for (const cls of ['dual-pl', 'dual-pcl', 'dual-pprime', 'dual-pc']) expect(await page.locator(`#aqm-chart path.${cls}`).getAttribute('d'), cls).toMatch(/^M/);
    expect(await page.locator('#aqm-chart rect.dropping-span').count()).toBe(0);
    const summary = (await page.getByTestId('aqm-summary').textContent()) ?? '';
    expect(summary).toMatch(/DualPI2 target 15 ms: L4S queue \(\d+ % of packets\) median sojourn/);
    expect(summary).toContain('Classic queue');
    const reading = await readoutAt(20);
    expect(reading).toMatch(/L4S queue: sojourn [\d.]+ ms/);
    expect(reading).toMatch(/p′ [\d.]+ % → p_C [\d.]+ %, p_CL [\d.]+ %/);
    expect(reading).toMatch(/last L4S packet: p_L [\d.]+ %/);
    expect(w.errors).toEqual([]);
    await shot('panel-aqm-dualpi2.png');
  });
});
