/**
 * UI benchmark: input → redraw latency and playback frame times of the built app in Debian
 * Chromium. Builds dist/ unless it is newer than every source file, serves it with
 * `vite preview`, opens a 60 s, 2 Mb/s reference scenario comparing every available variant
 * (up to six), a single-run view of it and a single 100 s, 10 Mb/s run, nudges the
 * bottleneck-rate slider by keyboard many times, and reads the app's own performance measures
 * (`tcp:input→redraw`, `tcp:input→painted`, `tcp:input→first` — a comparison draws each run as
 * it arrives — their parts — posting, results back, the worker's phases, chart draws — and
 * `tcp:frame`, see src/ui/state/perf.ts). Each case also runs its scenarios in Node, sliced as
 * the worker slices them, to compare the engine's speed in the worker with Node's. Prints
 * figures only; asserts nothing. Every process it starts (build, preview server, Chromium) is
 * stopped by PID.
 *
 * The page is 1400×1000: the redraw is that of the charts on screen; charts scrolled out of
 * view while an edit's runs come in are drawn just after (a line of their own).
 * The path panel (off screen here) asks for no packet windows.
 *
 * Then the playback section (see playbackSection): frame times while playing the six-variant
 * comparison at 10 Mb/s with the reveal, and the size of the paths a 0.1 s zoom draws; last,
 * the simulation worker alone in an idle page against Node (workerAloneSection).
 *
 *   npm run bench:ui              # default 25 slider steps per case
 *   npm run bench:ui -- --steps 50
 *   npm run bench:ui -- --warm 16    # 16 edits before measuring (default 2)
 *   npm run bench:ui -- --case compare   # only the six-variant comparison (no playback, no worker-alone section):
 *                                        # short enough to interleave builds A, B, A, B (farm-bench --vs)
 */
import { quantiles } from './quantiles.ts';
import { buildIfStale, withAppInChromium } from './dist.ts';
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as d3 from 'd3';
import { type Browser, type Page } from 'playwright-core';
import { VARIANTS } from '../src/catalogue/variants.ts';
import { getPreset } from '../src/content/presets/index.ts';
import { parseScenario } from '../src/scenario/validate.ts';
import type { Scenario } from '../src/scenario/schema.ts';
import { stepPath } from '../src/ui/charts/series.ts';
import { runJobs } from '../src/ui/state/runSet.ts';
import { poolSizeFor } from '../src/worker/pool.ts';
import { encodeState } from '../src/ui/state/url.ts';
// the warm Node figures build with every module registered, as Node's entry points do
import '../src/engine/all.ts';
import { startRun } from '../src/worker/runForDisplay.ts';
import { RowBufferPool } from '../src/engine/core/trace.ts';
import { SLICE_EVENTS } from '../src/worker/runner.ts';
import { DEFAULT_VIEW, MAX_COMPARE } from '../src/ui/state/view.ts';
import { ROOT } from '../tests/e2e/harness.ts';

const steps = Number(process.argv[process.argv.indexOf('--steps') + 1]) || 25;
/**
 * Edits made before measuring, per case. The default, 2, is what earlier figures used; more
 * measure the steady state of a class dragging a slider for a while (the JIT of page and workers
 * warmed by those edits' runs and draws, not only by the workers' warm-up at load).
 */
const warm = process.argv.includes('--warm') ? Number(process.argv[process.argv.indexOf('--warm') + 1]) : 2;
if (!Number.isInteger(warm) || warm < 0) throw new Error('--warm takes a whole number of edits, 0 or more');
const CASES = ['all', 'single', 'compare', 'fast'] as const;
/** Comparison edits traced for the CPU breakdown (cpuPerEdit), after the measured ones. */
const cpuEdits = 8;
const only = process.argv.includes('--case') ? process.argv[process.argv.indexOf('--case') + 1] : 'all';
if (!(CASES as readonly string[]).includes(only)) throw new Error(`--case takes one of ${CASES.join(', ')}; got ${only}`);
/** The machine's load averages (1, 5, 15 min): figures from a shared machine mean little without them. */
const load = (): string => loadavg().map((l) => l.toFixed(1)).join(', ');

