/**
 * The built app (dist/) in real headless Chromium: it loads, the worker runs the default
 * scenario, the panels draw, and the keyboard-driven rate slider re-runs and redraws.
 * Run `npm run build` first (`npm test` does). E2E_CHROMIUM overrides the browser path
 * (used to check the skip/require behaviour without uninstalling anything).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traceHash } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/scenarios/presets/index.ts';
import { parseScenario } from '../../src/scenarios/validate.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = join(ROOT, 'test-output/e2e');
const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';
const SKIP_LINE = 'E2E SKIPPED: Chromium not found — install it with: apt-get install -y chromium';
const haveChromium = existsSync(CHROMIUM);
const required = process.env.REQUIRE_E2E === '1';

if (!haveChromium && !required) console.warn(SKIP_LINE);

describe.runIf(!haveChromium && required)('e2e prerequisites', () => {
  it('has Chromium', () => {
    throw new Error(`${SKIP_LINE} (REQUIRE_E2E=1 makes a missing browser a failure)`);
  });
});

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((ok, fail) => srv.once('error', fail).listen(0, '127.0.0.1', ok));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((ok) => srv.close(() => ok()));
  return port;
}

/** Polls until the preview server answers, failing fast (with its output) if it exits. */
async function waitForServer(url: string, proc: ChildProcess, output: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`vite preview exited with ${proc.exitCode}:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`vite preview did not answer at ${url} within ${timeoutMs} ms:\n${output()}`);
}

async function stopServer(proc: ChildProcess): Promise<void> {
  if (proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((ok) => proc.once('exit', () => ok()));
  process.kill(proc.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (proc.pid !== undefined && proc.exitCode === null) process.kill(proc.pid, 'SIGKILL');
  }, 5_000);
  await exited;
  clearTimeout(timer);
}

const cwndPath = (page: Page): Promise<string | null> => page.locator('#cwnd-chart path.cwnd-line').first().getAttribute('d');

/** The run finished: status says how long it took, not "running…". */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => /^ran in/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''), null, { timeout: 60_000 });
}

describe.runIf(haveChromium)('app in Chromium', () => {
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let baseUrl = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` before the e2e tests');
    mkdirSync(OUT, { recursive: true });
    const port = await freePort();
    let log = '';
    server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (b: Buffer) => (log += b.toString()));
    server.stderr?.on('data', (b: Buffer) => (log += b.toString()));
    baseUrl = `http://127.0.0.1:${port}/`;
    await waitForServer(baseUrl, server, () => log);

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(`console.error: ${m.text()}`);
    });
    page.on('crash', () => pageErrors.push('page crashed'));
  });

  afterAll(async () => {
    // Each step on its own so a failure in one cannot leave the other process running.
    try {
      await browser?.close();
    } finally {
      if (server) await stopServer(server);
    }
  });

  it('runs the default scenario in a worker and draws both panels', async () => {
    await page.goto(baseUrl);
    await page.waitForSelector('#cwnd-chart path.cwnd-line[d^="M"]', { timeout: 60_000 });
    await settled(page);

    const d = await cwndPath(page);
    expect(d?.length ?? 0).toBeGreaterThan(100);
    expect(await page.locator('#queue-chart path.queue-line').getAttribute('d')).toMatch(/^M/);
    expect(await page.locator('#cwnd-chart').getAttribute('role')).toBe('img');
    expect(await page.locator('#cwnd-chart').getAttribute('aria-label')).toMatch(/NewReno/);
    expect(await page.locator('#queue-chart').getAttribute('aria-label')).toMatch(/buffer limit 25 packets/);
    // The sawtooth needs losses: the reference path overflows its 25-packet queue.
    expect(await page.locator('#cwnd-chart .marker').count()).toBeGreaterThan(0);
    expect(await page.locator('.metrics tbody tr').count()).toBe(1);
    expect(await page.locator('[data-testid="error-banner"]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await page.screenshot({ path: join(OUT, 'app.png'), fullPage: true });
  });

  it('computes in the browser worker the byte-identical trace Node computes for the same scenario and seed', async () => {
    const preset = parseScenario(getPreset('reference-2mbps')?.scenario);
    if (!preset.ok) throw new Error('reference-2mbps does not validate');
    const inNode = traceHash(runScenario(preset.scenario).trace);
    expect(await page.getByTestId('trace-hash').textContent()).toBe(inNode);
  });

  it('re-runs and redraws when the rate slider moves by keyboard', async () => {
    const before = await cwndPath(page);
    const slider = page.getByTestId('rate');
    await slider.focus();
    for (let i = 0; i < 5; i++) await slider.press('ArrowLeft');
    expect(await slider.getAttribute('aria-valuetext')).toBe('1.5 Mb/s');
    await page.waitForFunction((old) => document.querySelector('#cwnd-chart path.cwnd-line')?.getAttribute('d') !== old, before, { timeout: 60_000 });
    await settled(page);
    expect(await page.locator('#queue-chart').getAttribute('aria-label')).toMatch(/bottleneck\/fwd/);
    expect(await page.locator('[data-testid="error-banner"]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await page.screenshot({ path: join(OUT, 'app-1.5mbps.png'), fullPage: true });
  });

  it('re-runs when the variant changes', async () => {
    const before = await cwndPath(page);
    await page.getByTestId('variant').selectOption('tahoe');
    await page.waitForFunction((old) => document.querySelector('#cwnd-chart path.cwnd-line')?.getAttribute('d') !== old, before, { timeout: 60_000 });
    await settled(page);
    expect(await page.locator('#cwnd-chart').getAttribute('aria-label')).toMatch(/Tahoe/);
    expect(pageErrors).toEqual([]);
    await page.screenshot({ path: join(OUT, 'app-tahoe.png'), fullPage: true });
  });

  it('draws a large run (10 Mb/s) decimated, without errors', async () => {
    const before = await cwndPath(page);
    const slider = page.getByTestId('rate');
    await slider.focus();
    await slider.press('End');
    expect(await slider.getAttribute('aria-valuetext')).toBe('10.0 Mb/s');
    await page.waitForFunction((old) => document.querySelector('#cwnd-chart path.cwnd-line')?.getAttribute('d') !== old, before, { timeout: 60_000 });
    await settled(page);
    // min/max per pixel column keeps the queue path to a few commands per pixel, not one per sample
    const queueD = (await page.locator('#queue-chart path.queue-line').getAttribute('d')) ?? '';
    const width = Number(await page.locator('#queue-chart').getAttribute('width'));
    expect(queueD.split('H').length).toBeLessThanOrEqual(width + 2);
    expect(pageErrors).toEqual([]);
    await page.screenshot({ path: join(OUT, 'app-10mbps.png'), fullPage: true });
  });

  it('drops transitions under prefers-reduced-motion', async () => {
    const duration = (): Promise<string> => page.evaluate(() => getComputedStyle(document.querySelector('.chart-box')!).transitionDuration);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await duration()).toBe('0s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await duration()).not.toBe('0s');
  });

  it('labels its inputs', async () => {
    await expect(page.getByLabel('TCP variant').count()).resolves.toBe(1);
    await expect(page.getByLabel('Bottleneck rate', { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByLabel('Random seed').count()).resolves.toBe(1);
  });

  it('flags an invalid seed without running or breaking the page', async () => {
    const seed = page.getByTestId('seed');
    await seed.fill('-3');
    expect(await seed.getAttribute('aria-invalid')).toBe('true');
    await expect(page.locator('.field-error').textContent()).resolves.toMatch(/whole number/);
    await seed.fill('7');
    expect(await seed.getAttribute('aria-invalid')).toBe('false');
    await page.waitForFunction(() => /seed 7,/.test(document.querySelector('.footnote')?.textContent ?? ''), null, { timeout: 60_000 });
    expect(pageErrors).toEqual([]);
  });

  it('shows a banner and stays usable when the worker cannot start', async () => {
    const broken = await browser!.newPage({ viewport: { width: 1400, height: 1000 } });
    try {
      await broken.route(/sim\.worker[^/]*\.js/, (route) => route.abort());
      await broken.goto(baseUrl);
      const banner = broken.getByTestId('error-banner');
      await banner.waitFor({ timeout: 30_000 });
      expect(await banner.textContent()).toMatch(/worker/);
      await broken.screenshot({ path: join(OUT, 'app-worker-error.png') });
      // the controls still work and ask again (and fail again, visibly, not silently)
      await broken.getByTestId('variant').selectOption('reno');
      expect(await broken.getByTestId('variant').inputValue()).toBe('reno');
      await broken.getByRole('button', { name: 'Dismiss' }).click();
      expect(await broken.getByTestId('error-banner').count()).toBe(0);
    } finally {
      await broken.close();
    }
  });
});
