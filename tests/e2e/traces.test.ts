/**
 * Captured traces in Chromium: a shipped sample imported with the file input (capture + kernel
 * samples) becomes a run of the app, named "captured — FILE" and drawn by the normal panels
 * (window, estimates: RTT, receive window, goodput; time–sequence; events); the panels about the
 * network say why they leave it out; "Simulate this path" loads the fitted scenario, whose run is
 * drawn beside the capture with the difference summary. The capture never reaches the URL, the
 * samples are precached for offline use. Screenshots at 1280×720 and 390×844 go to test-output/e2e/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, foreignRequests, injectAxe, OUT, ROOT, settled, type Watched } from './harness.ts';
import { appSession } from './session.ts';
import { runScenario } from '../../src/engine/run.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { differenceSummary, reconstructSimulated } from '../../src/traces/compare.ts';
import { fitPath, fittedScenario } from '../../src/traces/fit.ts';
import { importCapture } from '../../src/traces/import.ts';
import { reconstruct } from '../../src/traces/reconstruct.ts';
import { checkFitFields, fieldsOf, fmt } from '../../src/ui/traces/TraceView.tsx';

const haveChromium = existsSync(CHROMIUM);
const LABEL = 'captured — linux-bbr-per1.pcap';

/**
 * The difference summary computed here in Node, without the app's worker pool or trace worker:
 * the file read, the path fitted and rounded as the app's fields show it (the rate as typed), the fitted scenario
 * run by the engine and measured by the same reconstruction; rows as the table shows them.
 */
function expectedDifference(name: string, variant: string, rateMbps: string): string[] {
  const real = reconstruct(importCapture(new Uint8Array(readFileSync(join(ROOT, `public/samples/${name}`)))).connections[0].segments);
  const base = fitPath(real);
  const { fit } = checkFitFields({ ...fieldsOf(base), rateMbps }, base);
  const parsed = parseScenario(fittedScenario(fit!, variant, name));
  if (!parsed.ok) throw new Error('the fitted scenario does not parse');
  const res = runScenario(parsed.scenario, { trace: ['send', 'ack', 'cwnd'] });
  const sim = reconstructSimulated(res.trace, 0, fit!.mssBytes, fit!.sack);
  return differenceSummary(real, sim, res.trace.cwnd).map((r) => `${r.measure}${fmt(r.real)}${fmt(r.simulated)}${r.unit}`);
}

const seriesOf = (page: Page, sel: string): Promise<(string | null)[]> => page.locator(sel).evaluateAll((els) => els.map((e) => e.getAttribute('data-series')));

async function openImport(page: Page): Promise<void> {
  // on a phone the Export menu is inside the toolbar's More menu
  if (!(await page.locator('.export-menu summary').isVisible())) await page.locator('[data-testid=more-menu] > summary').click();
  await page.locator('.export-menu summary').click();
  await page.getByTestId('import-trace').click();
  await page.getByTestId('trace-view').waitFor({ state: 'visible' });
}