function stats(xs: number[]): string {
  const s = quantiles(xs);
  if (!s) return 'no samples';
  return `median ${s.q(0.5).toFixed(1)} ms, p95 ${s.q(0.95).toFixed(1)} ms, min ${s.min.toFixed(1)}, max ${s.max.toFixed(1)} (n = ${s.n})`;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;

/** The engine's run phase in Node for each job, as the worker slices it (SLICE_EVENTS) and recycles its trace buffers, after warm-up: every run's time. */
function nodeRunMs(scenarios: Scenario[], repeats: number): number[] {
  const pool = new RowBufferPool();
  const once = (s: Scenario): number => {
    const run = startRun(s, { deferHash: true }, () => performance.now(), pool);
    while (!run.step(SLICE_EVENTS));
    return run.finish().phasesMs.run;
  };
  for (const s of scenarios) for (let i = 0; i < 2; i++) once(s);
  const out: number[] = [];
  for (let i = 0; i < repeats; i++) for (const s of scenarios) out.push(once(s));
  return out;
}

/** The same runs' CPU time in Node (process.cpuUsage: user + system, GC threads included), build to decimated columns as the worker makes them: every run's. */
function nodeRunCpuMs(scenarios: Scenario[], repeats: number): number[] {
  const pool = new RowBufferPool();
  const cpuMs = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const once = (s: Scenario): number => {
    const t0 = cpuMs();
    const run = startRun(s, { deferHash: true }, () => performance.now(), pool);
    while (!run.step(SLICE_EVENTS));
    run.finish();
    const ms = cpuMs() - t0;
    run.discard();
    return ms;
  };
  for (const s of scenarios) for (let i = 0; i < 2; i++) once(s);
  const out: number[] = [];
  for (let i = 0; i < repeats; i++) for (const s of scenarios) out.push(once(s));
  return out;
}

interface TraceEvent {
  ph: string;
  name: string;
  cat?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id?: string;
  id2?: { local?: string };
  args?: { name?: string };
}

/**
 * CPU time per edit by kind of work, from a Chromium trace of `edits` more slider edits: the
 * thread time (tdur) of every top-level task of every Chromium process inside each edit's
 * input → redraw, summed by kind and averaged over the edits. Thread time, unlike the wall
 * times above, hardly depends on what else the machine runs.
 *
 * The renderer's thread pool is counted too: it rasterizes the page's tiles and runs V8's
 * background work (concurrent garbage collection, Maglev and Turbofan compiling) for the page
 * and for the workers. Left out, the page's CPU looked about 40 ms an edit smaller than it is;
 * Node's figure (process.cpuUsage) includes its own background threads the same way.
 */
async function cpuPerEdit(browser: Browser, page: Page, edits: number): Promise<{ byKind: Record<string, number>; threads: Record<string, number> }> {
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing', '__metadata', 'disabled-by-default-v8.compile'] });
  await sliderLatencies(page, edits);
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const opened = new Map<string, number>();
  const windows: [number, number][] = [];
  for (const e of events) {
    if (!e.cat?.startsWith('blink.user_timing') || e.name !== 'tcp:input→redraw' || (e.ph !== 'b' && e.ph !== 'e')) continue;
    const id = e.id2?.local ?? e.id ?? '';
    if (e.ph === 'b') opened.set(id, e.ts);
    else if (opened.has(id)) windows.push([opened.get(id) as number, e.ts]);
  }
  const POOL = 'thread pool: V8 garbage collection and other';
  const kindOf = (thread: string, task: string): string | null => {
    if (/^ThreadPool/.test(thread)) {
      if (task === 'ThreadPool_RunTask') return POOL;
      if (task === 'TaskGraphRunner::RunTask') return 'thread pool: raster';
      if (task === 'V8.MaglevTask' || task === 'V8.TurbofanTask') return 'thread pool: V8 compiling';
      return null;
    }
    if (task !== 'ThreadControllerImpl::RunTask') return null;
    if (thread === 'CrRendererMain') return 'main thread';
    if (thread === 'DedicatedWorker thread') return 'simulation workers';
    if (/^(Compositor|VizCompositorThread|CompositorTileWorker|CrGpuMain)/.test(thread)) return 'compositing';
    if (/^(CrBrowserMain|Chrome_IOThread)$/.test(thread)) return 'browser process';
    return null;
  };
  const byKind: Record<string, number> = { 'main thread': 0, 'simulation workers': 0, compositing: 0, 'thread pool: raster': 0, 'thread pool: V8 compiling': 0, [POOL]: 0, 'browser process': 0 };
  const threads: Record<string, number> = {};
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur || !e.tdur) continue;
    const thread = names.get(`${e.pid}:${e.tid}`) ?? '';
    const kind = kindOf(thread, e.name);
    if (!kind) continue;
    const pool = /^ThreadPool/.test(thread);
    for (const [a, b] of windows) {
      const overlap = Math.min(b, e.ts + e.dur) - Math.max(a, e.ts);
      if (overlap <= 0) continue;
      // a task straddling the window's edge counts in proportion
      const ms = (e.tdur * overlap) / e.dur / 1000 / windows.length;
      byKind[kind] += ms;
      // raster and compiling run inside a pool task: counted in their own kind, taken out of the task's
      if (pool && kind !== POOL) byKind[POOL] -= ms;
      if (!pool) threads[`${kind} ${e.tid}`] = (threads[`${kind} ${e.tid}`] ?? 0) + ms;
    }
  }
  return { byKind, threads };
}

