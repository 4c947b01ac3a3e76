/**
 * Sharing and files in Chromium: "Copy link" puts a URL on the clipboard that reopens the same
 * scenario and view in a fresh page, at the same playhead with the same caption; a mangled link shows the problem banner while the app runs
 * on defaults; trace CSV and chart SVG downloads are well-formed.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { DAMAGED_LINK_TITLE, decodeState, encodeState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW } from '../../src/ui/state/view.ts';
import { CHROMIUM, foreignRequests, OUT, settled, watch, type Watched } from './harness.ts';
import { appSession } from './session.ts';

/**
 * A download's bytes, read through Playwright's stream: the browser is the e2e files' shared one
 * (global-setup.ts), connected to rather than launched here, and such a browser gives no path.
 */
async function bytesOf(d: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await d.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const haveChromium = existsSync(CHROMIUM);
const RATE_TEXT = '[data-path="path.0.forward.rateBps"] input[type="text"]';

const panelOrder = (page: Page): Promise<(string | null)[]> => page.locator('[data-panel]').evaluateAll((els) => els.map((e) => e.getAttribute('data-panel')));

describe.runIf(haveChromium)('share links and files in Chromium', () => {
  const session = appSession({ open: true, editorOpen: true, context: { permissions: ['clipboard-read', 'clipboard-write'] } });
  let page: Page;
  let w: Watched;
  beforeAll(() => {
    ({ page, w } = session);
  });

  it('copy link → new page → same scenario and view', async () => {
    const hashBefore = await page.getByTestId('trace-hash').textContent();
    await page.locator(RATE_TEXT).fill('3');
    await page.waitForFunction((h) => document.querySelector('[data-testid="trace-hash"]')?.textContent !== h, hashBefore, { timeout: 60_000 });
    await page.locator('[data-testid="compare-menu"] summary').click();
    await page.getByTestId('compare-sack').check();
    await page.getByTestId('compare-reno').check();
    await page.locator('[data-testid="compare-menu"] summary').click();
    await page.getByRole('button', { name: 'Hide Path' }).click();
    await page.getByTestId('theme').click();
    await page.waitForFunction(() => document.querySelectorAll('#cwnd-chart g.flow').length === 2, null, { timeout: 60_000 });
    await settled(page);
    const hashes = await page.locator('.footnote code').allTextContents();
    const order = await panelOrder(page);

    await page.getByTestId('copy-link').click();
    await page.getByTestId('share-link').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await page.getByTestId('share-link').inputValue());
    expect(copied).toMatch(/#v\d+\./);

    const other = await session.page.context().newPage();
    const w2 = watch(other);
    try {
      await other.goto(copied);
      await settled(other);
      expect(await other.locator(RATE_TEXT).inputValue()).toBe('3');
      expect(await other.locator('.footnote code').allTextContents()).toEqual(hashes);
      expect(await panelOrder(other)).toEqual(order);
      expect(await other.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      expect(await other.locator('#cwnd-chart g.flow').evaluateAll((els) => els.map((e) => e.getAttribute('data-series')))).toEqual(['SACK', 'Reno']);
      expect(await other.getByTestId('problem-banner').count()).toBe(0);
      expect(w2.errors).toEqual([]);
      await other.screenshot({ path: join(OUT, 'shared-link.png'), fullPage: true });
    } finally {
      await other.close();
    }
  });

  it('a shared link reopens at its playhead, paused, with the same caption', async () => {
    const reference = parseScenario(getPreset('reference-2mbps')!.scenario);
    if (!reference.ok) throw new Error('reference-2mbps does not validate');
    await page.goto(`${session.preview.url}?at=1#${encodeState({ scenario: reference.scenario, view: DEFAULT_VIEW })}`);
    await settled(page);
    // two events on: the first loss, then the fast retransmit with its caption
    for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Next event' }).click();
    await page.waitForFunction(() => (document.querySelector('[data-testid=event-caption]')?.textContent ?? '') !== '');
    const at = await page.getByTestId('cursor-time').textContent();
    const caption = await page.getByTestId('event-caption').textContent();
    expect(at).not.toBe('t = 0.000 s');
    await page.getByTestId('copy-link').click();
    await page.getByTestId('share-link').waitFor();
    const copied = await page.getByTestId('share-link').inputValue();
    const other = await session.page.context().newPage();
    try {
      await other.goto(copied);
      await settled(other);
      await other.waitForFunction((t) => document.querySelector('[data-testid=cursor-time]')?.textContent === t, at, { timeout: 30_000 });
      expect(await other.getByTestId('event-caption').textContent()).toBe(caption);
      expect(await other.getByTestId('play').textContent()).toBe('Play');
      // the page then forgets the playhead: its own address, rewritten a moment later, no longer carries it
      await other.waitForFunction((h) => location.href !== h, copied, { timeout: 10_000 });
      const own = decodeState(await other.evaluate(() => location.hash.slice(1)), { scenario: reference.scenario, view: DEFAULT_VIEW });
      expect(own.problems).toEqual([]);
      expect(own.view.atS).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('a mangled link shows the banner and the app still runs', async () => {
    const bad = await session.page.context().newPage();
    const wb = watch(bad);
    try {
      await bad.goto(`${session.preview.url}#v1.this-is-not%20a%20state!!`);
      await bad.getByTestId('problem-banner').waitFor({ timeout: 30_000 });
      await bad.waitForSelector('#cwnd-chart path.cwnd-line[d^="M"]', { timeout: 60_000 });
      await settled(bad);
      await bad.screenshot({ path: join(OUT, 'mangled-link.png') });
      await bad.getByTestId('problem-banner').getByRole('button', { name: 'Dismiss' }).click();
      expect(await bad.getByTestId('problem-banner').count()).toBe(0);
      expect(wb.errors).toEqual([]);
    } finally {
      await bad.close();
    }
  });

  it('a damaged link (checksum fails) says so, shows what could be read, and offers the defaults', async () => {
    const reference = parseScenario(getPreset('reference-2mbps')!.scenario);
    if (!reference.ok) throw new Error('reference-2mbps invalid');
    const sent = { ...reference.scenario, durationS: 7 };
    const link = encodeState({ scenario: sent, view: DEFAULT_VIEW });
    // one checksum digit changed: the data still reads, but nothing vouches for it
    const damaged = link.slice(0, -1) + (link.endsWith('0') ? '1' : '0');
    const bad = await session.page.context().newPage();
    const wb = watch(bad);
    try {
      await bad.goto(`${session.preview.url}#${damaged}`);
      const banner = bad.getByTestId('problem-banner');
      await banner.waitFor({ timeout: 30_000 });
      expect(await banner.locator('strong').textContent()).toBe(DAMAGED_LINK_TITLE);
      expect(await banner.locator('li').first().textContent()).toMatch(/^link: damaged — its checksum does not match its data.*differs from the scenario that was open in durationS/);
      await settled(bad);
      expect(await bad.getByTestId('seek').getAttribute('max')).toBe('7'); // what could be read is shown
      await bad.getByTestId('problem-action').click();
      expect(await bad.getByTestId('problem-banner').count()).toBe(0);
      await bad.waitForFunction(() => document.querySelector('[data-testid="seek"]')?.getAttribute('max') === '100', null, { timeout: 60_000 });
      await settled(bad);
      expect(wb.errors).toEqual([]);
    } finally {
      await bad.close();
    }
  });

  it('a link made in Node opens a lossy wireless scenario: channel strips and drops coloured by cause', async () => {
    const input = structuredClone(getPreset('reference-2mbps')!.scenario) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    input.durationS = 30;
    input.path[0].forward.errors = [
      { kind: 'gilbert-elliott', meanGoodS: 3, meanBadS: 0.4, perBad: 0.3 },
      { kind: 'blackout', atS: 20, durationS: 2 },
    ];
    const parsed = parseScenario(input);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const hash = encodeState({ scenario: parsed.scenario, view: { ...DEFAULT_VIEW, panels: ['path', 'queue'] } });
    const wireless = await session.page.context().newPage();
    const ww = watch(wireless);
    try {
      await wireless.goto(`${session.preview.url}#${hash}`);
      await wireless.waitForSelector('#queue-chart path.queue-line[d^="M"]', { timeout: 60_000 });
      expect(await wireless.locator('[data-panel]').evaluateAll((els) => els.map((e) => e.getAttribute('data-panel')))).toEqual(['path', 'queue']);
      // good, bad and off (the blackout) all appear in the bottleneck's strip
      const states = await wireless.locator('#path-chart rect.channel-span').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('class')))].sort());
      expect(states).toEqual(['channel-span bad', 'channel-span good', 'channel-span off']);
      // channel errors and handoff losses are drawn in their own colours next to overflow drops
      const colours = await wireless.locator('#queue-chart .drop-mark').evaluateAll((els) => new Set(els.map((e) => getComputedStyle(e).stroke)).size);
      expect(colours).toBeGreaterThanOrEqual(2);
      expect(await wireless.getByText('drop: handoff / outage').count()).toBe(1);
      expect(ww.errors).toEqual([]);
      await wireless.screenshot({ path: join(OUT, 'wireless-link.png'), fullPage: true });
    } finally {
      await wireless.close();
    }
  });

  it('exports a trace CSV that parses, and a chart SVG that is a well-formed SVG document', async () => {
    await page.locator('.export-menu summary').click();
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid^="export-csv-"]').first().click()]);
    const csv = (await bytesOf(csvDownload)).toString('utf8').trim().split('\n');
    expect(csv[0]).toBe('t_s,series,flow_or_link,value');
    expect(csv.length).toBeGreaterThan(100);
    for (const line of csv.slice(1, 200)) {
      const f = line.split(',');
      expect(f.length).toBe(4);
      expect(Number.isFinite(Number(f[0]))).toBe(true);
    }
    const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()]);
    expect(svgDownload.suggestedFilename()).toMatch(/cwnd-chart\.svg$/);
    const svg = (await bytesOf(svgDownload)).toString('utf8');
    // parsed in a blank page: the app's CSP (rightly) refuses the file's style attributes
    const blank = await page.context().newPage();
    const parsed = await blank.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      return { error: doc.querySelector('parsererror') !== null, root: doc.documentElement.localName, paths: doc.querySelectorAll('path').length };
    }, svg);
    await blank.close();
    expect(parsed).toEqual({ error: false, root: 'svg', paths: parsed.paths });
    expect(parsed.paths).toBeGreaterThan(3);
    const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png').click()]);
    const png = await bytesOf(pngDownload);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]); // the PNG signature
    expect(foreignRequests(w.requests, session.preview.url)).toEqual([]);
    expect(w.errors).toEqual([]);
  });

  it('imports a scenario file, and refuses a broken one with the reason', async () => {
    const good = structuredClone(getPreset('reference-2mbps')!.scenario) as Record<string, unknown>;
    good.durationS = 12;
    good.name = 'imported-by-test';
    const input = page.getByTestId('import-json');
    await input.setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) });
    await page.waitForFunction(() => /, 12 s( —|$)/.test(document.querySelector('.subtitle')?.textContent ?? ''), null, { timeout: 60_000 });
    await settled(page);
    expect(await page.locator('[data-path="name"] input').inputValue()).toBe('imported-by-test');
    await input.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"version": 2, "durationS": -1') });
    const banner = page.getByTestId('problem-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/broken\.json was not loaded/);
    expect(await banner.textContent()).toMatch(/not valid JSON/);
    expect(w.errors).toEqual([]);
  });
});