describe.runIf(haveChromium)('captured traces in Chromium', () => {
  const session = appSession({ open: true });
  let page: Page;
  let w: Watched;
  beforeAll(() => {
    ({ page, w } = session);
  });

  it('precaches the shipped samples for offline use', () => {
    const sw = readFileSync(join(ROOT, 'dist/sw.js'), 'utf8');
    for (const name of ['linux-cubic', 'linux-bbr-per1', 'linux-reno']) for (const ext of ['pcap', 'tcpinfo.csv']) expect(sw).toContain(`"samples/${name}.${ext}"`);
  });

  it('draws an imported sample in the panels as "captured — FILE", and the panels about the network say why they leave it out', async () => {
    // the app writes its own state to the address once the first runs are in and its link code has
    // loaded; that is the address the capture must leave as it is
    await page.waitForFunction(() => location.hash.startsWith('#v'), null, { timeout: 30_000 });
    const hashBefore = await page.evaluate(() => location.hash);
    await openImport(page);
    await page.getByTestId('trace-file').setInputFiles([join(ROOT, 'public/samples/linux-bbr-per1.pcap'), join(ROOT, 'public/samples/linux-bbr-per1.tcpinfo.csv')]);
    await page.getByTestId('capture-bar').waitFor({ timeout: 60_000 });
    await page.getByTestId('trace-view').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('capture-title').textContent()).toBe(LABEL);
    // the kernel's own counts for this run (public/samples/linux-bbr-per1.meta.json)
    expect(await page.getByTestId('trace-caption').textContent()).toContain('captured at the client side');
    await page.locator('[data-panel="cwnd"] [data-series]').first().waitFor({ timeout: 30_000 });
    expect(await seriesOf(page, '[data-panel="cwnd"] g.flow[data-series]')).toEqual([LABEL]);
    const estimates = await seriesOf(page, '[data-panel="estimate"] [data-series]');
    expect(new Set(estimates)).toEqual(new Set([`${LABEL} RTT samples`, `${LABEL} receive window`, `${LABEL} goodput (500 ms bins)`, `${LABEL} kernel cwnd (tcp_info, every 10 ms)`]));
    // the time–sequence panel draws it, and the events are the captured sender's
    expect(await page.locator('[data-panel="timeseq"]').textContent()).toContain(LABEL);
    await page.locator('.event-list summary').click();
    const firstEvent = await page.locator('.event-list li').first().textContent();
    expect(firstEvent).toContain(`${LABEL}: fast retransmit of segment`);
    expect(firstEvent).toContain('a capture at one end cannot tell where or why the segment was lost');
    await page.locator('.event-list summary').click();
    // stepping stops at the captured sender's first event, and the caption under the transport says what it was
    await page.getByRole('button', { name: 'Next event' }).click();
    await page.waitForFunction((l) => document.querySelector('[data-testid="event-caption"]')?.textContent?.includes(l), LABEL);
    expect(await page.getByTestId('event-caption').textContent()).toMatch(/^\d+\.\d{3} s · .* · captured — linux-bbr-per1\.pcap: fast retransmit of segment \d+, bytes in flight [\d.]+ → [\d.]+ segments · a capture at one end cannot tell where or why the segment was lost\.$/);
    // a panel about the network says it leaves the capture out
    expect(await page.getByTestId('metrics-capture-note').textContent()).toBe(`${LABEL} is not drawn here: a capture has no links, drops or application to count; its own measures are in the difference summary.`);
    // the capture is not in the address
    expect(await page.evaluate(() => location.hash)).toBe(hashBefore);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByTestId('capture-bar').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUT, 'traces-captured-1280x720.png') });
    await page.locator('[data-panel="timeseq"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUT, 'traces-captured-timeseq-1280x720.png') });
  });

  it('names a bad fitted field and its range', async () => {
    await page.getByTestId('fit-rate').fill('abc');
    await page.getByTestId('fit-run').click();
    expect(await page.getByTestId('fit-problems').textContent()).toBe('Bottleneck rate (Mb/s): "abc" — allowed: 0.01 … 10000');
    await page.getByTestId('fit-rate').fill('2');
  });

  it('Simulate this path draws the fitted path’s run beside the capture, with the difference summary', async () => {
    await page.getByTestId('fit-variant').selectOption('bbr');
    await page.getByTestId('fit-run').click();
    await page.getByTestId('trace-difference').waitFor({ timeout: 60_000 });
    await settled(page);
    expect(await page.locator('.scenario-name').first().textContent()).toBe('fitted: linux-bbr-per1.pcap');
    expect(await seriesOf(page, '[data-panel="cwnd"] g.flow[data-series]')).toEqual([LABEL, 'simulated — BBR']);
    const estimates = await seriesOf(page, '[data-panel="estimate"] [data-series]');
    expect(estimates).toEqual(expect.arrayContaining([`${LABEL} goodput (500 ms bins)`, 'simulated — BBR goodput (500 ms bins)', 'simulated — BBR RTT samples (from its packets)']));
    const table = page.getByTestId('trace-difference');
    expect(await table.locator('thead th').allTextContents()).toEqual(['measure', LABEL, 'simulated — BBR', 'unit']);
    expect(await table.locator('tbody tr th').allTextContents()).toEqual(['goodput', 'retransmissions', 'RTT median', 'RTT p95', 'window p5', 'window p95']);
    // the queue panel draws the simulated run only, and says why
    expect(await page.getByTestId('queue-capture-note').textContent()).toBe(`${LABEL} is not drawn here: a capture at one end of the connection records no queue.`);
    expect(await page.locator('[data-panel="queue"]').count()).toBe(1);
    // the share link carries the fitted scenario (a few hundred characters), never the ~1 MB capture
    const hash = await page.evaluate(() => location.hash);
    expect(hash.length).toBeGreaterThan(0);
    expect(hash.length).toBeLessThan(3000);
    // the app's run (worker pool) measured by the trace worker gives what the same steps give in Node
    const shown = await table.locator('tbody tr').allTextContents();
    expect(shown).toEqual(expectedDifference('linux-bbr-per1.pcap', 'bbr', '2'));
    console.log(`difference linux-bbr-per1: ${JSON.stringify(shown)}`);
    for (const [width, height] of [
      [1280, 720],
      [1440, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      if (width <= 390 && (await page.locator('.drawer-close').count()) > 0) await page.locator('.drawer-close').click();
      await page.getByTestId('capture-bar').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(OUT, `traces-overlay-${width}x${height}-bar.png`) });
      await page.locator('[data-panel="cwnd"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(OUT, `traces-overlay-${width}x${height}-cwnd.png`) });
      // a phone shows one panel at a time: the estimates are drawn on the wide screen
      if (width > 390) {
        await page.locator('[data-panel="estimate"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(OUT, `traces-overlay-${width}x${height}-estimate.png`) });
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${width}×${height}`).toBeLessThanOrEqual(0);
    }
    // the captured line is drawn in the ink colour: it stays visible in the dark theme
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
    await page.locator('[data-panel="cwnd"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUT, 'traces-overlay-1280x720-cwnd-dark.png') });
    await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
    await page.setViewportSize({ width: 1400, height: 1000 });
    expect(w.errors).toEqual([]);
    expect(foreignRequests(w.requests, session.preview.url)).toEqual([]);
  });

  it('has no serious or critical axe-core violations in the capture bar and the import dialog', async () => {
    await injectAxe(page);
    const serious = async (sel: string): Promise<string[]> =>
      page.evaluate(async (s) => {
        const el = document.querySelector(s) as Element;
        const r = await (window as unknown as { axe: { run: (ctx: Element) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run(el);
        return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
      }, sel);
    expect(await serious('[data-testid="capture-bar"]')).toEqual([]);
    await page.getByTestId('capture-import').click();
    expect(await serious('[data-testid="trace-view"]')).toEqual([]);
  });

  it('a file that is not a capture gives a message naming what was wrong, and the capture drawn stays', async () => {
    await page.getByTestId('trace-file').setInputFiles({ name: 'notes.pcap', mimeType: 'application/octet-stream', buffer: Buffer.from('hello, this is not a capture') });
    await page.getByTestId('trace-messages').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('trace-messages').textContent()).toContain('not a packet capture: the file starts with 68 65 6c 6c');
    await page.getByTestId('trace-close').click();
    expect(await page.getByTestId('capture-title').textContent()).toBe(LABEL);
  });

  it('a capture dropped on the page replaces the one drawn; closing it leaves the simulation', async () => {
    await page.evaluate(async () => {
      const bytes = await (await fetch('./samples/linux-reno.pcap')).arrayBuffer();
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'dropped-reno.pcap'));
      document.body.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.waitForFunction(() => document.querySelector('[data-testid="capture-title"]')?.textContent === 'captured — dropped-reno.pcap', null, { timeout: 60_000 });
    expect(await page.getByTestId('trace-caption').textContent()).toContain('4776 data packets, 63 retransmitted');
    await page.getByTestId('capture-close').click();
    await page.getByTestId('capture-bar').waitFor({ state: 'detached' });
    await page.locator('[data-panel="cwnd"] g.flow[data-series]').first().waitFor();
    expect((await seriesOf(page, '[data-panel="cwnd"] g.flow[data-series]')).some((s) => s?.startsWith('captured'))).toBe(false);
    expect(w.errors).toEqual([]);
  });
});
