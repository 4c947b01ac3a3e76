import { chromium } from 'playwright-core';
import { getPreset } from '../src/scenarios/presets/index.ts';
import { parseScenario } from '../src/scenarios/validate.ts';
import { CHROMIUM, CHROMIUM_ARGS, startPreview, stopProcess } from '../tests/e2e/harness.ts';
import { readdirSync } from 'node:fs';
const p = parseScenario(getPreset('reference-2mbps')?.scenario);
if (!p.ok) throw new Error('x');
const scenario = { ...p.scenario, durationS: 60 };
const workerFile = readdirSync('dist/assets').find((f) => f.startsWith('sim.worker'));
const preview = await startPreview();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  const { encodeState } = await import('../src/ui/state/url.ts');
  const { DEFAULT_VIEW } = await import('../src/ui/state/view.ts');
  if (process.env.APP) {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(`${preview.url}#${encodeState({ scenario, view: { ...DEFAULT_VIEW, compare: [] } })}`);
    await page.waitForSelector('#cwnd-chart path.cwnd-line[d^="M"]', { timeout: 120_000 });
    await page.waitForTimeout(2000);
  } else await page.goto(preview.url + 'manifest.webmanifest');
  const fn = `async ([url, scenario]) => {
    const w = new Worker(url, { type: 'module' });
    let id = 0;
    const call = (name, args) => new Promise((ok) => {
      const my = String(++id);
      const on = (e) => { if (e.data && e.data.id === my) { w.removeEventListener('message', on); ok(e.data.value); } };
      w.addEventListener('message', on);
      w.postMessage({ id: my, type: 'APPLY', path: [name], argumentList: args.map((value) => ({ type: 'RAW', value })) });
    });
    const runs = [];
    for (let i = 0; i < 40; i++) { const r = await call('run', [scenario, { deferHash: true }]); runs.push(r.phasesMs.run); if (r.hashTicket) await call('traceHash', [r.hashTicket]); }
    const gap = [];
    for (let i = 0; i < 12; i++) { await new Promise((r) => setTimeout(r, 150)); const r = await call('run', [scenario, { deferHash: true }]); gap.push(r.phasesMs.run); }
    return { runs: runs.map((x) => Math.round(x * 10) / 10), gap: gap.map((x) => Math.round(x * 10) / 10) };
  }`;
  const out = await page.evaluate(`(${fn})(${JSON.stringify([preview.url + 'assets/' + workerFile, scenario])})`);
  console.log(JSON.stringify(out));
} finally {
  await browser.close();
  await stopProcess(preview.proc);
}
