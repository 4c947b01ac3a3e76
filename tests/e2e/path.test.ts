/**
 * The path as a live picture, in Chromium: paused at a time, each router's queue stack holds
 * what the trace's queue table says, and every packet the sender put on the path that has been
 * neither dropped nor acknowledged is drawn somewhere (one by one, in a counted band or in a
 * queue) — both counted from Node's own run of the same scenario; a channel-error drop and a
 * queue-overflow drop each show their burst and label; compare mode draws one lane per variant.
 * Screenshots at the sizes a class meets, light and dark, land in test-output/e2e/.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DROP_CAUSES, dropCauseCode, type TraceData } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/scenarios/presets/index.ts';
import type { Scenario } from '../../src/scenarios/schema.ts';
import { parseScenario } from '../../src/scenarios/validate.ts';
import { encodeState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW, type ViewState } from '../../src/ui/state/view.ts';
import { CHROMIUM, OUT, settled, type Watched } from './harness.ts';
import { appSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

function preset(name: string): Scenario {
  const p = parseScenario(getPreset(name)?.scenario);
  if (!p.ok) throw new Error(`${name} does not validate`);
  return p.scenario;
}

/** reference-2mbps, 30 s, with a 1 % Bernoulli channel on the bottleneck: queue overflows and channel errors in one run. */
function lossyReference(): Scenario {
  const s = preset('reference-2mbps');
  const path = s.path.map((l) => ({ ...l, forward: { ...l.forward, errors: [{ kind: 'bernoulli' as const, per: 0.01 }] } }));
  const p = parseScenario({ ...s, durationS: 30, path });
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  return p.scenario;
}

const countAtOrBefore = (tNs: Float64Array, t: number): number => {
  let n = 0;
  while (n < tNs.length && tNs[n] <= t) n++;
  return n;
};

function queueFromTrace(trace: TraceData, link: number, tNs: number): number {
  let v = 0;
  for (let i = 0; i < trace.queue.tNs.length && trace.queue.tNs[i] <= tNs; i++) if (trace.queue.link[i] === link) v = trace.queue.packets[i];
  return v;
}

interface Drawn {
  tNs: number;
  packets: number;
  bands: number;
  stacks: Record<string, number>;
  badges: number;
  bursts: { cause: string; link: number; label: string }[];
}

/** What the picture shows at the playhead, read from the DOM. */
function drawn(page: Page, lane = 0): Promise<Drawn> {
  return page.evaluate((laneIndex) => {
    const svg = document.querySelector('#path-chart-cursor')!;
    const g = svg.querySelectorAll('g.lane-now')[laneIndex];
    const num = (e: Element, a: string): number => Number(e.getAttribute(a));
    const stacks: Record<string, number> = {};
    for (const s of g.querySelectorAll('g.queue-stack')) stacks[s.getAttribute('data-link')!] = num(s, 'data-count');
    return {
      tNs: Number(svg.getAttribute('data-t-ns')),
      packets: g.querySelectorAll('line.packet').length,
      bands: [...g.querySelectorAll('g.packet-band')].reduce((a, b) => a + num(b, 'data-count'), 0),
      stacks,
      badges: [...g.querySelectorAll('text.badge.queue')].reduce((a, b) => a + num(b, 'data-count'), 0),
      bursts: [...g.querySelectorAll('g.drop-burst')].map((b) => ({ cause: b.getAttribute('data-cause')!, link: num(b, 'data-link'), label: b.querySelector('text')?.textContent ?? '' })),
    };
  }, lane);
}

