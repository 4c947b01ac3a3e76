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
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { encodeState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW, type ViewState } from '../../src/ui/state/view.ts';
import { CHROMIUM, OUT, resizeViewport, settled, type Watched } from './harness.ts';
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

/** Serialization time (ns) of a packet at the access links' 100 Mb/s, as the engine rounds it. */
const accessTxNs = (bytes: number): number => Math.max(1, Math.round((bytes * 8 * 1e9) / 100e6));
const ACCESS_DELAY_NS = 1e6;
/** Data: 1000-byte segments + 40 bytes of headers + 12 of timestamps; ACKs: headers and timestamps (no SACK). */
const DATA_BYTES = 1052;
const ACK_BYTES = 52;

/**
 * Data packets on the sender's access link at tNs, by a FIFO model of that link fed from the
 * send table: each waits for the one before, is serialized, then propagates for 1 ms.
 */
function dataOnAccess(trace: TraceData, tNs: number): number {
  let freeNs = 0;
  let n = 0;
  for (let i = 0; i < trace.send.tNs.length && trace.send.tNs[i] <= tNs; i++) {
    const start = Math.max(trace.send.tNs[i], freeNs);
    freeNs = start + accessTxNs(DATA_BYTES);
    if (start <= tNs && tNs < freeNs + ACCESS_DELAY_NS) n++;
  }
  return n;
}

/** ACKs on the access link's way back at tNs, from the ack table: each arrived 1 ms and its serialization after leaving R1. */
function acksOnAccess(trace: TraceData, tNs: number): number {
  let n = 0;
  for (const a of trace.ack.tNs) if (a > tNs && a - ACCESS_DELAY_NS - accessTxNs(ACK_BYTES) <= tNs) n++;
  return n;
}

/** Packets sent by tNs and neither dropped nor acknowledged by then (no delayed ACKs: one ACK per data packet). */
const unacknowledged = (trace: TraceData, tNs: number): number => countAtOrBefore(trace.send.tNs, tNs) - countAtOrBefore(trace.drop.tNs, tNs) - countAtOrBefore(trace.ack.tNs, tNs);

interface Drawn {
  tNs: number;
  /** Packets drawn on each link's wire (one by one or in a counted band), by trace link index. */
  perLink: Record<string, number>;
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
    const perLink: Record<string, number> = {};
    for (const p of g.querySelectorAll('path.packets, g.packet-band')) {
      const l = p.getAttribute('data-link')!;
      perLink[l] = (perLink[l] ?? 0) + num(p, 'data-count');
    }
    for (const s of g.querySelectorAll('g.queue-stack')) stacks[s.getAttribute('data-link')!] = num(s, 'data-count');
    return {
      tNs: Number(svg.getAttribute('data-t-ns')),
      perLink,
      packets: [...g.querySelectorAll('path.packets')].reduce((a, p) => a + num(p, 'data-count'), 0),
      bands: [...g.querySelectorAll('g.packet-band')].reduce((a, b) => a + num(b, 'data-count'), 0),
      stacks,
      badges: [...g.querySelectorAll('text.badge.queue')].reduce((a, b) => a + num(b, 'data-count'), 0),
      bursts: [...g.querySelectorAll('g.drop-burst')].map((b) => ({ cause: b.getAttribute('data-cause')!, link: num(b, 'data-link'), label: b.querySelector('text')?.textContent ?? '' })),
    };
  }, lane);
}

