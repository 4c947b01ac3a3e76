/**
 * Shared by the browser tests and bench/ui.ts: start `vite preview` on a free port (node, not
 * npx, so the PID we hold is the server's), launch Debian Chromium through playwright-core with
 * network noise off, and stop both by PID. Also records every request a page makes, so tests
 * can check that nothing leaves localhost.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Frame, type Page, type PageScreenshotOptions } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const OUT = join(ROOT, 'test-output/e2e');
export const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function freePort(): Promise<number> {
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

export interface Preview {
  url: string;
  proc: ChildProcess;
}

export async function startPreview(): Promise<Preview> {
  if (!existsSync(join(ROOT, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const port = await freePort();
  let log = '';
  const proc = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (b: Buffer) => (log += b.toString()));
  proc.stderr?.on('data', (b: Buffer) => (log += b.toString()));
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitForServer(url, proc, () => log);
  } catch (e) {
    await stopProcess(proc);
    throw e;
  }
  return { url, proc };
}

export async function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((ok) => proc.once('exit', () => ok()));
  process.kill(proc.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (proc.pid !== undefined && proc.exitCode === null) process.kill(proc.pid, 'SIGKILL');
  }, 5_000);
  await exited;
  clearTimeout(timer);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** Page errors and console errors, and every request URL the page made. */
export interface Watched {
  errors: string[];
  requests: string[];
}

export function watch(page: Page): Watched {
  const w: Watched = { errors: [], requests: [] };
  page.on('pageerror', (e) => w.errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') w.errors.push(`console.error: ${m.text()}`);
  });
  page.on('crash', () => w.errors.push('page crashed'));
  page.on('request', (r) => w.requests.push(r.url()));
  return w;
}

/**
 * Whether the page still draws: an animation frame comes within `ms`, and, for `spanMs` > 0,
 * frames go on coming (each within `ms` of the last) for that long (scripts and timers run either way).
 */
export function drawsFrames(page: Page | Frame, ms = 3_000, spanMs = 0): Promise<boolean> {
  return page.evaluate(
    ([ms, spanMs]) =>
      new Promise<boolean>((ok) => {
        const start = performance.now();
        let timer = 0;
        const frame = (now: number): void => {
          clearTimeout(timer);
          if (now - start >= spanMs) return ok(true);
          timer = window.setTimeout(() => ok(false), ms);
          requestAnimationFrame(frame);
        };
        timer = window.setTimeout(() => ok(false), ms);
        requestAnimationFrame(frame);
      }),
    [ms, spanMs] as const,
  );
}

/**
 * Resizes the viewport, and makes sure the page still draws afterwards. Headless Chromium (seen
 * with Debian's 156.0.8078.79 and .108) now and then stops drawing a page for good right after
 * a viewport change: no animation frame, no ResizeObserver or media-query callback, no
 * screenshot, while scripts and timers go on; a wait on the page's layout then hangs until its
 * timeout. It is the browser's (script cannot stop frames in a visible page), about one in
 * 500 resizes of the app to phone widths in a hunt for it (.scratch/_raf4.ts). Another resize,
 * waiting, focus or lifecycle changes did not bring the frames back; only a new document does.
 * So such a page is reloaded: the app keeps its scenario and view in the URL, and is waited for
 * until its run is in and drawn again. Said on stderr, so a run's log shows it happened.
 */
export async function resizeViewport(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await reloadUntilDrawing(page, `after the resize to ${size.width}×${size.height}`);
}

/** Reloads a page that draws no frames (see resizeViewport) until it draws again, with its run in. */
async function reloadUntilDrawing(page: Page, where: string): Promise<void> {
  // the reloaded page can stall again while it loads and draws on a busy machine: a few tries
  // frames for a while, not just one: a stall can begin a frame or two after the change
  for (let reloads = 0; !(await drawsFrames(page, 3_000, 250)); reloads++) {
    if (reloads === 3) throw new Error(`Chromium draws no frames ${where}, even after ${reloads} reloads`);
    console.warn(`Chromium stopped drawing the page ${where}: reloading it (see resizeViewport in tests/e2e/harness.ts)`);
    await page.reload();
    await page.waitForSelector('#root > *');
    if ((await page.locator('[data-testid="status"]').count()) > 0) await settled(page).catch(() => undefined); // checked again by the loop
  }
}

/**
 * A screenshot that outlives the drawing stall described at resizeViewport. Chromium takes a
 * screenshot from a new frame, so on a page that stopped drawing it waits out its whole timeout;
 * the stall can also begin after resizeViewport's check, at the next change of layout (seen in CI: a
 * screenshot in live-edit's loop over sizes). So the first try gets a shorter timeout; if it runs out and the
 * page no longer draws, the page is reloaded, `restore` puts back what the URL does not keep
 * (an open sheet, a seek position), and the screenshot is taken again. A page that still draws was
 * only slow, and is given the full timeout again.
 */
export async function screenshot(page: Page, options: PageScreenshotOptions, restore: () => Promise<void> = async () => undefined): Promise<Buffer> {
  try {
    return await page.screenshot({ ...options, timeout: 10_000 });
  } catch (e) {
    if (!(e instanceof Error && e.name === 'TimeoutError')) throw e;
    if (await drawsFrames(page)) return page.screenshot(options);
    await reloadUntilDrawing(page, `while taking the screenshot ${options.path ?? ''}`.trimEnd());
    await restore();
    return page.screenshot(options);
  }
}

/** The run finished: status says how long it took, not "running…". */
export async function settled(page: Page | Frame): Promise<void> {
  await page.waitForFunction(() => /^ran in/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''), null, { timeout: 60_000 }).catch(async (e: unknown) => {
    // a page that no longer draws never re-checks (the wait polls on animation frames): say so
    throw (await drawsFrames(page).catch(() => true)) ? e : new Error(`the page stopped drawing frames (see resizeViewport in tests/e2e/harness.ts); the status says "${await page.evaluate(() => document.querySelector('[data-testid="status"]')?.textContent ?? '')}"`, { cause: e });
  });
  // fingerprints follow their run a moment later (the worker computes them after posting it)
  await page.waitForFunction(() => [...document.querySelectorAll('.footnote code')].every((c) => /^[0-9a-f]{8}$/.test(c.textContent ?? '')), null, { timeout: 60_000 });
  // charts off screen while the runs came in are drawn just after (ChartSvg's mayWait)
  await page.waitForFunction(() => document.querySelector('[data-pending-draw]') === null, null, { timeout: 60_000 });
  // the parts loaded after the first chart (the events' code: the event count, captions, notices;
  // the controls; the toolbar's Lessons, Presets and Export menus) have replaced their stand-ins
  await page.waitForFunction(() => document.querySelector('[data-late]') === null, null, { timeout: 60_000 });
}

/** Requests that went anywhere but the preview server (data:/blob: URLs are local by construction). */
export function foreignRequests(requests: readonly string[], baseUrl: string): string[] {
  const origin = new URL(baseUrl).origin;
  return requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== origin);
}

/**
 * Loads axe-core into the page. Evaluated through the DevTools protocol rather than added as a
 * <script> element: the built app's CSP (rightly) refuses inline scripts.
 */
export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8'));
}
