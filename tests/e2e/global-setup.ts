/**
 * The e2e project's one preview server and one Chromium, started once for all browser-test files
 * instead of once per file (about 2 s a file: a server, a browser launch and its close). The
 * files run one after another; each still gets fresh browser contexts of its own (session.ts),
 * so no storage, service worker or cache is shared between files. Without Chromium or a build
 * nothing is started here, and session.ts starts its own (or the files skip) as before.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, CHROMIUM_ARGS, ROOT, startPreview, stopProcess } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent when this set-up started nothing (see session.ts). */
    e2eShared: { previewUrl: string; browserWs: string } | null;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  project.provide('e2eShared', null);
  if (!existsSync(CHROMIUM) || !existsSync(join(ROOT, 'dist/index.html'))) return undefined;
  const preview = await startPreview();
  let server;
  try {
    server = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  } catch (e) {
    await stopProcess(preview.proc);
    throw e;
  }
  project.provide('e2eShared', { previewUrl: preview.url, browserWs: server.wsEndpoint() });
  return async () => {
    try {
      await server.close();
    } finally {
      await stopProcess(preview.proc);
    }
  };
}
