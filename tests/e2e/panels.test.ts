/**
 * The variant panels in Chromium, each on the preset that fills its table: TCP-Real's waves
 * (real-handoff), TCP-Probing's probe cycles with the data-suspension shading on cwnd
 * (probing-testbed), the token bucket (real-token-bucket), the Ack Regulator (3g-ack-regulator)
 * and estimates with loss verdicts (lp-uncorrelated, NewReno-LP and Westwood+ compared). Each
 * draws, names itself to screen readers, summarises in text what Node's run of the same
 * scenario reports, and follows the shared time cursor; a screenshot of each lands in
 * test-output/e2e/; axe-core finds nothing serious in them, light or dark. One browser session;
 * the scenarios run in well under a second each.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { DECISION_LABEL, probeCycles } from '../../src/ui/charts/probeSeries.ts';
import { variantLabel } from '../../src/catalogue/format.ts';
import { encodeState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW, type ViewState } from '../../src/ui/state/view.ts';
import { CHROMIUM, injectAxe, OUT, settled, type Watched } from './harness.ts';
import { appSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

function preset(name: string, variant?: string): Scenario {
  const p = parseScenario(getPreset(name)?.scenario);
  if (!p.ok) throw new Error(`${name} does not validate: ${JSON.stringify(p.errors)}`);
  return variant ? { ...p.scenario, flows: p.scenario.flows.map((f) => ({ ...f, variant })) } : p.scenario;
}

describe.runIf(haveChromium)('variant panels in Chromium', () => {
  // the panel screenshots below inject a <style> (Playwright's `style` option), which the app's
  // CSP refuses; the CSP itself is tested in hardening.test.ts
  const session = appSession({ context: { bypassCSP: true } });
  let page: Page;
  let w: Watched;
  let visit = 0;
  beforeAll(() => {
    ({ page, w } = session);
  });

  /** Opens the app on a scenario and view (a new query string each time, so the page really loads). */
  async function open(scenario: Scenario, view: Partial<ViewState>, ready: string): Promise<void> {
    const hash = encodeState({ scenario, view: { ...DEFAULT_VIEW, ...view } });
    await page.goto(`${session.preview.url}?visit=${++visit}#${hash}`);
    await page.waitForSelector(ready, { timeout: 60_000 });
    await settled(page);
  }

  const readout = (chart: string): Promise<string> => page.locator(`#${chart}-readout`).textContent().then((t) => t ?? '');

  /** The readout at two cursor times: what it says at each (the cursor layer is redrawn synchronously on seek). */
  async function readoutsAt(chart: string, times: readonly number[]): Promise<string[]> {
    const out: string[] = [];
    for (const t of times) {
      await page.getByTestId('seek').fill(String(t));
      await page.waitForFunction((c) => document.querySelector(`#${c}-cursor g.cursor`)?.getAttribute('style')?.includes('inline'), chart);
      out.push(await readout(chart));
    }
    return out;
  }

  /** axe-core's serious and critical findings inside the given panels. */
  async function seriousA11y(panels: readonly string[]): Promise<string[]> {
    await injectAxe(page);
    return page.evaluate(async (include) => {
      type Axe = { run: (ctx: { include: string[][] }) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      const r = await (window as unknown as { axe: Axe }).axe.run({ include: include.map((p) => [`[data-panel="${p}"]`]) });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
    }, panels);
  }

  // the transport bar sticks to the top of the window and would cover a panel scrolled under it
  const shot = (panel: string, file: string): Promise<Buffer> => page.locator(`[data-panel="${panel}"]`).screenshot({ path: join(OUT, file), style: '.transport { position: static !important; }' });

  it('waves: TCP-Real on real-handoff draws its waves, decisions and receiving rate, and follows the cursor', async () => {
    const s = preset('real-handoff', 'real');
    const node = runScenario(s).trace.wave;
    await open(s, { panels: ['cwnd', 'waves'] }, '#waves-chart path.wave-bars[d^="M"]');
    expect(await page.locator('#waves-chart').getAttribute('role')).toBe('img');
    expect(await page.locator('#waves-chart').getAttribute('aria-label')).toMatch(/waves —/);
    // the summary counts every wave the engine decided
    expect(await page.getByTestId('waves-summary').textContent()).toContain(`${node.tNs.length.toLocaleString('en-US')} waves`);
    expect(await page.locator('#waves-chart path.wave-decision').count()).toBeGreaterThan(0);
    expect(await page.locator('#waves-chart path.rate-line').getAttribute('d')).toMatch(/^M/);
    expect(await page.locator('#waves-chart path.threshold-line').getAttribute('d')).toMatch(/^M/);
    const [a, b] = await readoutsAt('waves-chart', [20, 80]);
    expect(a).toMatch(/wave \d+: level \d+/);
    expect(b).toMatch(/wave \d+: level \d+/);
    expect(a).not.toBe(b);
    expect(w.errors).toEqual([]);
    await shot('waves', 'panel-waves.png');
    expect(await seriousA11y(['waves'])).toEqual([]);
  });

  it('probe cycles: TCP-Probing on probing-testbed draws its cycles, shades them on cwnd, and names the decision at the cursor', async () => {
    const s = preset('probing-testbed', 'probing');
    const result = runScenario(s);
    const cycles = probeCycles(result.trace, 0, s.flows[0].tcp.mssBytes, result.sim.simTimeS);
    // a cycle whose two probes were both answered first time, in round trips of similar length (a
    // probe sent into a full queue takes far longer than the next: its partner's arrows would be
    // too narrow at this zoom to carry their names), to zoom into
    const similar = (x: (typeof cycles)[number]): boolean => {
      const [r1, r2] = x.exchanges.map((e) => e.rttMs ?? Number.NaN);
      return Math.max(r1, r2) <= 1.5 * Math.min(r1, r2);
    };
    const c = cycles.find((x) => x.decision !== null && x.exchanges.length === 2 && x.exchanges.every((e) => e.ackS !== null) && similar(x));
    if (!c?.decision) throw new Error('probing-testbed has no clean probe cycle');
    const padS = (c.endS - c.startS) * 0.4;
    await open(s, { panels: ['cwnd', 'probe'], windowS: [c.startS - padS, c.endS + padS] }, '#probe-chart path.probe-arrow');
    // four arrows (PROBE1, PR1_ACK, PROBE2, PR2_ACK), wide enough at this zoom to carry their names
    expect(await page.locator('#probe-chart text.probe-label').allTextContents()).toEqual(expect.arrayContaining(['PROBE1', 'PR1_ACK', 'PROBE2', 'PR2_ACK']));
    expect(await page.locator('#probe-chart text.decision-label').allTextContents()).toContain(DECISION_LABEL[c.decision]);
    // data suspension is shaded on the cwnd plot too
    expect(await page.locator('#cwnd-chart rect.suspension-span').count()).toBeGreaterThan(0);
    const [during, after] = await readoutsAt('probe-chart', [(c.startS + c.endS) / 2, c.endS + padS / 2]);
    expect(during).toMatch(/probing: data suspended/);
    expect(after).toContain(`→ ${DECISION_LABEL[c.decision]}`);
    expect(await page.getByTestId('probe-summary').textContent()).toContain(`${cycles.length.toLocaleString('en-US')} probe cycles`);
    expect(w.errors).toEqual([]);
    await shot('probe', 'panel-probe-zoomed.png');
    await shot('cwnd', 'panel-cwnd-suspended-zoomed.png');
    await page.getByTestId('reset-zoom').click();
    // the whole run: every cycle shaded
    await page.waitForFunction((n) => document.querySelectorAll('#probe-chart rect.cycle-span').length === n, cycles.length);
    await shot('probe', 'panel-probe.png');
    await shot('cwnd', 'panel-cwnd-suspended.png');
  });

  it('token bucket: real-token-bucket draws the level and tokens per RTT against the permitted rate', async () => {
    const s = preset('real-token-bucket');
    const f = runScenario(s, { trace: false }).flows[0];
    if (f.tokensPerRtt === null || f.tokensPermittedPerRtt === null) throw new Error('real-token-bucket reports no tokens per RTT');
    await open(s, { panels: ['cwnd', 'tokens'] }, '#tokens-chart path.token-bars[d^="M"]');
    expect(await page.locator('#tokens-chart path.level-line').getAttribute('d')).toMatch(/^M/);
    expect(await page.locator('#tokens-chart text.permitted-line-label').textContent()).toBe(`permitted ${f.tokensPermittedPerRtt.toFixed(1)} per RTT`);
    const text = await page.getByTestId('tokens-summary').textContent();
    expect(text).toContain(`${f.tokensPerRtt.toFixed(2)} tokens per RTT of ${f.tokensPermittedPerRtt.toFixed(2)} permitted`);
    expect(text).toContain(`${f.segmentsSent.toLocaleString('en-US')} tokens taken`);
    const [a, b] = await readoutsAt('tokens-chart', [10.01, 40.01]);
    expect(a).toMatch(/bucket: \d+ of 20 tokens/);
    expect(a).not.toBe(b);
    expect(w.errors).toEqual([]);
    await shot('tokens', 'panel-tokens.png');
    expect(await seriousA11y(['tokens'])).toEqual([]);
  });

  it('token bucket in compare mode: one chart per variant on shared axes', async () => {
    await open(preset('real-token-bucket'), { panels: ['tokens'], compare: ['real', 'reno', 'tahoe'], compareLayout: 'multiples' }, '#tokens-chart-2 path.token-bars[d^="M"]');
    const ticks = (id: string): Promise<string[]> => page.locator(`#${id} .band-axis .y-axis .tick text`).allTextContents();
    // the level bands share the depth, and the per-RTT bands one top, so the bars compare
    expect(await ticks('tokens-chart-1')).toEqual(await ticks('tokens-chart'));
    expect(await page.locator('#tokens-chart-2 .y-axis .tick text').allTextContents()).toEqual(await page.locator('#tokens-chart .y-axis .tick text').allTextContents());
    expect(await page.locator('[data-panel="tokens"] .multiple-title').allTextContents()).toEqual(['real', 'reno', 'tahoe'].map(variantLabel));
    expect(w.errors).toEqual([]);
    await shot('tokens', 'panel-tokens-compare.png');
  });

  it('Ack Regulator: 3g-ack-regulator draws held ACKs and the buffer against B', async () => {
    const s = preset('3g-ack-regulator');
    const result = runScenario(s, { trace: ['ackreg'] });
    const link = result.trace.ackreg.link[0];
    const spec = s.path.find((p) => `${p.id}/fwd` === result.links[link].id);
    const b = spec?.ackRegulator?.bufferPackets ?? result.links[link].limitPackets;
    await open(s, { panels: ['queue', 'ackreg'] }, '#ackreg-chart path.held-line[d^="M"]');
    expect(await page.locator('#ackreg-chart text.b-line-label').textContent()).toBe(`B = ${b} packets`);
    expect(await page.locator('#ackreg-chart path.planned-line').getAttribute('d')).toMatch(/^M/);
    expect(await page.locator('#ackreg-chart path.release-ticks').getAttribute('d')).toMatch(/^M/);
    expect(await page.getByTestId('ackreg-summary').textContent()).toContain(`of B = ${b}`);
    const [x, y] = await readoutsAt('ackreg-chart', [5, 25]);
    expect(x).toMatch(/holding \d+ ACKs/);
    expect(x).not.toBe(y);
    expect(w.errors).toEqual([]);
    await shot('ackreg', 'panel-ackreg.png');
    expect(await seriousA11y(['ackreg'])).toEqual([]);
  });

  it('estimates: NewReno-LP and Westwood+ on lp-uncorrelated — estimates over the truth, verdicts against causes, accuracy in words', async () => {
    const s = preset('lp-uncorrelated');
    const lp = runScenario({ ...s, flows: s.flows.map((f) => ({ ...f, variant: 'newreno-lp' })) }, { trace: false }).flows[0].classification;
    if (!lp || lp.accuracy === null) throw new Error('NewReno-LP classified no loss on lp-uncorrelated');
    await open(s, { panels: ['cwnd', 'estimate'], compare: ['newreno-lp', 'westwood-plus'] }, '#estimate-chart path.verdict-mark');
    await page.waitForFunction(() => document.querySelectorAll('#estimate-chart path.estimate-line').length === 2);
    const series = await page.locator('#estimate-chart path.estimate-line').evaluateAll((els) => els.map((e) => e.getAttribute('data-series')));
    expect(series.sort()).toEqual([`${variantLabel('newreno-lp')} VP`, `${variantLabel('westwood-plus')} BWE`].sort());
    expect(await page.locator('#estimate-chart path.avail-area').getAttribute('d')).toMatch(/^M/);
    // two axes: bandwidth for the BWE and the truth, segments for the Vegas predictor
    const axes = await page.locator('#estimate-chart .y-label').allTextContents();
    expect(axes.some((a) => a.startsWith('bandwidth'))).toBe(true);
    expect(axes).toContain('segments');
    expect(await page.locator('#estimate-chart path.verdict-mark').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('estimate-summary').textContent()).toContain(`${lp.events} loss events classified, accuracy ${Math.round(100 * lp.accuracy)} %`);
    const [a, b] = await readoutsAt('estimate-chart', [10, 50]);
    expect(a).toContain(`${variantLabel('westwood-plus')} BWE: `);
    expect(a).toMatch(/BWE: [\d.]+ Mb\/s/);
    expect(a).toMatch(/available: [\d.]+ Mb\/s/);
    expect(a).not.toBe(b);
    expect(w.errors).toEqual([]);
    await shot('estimate', 'panel-estimate.png');
    expect(await seriousA11y(['cwnd', 'estimate'])).toEqual([]);
  });

  it('draws in the dark theme too', async () => {
    const s = preset('probing-testbed', 'probing');
    await open(s, { panels: ['probe', 'estimate'], theme: 'dark', windowS: [20, 40] }, '#probe-chart path.probe-arrow');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    expect(await seriousA11y(['probe', 'estimate'])).toEqual([]);
    expect(w.errors).toEqual([]);
    await page.screenshot({ path: join(OUT, 'panels-dark.png'), fullPage: true });
  });
});