/** Every packet the picture shows: on wires (one by one or in bands) and in queues. */
const onPath = (d: Drawn): number => d.packets + d.bands + Object.values(d.stacks).reduce((a, b) => a + b, 0) + d.badges;

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
    ).catch(async (e: unknown) => {
      const now = await page.evaluate(() => [document.querySelector('#path-chart-cursor')?.getAttribute('data-detail'), document.querySelector('#path-chart-cursor')?.getAttribute('data-t-ns')]);
      throw new Error(`the path did not show ${tS} s with packet detail (it shows ${now.join(' at ')} ns): ${String(e)}`);
    });
  }

  it('shows at a paused time every queue as the trace has it and every unacknowledged packet somewhere on the path', async () => {
    const s = lossyReference();
    const trace = runScenario(s).trace;
    await open(s);
    // the seek slider moves in steps of endS / 2000: times on that grid with data, then with ACKs, on the access link
    const stepS = s.durationS / 2000;
    const gridAfter = (fromS: number, ok: (tNs: number) => boolean): number => {
      for (let k = Math.ceil(fromS / stepS); k < 2000; k++) if (ok(Math.round(k * stepS * 1e9))) return k * stepS;
      throw new Error(`nothing on the access link after ${fromS} s`);
    };
    const busy = [1, 20].flatMap((fromS) => [gridAfter(fromS, (t) => dataOnAccess(trace, t) > 0), gridAfter(fromS, (t) => acksOnAccess(trace, t) > 0)]);
    const seen = { data: 0, acks: 0 };
    for (const tS of [0.41, 6.05, 14.4, ...busy]) {
      await pauseAt(tS);
      const d = await drawn(page);
      // the seek slider has its own step: compare at the time the picture says it shows
      const tNs = d.tNs;
      expect(d.stacks['0'], `bottleneck queue at ${tS} s`).toBe(queueFromTrace(trace, 0, tNs));
      // per hop, where the trace alone tells: the sender's access link both ways (links 2 and 3)
      expect(d.perLink['2'] ?? 0, `data on the access link at ${tS} s`).toBe(dataOnAccess(trace, tNs) - queueFromTrace(trace, 2, tNs));
      expect(d.perLink['3'] ?? 0, `ACKs on the access link at ${tS} s`).toBe(acksOnAccess(trace, tNs));
      expect(onPath(d), `packets on the path at ${tS} s`).toBe(unacknowledged(trace, tNs));
      if ((d.perLink['2'] ?? 0) > 0) seen.data++;
      if ((d.perLink['3'] ?? 0) > 0) seen.acks++;
    }
    expect(seen.data).toBeGreaterThanOrEqual(2);
    expect(seen.acks).toBeGreaterThanOrEqual(2);
    expect(w.errors).toEqual([]);
  });

  it('draws a link too full for one glyph per packet as a band with its count, and still shows every packet', async () => {
    const ref = preset('reference-2mbps');
    const fast = parseScenario({ ...ref, durationS: 8, path: ref.path.map((l) => ({ ...l, forward: { ...l.forward, rateBps: 100e6 } })) });
    if (!fast.ok) throw new Error(JSON.stringify(fast.errors));
    const trace = runScenario(fast.scenario).trace;
    await open(fast.scenario);
    await pauseAt(6);
    const d = await drawn(page);
    const bands = await page.locator('#path-chart-cursor g.packet-band').evaluateAll((els) => els.map((e) => [e.getAttribute('data-link'), Number(e.getAttribute('data-count')), e.querySelector('text')?.textContent]));
    expect(bands.length).toBeGreaterThan(0);
    for (const [, count, text] of bands) expect(text).toMatch(new RegExp(`^${count} (packets|ACKs)$`));
    expect(onPath(d)).toBe(unacknowledged(trace, d.tNs));
    await page.locator('#path-chart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUT, 'path-band-100mbps-1400x1000.png') });
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

  it('rings ECN-marked packets, and shows the token bucket and the Ack Regulator’s held ACKs where the scenario has them', async () => {
    const ref = preset('reference-2mbps');
    const red = parseScenario({
      ...ref,
      durationS: 20,
      path: ref.path.map((l) => ({ ...l, forward: { ...l.forward, queue: { kind: 'red', limitPackets: 25, minThPackets: 3, maxThPackets: 12, ecn: true } } })),
      flows: ref.flows.map((f) => ({ ...f, tcp: { ...f.tcp, ecn: true } })),
    });
    if (!red.ok) throw new Error(JSON.stringify(red.errors));
    const marks = runScenario(red.scenario).trace.mark;
    expect(marks.tNs.length).toBeGreaterThan(0);
    await open(red.scenario);
    // a marked packet waits in the queue, then crosses the link: look over the next 200 ms
    let ringed = 0;
    for (let k = 1; k <= 10 && ringed === 0; k++) {
      await pauseAt(marks.tNs[0] / 1e9 + 0.02 * k);
      ringed = await page.locator('#path-chart-cursor circle.packet-mark, #path-chart-cursor rect.cell.marked').count();
    }
    expect(ringed).toBeGreaterThan(0);

    const bucket = { ...preset('real-token-bucket'), durationS: 20 };
    const b = runScenario(bucket).trace.bucket;
    await open(bucket);
    await pauseAt(7.5);
    const tb = await drawn(page);
    const tokens = await page.locator('#path-chart-cursor g.token-gauge').getAttribute('data-tokens');
    let expected = -1;
    for (let i = 0; i < b.tNs.length && b.tNs[i] <= tb.tNs; i++) expected = b.tokens[i];
    expect(Number(tokens)).toBe(expected);

    const regulated = { ...preset('3g-ack-regulator'), durationS: 20 };
    const reg = runScenario(regulated).trace.ackreg;
    const firstHeld = reg.heldAcks.findIndex((h) => h > 0);
    await open(regulated);
    await pauseAt(reg.tNs[firstHeld] / 1e9 + 0.01);
    const at = (await drawn(page)).tNs;
    let held = 0;
    for (let i = 0; i < reg.tNs.length && reg.tNs[i] <= at; i++) if (reg.link[i] === 0) held = reg.heldAcks[i];
    expect(Number(await page.locator('#path-chart-cursor text.badge.held').getAttribute('data-count'))).toBe(held);
    await page.locator('#path-chart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUT, 'path-ack-regulator-1400x1000.png') });
    expect(w.errors).toEqual([]);
  });

  it('says "packets: computing…" while packet detail is on its way, clear of every other label', async () => {
    // a page whose packet-window requests reach the workers 20 s late, so the note stays up to be
    // looked at; the runs, asked of the same workers (the run scheduler's pool), go at once
    const held = await session.browser.newPage({ viewport: { width: 1280, height: 720 } });
    await held.addInitScript(`{
      const W = window.Worker;
      window.Worker = class extends W {
        postMessage(...a) {
          const m = a[0];
          if (m && Array.isArray(m.path) && m.path[0] === 'packetWindow') setTimeout(() => super.postMessage(...a), 20000);
          else super.postMessage(...a);
        }
      };
    }`);
    try {
      // at t = 0 the sender's first packet waits on its access link: the "1 waiting" badge is up
      await held.goto(session.preview.url);
      await settled(held);
      await held.locator('#path-chart').scrollIntoViewIfNeeded();
      await held.waitForSelector('#path-chart-cursor text.detail-pending');
      const overlaps = await held.evaluate(() => {
        const note = document.querySelector('#path-chart-cursor text.detail-pending')!.getBoundingClientRect();
        const chart = document.querySelector('#path-chart')!.getBoundingClientRect();
        const hit = [...document.querySelectorAll('#path-chart text, #path-chart-cursor text')]
          .filter((t) => !t.classList.contains('detail-pending') && (t.textContent ?? '') !== '')
          .filter((t) => {
            const r = t.getBoundingClientRect();
            return r.width > 0 && r.left < note.right && note.left < r.right && r.top < note.bottom && note.top < r.bottom;
          })
          .map((t) => t.textContent);
        return { hit, inside: note.left >= chart.left && note.right <= chart.right, badges: document.querySelectorAll('#path-chart-cursor text.badge').length };
      });
      expect(overlaps.badges).toBeGreaterThan(0);
      expect(overlaps.hit).toEqual([]);
      expect(overlaps.inside).toBe(true);
    } finally {
      await held.close();
    }
  });

  it('draws one lane per compared variant, and is legible at the sizes a class meets (screenshots)', async () => {
    const handoff = { ...preset('real-handoff'), durationS: 30 };
    const sizes: [string, number, number][] = [
      ['laptop', 1440, 900],
      ['wide', 1920, 1080],
      ['phone', 390, 844],
    ];
    // a moment with a queue building and a drop just before it: what a lecture pauses on
    const lossy = runScenario(lossyReference()).trace;
    let q = 0;
    for (let i = 0; i < lossy.queue.tNs.length; i++) if (lossy.queue.link[i] === 0 && lossy.queue.tNs[i] > 5e9 && lossy.queue.packets[i] > lossy.queue.packets[q]) q = i;
    const showS = lossy.queue.tNs[q] / 1e9;
    const shoot = async (name: string): Promise<void> => {
      await page.waitForFunction(() => {
        const svg = document.querySelector('#path-chart');
        const box = svg?.closest('.chart-box');
        return !!box && Math.abs(Number(svg!.getAttribute('width')) - box.clientWidth) <= 1 && document.querySelector('#path-chart-cursor')?.getAttribute('data-detail') === 'ready';
      });
      await page.locator('#path-chart').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(OUT, `path-${name}.png`) });
    };
    // one page for the ordinary sizes (resized in place, the theme switched by its button), one per theme for presenter mode
    await resizeViewport(page, { width: 1440, height: 900 });
    await open(lossyReference());
    await pauseAt(showS);
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') {
        await resizeViewport(page, { width: 1440, height: 900 });
        await page.getByTestId('theme').click();
      }
      for (const [name, width, height] of sizes) {
        await resizeViewport(page, { width, height });
        await shoot(`${name}-${theme}-${width}x${height}`);
      }
    }
    await resizeViewport(page, { width: 1280, height: 720 });
    for (const theme of ['light', 'dark'] as const) {
      await open(lossyReference(), { theme, presenter: true, present: ['path'] });
      await pauseAt(showS);
      await shoot(`presenter-${theme}-1280x720`);
    }
    await resizeViewport(page, { width: 1440, height: 900 });
    await open(handoff, { compare: ['real', 'reno', 'tahoe'], panels: ['path'] });
    const handoffDrop = runScenario({ ...handoff, flows: handoff.flows.map((f) => ({ ...f, variant: 'reno' })) }).trace;
    const h = handoffDrop.drop.cause.findIndex((c) => c === dropCauseCode('handoff'));
    await pauseAt(handoffDrop.drop.tNs[h] / 1e9 + 0.02);
    expect(await page.locator('#path-chart-cursor g.lane-now').count()).toBe(3);
    expect(await page.locator('#path-chart text.path-lane-label').allTextContents()).toEqual(['TCP-Real', 'Reno', 'Tahoe']);
    await page.locator('#path-chart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUT, 'path-compare-handoff-1440x900.png') });
    await resizeViewport(page, { width: 1280, height: 720 });
    await open(handoff, { compare: ['real', 'reno', 'tahoe'], panels: ['path'], presenter: true, present: ['path'] });
    await pauseAt(handoffDrop.drop.tNs[h] / 1e9 + 0.02);
    await page.screenshot({ path: join(OUT, 'path-compare-handoff-presenter-1280x720.png') });
    expect(w.errors).toEqual([]);
  });
});
