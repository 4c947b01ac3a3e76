/**
 * The quick-controls bar in Chromium: the PER slider changes the channel-error drops shown, by
 * as much as the binomial model of independent losses says it should; "New seed" steps to the
 * seed the deterministic rule gives and the fingerprint becomes Node's for that seed; a seed at
 * the top of the schema's range is accepted from either seed box; the variant applies to every
 * flow and the full controls show the same scenario (one source of truth).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { traceHash } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { valueToPosition } from '../../src/ui/controls/fields.ts';
import { nextSeed, PER_SCALE, SEED_MAX } from '../../src/ui/controls/quick.ts';
import { CHROMIUM, OUT, settled, type Watched } from './harness.ts';
import { appSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

function reference(): Scenario {
  const p = parseScenario(getPreset('reference-2mbps')?.scenario);
  if (!p.ok) throw new Error('reference-2mbps does not validate');
  return p.scenario;
}

/** The reference path with 10 % independent loss on its first link: the seed now decides which packets are lost. */
function lossy(seed: number): Scenario {
  const s = reference();
  return { ...s, seed, path: [{ ...s.path[0], forward: { ...s.path[0].forward, errors: [{ kind: 'bernoulli', per: 0.1 }] } }, ...s.path.slice(1)] };
}

const hashOf = (page: Page): Promise<string | null> => page.getByTestId('trace-hash').textContent();

/** Waits for the run of an edit: the fingerprint changes (an edit changes the trace) and the status settles. */
async function nextRun(page: Page, oldHash: string | null): Promise<string> {
  await page.waitForFunction((h) => document.querySelector('[data-testid="trace-hash"]')?.textContent !== h, oldHash, { timeout: 60_000 });
  await settled(page);
  return (await hashOf(page)) ?? '';
}

async function count(page: Page, testId: string): Promise<number> {
  const el = page.getByTestId(testId);
  if ((await el.count()) === 0) return 0;
  return Number(((await el.textContent()) ?? '').replace(/,/g, ''));
}

describe.runIf(haveChromium)('quick controls in Chromium', () => {
  const session = appSession({ open: true, editorOpen: true });
  let page: Page;
  let w: Watched;
  beforeAll(() => {
    ({ page, w } = session);
  });

  it('the PER slider changes the channel-error drops, each count within the binomial range of its PER', async () => {
    let hash = await hashOf(page);
    expect(await count(page, 'drops-channel-error')).toBe(0); // a clean link
    expect(await page.getByTestId('quick-per').isDisabled()).toBe(true);
    await page.getByTestId('quick-errors').selectOption('bernoulli');
    hash = await nextRun(page, hash);
    const measured: { per: number; sent: number; errors: number }[] = [];
    for (const per of [0.001, 0.01, 0.1]) {
      const slider = page.getByTestId('quick-per');
      if (Number(await slider.inputValue()) !== valueToPosition(PER_SCALE, per)) {
        await slider.fill(String(valueToPosition(PER_SCALE, per)));
        hash = await nextRun(page, hash);
      }
      expect(await page.getByTestId('quick-per-value').textContent()).toBe(`${Number((per * 100).toPrecision(2))} %`);
      measured.push({ per, sent: await count(page, 'bottleneck-sent'), errors: await count(page, 'drops-channel-error') });
    }
    for (const m of measured) {
      // each packet sent over the link is lost independently with probability per: Binomial(sent, per)
      const sd = Math.sqrt(m.sent * m.per * (1 - m.per));
      expect(Math.abs(m.errors - m.sent * m.per), JSON.stringify(m)).toBeLessThanOrEqual(5 * sd + 1);
    }
    expect(measured[0].errors).toBeLessThan(measured[1].errors);
    expect(measured[1].errors).toBeLessThan(measured[2].errors);
    // the full controls show the same model: the Errors group lists a Bernoulli model at that rate
    await page.locator('summary', { hasText: 'Errors' }).first().click();
    expect(await page.locator('[data-path="path.0.forward.errors.0.per"] input[type="text"]').inputValue()).toBe('0.1');
    await page.locator('summary', { hasText: 'Errors' }).first().click();
    await page.screenshot({ path: join(OUT, 'quick-controls.png') });
    expect(w.errors).toEqual([]);
  });

  it('New seed steps to the next seed and the fingerprint becomes Node\'s for that seed (on the lossy link left by the PER test)', async () => {
    const seedBox = page.getByTestId('quick-seed');
    const before = Number(await seedBox.inputValue());
    const hash = await hashOf(page);
    await page.getByTestId('quick-new-seed').click();
    const expected = nextSeed(before);
    // the box follows the scenario in an effect, a moment after the click
    await expect.poll(() => seedBox.inputValue()).toBe(String(expected));
    const after = await nextRun(page, hash);
    expect(after).not.toBe(hash);
    expect(after).toBe(traceHash(runScenario(lossy(expected)).trace));
    expect(await page.locator('.footnote').textContent()).toContain(`seed ${expected},`);
    expect(w.errors).toEqual([]);
  });

  it('accepts the largest seed (2^32 − 1) typed in either seed box, and both boxes agree', async () => {
    let hash = await hashOf(page);
    await page.getByTestId('quick-seed').fill(String(SEED_MAX));
    hash = await nextRun(page, hash);
    expect(hash).toBe(traceHash(runScenario(lossy(SEED_MAX)).trace));
    const fullSeed = page.locator('[data-path="seed"] input[type="text"]');
    await expect.poll(() => fullSeed.inputValue()).toBe(String(SEED_MAX));
    expect(await page.locator('[data-path="seed"] [role="alert"]').count()).toBe(0);
    await fullSeed.fill('4294967294');
    hash = await nextRun(page, hash);
    await expect.poll(() => page.getByTestId('quick-seed').inputValue()).toBe('4294967294');
    expect(await page.locator('[data-path="seed"] [role="alert"]').count()).toBe(0);
    await page.getByTestId('quick-seed').fill('1');
    await nextRun(page, hash);
  });

  it('switches to the handoff template (PER slider off) and back to none', async () => {
    let hash = await hashOf(page);
    await page.getByTestId('quick-errors').selectOption('handoff');
    hash = await nextRun(page, hash);
    expect(await page.getByTestId('quick-per').isDisabled()).toBe(true);
    expect(await count(page, 'drops-handoff')).toBeGreaterThan(0);
    expect(await count(page, 'drops-channel-error')).toBe(0);
    await page.getByTestId('quick-errors').selectOption('none');
    await nextRun(page, hash);
    expect(await count(page, 'drops-handoff')).toBe(0);
  });

  it('sets the variant of every flow, as the subtitle and the metrics table then say', async () => {
    const hash = await hashOf(page);
    await page.getByTestId('quick-variant').selectOption('reno');
    await nextRun(page, hash);
    expect(await page.locator('.subtitle').textContent()).toMatch(/^1 Reno flow /);
    expect(await page.locator('[data-panel="metrics"] tbody td').first().textContent()).toBe('Reno');
    expect(w.errors).toEqual([]);
  });
});
