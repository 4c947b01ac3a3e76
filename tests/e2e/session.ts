/**
 * One preview server, one Chromium and one page per browser-test file: started before the
 * file's tests, stopped after them (browser first, then the server by PID, each step on its own
 * so a failure in one cannot leave the other running). Vitest-only; bench/ui.ts uses harness.ts.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, OUT, settled, startPreview, stopProcess, watch, type Preview, type Watched } from './harness.ts';

export interface AppSession {
  preview: Preview;
  browser: Browser;
  page: Page;
  w: Watched;
}

export function appSession(opts: { open?: boolean; context?: BrowserContextOptions } = {}): AppSession {
  const s = {} as AppSession;
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    s.preview = await startPreview();
    s.browser = await launchBrowser();
    const context = await s.browser.newContext({ viewport: { width: 1400, height: 1000 }, ...opts.context });
    s.page = await context.newPage();
    s.w = watch(s.page);
    if (opts.open) {
      await s.page.goto(s.preview.url);
      await settled(s.page);
    }
  });
  afterAll(async () => {
    try {
      await s.browser?.close();
    } finally {
      if (s.preview) await stopProcess(s.preview.proc);
    }
  });
  return s;
}
