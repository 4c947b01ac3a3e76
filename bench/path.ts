/**
 * Path picture benchmark: the per-frame cost of drawing the path at the playhead while playing,
 * in Debian Chromium on the built app (run `npm run build` first). Cases: reference-2mbps, the
 * same path at 10 Mb/s with a 125-packet queue, and six variants compared at 10 Mb/s (six
 * lanes). Reads the app's `tcp:path-frame` measure (src/ui/state/perf.ts), the page's frame
 * intervals, how many SVG elements the picture had, and how often the packet detail was there
 * (`data-detail="ready"`) when a frame was drawn, and how long packet windows took to arrive
 * from their worker (`tcp:packet-window`). Prints figures only; asserts nothing. Stops
 * Chromium and the preview server by PID.
 *
 *   node --import tsx bench/path.ts
 */
import { type Page } from 'playwright-core';
import { quantiles } from './quantiles.ts';
import { VARIANTS } from '../src/catalogue/variants.ts';
import { getPreset } from '../src/content/presets/index.ts';
import type { Scenario } from '../src/scenario/schema.ts';
import { parseScenario } from '../src/scenario/validate.ts';
import { encodeState } from '../src/ui/state/url.ts';
import { DEFAULT_VIEW, MAX_COMPARE } from '../src/ui/state/view.ts';
import { withAppInChromium } from './dist.ts';

const PLAY_MS = 5000;

function figures(xs: number[]): string {
  const s = quantiles(xs);
  if (!s) return 'no samples';
  return `median ${s.q(0.5).toFixed(2)} ms, p95 ${s.q(0.95).toFixed(2)} ms, max ${s.max.toFixed(2)} ms (n = ${s.n})`;
}

function reference(...changes: [string, number][]): Scenario {
  const p = parseScenario(getPreset('reference-2mbps')?.scenario);
  if (!p.ok) throw new Error('reference-2mbps does not validate');
  const s = structuredClone(p.scenario);
  for (const [field, value] of changes) {
    if (field === 'rate') s.path[0].forward.rateBps = value;
    if (field === 'limit') s.path[0].forward.queue = { ...s.path[0].forward.queue, limitPackets: value } as typeof s.path[0]['forward']['queue'];
  }
  return s;
}

/** Plays from `fromS` at `speed` for PLAY_MS; per frame: path work, interval, SVG elements, detail ready. */
async function play(page: Page, fromS: number, speed: number): Promise<{ work: number[]; intervals: number[]; elements: number[]; ready: number; windows: number[]; movedS: number }> {
  await page.getByTestId('seek').fill(String(fromS));
  await page.waitForSelector('#path-chart-cursor[data-detail="ready"]', { timeout: 120_000 });
  await page.getByTestId('speed').selectOption(String(speed));
  await page.evaluate(() => {
    performance.clearMeasures('tcp:path-frame');
    performance.clearMeasures('tcp:packet-window');
  });
  const t0 = Number(await page.locator('#path-chart-cursor').getAttribute('data-t-ns'));
  await page.locator('h1').click();
  await page.keyboard.press(' ');
  // a string, not a function: the TypeScript loader would inject helpers the page does not have
  const frames = (await page.evaluate(`new Promise((ok) => {
    const out = { intervals: [], elements: [], ready: 0 };
    let last = performance.now();
    const end = last + ${PLAY_MS};
    const f = (now) => {
      out.intervals.push(now - last);
      last = now;
      const svg = document.querySelector('#path-chart-cursor');
      out.elements.push(svg.querySelectorAll('*').length);
      if (svg.getAttribute('data-detail') === 'ready') out.ready++;
      if (now < end) requestAnimationFrame(f);
      else ok(out);
    };
    requestAnimationFrame(f);
  })`)) as { intervals: number[]; elements: number[]; ready: number };
  // pause, unless it already stopped at the end (Space would then start over)
  if (await page.evaluate(() => document.querySelector('[data-testid="play"]')?.textContent?.includes('Pause') ?? false)) await page.keyboard.press(' ');
  const t1 = Number(await page.locator('#path-chart-cursor').getAttribute('data-t-ns'));
  const work = await page.evaluate(() => performance.getEntriesByName('tcp:path-frame').map((e) => e.duration));
  const windows = await page.evaluate(() => performance.getEntriesByName('tcp:packet-window').map((e) => e.duration));
  return { work, intervals: frames.intervals.slice(1), elements: frames.elements, ready: frames.ready / frames.elements.length, windows, movedS: (t1 - t0) / 1e9 };
}

async function main(): Promise<void> {
  const ten = reference(['rate', 10e6], ['limit', 125]);
  const variants = VARIANTS.map((v) => v.name).slice(0, MAX_COMPARE);
  const cases = [
    { label: 'reference-2mbps (1 run)', scenario: reference(), compare: [] as string[] },
    { label: '10 Mb/s, 125-packet queue (1 run)', scenario: ten, compare: [] as string[] },
    { label: `10 Mb/s, ${variants.length} variants compared (${variants.length} lanes)`, scenario: ten, compare: variants },
  ];
  await withAppInChromium(async ({ browser, url }) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    console.log(`Chromium ${browser.version()}, 1440×900, path panel only; ${PLAY_MS / 1000} s of playing per speed`);
    for (const c of cases) {
      const hash = encodeState({ scenario: c.scenario, view: { ...DEFAULT_VIEW, compare: c.compare, panels: ['path'] } });
      await page.goto(`${url}#${hash}`);
      await page.waitForSelector('#path-chart line.path-link', { state: 'attached', timeout: 120_000 });
      await page.waitForFunction(() => /^ran in/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''), null, { timeout: 120_000 });
      console.log(`\n${c.label}`);
      for (const speed of [1, 5, 20]) {
        const endS = Number(await page.getByTestId('seek').getAttribute('max'));
        const r = await play(page, endS / 4, speed);
        console.log(`  ${speed}× (played ${r.movedS.toFixed(1)} s of the run): path draw per frame ${figures(r.work)}`);
        console.log(`       packet windows while playing: ${figures(r.windows)}`);
        console.log(`       frame interval ${figures(r.intervals)}; SVG elements ${Math.min(...r.elements)}–${Math.max(...r.elements)}; packet detail ready in ${(100 * r.ready).toFixed(0)} % of frames`);
      }
    }
  });
}

await main();
