/**
 * The worker pool and progressive display in Chromium: every preset (with the variants its
 * paper compares) gives in the worker exactly the trace fingerprints Node gives; and while a
 * comparison is edited faster than it can run, each panel only ever shows runs of one edit —
 * drawn as they arrive, never a mix of two edits' — and once the edits stop, every drawn run is
 * of the last edit.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { traceHash } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { PRESETS } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { loadPreset } from '../../src/ui/state/baseScenario.ts';
import { runJobs } from '../../src/ui/state/runSet.ts';
import { encodeState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW, MAX_COMPARE } from '../../src/ui/state/view.ts';
import { VARIANTS } from '../../src/catalogue/variants.ts';
import { CHROMIUM, resizeViewport, settled, type Watched } from './harness.ts';
import { appSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

/** Every panel's runs (`data-runs`: the scenario id each drawn run's worker reported) and the page's current scenario id. */
function drawn(page: Page): Promise<{ current: string | null; cells: string[][] }> {
  return page.evaluate(() => ({
    current: document.querySelector('[data-scenario-id]')?.getAttribute('data-scenario-id') ?? null,
    cells: [...document.querySelectorAll('[data-runs]')].map((c) => (c.getAttribute('data-runs') ?? '').split(' ').filter(Boolean)),
  }));
}

/** The reference path at `rateBps` for 300 s: long and fast, so each run takes a while and a comparison filling in can be caught. */
function longFast(rateBps: number): Scenario {
  const p = loadPreset('reference-2mbps');
  if (!p.ok) throw new Error(p.message);
  return { ...p.scenario, durationS: 300, path: p.scenario.path.map((l, i) => (i === 0 ? { ...l, forward: { ...l.forward, rateBps, queue: { ...l.forward.queue, limitPackets: 125 } } } : l)) };
}

/**
 * Where the cwnd panel's chart and summary sit within it and how tall its hint is (offsets within
 * the panel, so scrolling cannot matter), and whether the comparison is filling in; with `filling`
 * given, null until that is so (for waitForFunction). Runs in the page.
 */
function cwndLayout(filling: boolean | null): { chart: number; summary: number; hint: number; height: number; filling: boolean } | null {
  const panel = document.querySelector('[data-panel="cwnd"]');
  const chart = panel?.querySelector('#cwnd-chart');
  const summary = panel?.querySelector('.summary');
  const hint = panel?.querySelector('.hint');
  if (!panel || !chart || !summary || !hint) return null;
  const top = panel.getBoundingClientRect().top;
  const now = !!document.querySelector('[data-testid="cwnd-chart-updating"]');
  if (filling !== null && now !== filling) return null;
  return {
    chart: Math.round(chart.getBoundingClientRect().top - top),
    summary: Math.round(summary.getBoundingClientRect().top - top),
    hint: Math.round(hint.getBoundingClientRect().height),
    height: Math.round(panel.getBoundingClientRect().height),
    filling: now,
  };
}

