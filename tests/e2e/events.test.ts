/**
 * Congestion events in Chromium: → / L / T step through reference-2mbps and real-handoff, the
 * caption under the transport says what the trace says at each stop, one L press passes a whole
 * burst of drops, Shift+L goes back, and hovering a marker on the cwnd chart shows its caption.
 * Expected stops come from the raw trace tables (tests/harness/stops.ts), not the app's model.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { encodeState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW } from '../../src/ui/state/view.ts';
import { congestionStops } from '../harness/stops.ts';
import { CHROMIUM, OUT, settled, type Watched } from './harness.ts';
import { appSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

function scenario(name: string): Scenario {
  const p = parseScenario(getPreset(name)?.scenario);
  if (!p.ok) throw new Error(`${name} does not validate`);
  return p.scenario;
}

const cursorText = (page: Page): Promise<string | null> => page.getByTestId('cursor-time').textContent();
const shows = (t: number): string => `t = ${t.toFixed(3)} s`;
/** The caption as read, grouped digits joined ("1 289" → "1289"). */
const captionText = async (page: Page): Promise<string> => ((await page.getByTestId('event-caption').innerText()) ?? '').replace(/(\d)\u00a0(?=\d)/g, '$1');

describe.runIf(haveChromium)('congestion events in Chromium', () => {
  const session = appSession({});
  let page: Page;
  let w: Watched;
  beforeAll(() => {
    ({ page, w } = session);
  });

  async function open(name: string, compare: readonly string[] = []): Promise<void> {
    const hash = encodeState({ scenario: scenario(name), view: { ...DEFAULT_VIEW, compare: [...compare] } });
    await page.goto(`${session.preview.url}?events=${name}#${hash}`);
    await page.waitForSelector('#cwnd-chart path.cwnd-line', { timeout: 60_000 });
    await settled(page);
    await page.locator('h1').click(); // keys go to the stage
  }

  it('reference-2mbps: → stops at the burst, then the fast retransmit, each with its caption; one L passes the whole burst', async () => {
    const run = runScenario(scenario('reference-2mbps'));
    const stops = congestionStops(run.trace);
    // the first burst: every drop of slow start's overshoot, repaired by one fast retransmit
    expect(stops.burstDrops[0]).toBeGreaterThan(10);
    const s = run.trace.send;
    const rxt = s.retransmit.findIndex((x) => x === 1); // the fast retransmit's segment
    const c = run.trace.cwnd;
    const afterFr = [...c.tNs].findLastIndex((t) => t <= s.tNs[rxt]);

    await open('reference-2mbps');
    expect(await cursorText(page)).toBe(shows(0));
    await page.keyboard.press('ArrowRight');
    expect(await cursorText(page)).toBe(shows(stops.any[0]));
    expect(stops.any[0]).toBe(stops.loss[0]);
    expect(await captionText(page)).toMatch(new RegExp(`^${stops.loss[0].toFixed(3)} s · ${stops.burstDrops[0]} segments lost at link "bottleneck" .*\\(queue overflow\\)`));

    await page.keyboard.press('ArrowRight');
    expect(await cursorText(page)).toBe(shows(s.tNs[rxt] / 1e9));
    const fr = await captionText(page);
    expect(fr).toContain(`${(s.tNs[rxt] / 1e9).toFixed(3)} s · segment ${s.seq[rxt] / 1000} lost at link "bottleneck" (queue overflow)`);
    expect(fr).toContain('3rd duplicate ACK');
    expect(fr).toContain(`NewReno: fast retransmit of segment ${s.seq[rxt] / 1000}, ssthresh`);
    expect(fr).toContain(`→ ${c.ssthreshBytes[afterFr] / 1000} segments, window`); // the plotted window, without fast-recovery inflation (issue 31)
    expect(fr).toMatch(/the cause was congestion \(queue overflow\)\.$/);
    await page.screenshot({ path: join(OUT, 'events-fast-retransmit.png') });

    // L from the start: the first burst, then straight to the second — past every other drop of the first
    await page.getByTestId('seek').fill('0');
    await page.locator('h1').click();
    await page.keyboard.press('l');
    expect(await cursorText(page)).toBe(shows(stops.loss[0]));
    await page.keyboard.press('l');
    expect(await cursorText(page)).toBe(shows(stops.loss[1]));
    expect(await captionText(page)).toMatch(/^\d+\.\d{3} s · segment \d+ lost at link "bottleneck" \(queue overflow\) · NewReno fast-retransmits at/);
    await page.keyboard.press('Shift+L');
    expect(await cursorText(page)).toBe(shows(stops.loss[0]));
    // no timeout in this run: T does nothing, its button says so
    await page.keyboard.press('t');
    expect(await cursorText(page)).toBe(shows(stops.loss[0]));
    expect(await page.getByRole('button', { name: 'Next timeout', exact: true }).isDisabled()).toBe(true);
    expect(w.errors).toEqual([]);
  });

  it('real-handoff compared: T steps to TCP-Real’s timeout with its cause; the lecturer can step by Reno instead', async () => {
    const base = scenario('real-handoff');
    const real = congestionStops(runScenario({ ...base, flows: base.flows.map((f) => ({ ...f, variant: 'real' })) }).trace);
    const reno = congestionStops(runScenario({ ...base, flows: base.flows.map((f) => ({ ...f, variant: 'reno' })) }).trace);
    await open('real-handoff', ['real', 'reno', 'tahoe']);
    await page.keyboard.press('t');
    expect(await cursorText(page)).toBe(shows(real.timeout[0]));
    const text = await captionText(page);
    // the preset names its one hop "link": the caption says "the link" (issue 31), not link "link"
    expect(text).toMatch(/^\d+\.\d{3} s · segment \d+ lost at the link \(handoff\) at \d+\.\d{3} s · no new ACK for \d+\.\d{3} s: retransmission timeout · TCP-Real: retransmits segment \d+/);
    expect(text).toMatch(/the cause was the channel \(handoff\)\.$/);

    // Reno drives stepping now: L goes to Reno's first burst, the others follow the time
    await page.getByTestId('step-run').selectOption({ label: 'Reno' });
    await page.getByTestId('seek').fill('0');
    await page.locator('h1').click();
    await page.keyboard.press('l');
    expect(await cursorText(page)).toBe(shows(reno.loss[0]));
    expect(await captionText(page)).toContain('Reno fast-retransmits at');
    await page.screenshot({ path: join(OUT, 'events-compare.png') });
  });

  it('hovering a fast-retransmit marker shows that event’s caption', async () => {
    await open('reference-2mbps');
    const marker = page.locator('#cwnd-chart path.marker.fast-retransmit').nth(1);
    const box = await marker.boundingBox();
    if (!box) throw new Error('no marker drawn');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => /fast retransmit of segment/.test((document.querySelector('[data-testid="event-caption"]') as HTMLElement | null)?.innerText ?? ''), null, { timeout: 5_000 });
    await page.mouse.move(0, 0);
    expect(w.errors).toEqual([]);
  });
});