async function redrawCount(page: Page): Promise<number> {
  return page.evaluate(() => performance.getEntriesByName('tcp:input→redraw').length);
}

/** Presses ←/→ alternately on the rate slider, waiting for each edit's redraw; returns the app's measured latencies. */
async function sliderLatencies(page: Page, n: number): Promise<number[]> {
  const slider = page.locator('[data-path="path.0.forward.rateBps"] input[type="range"]');
  await slider.focus();
  const start = await redrawCount(page);
  for (let i = 0; i < n; i++) {
    // Waits in the page for the edit's redraw measure, told by a PerformanceObserver: polling
    // (waitForFunction) ran a callback in every frame, and each press resolving the locator
    // again cost round trips — the bench's own work on the two cores it measures. Set up before
    // the key is pressed, and it checks on setup too, so the order the two arrive in does not matter.
    const redrawn = page.evaluate(`new Promise((ok) => {
      const done = () => performance.getEntriesByName('tcp:input→redraw').length > ${start + i};
      if (done()) return ok();
      const o = new PerformanceObserver(() => { if (done()) { o.disconnect(); ok(); } });
      o.observe({ type: 'measure' });
    })`);
    await page.keyboard.press(i % 2 === 0 ? 'ArrowRight' : 'ArrowLeft');
    await redrawn;
  }
  return page.evaluate((k) => performance.getEntriesByName('tcp:input→redraw').slice(k).map((e) => e.duration), start);
}

/** Plays for `ms` and returns rAF intervals seen by the page and the app's per-frame work. */
async function playbackFrames(page: Page, ms: number): Promise<{ intervals: number[]; work: number[] }> {
  await page.evaluate(() => performance.clearMeasures('tcp:frame'));
  await page.locator('h1').click();
  await page.keyboard.press(' ');
  // a string, not a function: the TypeScript loader would inject helpers the page does not have
  const intervals = (await page.evaluate(`new Promise((ok) => {
    const out = [];
    let last = performance.now();
    const end = last + ${ms};
    const f = (now) => {
      out.push(now - last);
      last = now;
      if (now < end) requestAnimationFrame(f);
      else ok(out.slice(1));
    };
    requestAnimationFrame(f);
  })`)) as number[];
  await page.keyboard.press(' ');
  const work = await page.evaluate(() => performance.getEntriesByName('tcp:frame').map((e) => e.duration));
  return { intervals, work };
}

