/**
 * The same run in every runtime: Node and Chromium compute the same trace fingerprint for every
 * preset × every variant × seeds 1–5 (first 20 s of each; tests/harness/runtime-fingerprints.ts),
 * plus the two CUBIC cases that differed before the engine's math became exact-operation only
 * (src/engine/core/dmath.ts). The case module is bundled by Vite once, and the same code runs in
 * a dedicated worker in Chromium, as the app runs the engine, and at the same time in a worker
 * thread in Node. Prints the table of cases and matches, and how long each side took.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as threads from 'node:worker_threads';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { cases } from '../harness/runtime-fingerprints.ts';
import { CHROMIUM, launchBrowser, ROOT } from './harness.ts';

async function bundle(): Promise<string> {
  const out = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: join(ROOT, 'tests/harness/runtime-fingerprints.ts'), formats: ['iife'], name: 'RuntimeFingerprints', fileName: 'fingerprints' },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunk = (Array.isArray(out) ? out[0] : out).output.find((o): o is Rollup.OutputChunk => o.type === 'chunk');
  if (!chunk) throw new Error('the bundle has no code');
  return chunk.code;
}

/**
 * Node's side: the bundle in a worker thread. There it leaves this thread free for the page
 * calls, and it runs the very code Chromium runs. Run on this thread from the test's own
 * modules, Node's half was the slower of the two.
 */
function nodeSide(code: string, n: number): Promise<{ r: string[]; ms: number }> {
  const src = `${code}
const { parentPort, workerData } = require('node:worker_threads');
const t0 = performance.now();
const r = RuntimeFingerprints.fingerprints(0, workerData);
parentPort.postMessage({ r, ms: performance.now() - t0 });`;
  return new Promise((done, fail) => {
    const worker = new threads.Worker(src, { eval: true, workerData: n });
    worker.once('message', done);
    worker.once('error', fail);
    worker.once('exit', (c) => fail(new Error(`Node's worker thread exited (${c}) without its fingerprints`)));
  });
}

describe.skipIf(!existsSync(CHROMIUM))('the same run in Node and Chromium', () => {
  it('every preset × variant × seeds 1–5 (20 s) has one fingerprint in both', async () => {
    const code = await bundle();
    const all = cases();
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto('about:blank');
      // Chromium's worker is started and has begun before Node's: both then run together (a page
      // call that had not left when Node's side once ran on this thread waited for it to end).
      await page.evaluate(
        ({ code, n }) =>
          new Promise<void>((begun, fail) => {
            const src = `${code}\nself.onmessage = (e) => { postMessage('begun'); const t0 = performance.now(); const r = RuntimeFingerprints.fingerprints(e.data[0], e.data[1]); postMessage({ r, ms: performance.now() - t0 }); };`;
            const worker = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
            const g = globalThis as unknown as { chromiumSide: Promise<{ r: string[]; ms: number }> };
            g.chromiumSide = new Promise((done, failRun) => {
              worker.onmessage = (e: MessageEvent<'begun' | { r: string[]; ms: number }>) => (e.data === 'begun' ? begun() : done(e.data));
              worker.onerror = (e) => {
                fail(new Error(e.message));
                failRun(new Error(e.message));
              };
            });
            g.chromiumSide.catch(() => undefined); // reported by the second page call
            worker.postMessage([0, n]);
          }),
        { code, n: all.length },
      );
      const nodeStarted = Date.now();
      const [{ r: inNode, ms: nodeMs }, { r: chromium, ms: chromiumMs }] = await Promise.all([
        nodeSide(code, all.length),
        page.evaluate(() => (globalThis as unknown as { chromiumSide: Promise<{ r: string[]; ms: number }> }).chromiumSide),
      ]);
      const bothMs = Date.now() - nodeStarted;

      const rows = new Map<string, { cases: number; matches: number }>();
      const differing: string[] = [];
      all.forEach((c, i) => {
        const row = rows.get(c.preset) ?? { cases: 0, matches: 0 };
        row.cases++;
        if (inNode[i] === chromium[i]) row.matches++;
        else differing.push(`${c.preset} ${c.variant} seed ${c.seed}: Node ${inNode[i]}, Chromium ${chromium[i]}`);
        rows.set(c.preset, row);
      });
      const total = [...rows.values()].reduce((a, r) => ({ cases: a.cases + r.cases, matches: a.matches + r.matches }), { cases: 0, matches: 0 });
      console.log(
        ['| preset (all variants, seeds) | cases | matches |', '| --- | --- | --- |', ...[...rows].map(([p, r]) => `| ${p} | ${r.cases} | ${r.matches} |`), `| all | ${total.cases} | ${total.matches} |`].join('\n') +
          `\nNode ${(nodeMs / 1000).toFixed(1)} s, Chromium ${(chromiumMs / 1000).toFixed(1)} s, both together ${(bothMs / 1000).toFixed(1)} s; cubic seed 99: reference-2mbps ${inNode[0]}, lossy-10mbps ${inNode[1]}`,
      );
      expect(chromium).toHaveLength(all.length);
      expect(differing).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 600_000);
});
