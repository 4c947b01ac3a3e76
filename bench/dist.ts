/** What the benchmarks that drive the app in Chromium share: the production build (dist/), rebuilt when src/ is newer, and a session of the app in a Chromium of their own. */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, ROOT, startPreview, stopProcess, type Preview } from '../tests/e2e/harness.ts';

function newestMtime(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return t;
}

export async function buildIfStale(): Promise<void> {
  let built = 0;
  try {
    built = statSync(join(ROOT, 'dist/index.html')).mtimeMs;
  } catch {
    // no build yet
  }
  if (built > newestMtime(join(ROOT, 'src'))) {
    console.log('reusing dist/ (newer than src/)');
    return;
  }
  console.log('building dist/ …');
  const proc = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  const code = await new Promise<number | null>((ok) => proc.once('exit', ok));
  if (code !== 0) throw new Error(`vite build exited with ${code}`);
}

export interface AppSession {
  browser: Browser;
  /** Where the preview server serves the app. */
  url: string;
  previewPid: number | undefined;
  /** Chromium's browser process: its children are the renderer, GPU and utility processes. */
  chromePid: number | undefined;
}

/**
 * The built app served by `vite preview` and a Chromium of its own (launched as a server, so its
 * process, and so its threads, are known), for `use`; both stopped afterwards, whatever happens.
 */
export async function withAppInChromium(use: (s: AppSession) => Promise<void>): Promise<void> {
  let preview: Preview | undefined;
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const chromePid = server.process().pid;
  try {
    preview = await startPreview();
    const browser = await chromium.connect(server.wsEndpoint());
    await use({ browser, url: preview.url, previewPid: preview.proc.pid, chromePid });
    await browser.close();
  } finally {
    if (preview) await stopProcess(preview.proc);
    await server.close();
    if (chromePid !== undefined) {
      try {
        process.kill(chromePid, 0);
        process.kill(chromePid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}