async function main(): Promise<void> {
  await buildIfStale();
  const preset = parseScenario(getPreset('reference-2mbps')?.scenario);
  if (!preset.ok) throw new Error('reference-2mbps does not validate');
  const scenario = { ...preset.scenario, durationS: 60 };
  const fast: Scenario = { ...preset.scenario, durationS: 100, path: preset.scenario.path.map((l, i) => (i === 0 ? { ...l, forward: { ...l.forward, rateBps: 10e6, queue: { ...l.forward.queue, limitPackets: 125 } } } : l)) };
  const variants = VARIANTS.map((v) => v.name)
    .slice(0, MAX_COMPARE);

  await withAppInChromium(async ({ browser, url }) => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // The bench edits through the scenario editor's rate slider, which a first visit keeps
    // closed: the page is told it is a returning visitor who opened the editor before.
    await page.addInitScript(() => localStorage.setItem('tcp-lab.drawer', 'open'));
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    console.log(`Chromium ${browser.version()}, navigator.hardwareConcurrency = ${cores} (pool size min(cores, 6)); ${warm} edits before measuring each case`);

    console.log(`load average ${load()}`);
    const cases = [
      { name: 'single', label: `1 run (reference, 60 s, 2 Mb/s)`, scenario, compare: [] as string[] },
      { name: 'compare', label: `${variants.length} variants compared (${variants.join(', ')}; 60 s, 2 Mb/s)`, scenario, compare: variants },
      { name: 'fast', label: `1 run (reference at 10 Mb/s, queue 125 packets, 100 s)`, scenario: fast, compare: [] as string[] },
    ].filter((c) => only === 'all' || c.name === only);
    for (const c of cases) {
      const hash = encodeState({ scenario: c.scenario, view: { ...DEFAULT_VIEW, compare: c.compare } });
      await page.goto(`${url}#${hash}`);
      await page.waitForSelector('#cwnd-chart path.cwnd-line[d^="M"]', { timeout: 120_000 });
      await page.waitForFunction(() => /^ran in/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''), null, { timeout: 120_000 });
      await sliderLatencies(page, warm); // warm-up: JIT in page and workers
      await page.evaluate(() => {
        for (const n of ['tcp:input→painted', 'tcp:input→first', 'tcp:input→first painted', 'tcp:input→posted', 'tcp:input→results', 'tcp:draw', 'tcp:worker→main', ...['build', 'run', 'finish', 'hash', 'decimate', 'yield', 'wall'].map((p) => `tcp:worker:${p}`)]) performance.clearMeasures(n);
      });
      const lat = await sliderLatencies(page, steps);
      const read = (name: string): Promise<number[]> => page.evaluate((n) => performance.getEntriesByName(n).map((e) => e.duration), name);
      const results = await read('tcp:input→results');
      const posted = await read('tcp:input→posted');
      const draws = await read('tcp:draw');
      await page.waitForTimeout(100); // the last edit's paint measure
      const painted = (await read('tcp:input→painted')).slice(-steps);
      const first = (await read('tcp:input→first')).slice(-steps);
      const firstPainted = (await read('tcp:input→first painted')).slice(-steps);
      console.log(`\n${c.label}\n  input → redraw: ${stats(lat)}`);
      console.log(`  input → painted (the next frame after the redraw): ${stats(painted)}`);
      console.log(`  input → first run drawn (a comparison draws each run as it arrives): ${stats(first)}`);
      console.log(`  input → first run painted: ${stats(firstPainted)}`);
      console.log(`    input → jobs posted (the edit's own render): ${stats(posted)}`);
      console.log(`    input → results back from the workers: ${stats(results)}`);
      console.log(`    results → redraw (state, React render, D3): ${stats(lat.map((l, i) => l - (results[i] ?? 0)))}`);
      for (const phase of ['build', 'run', 'finish', 'hash', 'decimate', 'yield', 'wall']) console.log(`    worker ${phase} (per run): ${stats(await read(`tcp:worker:${phase}`))}`);
      console.log(`    worker posted → main thread has the result (per run): ${stats(await read('tcp:worker→main'))}`);
      const workerRun = await read('tcp:worker:run');
      const nodeRun = nodeRunMs(runJobs(c.scenario, c.compare).map((j) => j.scenario), Math.max(3, Math.ceil(steps / runJobs(c.scenario, c.compare).length)));
      console.log(`    Node run, same scenarios and slices (per run): ${stats(nodeRun)}`);
      console.log(`    worker run / Node run (medians): ${(median(workerRun) / median(nodeRun)).toFixed(2)}`);
      // The comparison judged by what the engine itself needs: the edit's runs take, in Node,
      // the sum of their run times; spread over the pool's workers that is the least an edit
      // can cost (the ratio's denominator). Input → complete redraw over that floor, measured in
      // this same bench run, with the same medians as the lines above print.
      const n = runJobs(c.scenario, c.compare).length;
      const workers = poolSizeFor(cores);
      const nodeSumMs = Array.from({ length: n }, (_, k) => median(nodeRun.filter((_, i) => i % n === k))).reduce((a, b) => a + b, 0);
      const floorMs = nodeSumMs / workers;
      const redrawMs = quantiles(lat)?.q(0.5) ?? NaN;
      if (c.compare.length > 1) {
        const firstPaintedMs = quantiles(firstPainted)?.q(0.5) ?? NaN;
        console.log(
          `  comparison ratio: input → redraw ${redrawMs.toFixed(1)} ms ÷ (${n} runs' Node time ${nodeSumMs.toFixed(1)} ms ÷ ${workers} workers = ${floorMs.toFixed(1)} ms) = ${(redrawMs / floorMs).toFixed(2)} (target ≤ 1.4); first run painted, median ${firstPaintedMs.toFixed(1)} ms (target ≤ 50)`,
        );
      }
      console.log(`    chart data redraws: ${(draws.length / steps).toFixed(1)} per edit, each ${stats(draws)}`);
      // draws made between an edit's redraw and the next edit: charts off screen while the runs came in
      const after = await page.evaluate(() => {
        const edits = performance.getEntriesByName('tcp:input→redraw').map((e, i, all) => ({ end: e.startTime + e.duration, next: all[i + 1]?.startTime ?? Infinity }));
        return performance.getEntriesByName('tcp:draw').filter((d) => edits.some((e) => d.startTime >= e.end && d.startTime < e.next)).map((d) => d.duration);
      });
      console.log(`    of which drawn after the redraw (off screen while the runs came in): ${(after.length / steps).toFixed(1)} per edit, each ${stats(after)}`);
      if (c.compare.length > 1) {
        // Where an edit's CPU goes, and the least the ratio can be on this many cores: the page
        // needs its CPU time spread over the cores, the floor assumes the runs' alone.
        const cpu = await cpuPerEdit(browser, page, cpuEdits);
        const nodeCpu = nodeRunCpuMs(runJobs(c.scenario, c.compare).map((j) => j.scenario), 5);
        const nodeCpuMs = Array.from({ length: n }, (_, k) => median(nodeCpu.filter((_, i) => i % n === k))).reduce((a, b) => a + b, 0);
        const pageCpuMs = Object.values(cpu.byKind).reduce((a, b) => a + b, 0);
        console.log(`  CPU per edit (thread time in a Chromium trace of ${cpuEdits} more edits): ${Object.entries(cpu.byKind).map(([k, ms]) => `${k} ${ms.toFixed(1)} ms`).join(', ')}; in all ${pageCpuMs.toFixed(1)} ms`);
        console.log(`    by thread: ${Object.entries(cpu.threads).map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(', ')}`);
        console.log(`    the ${n} runs in Node (CPU time, build to decimated columns): ${nodeCpuMs.toFixed(1)} ms`);
        // The complete redraw cannot come before the page's CPU, spread over every core, has
        // been spent: over the ratio's own denominator, that is the least the ratio can be.
        const boundRatio = pageCpuMs / cores / floorMs;
        console.log(
          `  CPU bound: (page ${pageCpuMs.toFixed(1)} ms ÷ ${cores} cores) ÷ ${floorMs.toFixed(1)} ms (the ratio's denominator) = ${boundRatio.toFixed(2)}, the least the comparison ratio can be with this CPU per edit; page CPU ÷ the runs' CPU in Node = ${(pageCpuMs / nodeCpuMs).toFixed(2)}`,
        );
        // how full the cores were while the edit was under way: near 100 %, only less CPU makes it sooner
        console.log(`    the page's CPU fills ${((100 * pageCpuMs) / (cores * redrawMs)).toFixed(0)} % of ${cores} cores for the median input → redraw (${redrawMs.toFixed(1)} ms)`);
      }
      console.log(`  load average ${load()}`);
      if (only !== 'all') continue;
      const frames = await playbackFrames(page, 3000);
      console.log(`  playback frame interval: ${stats(frames.intervals)}`);
      console.log(`  playback frame work (tcp:frame): ${stats(frames.work)}`);
    }
    if (only !== 'all') return;
    await playbackSection(page, url, scenario, variants);
    await workerAloneSection(page, url, scenario);
  });
}

