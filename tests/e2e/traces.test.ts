/**
 * Captured traces in Chromium: Export ▾ → Import capture…, an example (capture + kernel samples),
 * "Simulate this path" overlaid on the same axes with the difference summary, field validation,
 * a bad file and a dropped file; the capture never reaches the URL, only the fitted scenario does.
 * Screenshots of the overlay at three sizes, light and dark, go to test-output/e2e/.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, foreignRequests, injectAxe, OUT, ROOT, settled, type Watched } from './harness.ts';
import { appSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

async function openView(page: Page): Promise<void> {
  // on a phone the Export menu is inside the toolbar's More menu
  if (!(await page.locator('.export-menu summary').isVisible())) await page.locator('[data-testid=more-menu] > summary').click();
  await page.locator('.export-menu summary').click();
  await page.getByTestId('import-trace').click();
  await page.getByTestId('trace-view').waitFor({ state: 'visible' });
}

async function loadExample(page: Page, name: string): Promise<void> {
  await page.getByTestId(`trace-example-${name}`).click();
  await page.getByTestId('trace-caption').waitFor({ timeout: 60_000 });
}

describe.runIf(haveChromium)('captured traces in Chromium', () => {
  const session = appSession({ open: true });
  let page: Page;
  let w: Watched;
  beforeAll(() => {
    ({ page, w } = session);
  });

  it('imports an example, simulates the fitted path and overlays both with a difference summary', async () => {
    const hashBefore = await page.evaluate(() => location.hash);
    await openView(page);
    await loadExample(page, 'linux-cubic');
    const caption = await page.getByTestId('trace-caption').textContent();
    // the kernel's own counts for this run (public/samples/linux-cubic.meta.json)
    expect(caption).toContain('4801 data packets, 59 retransmitted');
    expect(caption).toContain('captured at the client side');
    expect(await page.getByTestId('trace-view').locator('h2').textContent()).toBe('Captured trace: linux-cubic.pcap');
    expect(await page.getByTestId('fit-rate').inputValue()).toMatch(/^(1\.9[5-9]|2(\.0[0-4])?)\d*$/);
    await page.getByTestId('fit-run').click();
    await page.getByTestId('trace-difference').waitFor({ timeout: 60_000 });
    const rows = await page.getByTestId('trace-difference').locator('tbody tr th').allTextContents();
    expect(rows).toEqual(['goodput', 'retransmissions', 'RTT median', 'RTT p95', 'window p5', 'window p95']);
    const series = await page.locator('#trace-window path[data-series]').evaluateAll((els) => els.map((e) => e.getAttribute('data-series')));
    expect(series).toEqual(['captured — linux-cubic.pcap: bytes in flight', 'kernel cwnd (tcp_info, every 10 ms)', 'simulated — CUBIC, fitted path: cwnd']);
    const ts = await page.locator('#trace-timeseq path[data-series]').evaluateAll((els) => els.map((e) => e.getAttribute('data-series')));
    expect(ts).toContain('captured — linux-cubic.pcap retransmissions');
    // the capture lives in the view only: the address did not change
    expect(await page.evaluate(() => location.hash)).toBe(hashBefore);
    expect(w.errors).toEqual([]);
    expect(foreignRequests(w.requests, session.preview.url)).toEqual([]);
  });

  it('has no serious or critical axe-core violations in the view, light and dark', async () => {
    await injectAxe(page);
    const serious = async (): Promise<string[]> =>
      page.evaluate(async () => {
        const view = document.querySelector('[data-testid="trace-view"]') as Element;
        const r = await (window as unknown as { axe: { run: (ctx: Element) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run(view);
        return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
      });
    expect(await serious()).toEqual([]);
    await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
    expect(await serious()).toEqual([]);
    await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  });

  it('names a bad field and its range', async () => {
    await page.getByTestId('fit-rate').fill('abc');
    await page.getByTestId('fit-run').click();
    expect(await page.getByTestId('fit-problems').textContent()).toBe('Bottleneck rate (Mb/s): "abc" — allowed: 0.01 … 10000');
    await page.getByTestId('fit-rate').fill('2');
  });

  it('takes screenshots of the overlay (1280×720, 1440×900, 390×844; light and dark)', async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const [width, height] of [
        [1280, 720],
        [1440, 900],
        [390, 844],
      ]) {
        if (await page.getByTestId('trace-view').isVisible()) await page.getByTestId('trace-close').click();
        await page.setViewportSize({ width, height });
        await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
        // on a phone the scenario editor is a sheet over the page: put it away first, as a user would
        if (width <= 390 && (await page.locator('.drawer-close').count()) > 0) await page.locator('.drawer-close').click();
        await openView(page);
        await loadExample(page, 'linux-bbr-per1');
        await page.getByTestId('fit-run').click();
        await page.getByTestId('trace-difference').waitFor({ timeout: 60_000 });
        await page.screenshot({ path: join(OUT, `traces-${width}x${height}-${theme}-top.png`) });
        await page.locator('#trace-window').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(OUT, `traces-${width}x${height}-${theme}-charts.png`) });
        // the charts fit the dialog: no sideways scrolling
        const overflow = await page.getByTestId('trace-view').evaluate((d) => d.scrollWidth - d.clientWidth);
        expect(overflow, `${width}×${height}`).toBeLessThanOrEqual(0);
      }
    }
    await page.getByTestId('trace-close').click();
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
    await openView(page);
    await loadExample(page, 'linux-cubic');
    expect(w.errors).toEqual([]);
  });

  it('a file that is not a capture gives a message naming what was wrong', async () => {
    await page.getByTestId('trace-file').setInputFiles({ name: 'notes.pcap', mimeType: 'application/octet-stream', buffer: Buffer.from('hello, this is not a capture') });
    await page.getByTestId('trace-messages').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('trace-messages').textContent()).toContain('not a packet capture: the file starts with 68 65 6c 6c');
  });

  it('a capture chosen together with its kernel-sample CSV draws the kernel’s cwnd beside it', async () => {
    await page.getByTestId('trace-file').setInputFiles([join(ROOT, 'public/samples/linux-bbr-per1.pcap'), join(ROOT, 'public/samples/linux-bbr-per1.tcpinfo.csv')]);
    await page.waitForFunction(() => document.querySelector('h2#' + CSS.escape(document.querySelector('[data-testid="trace-view"]')?.getAttribute('aria-labelledby') ?? ''))?.textContent === 'Captured trace: linux-bbr-per1.pcap', null, { timeout: 60_000 });
    await page.getByTestId('trace-caption').waitFor({ timeout: 60_000 });
    // the caption can be in before the window chart has drawn the new capture's lines
    await page.locator('#trace-window path[data-series]').nth(1).waitFor({ timeout: 60_000 });
    const series = await page.locator('#trace-window path[data-series]').evaluateAll((els) => els.map((e) => e.getAttribute('data-series')));
    expect(series).toEqual(['captured — linux-bbr-per1.pcap: bytes in flight', 'kernel cwnd (tcp_info, every 10 ms)']);
  });

  it('a capture dropped on the page opens in the view', async () => {
    await page.getByTestId('trace-close').click();
    await page.getByTestId('trace-view').waitFor({ state: 'hidden' });
    // the bytes of a real file, fetched in the page (handing ~1 MB through evaluate is slow)
    await page.evaluate(async () => {
      const bytes = await (await fetch('./samples/linux-reno.pcap')).arrayBuffer();
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'dropped-reno.pcap'));
      document.body.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.getByTestId('trace-caption').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('trace-view').locator('h2').textContent()).toBe('Captured trace: dropped-reno.pcap');
    expect(await page.getByTestId('trace-caption').textContent()).toContain('4776 data packets, 63 retransmitted');
  });

  it('opens only the fitted scenario in the simulator', async () => {
    await page.getByTestId('fit-run').click();
    await page.getByTestId('fit-open').waitFor({ timeout: 60_000 });
    await page.getByTestId('fit-open').click();
    await page.getByTestId('trace-view').waitFor({ state: 'hidden' });
    await settled(page);
    expect(await page.locator('.scenario-name').textContent()).toBe('fitted: dropped-reno.pcap');
    const hash = await page.evaluate(() => location.hash);
    // a scenario link of a few hundred characters, not a capture of 900 kB
    expect(hash.length).toBeLessThan(3000);
    expect(w.errors).toEqual([]);
  });
});
