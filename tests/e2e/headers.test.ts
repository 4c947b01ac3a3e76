/**
 * The shipped security headers (deploy/headers.ts, served by `vite preview` as by a host that
 * installed public/_headers, public/.htaccess or deploy/nginx.conf) reach every file, and a
 * worker takes its policy from its own script's response: inside each of the app's workers
 * (simulation, packet windows, the service worker) eval, new Function and a fetch to another
 * port fail. The same probes with the headers stripped succeed, so the headers are what stops
 * them (the page's <meta> policy does not reach workers).
 */
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../deploy/headers.ts';
import { CHROMIUM, ROOT, settled } from './harness.ts';
import { appSession } from './session.ts';

const session = appSession();

/** Another origin (another port) that would answer anyone: only a policy can stop the fetch. */
let other: Server;
let otherUrl = '';
beforeAll(async () => {
  other = createServer((_, res) => {
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' });
    res.end('reached');
  });
  await new Promise<void>((ok) => other.listen(0, '127.0.0.1', ok));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((ok) => other.close(() => ok())));

interface Probe {
  eval: string;
  fn: string;
  fetch: string;
}

/** Runs in the worker (or page): what each attempt gave ("ran" or the error's name). */
const PROBE = (url: string): Promise<Probe> =>
      // From a timer, not in the evaluation itself: DevTools' Runtime.evaluate lets the code it
      // runs use eval whatever the policy (allowUnsafeEvalBlockedByCSP); a timer callback does not.
      new Promise<Probe>((done) =>
        setTimeout(() => {
          const attempt = async (f: () => unknown): Promise<string> => {
            try {
              await f();
              return 'ran';
            } catch (e) {
              return e instanceof Error ? e.name : String(e);
            }
          };
          void (async () => ({
            // indirect eval and Function from strings: what a policy without 'unsafe-eval' forbids
            eval: await attempt(() => (0, eval)('1 + 1')),
            fn: await attempt(() => new Function('return 1')()),
            fetch: await attempt(async () => {
              const r = await fetch(url);
              if ((await r.text()) !== 'reached') throw new Error('wrong answer');
            }),
          }))().then(done);
        }, 0),
      );

/**
 * The app's dedicated workers, once they are up. The run scheduler's pool is the only kind:
 * the path panel's packet windows, which once had workers of their own, are computed there.
 */
async function appWorkers(page: Page): Promise<Worker[]> {
  const kinds = (): Worker[] => page.workers().filter((w) => /sim\.worker/.test(w.url()));
  for (let i = 0; i < 300 && !kinds().some((w) => w.url().includes('sim.worker')); i++) await page.waitForTimeout(100);
  return kinds();
}

async function serviceWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
}

describe.skipIf(!existsSync(CHROMIUM))('security headers in Chromium', () => {
  it('every file of the build is served with the shipped headers (page, worker scripts, service worker, assets)', async () => {
    const files = readdirSync(join(ROOT, 'dist'), { recursive: true, withFileTypes: true }).filter((f) => f.isFile()).map((f) => relative(join(ROOT, 'dist'), join(f.parentPath, f.name)));
    expect(files.filter((f) => /\.worker-[^/]*\.js$|^sw\.js$|^index\.html$/.test(f)).length).toBeGreaterThanOrEqual(4);
    for (const file of ['', ...files]) {
      const r = await fetch(new URL(file, session.preview.url));
      await r.arrayBuffer();
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(r.headers.get(name), `${name} on /${file}`).toBe(value);
    }
  });

  it('inside each worker eval, new Function and a fetch to another port fail', async () => {
    const { page, preview } = session;
    await page.goto(`${preview.url}#panels=path,cwnd`);
    await settled(page);
    const workers = [...(await appWorkers(page)), await serviceWorker(page.context())];
    expect(new Set(workers.map((w) => /(sim\.worker|sw\.js)/.exec(w.url())?.[1]))).toEqual(new Set(['sim.worker', 'sw.js']));
    for (const w of workers) expect(await w.evaluate(PROBE, otherUrl), w.url()).toEqual({ eval: 'EvalError', fn: 'EvalError', fetch: 'TypeError' });
  });

  it('without the headers the same probes succeed in the workers (the <meta> policy covers the page only)', async () => {
    const { browser, preview } = session;
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      await context.route('**/*', async (route) => {
        const response = await route.fetch();
        const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !(name in lower(SECURITY_HEADERS))));
        await route.fulfill({ response, headers });
      });
      const page = await context.newPage();
      await page.goto(`${preview.url}#panels=path,cwnd`);
      await settled(page);
      const workers = await appWorkers(page);
      expect(new Set(workers.map((w) => /(sim\.worker)/.exec(w.url())?.[1]))).toEqual(new Set(['sim.worker']));
      for (const w of workers) expect(await w.evaluate(PROBE, otherUrl), w.url()).toEqual({ eval: 'ran', fn: 'ran', fetch: 'ran' });
      // the page itself keeps its <meta> policy
      expect(await page.evaluate(PROBE, otherUrl)).toEqual({ eval: 'EvalError', fn: 'EvalError', fetch: 'TypeError' });
    } finally {
      // the workers fetch engine modules in the background after their first run: chunks still in
      // flight when the context closes must not fail the route callback
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });
});

function lower(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
