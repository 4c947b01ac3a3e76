/**
 * One preview server, one Chromium and one page per browser-test file. The server and the
 * browser are the e2e project's shared ones when its global set-up started them
 * (global-setup.ts): the file connects before its tests and lets go after them, closing its
 * contexts. Otherwise (a file run some other way) the file starts its own and stops them after
 * its tests (browser first, then the server by PID, each step on its own so a failure in one
 * cannot leave the other running). Vitest-only; bench/ui.ts uses harness.ts.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser, OUT, settled, startPreview, stopProcess, watch, type Preview, type Watched } from './harness.ts';

interface Started {
  preview: Pick<Preview, 'url'>;
  browser: Browser;
  /** The server this file started itself, to stop after it (none when shared). */
  own: Preview | null;
}

async function start(): Promise<Started> {
  mkdirSync(OUT, { recursive: true });
  const shared = inject('e2eShared');
  if (shared) return { preview: { url: shared.previewUrl }, browser: await chromium.connect(shared.browserWs), own: null };
  const own = await startPreview();
  try {
    return { preview: own, browser: await launchBrowser(), own };
  } catch (e) {
    await stopProcess(own.proc);
    throw e;
  }
}

/** Closes the browser (a shared one: this file's contexts and connection only), then stops the file's own server. */
async function stop(s: Partial<Started>): Promise<void> {
  try {
    await s.browser?.close();
  } finally {
    if (s.own) await stopProcess(s.own.proc);
  }
}

export interface AppSession {
  preview: Pick<Preview, 'url'>;
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
  let started: Partial<Started> = {};
  beforeAll(async () => {
    started = await start();
    s.preview = started.preview!;
    s.browser = started.browser!;
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
  afterAll(() => stop(started));
  return s;
}

/**
 * One preview server and one Chromium for a file whose tests each open a fresh context (a first
 * visit: no stored state), stopped after them as appSession's are.
 */
export function previewSession(): { preview: Pick<Preview, 'url'>; browser: Browser } {
  const s = {} as { preview: Pick<Preview, 'url'>; browser: Browser };
  let started: Partial<Started> = {};
  beforeAll(async () => {
    started = await start();
    s.preview = started.preview!;
    s.browser = started.browser!;
  });
  afterAll(() => stop(started));
  return s;
}
