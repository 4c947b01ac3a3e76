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

/**
 * `editorOpen`: the page behaves as for a visitor who has opened the scenario editor before
 * (remembered on the device), for tests that edit through it; a first visit keeps it closed.
 */
export function appSession(opts: { open?: boolean; context?: BrowserContextOptions; editorOpen?: boolean } = {}): AppSession {
  const s = {} as AppSession;
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    s.preview = await startPreview();
    s.browser = await launchBrowser();
    const context = await s.browser.newContext({ viewport: { width: 1400, height: 1000 }, ...opts.context });
    if (opts.editorOpen) {
      await context.addInitScript(() => {
        try {
          if (localStorage.getItem('tcp-lab.drawer') === null) localStorage.setItem('tcp-lab.drawer', 'open');
        } catch {
          // storage blocked: the test will say what it misses
        }
      });
    }
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

/**
 * One preview server and one Chromium for a file whose tests each open a fresh context (a first
 * visit: no stored state), stopped after them as appSession's are.
 */
export function previewSession(): { preview: Preview; browser: Browser } {
  const s = {} as { preview: Preview; browser: Browser };
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    s.preview = await startPreview();
    s.browser = await launchBrowser();
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