/**
 * The built simulation worker alone, in an idle page (no app, no drawing): the engine's run
 * phase for the 60 s reference run, back to back and with 150 ms pauses between runs (as a
 * lecturer's edits come), next to Node's. Separates the engine's speed in the worker from what
 * the app's other work on the same two cores costs it. The worker is driven with Comlink's
 * message format directly (the page has no module loader).
 */
async function workerAloneSection(page: Page, url: string, scenario: Scenario): Promise<void> {
  const file = readdirSync(join(ROOT, 'dist/assets')).find((f) => f.startsWith('sim.worker'));
  if (!file) throw new Error('dist/assets has no sim.worker bundle');
  await page.goto(`${url}manifest.webmanifest`);
  // a string, not a function: the TypeScript loader would inject helpers the page does not have
  const runs = (await page.evaluate(`(async ([url, scenario]) => {
    const w = new Worker(url, { type: 'module' });
    let id = 0;
    const call = (name, args) => new Promise((ok) => {
      const my = String(++id);
      const on = (e) => {
        if (e.data && e.data.id === my) {
          w.removeEventListener('message', on);
          ok(e.data.value);
        }
      };
      w.addEventListener('message', on);
      w.postMessage({ id: my, type: 'APPLY', path: [name], argumentList: args.map((value) => ({ type: 'RAW', value })) });
    });
    const run = async () => {
      const r = await call('run', [scenario, { deferHash: true }]);
      if (r.hashTicket) await call('traceHash', [r.hashTicket]);
      return r.phasesMs.run;
    };
    const hot = [];
    for (let i = 0; i < 30; i++) hot.push(await run());
    const paused = [];
    for (let i = 0; i < 12; i++) {
      await new Promise((r) => setTimeout(r, 150));
      paused.push(await run());
    }
    w.terminate();
    return { hot: hot.slice(10), paused };
  })(${JSON.stringify([`${url}assets/${file}`, scenario])})`)) as { hot: number[]; paused: number[] };
  const node = nodeRunMs([scenario], 20);
  console.log(`\nThe simulation worker alone (idle page), reference run (60 s, 2 Mb/s)`);
  console.log(`  run phase, back to back (after 10 warm-up runs): ${stats(runs.hot)}`);
  console.log(`  run phase, 150 ms between runs: ${stats(runs.paused)}`);
  console.log(`  Node run, same scenario and slices: ${stats(node)}`);
  console.log(`  worker alone / Node (medians): back to back ${(median(runs.hot) / median(node)).toFixed(2)}, with pauses ${(median(runs.paused) / median(node)).toFixed(2)}`);
}

