/**
 * Experiments benchmark: the NewReno-LP Fig. 4(a) sweep (5 PER values × 4 variants × 5 seeds ×
 * 60 s = 100 runs) in Node (the engine in-process, as `npm run sweep` runs it) and in the built
 * app in Debian Chromium (the experiments view on the worker pool): total time, time to the first
 * point on screen, runs per second, and the pool's utilisation (engine time in the workers over
 * lanes × wall time). Cold = a fresh page; warm = the same sweep again after clearing nothing but
 * the view's cache (a reload). Prints figures only; asserts nothing. Every process it starts is
 * stopped by PID. Run `npm run build` first.
 *
 *   npm run bench:experiments [-- --repeat 3]
 */
import { getFigure } from '../src/experiments/figures.ts';
import { runInNode } from '../src/experiments/report.ts';
import { parseExperiment } from '../src/experiments/spec.ts';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, startPreview, stopProcess, type Preview } from '../tests/e2e/harness.ts';

const repeat = Number(process.argv[process.argv.indexOf('--repeat') + 1]) || 3;
const parsed = parseExperiment(getFigure('lp-fig4a')!.experiment);
if (!parsed.ok) throw new Error('lp-fig4a is invalid');
const e = parsed.experiment;

console.log('lp-fig4a: 5 PER × 4 variants × 5 seeds × 60 s = 100 runs');
for (let i = 0; i < repeat; i++) {
  const f = await runInNode(e, new Map());
  console.log(`node, run ${i + 1}: ${f.runs} runs in ${(f.wallMs / 1000).toFixed(2)} s = ${((f.runs * 1000) / f.wallMs).toFixed(0)} runs/s (one core)`);
}

let preview: Preview | null = null;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  preview = await startPreview();
  for (let i = 0; i < repeat; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`${preview.url}#experiment=lp-fig4a`);
    await page.waitForFunction(() => performance.getEntriesByName('tcp:exp-done').length > 0, null, { timeout: 120_000 });
    const r = await page.evaluate(() => {
      const start = performance.getEntriesByName('tcp:exp-start')[0].startTime;
      const first = performance.getEntriesByName('tcp:exp-first-point')[0]?.startTime ?? NaN;
      const done = performance.getEntriesByName('tcp:exp-done')[0] as PerformanceMark;
      const d = done.detail as { runs: number; engineMs: number; lanes: number };
      return { totalMs: done.startTime - start, firstMs: first - start, ...d, cores: navigator.hardwareConcurrency };
    });
    const util = r.engineMs / (r.lanes * r.totalMs);
    console.log(
      `chromium, fresh page ${i + 1}: ${r.runs} runs in ${(r.totalMs / 1000).toFixed(2)} s = ${((r.runs * 1000) / r.totalMs).toFixed(0)} runs/s; first point after ${r.firstMs.toFixed(0)} ms; ` +
        `${r.lanes} workers (${r.cores} cores), utilisation ${(100 * util).toFixed(0)} % (engine ${(r.engineMs / 1000).toFixed(2)} s)`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  if (preview) await stopProcess(preview.proc);
}
