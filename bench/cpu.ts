/**
 * Where an edit's CPU goes, thread by thread, on this machine (Linux: reads /proc). Drives the
 * built app in Chromium as bench:ui does (←/→ on the rate slider, each edit's redraw awaited),
 * for one run and for six variants compared, and prints:
 *
 * - CPU per edit of every thread that used any, grouped by process (the browser's renderer,
 *   GPU and browser processes, the preview server, this bench), from each thread's utime +
 *   stime before and after the edits. On two cores the sum over all threads bounds how fast an
 *   edit can be: whatever the workers, the main thread, raster and the compositors need shares
 *   the same two.
 * - Chromium's raster per edit, from a trace of a few more edits: tiles and ms, for the layers
 *   that cost most, each named by the element that makes it (software raster strokes a path
 *   again for every 256-px tile it reaches into, so the costly layers are the dense charts).
 *
 *   npm run bench:cpu                # 20 edits per case
 *   npm run bench:cpu -- --edits 40
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { type CDPSession, type Page } from 'playwright-core';
import { VARIANTS } from '../src/catalogue/variants.ts';
import { getPreset } from '../src/content/presets/index.ts';
import { parseScenario } from '../src/scenario/validate.ts';
import { encodeState } from '../src/ui/state/url.ts';
import { DEFAULT_VIEW, MAX_COMPARE } from '../src/ui/state/view.ts';
import { buildIfStale, withAppInChromium } from './dist.ts';

const edits = Number(process.argv[process.argv.indexOf('--edits') + 1]) || 20;
const TRACED_EDITS = 8;
const TICK_MS = 1000 / Number(execSync('getconf CLK_TCK').toString().trim() || 100);

/** Parent pid and CPU time (ms) of a process or thread, from its stat line; null if it is gone. */
function stat(path: string): { name: string; ppid: number; cpuMs: number } | null {
  try {
    const st = readFileSync(path, 'utf8');
    const close = st.lastIndexOf(')');
    const f = st.slice(close + 2).split(' ');
    return { name: st.slice(st.indexOf('(') + 1, close), ppid: Number(f[1]), cpuMs: (Number(f[11]) + Number(f[12])) * TICK_MS };
  } catch {
    return null;
  }
}

/** `root` and every process below it. */
function family(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) if (/^\d+$/.test(d)) parent.set(Number(d), stat(`/proc/${d}/stat`)?.ppid ?? 0);
  const inFamily = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parent.get(p) ?? 0, hops++) if (p === root) return true;
    return false;
  };
  return [...parent.keys()].filter(inFamily);
}

/** What a Chromium process is (its --type), or the label given. */
function processKind(pid: number, labels: Map<number, string>): string {
  const given = labels.get(pid);
  if (given) return given;
  try {
    const type = /--type=([a-z-]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '))?.[1];
    return type ? `chromium ${type}` : 'chromium browser';
  } catch {
    return '?';
  }
}

/** CPU ms so far per "process kind / thread name" (a process's main thread is named after it: shown as "main"). */
function threadCpu(pids: number[], labels: Map<number, string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of pids) {
    const kind = processKind(pid, labels);
    const own = stat(`/proc/${pid}/stat`)?.name;
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const t = stat(`/proc/${pid}/task/${tid}/stat`);
      if (!t) continue;
      const key = `${kind} / ${Number(tid) === pid || t.name === own ? 'main' : t.name}`;
      out.set(key, (out.get(key) ?? 0) + t.cpuMs);
    }
  }
  return out;
}

async function edit(page: Page, i: number): Promise<void> {
  const slider = page.locator('[data-path="path.0.forward.rateBps"] input[type="range"]');
  const k = await page.evaluate(() => performance.getEntriesByName('tcp:input→redraw').length);
  await slider.press(i % 2 === 0 ? 'ArrowRight' : 'ArrowLeft');
  await page.waitForFunction((n) => performance.getEntriesByName('tcp:input→redraw').length > n, k, { timeout: 120_000 });
}