describe.runIf(haveChromium)('the path picture in Chromium', () => {
  const session = appSession({});
  let page: Page;
  let w: Watched;
  let visit = 0;
  beforeAll(() => {
    ({ page, w } = session);
  });

  async function open(scenario: Scenario, view: Partial<ViewState> = {}): Promise<void> {
    const hash = encodeState({ scenario, view: { ...DEFAULT_VIEW, panels: ['path', 'queue'], ...view } });
    await page.goto(`${session.preview.url}?path=${++visit}#${hash}`);
    await page.waitForSelector('#path-chart line.path-link', { state: 'attached', timeout: 60_000 });
    await settled(page);
  }

  async function pauseAt(tS: number): Promise<void> {
    await page.getByTestId('seek').fill(String(tS));
    await page.waitForFunction(
      (t) => {
        const svg = document.querySelector('#path-chart-cursor');
        return svg?.getAttribute('data-detail') === 'ready' && Math.abs(Number(svg.getAttribute('data-t-ns')) - t * 1e9) < 2e7;
      },
      tS,
      { timeout: 30_000 },
    );
  }

  it('shows at a paused time every queue as the trace has it and every unacknowledged packet somewhere on the path', async () => {
    const s = lossyReference();
    const trace = runScenario(s).trace;
    await open(s);
    for (const tS of [1.3, 6.05, 14.4]) {
      await pauseAt(tS);
      const d = await drawn(page);
      // the seek slider has its own step: compare at the time the picture says it shows
      const tNs = d.tNs;
      expect(d.stacks['0'], `bottleneck queue at ${tS} s`).toBe(queueFromTrace(trace, 0, tNs));
      const sent = countAtOrBefore(trace.send.tNs, tNs);
      const dropped = countAtOrBefore(trace.drop.tNs, tNs);
      const acked = countAtOrBefore(trace.ack.tNs, tNs);
      const queued = Object.values(d.stacks).reduce((a, b) => a + b, 0) + d.badges;
      expect(d.packets + d.bands + queued, `packets on the path at ${tS} s`).toBe(sent - dropped - acked);
    }
    expect(w.errors).toEqual([]);
  });

  it('draws a channel-error drop and a queue-overflow drop each with its burst and label', async () => {
    const s = lossyReference();
    const trace = runScenario(s).trace;
    await open(s);
    for (const cause of ['channel-error', 'queue-overflow'] as const) {
      const i = trace.drop.cause.findIndex((c, k) => c === dropCauseCode(cause) && trace.drop.tNs[k] > 2e9);
      expect(i, cause).toBeGreaterThanOrEqual(0);
      await pauseAt(trace.drop.tNs[i] / 1e9 + 0.05);
      const d = await drawn(page);
      const burst = d.bursts.find((b) => b.cause === cause);
      expect(burst, `${cause} burst at ${trace.drop.tNs[i] / 1e9} s`).toBeDefined();
      expect(burst!.link).toBe(trace.drop.link[i]);
      expect(burst!.label).toMatch(cause === 'channel-error' ? /channel error/ : /queue overflow/);
      expect(DROP_CAUSES).toContain(cause);
    }
  });

  it('draws one lane per compared variant, and is legible at the sizes a class meets (screenshots)', async () => {
    const handoff = { ...preset('real-handoff'), durationS: 30 };
    const shots: [string, number, number, Partial<ViewState>][] = [
      ['presenter', 1280, 720, { presenter: true, present: ['path'] }],
      ['laptop', 1440, 900, {}],
      ['wide', 1920, 1080, {}],
      ['phone', 390, 844, {}],
    ];
    for (const theme of ['light', 'dark'] as const) {
      for (const [name, width, height, view] of shots) {
        await page.setViewportSize({ width, height });
        await open(lossyReference(), { theme, ...view });
        await pauseAt(14.4);
        await page.locator('#path-chart').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(OUT, `path-${name}-${theme}-${width}x${height}.png`) });
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(handoff, { compare: ['real', 'reno', 'tahoe'], panels: ['path'] });
    const handoffDrop = runScenario({ ...handoff, flows: handoff.flows.map((f) => ({ ...f, variant: 'reno' })) }).trace;
    const h = handoffDrop.drop.cause.findIndex((c) => c === dropCauseCode('handoff'));
    await pauseAt(handoffDrop.drop.tNs[h] / 1e9 + 0.02);
    expect(await page.locator('#path-chart-cursor g.lane-now').count()).toBe(3);
    expect(await page.locator('#path-chart text.path-lane-label').allTextContents()).toEqual(['TCP-Real', 'Reno', 'Tahoe']);
    await page.locator('#path-chart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUT, 'path-compare-handoff-1440x900.png') });
    expect(w.errors).toEqual([]);
  });
});