/** Commands and bytes of an SVG path string. */
function pathSize(d: string): string {
  return `${d.match(/[MLHVZ]/gi)?.length ?? 0} commands, ${(d.length / 1024).toFixed(1)} KiB`;
}

/**
 * Playback: the six-variant comparison at 10 Mb/s (60 s), default panels and presenter mode
 * (follow window on), played for a few seconds with the reveal — the browser's frame interval
 * (target: median ≤ 16.7 ms) and the app's own work per frame (`tcp:frame`: the tick, every
 * chart's cursor and reveal; target p95 ≤ 8 ms). Then the path a 0.1 s zoom draws: in the page
 * (the run's longest cwnd path), and for a synthetic 200 000-step series in Node, which does
 * not depend on the machine.
 */
async function playbackSection(page: Page, url: string, base: Scenario, variants: readonly string[]): Promise<void> {
  const scenario = { ...base, durationS: 60, path: base.path.map((l, i) => (i === 0 ? { ...l, forward: { ...l.forward, rateBps: 10e6 } } : l)) };
  const label = `${variants.length} variants compared at 10 Mb/s (60 s)`;
  for (const view of [
    { name: 'default panels', view: { ...DEFAULT_VIEW, compare: [...variants] } },
    { name: 'presenter, cwnd + path, follow window', view: { ...DEFAULT_VIEW, compare: [...variants], presenter: true, present: ['cwnd', 'path'] } },
  ]) {
    await page.goto(`${url}?bench=${Date.now()}#${encodeState({ scenario, view: view.view })}`);
    await page.waitForSelector('#cwnd-chart path.cwnd-line[d^="M"]', { timeout: 120_000 });
    await page.waitForFunction(() => /^ran in/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''), null, { timeout: 120_000 });
    await playbackFrames(page, 1000); // warm-up
    const frames = await playbackFrames(page, 5000);
    console.log(`\n${label}, ${view.name}, playing with the reveal`);
    console.log(`  playback frame interval: ${stats(frames.intervals)}`);
    console.log(`  playback frame work (tcp:frame): ${stats(frames.work)}`);
  }
  await page.goto(`${url}?bench=${Date.now()}#${encodeState({ scenario, view: { ...DEFAULT_VIEW, compare: [...variants], windowS: [30, 30.1] } })}`);
  await page.waitForSelector('#cwnd-chart path.cwnd-line[d^="M"]', { timeout: 120_000 });
  const paths = await page.evaluate(() => {
    const ds = [...document.querySelectorAll('#cwnd-chart path.cwnd-line, #cwnd-chart path.ssthresh-line')].map((p) => p.getAttribute('d') ?? '');
    const longest = ds.reduce((a, b) => (b.length > a.length ? b : a), '');
    const plot = document.querySelector('#cwnd-chart g.defs-holder clipPath.plot rect');
    return { longest, count: ds.length, columns: Number(plot?.getAttribute('data-width') ?? 0) };
  });
  console.log(`\n0.1 s zoom (30 … 30.1 s) of ${label}: longest of ${paths.count} cwnd/ssthresh paths ${pathSize(paths.longest)} over ${paths.columns} pixel columns`);
  const n = 200_000;
  const tS = Float64Array.from({ length: n }, (_, i) => (i * 60) / n);
  const values = Float64Array.from({ length: n }, (_, i) => 10 + (i % 997) / 10);
  const columns = 1000;
  const x = d3.scaleLinear().domain([30, 30.1]).range([84, 84 + columns]);
  const y = d3.scaleLinear().domain([0, 120]).range([300, 30]);
  const whole = d3.scaleLinear().domain([0, 60]).range([84, 84 + columns]);
  console.log(`0.1 s zoom of a 200 000-step series over 60 s (Node, ${columns} columns): ${pathSize(stepPath({ tS, values }, { x, y, yClamp: [10, 300] }, 60))}; the whole series: ${pathSize(stepPath({ tS, values }, { x: whole, y, yClamp: [10, 300] }, 60))}`);
  const dense = Float64Array.from({ length: n }, (_, i) => (i * 2) / n);
  const xDense = d3.scaleLinear().domain([1, 1.1]).range([84, 84 + columns]);
  console.log(`0.1 s zoom of a 200 000-step series over 2 s (10 000 steps in view): ${pathSize(stepPath({ tS: dense, values }, { x: xDense, y, yClamp: [10, 300] }, 2))}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