describe.runIf(haveChromium)('worker pool and progressive display in Chromium', () => {
  const session = appSession({ editorOpen: true });
  let page: Page;
  let w: Watched;
  beforeAll(() => {
    ({ page, w } = session);
  });

  it('every preset, with its compared variants, has the same trace fingerprints in the worker as in Node', async () => {
    for (const preset of PRESETS) {
      const p = loadPreset(preset.name);
      if (!p.ok) throw new Error(p.message);
      // the first 10 s of each: every preset's path and variants, at a fraction of the test's time
      const scenario = { ...p.scenario, durationS: Math.min(p.scenario.durationS, 10) };
      const jobs = runJobs(scenario, p.compare);
      await page.goto(`${session.preview.url}#${encodeState({ scenario, view: { ...DEFAULT_VIEW, compare: [...p.compare] } })}`);
      // Node's runs while the page's workers do theirs (loaded, the page has posted its runs)
      const expected = jobs.map((j) => traceHash(runScenario(j.scenario).trace));
      // this preset's runs, all of them, in every panel (the previous preset's picture is "settled" too)
      await page.waitForFunction(
        (n) => {
          const current = document.querySelector('[data-scenario-id]')?.getAttribute('data-scenario-id');
          const cells = [...document.querySelectorAll('[data-runs]')].map((c) => (c.getAttribute('data-runs') ?? '').split(' '));
          return cells.length > 0 && cells.every((ids) => ids.length === n && ids.every((id) => id === current));
        },
        jobs.length,
        { timeout: 60_000 },
      );
      await settled(page);
      expect(await page.locator('.footnote code').allTextContents(), preset.name).toEqual(expected);
    }
    expect(w.errors).toEqual([]);
  });

  it('a comparison too large for the workers to keep every trace until asked still shows every run\'s fingerprint, each as in Node', async () => {
    const p = loadPreset('reference-2mbps');
    if (!p.ok) throw new Error(p.message);
    // 150 s at 10 Mb/s: 2.7 M trace values per run, three runs per worker on two cores — more
    // than a worker keeps waiting for their fingerprints (PENDING_VALUES_MAX)
    const scenario = { ...p.scenario, durationS: 150, path: p.scenario.path.map((l, i) => (i === 0 ? { ...l, forward: { ...l.forward, rateBps: 10e6, queue: { ...l.forward.queue, limitPackets: 125 } } } : l)) };
    const compare = ['tahoe', 'reno', 'newreno', 'sack', 'vegas', 'veno'];
    await page.goto(`${session.preview.url}#${encodeState({ scenario, view: { ...DEFAULT_VIEW, compare, panels: ['metrics'] } })}`);
    // Node's runs while the page's workers do theirs
    const expected = runJobs(scenario, compare).map((j) => traceHash(runScenario(j.scenario).trace));
    // settled: the status says "ran in", and no fingerprint is still to come ("…")
    await settled(page);
    expect(await page.locator('.footnote code').allTextContents()).toEqual(expected);
    expect(w.errors).toEqual([]);
  });

  it('rapid edits of a six-variant comparison never draw a mix of two edits in one panel, and settle on the last edit', async () => {
    const p = loadPreset('reference-2mbps');
    if (!p.ok) throw new Error(p.message);
    const compare = ['tahoe', 'reno', 'newreno', 'sack', 'vegas', 'veno'];
    await page.goto(`${session.preview.url}#${encodeState({ scenario: { ...p.scenario, durationS: 20 }, view: { ...DEFAULT_VIEW, compare } })}`);
    await settled(page);
    // record every panel's runs each time the page changes them, from here on
    await page.evaluate(`(() => {
      window.__seen = [];
      const note = (el) => window.__seen.push(el.getAttribute('data-runs'));
      new MutationObserver((records) => records.forEach((r) => note(r.target))).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-runs'] });
    })()`);
    const slider = page.locator('[data-path="path.0.forward.rateBps"] input[type="range"]');
    await slider.focus();
    for (let i = 0; i < 12; i++) await slider.press(i % 3 === 2 ? 'ArrowLeft' : 'ArrowRight');
    // The last key's edit posts after React renders it: until then the status still reads the
    // previous batch's "ran in", so `settled` alone can pass between two batches. Wait for every
    // panel to show a whole set of the page's current scenario (failing after 60 s if it never does).
    await page.waitForFunction(
      (n) => {
        const current = document.querySelector('[data-scenario-id]')?.getAttribute('data-scenario-id');
        const cells = [...document.querySelectorAll('[data-runs]')].map((c) => (c.getAttribute('data-runs') ?? '').split(' ').filter(Boolean));
        return cells.length > 0 && cells.every((ids) => ids.length === n && ids.every((id) => id === current));
      },
      compare.length,
      { timeout: 60_000 },
    );
    await settled(page);
    const seen = (await page.evaluate('window.__seen')) as string[];
    const runs = seen.map((s) => s.split(' ').filter(Boolean));
    expect(runs.length).toBeGreaterThan(0);
    // never two edits in one panel
    for (const ids of runs) expect(new Set(ids).size, ids.join(' ')).toBe(1);
    // drawn progressively: some pictures showed only the runs already in
    expect(runs.some((ids) => ids.length < compare.length)).toBe(true);
    // settled: every panel shows all six runs, each of the scenario now in the controls
    const { current, cells } = await drawn(page);
    expect(cells.length).toBeGreaterThan(0);
    for (const ids of cells) expect(ids).toEqual(compare.map(() => current));
    expect(w.errors).toEqual([]);
  });

  it('while a comparison fills in, the cursor readout names each run still to come; once complete, it reads every run', async () => {
    const scenario = longFast(10e6);
    const compare = ['tahoe', 'reno', 'newreno'];
    await page.goto(`${session.preview.url}#${encodeState({ scenario, view: { ...DEFAULT_VIEW, compare } })}`);
    await settled(page);
    // where the panel after the cwnd panel starts, and the cwnd summary's height, with the complete picture
    const before = await page.evaluate(() => ({
      top: document.querySelector('.cell-cwnd')?.nextElementSibling?.getBoundingClientRect().top ?? Number.NaN,
      summary: document.querySelector('[data-testid="cwnd-summary"]')?.getBoundingClientRect().height ?? Number.NaN,
    }));
    const slider = page.locator('[data-path="path.0.forward.rateBps"] input[type="range"]');
    await slider.focus();
    await slider.press('ArrowLeft');
    // one look at the overlay and the readout together (they change in the same commit)
    const filling = (await page.waitForFunction(
      () => {
        const overlay = document.querySelector('[data-testid="cwnd-chart-updating"]');
        if (!overlay) return null;
        const names = [...overlay.querySelectorAll('span')].map((s) => s.textContent ?? '').filter((t) => t !== 'updating…');
        const spans = [...document.querySelectorAll('#cwnd-chart-readout span')];
        const options = [...document.querySelectorAll('[data-testid="step-run"] option')].map((o) => ({ label: o.textContent ?? '', disabled: (o as HTMLOptionElement).disabled }));
        const seek = document.querySelector('[data-testid="seek"]')?.getBoundingClientRect();
        const next = document.querySelector('.cell-cwnd')?.nextElementSibling?.getBoundingClientRect().top ?? Number.NaN;
        const summary = document.querySelector('[data-testid="cwnd-summary"]');
        return { next, summaryText: summary?.textContent ?? '', summaryHeight: summary?.getBoundingClientRect().height ?? Number.NaN, names, waiting: spans.filter((s) => s.classList.contains('waiting')).map((s) => s.textContent), readings: spans.filter((s) => s.classList.contains('reading')).map((s) => s.textContent), last: spans.at(-1)?.textContent, options, seek: seek ? [seek.x, seek.y, seek.width] : null };
      },
      null,
      { timeout: 60_000, polling: 'raf' },
    ).then((h) => h.jsonValue())) as { next: number; summaryText: string; summaryHeight: number; names: string[]; waiting: string[]; readings: string[]; last: string; options: { label: string; disabled: boolean }[]; seek: number[] | null };
    expect(filling.names.length).toBeGreaterThan(0);
    // the summary names the runs still to come, in a paragraph that keeps the complete one's
    // room: the panels below do not move up now and back down when the comparison completes
    expect(filling.summaryText).toMatch(/Still to come: /);
    expect(filling.summaryHeight).toBeGreaterThanOrEqual(before.summary);
    expect(filling.next).toBe(before.top);
    expect(filling.waiting).toEqual(filling.names.map((n) => `${n}: updating…`));
    // the time first, then the runs in so far: one reading each, never one for a run still to come
    expect(filling.readings[0]).toMatch(/^t = /);
    for (const n of filling.names) expect(filling.readings.some((r) => r.startsWith(`${n}:`))).toBe(false);
    // the stepping picker lists every run all along, those still to come not selectable
    expect(filling.options.map((o) => o.label)).toEqual(['Tahoe', 'Reno', 'NewReno']);
    expect(filling.options.filter((o) => o.disabled).map((o) => o.label)).toEqual(filling.names);
    await settled(page);
    await page.waitForSelector('[data-testid="cwnd-chart-updating"]', { state: 'detached', timeout: 60_000 });
    const done = await page.evaluate(() => [...document.querySelectorAll('#cwnd-chart-readout span')].map((s) => ({ cls: s.className, text: s.textContent ?? '' })));
    // nothing in the transport moved as the comparison filled in (the picker kept its place and width)
    const after = await page.evaluate(() => {
      const seek = document.querySelector('[data-testid="seek"]')?.getBoundingClientRect();
      return { seek: seek ? [seek.x, seek.y, seek.width] : null, disabled: [...document.querySelectorAll('[data-testid="step-run"] option')].filter((o) => (o as HTMLOptionElement).disabled).length };
    });
    expect(after.seek).toEqual(filling.seek);
    expect(after.disabled).toBe(0);
    expect(done.filter((s) => s.cls.includes('waiting'))).toEqual([]);
    for (const n of ['Tahoe', 'Reno', 'NewReno']) expect(done.some((s) => s.text.startsWith(`${n}: window`))).toBe(true); // the readout names the plotted window (issue 31)
    expect(w.errors).toEqual([]);
  });

  // last: it leaves the page at phone size
  it('on a phone, nothing in the cwnd panel moves while a comparison fills in: its hint and summary keep their room', async () => {
    await resizeViewport(page, { width: 390, height: 844 });
    const view = { ...DEFAULT_VIEW, compare: VARIANTS.map((v) => v.name).slice(0, MAX_COMPARE) };
    await page.goto(`${session.preview.url}#${encodeState({ scenario: longFast(10e6), view })}`);
    await settled(page);
    const before = await page.evaluate(cwndLayout, null);
    expect(before).toMatchObject({ filling: false });
    await page.evaluate((h) => (location.hash = h), encodeState({ scenario: longFast(10.5e6), view }));
    const filling = await page.waitForFunction(cwndLayout, true, { timeout: 60_000, polling: 'raf' }).then((h) => h.jsonValue());
    expect(filling).toEqual({ ...before, filling: true });
    await settled(page);
    expect(w.errors).toEqual([]);
  });
});
