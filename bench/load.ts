/**
 * First-visit benchmark: what a student's first look costs. Builds dist/ if stale, serves it,
 * and opens the page once in a fresh Chromium context (empty cache, no service worker: a cold
 * first visit, on this machine's loopback, so network time is nearly nil). Prints the JavaScript
 * by chunk (bytes fetched, and gzipped as a server would send them), the time from navigation to
 * the first cwnd chart painted, the first run's time in the worker (its run phase and its whole
 * wall time), and the same run's time in Node, warm (after two runs), sliced as the worker slices
 * it. One run: figures only, nothing asserted.
 *
 *   npm run bench:load
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { RowBufferPool } from '../src/engine/core/trace.ts';
import { getPreset } from '../src/content/presets/index.ts';
import { parseScenario } from '../src/scenario/validate.ts';
import { DEFAULT_PRESET } from '../src/ui/state/baseScenario.ts';
import { runJobs } from '../src/ui/state/runSet.ts';
import { DEFAULT_VIEW } from '../src/ui/state/view.ts';
// the warm Node figures build with every module registered, as Node's entry points do
import '../src/engine/all.ts';
import { startRun } from '../src/worker/runForDisplay.ts';
import { SLICE_EVENTS } from '../src/worker/runner.ts';
import { ROOT } from '../tests/e2e/harness.ts';
import { initialJs } from './bundle.ts';
import { buildIfStale, withAppInChromium } from './dist.ts';

const kb = (b: number): string => `${(b / 1000).toFixed(1)} kB`;

async function main(): Promise<void> {
  await buildIfStale();
  const dist = join(ROOT, 'dist');
  const initial = initialJs(dist);
  console.log(`initial JS (entry, its static imports, the simulation worker): ${kb(initial.gzipBytes)} gzip`);

  await withAppInChromium(async ({ browser, url }) => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const fetched: { file: string; bytes: number }[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (!path.endsWith('.js')) return;
      void r.body().then(
        (b) => fetched.push({ file: path.replace(/^\//, ''), bytes: b.length }),
        () => {},
      );
    });
    // Timed in the page, not from here: looked for at each animation frame, the first cwnd line is
    // painted by the frame that first finds it, and a task queued from that frame's callback runs
    // once it is painted. (Waiting for the line from here, then asking the page for a frame, read
    // 1.2-1.5 s against the page's own 0.5-0.7 s: the round trips, and the chunks that arrive
    // after the first picture and redraw it meanwhile, came in between.)
    // (a string: the TypeScript loader would name the function with a helper the page does not have)
    await page.addInitScript(`(() => {
      const look = () => {
        if (!document.querySelector('#cwnd-chart path.cwnd-line[d^="M"]')) return requestAnimationFrame(look);
        setTimeout(() => (window.tcpFirstChartPaintedMs = performance.now()), 0);
      };
      requestAnimationFrame(look);
    })()`);
    await page.goto(url);
    await page.waitForFunction(() => 'tcpFirstChartPaintedMs' in window, null, { timeout: 120_000 });
    const paintedMs = await page.evaluate(() => (window as unknown as { tcpFirstChartPaintedMs: number }).tcpFirstChartPaintedMs);
    const worker = await page.evaluate(() => ({
      run: performance.getEntriesByName('tcp:worker:run')[0]?.duration ?? NaN,
      wall: performance.getEntriesByName('tcp:worker:wall')[0]?.duration ?? NaN,
    }));
    await page.waitForTimeout(500); // late chunks (loaded on demand after the first picture)
    await context.close();

    console.log('\nJavaScript fetched by the first visit (in order of arrival):');
    for (const f of fetched) {
      let gz = NaN;
      try {
        gz = gzipSync(readFileSync(join(dist, f.file)), { level: 9 }).length;
      } catch {
        // not a file of dist/ (none expected)
      }
      const first = initial.files.some((i) => i.file === f.file);
      console.log(`  ${f.file.padEnd(44)} ${kb(f.bytes).padStart(9)} ${kb(gz).padStart(9)} gzip${first ? '' : '  (on demand)'}`);
    }
    console.log(`\nfirst chart painted: ${paintedMs.toFixed(0)} ms after navigation`);
    console.log(`first run in the worker: run phase ${worker.run.toFixed(1)} ms, whole run ${worker.wall.toFixed(1)} ms`);
  });

  const preset = parseScenario(getPreset(DEFAULT_PRESET)?.scenario);
  if (!preset.ok) throw new Error(`${DEFAULT_PRESET} does not validate`);
  const scenario = runJobs(preset.scenario, DEFAULT_VIEW.compare)[0].scenario;
  const pool = new RowBufferPool();
  const once = (): number => {
    const run = startRun(scenario, { deferHash: true }, () => performance.now(), pool);
    while (!run.step(SLICE_EVENTS));
    return run.finish().phasesMs.run;
  };
  once();
  once();
  console.log(`the same run in Node, warm (third run): run phase ${once().toFixed(1)} ms`);
}

await main();