/** The element a compositor layer paints, as tag#id.class (LayerTree ids are the trace's tile layer ids). */
async function layerNames(cdp: CDPSession, layers: { layerId: string; backendNodeId?: number }[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await cdp.send('DOM.getDocument', { depth: 0 });
  for (const l of layers) {
    if (!l.backendNodeId) continue;
    try {
      const { node } = await cdp.send('DOM.describeNode', { backendNodeId: l.backendNodeId, depth: 1 });
      const attr = (n: typeof node, name: string): string | undefined => {
        const i = n.attributes?.indexOf(name) ?? -1;
        return i >= 0 ? n.attributes?.[i + 1] : undefined;
      };
      const id = attr(node, 'id');
      const cls = attr(node, 'class')?.split(/\s+/).filter(Boolean).join('.');
      // a chart's box has no id of its own: its chart has
      const chart = id ? undefined : node.children?.find((c) => attr(c, 'id'));
      out.set(l.layerId, `${node.nodeName.toLowerCase()}${id ? `#${id}` : ''}${cls ? `.${cls}` : ''}${chart ? ` (${chart.nodeName.toLowerCase()}#${attr(chart, 'id')})` : ''}`);
    } catch {
      // the node is gone
    }
  }
  return out;
}

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tdur?: number;
  args?: { tileData?: { layerId?: number } };
}

async function rasterPerEdit(page: Page, browser: import('playwright-core').Browser): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  let layers: { layerId: string; backendNodeId?: number }[] = [];
  cdp.on('LayerTree.layerTreeDidChange', (e) => {
    if (e.layers) layers = e.layers;
  });
  await cdp.send('DOM.enable');
  await cdp.send('LayerTree.enable');
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  for (let i = 0; i < TRACED_EDITS; i++) await edit(page, i);
  await page.waitForTimeout(300);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const names = await layerNames(cdp, layers);
  await cdp.detach();
  const byLayer = new Map<string, { tiles: number; ms: number }>();
  let tiles = 0;
  let ms = 0;
  for (const e of trace.traceEvents) {
    if (e.name !== 'RasterTask' || e.ph !== 'X') continue;
    const t = ((e.tdur ?? e.dur ?? 0) as number) / 1000;
    const layer = String(e.args?.tileData?.layerId ?? '?');
    const r = byLayer.get(layer) ?? { tiles: 0, ms: 0 };
    r.tiles++;
    r.ms += t;
    byLayer.set(layer, r);
    tiles++;
    ms += t;
  }
  console.log(`  raster (trace of ${TRACED_EDITS} more edits): ${(ms / TRACED_EDITS).toFixed(1)} ms and ${(tiles / TRACED_EDITS).toFixed(0)} tiles per edit`);
  for (const [layer, r] of [...byLayer].sort((a, b) => b[1].ms - a[1].ms).slice(0, 4)) {
    console.log(`    ${(r.ms / TRACED_EDITS).toFixed(1).padStart(6)} ms, ${(r.tiles / TRACED_EDITS).toFixed(0).padStart(3)} tiles per edit, ${(r.ms / r.tiles).toFixed(2)} ms per tile: layer ${layer} ${names.get(layer) ?? ''}`);
  }
}

async function main(): Promise<void> {
  if (!existsSync('/proc/self/task')) throw new Error('bench:cpu reads per-thread CPU from /proc (Linux only)');
  await buildIfStale();
  const preset = parseScenario(getPreset('reference-2mbps')?.scenario);
  if (!preset.ok) throw new Error('reference-2mbps does not validate');
  const scenario = { ...preset.scenario, durationS: 60 };
  const variants = VARIANTS.map((v) => v.name).slice(0, MAX_COMPARE);
  await withAppInChromium(async ({ browser, url, previewPid, chromePid }) => {
    const labels = new Map<number, string>([[process.pid, 'bench (this process)']]);
    if (previewPid !== undefined) labels.set(previewPid, 'preview server');
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // edits go through the scenario editor's slider, which only a returning visitor finds open
    await page.addInitScript(() => localStorage.setItem('tcp-lab.drawer', 'open'));
    for (const c of [
      { label: '1 run (reference, 60 s, 2 Mb/s)', compare: [] as string[] },
      { label: `${variants.length} variants compared (${variants.join(', ')}; 60 s, 2 Mb/s)`, compare: variants },
    ]) {
      await page.goto(`${url}#${encodeState({ scenario, view: { ...DEFAULT_VIEW, compare: c.compare } })}`);
      await page.waitForFunction(() => /^ran in/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''), null, { timeout: 120_000 });
      await page.locator('[data-path="path.0.forward.rateBps"] input[type="range"]').focus();
      for (let i = 0; i < 4; i++) await edit(page, i); // warm-up: JIT in page and workers
      await page.waitForTimeout(500);
      const pids = (): number[] => [...(chromePid === undefined ? [] : family(chromePid)), ...labels.keys()];
      const before = threadCpu(pids(), labels);
      const t0 = performance.now();
      for (let i = 0; i < edits; i++) await edit(page, i);
      const wallMs = (performance.now() - t0) / edits;
      const after = threadCpu(pids(), labels);
      const rows = [...after].map(([k, v]) => [k, (v - (before.get(k) ?? 0)) / edits] as const).filter(([, ms]) => ms > 0);
      const total = rows.reduce((s, [, ms]) => s + ms, 0);
      console.log(`\n${c.label}: CPU per edit over ${edits} edits (${TICK_MS} ms ticks), ${wallMs.toFixed(1)} ms of wall time per edit (the bench's round trips included)`);
      for (const [k, ms] of rows.sort((a, b) => b[1] - a[1])) console.log(`  ${ms.toFixed(1).padStart(6)} ms  ${k}`);
      console.log(`  ${total.toFixed(1).padStart(6)} ms  in all: on two cores, at least ${(total / 2).toFixed(0)} ms of wall time`);
      await rasterPerEdit(page, browser);
    }
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
