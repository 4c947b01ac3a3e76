/**
 * A six-variant comparison in Chromium: six distinct line colours, each at least 3:1 against
 * the panel it is drawn on (WCAG 2.1 relative luminance and contrast ratio, from the colours the
 * browser computed) in the light and in the dark theme; the fast-retransmit and timeout marks take
 * none of them. Every mark colour (drops by cause, the spare drop colours, the decision marks),
 * as the browser resolves it in each theme, and the drop marks the chart drew are ≥ 3:1 on the
 * panel too. And a first visit whose system asks for dark opens dark.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAUSE_STYLE, MARK_COLOURS, MARK_SPARES } from '../../src/catalogue/palette.ts';
import { PROBE_DECISION_STYLE } from '../../src/ui/charts/probeChart.ts';
import { WAVE_DECISION_STYLE } from '../../src/ui/charts/wavesChart.ts';
import { CHROMIUM, OUT, settled } from './harness.ts';
import { previewSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

function parse(c: string): number[] {
  const m = c.match(/rgba?\(([^)]+)\)/);
  if (!m) throw new Error(`not an rgb colour: ${c}`);
  return m[1].split(',').slice(0, 3).map((x) => Number(x.trim()) / 255);
}
const linear = (c: number): number => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
function luminance(c: string): number {
  const [r, g, b] = parse(c).map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

async function rendered(page: Page): Promise<{ lines: string[]; marks: string[]; drops: string[]; panel: string }> {
  return page.evaluate(() => {
    const chart = document.querySelector('#cwnd-chart')!;
    const lines = [...chart.querySelectorAll('g.flow')].map((g) => getComputedStyle(g.querySelector('path.cwnd-line')!).stroke);
    const marks = [...new Set([...chart.querySelectorAll('path.marker')].map((m) => getComputedStyle(m).fill))];
    const drops = [...new Set([...chart.querySelectorAll('path.drop-mark')].map((m) => getComputedStyle(m).stroke))];
    const panel = getComputedStyle(chart.closest('.panel')!).backgroundColor;
    return { lines, marks, drops, panel };
  });
}

/** Every mark colour the charts use, by name, as the palette writes it (a plain colour or a light-dark() pair). */
const MARKS: [string, string][] = [
  ...CAUSE_STYLE.map((c): [string, string] => [`drop: ${c.label}`, c.colour]),
  ...MARK_SPARES.map((c, i): [string, string] => [`spare drop colour ${i + 1}`, c]),
  ...(['drop', 'retransmit', 'queue', 'mark', 'ack', 'fastRetransmit', 'timeout'] as const).map((k): [string, string] => [k, MARK_COLOURS[k]]),
  ...Object.entries(WAVE_DECISION_STYLE).map(([k, v]): [string, string] => [`wave ${k}`, v.colour]),
  ...Object.entries(PROBE_DECISION_STYLE).map(([k, v]): [string, string] => [`probe ${k}`, v.colour]),
];

/** What the browser paints for each mark colour on the cwnd chart in the current theme (a mark drawn, read, removed). */
function resolved(page: Page): Promise<string[]> {
  return page.evaluate((colours) => {
    const svg = document.querySelector('#cwnd-chart')!;
    return colours.map((c) => {
      const p = document.createElementNS('http://www.w3.org/2000/svg', 'path');
      p.style.fill = c;
      svg.appendChild(p);
      const fill = getComputedStyle(p).fill;
      p.remove();
      return fill;
    });
  }, MARKS.map(([, c]) => c));
}

describe.runIf(haveChromium)('line colours in Chromium', () => {
  const s = previewSession();

  it('six variants: six distinct colours, each ≥ 3:1 on the panel in both themes, recovery marks in none of them', async () => {
    const context = await s.browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
    const page = await context.newPage();
    try {
      await page.goto(s.preview.url);
      await settled(page);
      // Reno, Veno and Westwood share a catalogue colour, as do SACK, Vegas and BBR
      const six = ['reno', 'veno', 'westwood', 'sack', 'vegas', 'bbr'];
      await page.locator('[data-testid="compare-menu"] summary').click();
      for (const v of six) await page.getByTestId(`compare-${v}`).check();
      await page.locator('[data-testid="compare-menu"] summary').click();
      await page.waitForFunction(() => document.querySelectorAll('#cwnd-chart g.flow').length === 6, null, { timeout: 120_000 });
      await settled(page);
      for (const theme of ['light', 'dark']) {
        if (theme === 'dark') {
          await page.getByTestId('theme').click();
          await page.waitForTimeout(300);
        }
        const r = await rendered(page);
        expect(r.lines).toHaveLength(6);
        expect(new Set(r.lines).size, `${theme}: ${r.lines.join(' ')}`).toBe(6);
        for (const c of r.lines) expect(contrast(c, r.panel), `${theme}: ${c} on ${r.panel}`).toBeGreaterThanOrEqual(3);
        for (const m of r.marks) expect(r.lines, `${theme}: mark ${m}`).not.toContain(m);
        console.log(`${theme} panel ${r.panel}: ${r.lines.map((c) => `${c} ${contrast(c, r.panel).toFixed(2)}`).join(', ')}`);
        // the drop marks drawn here (queue overflow beside six lines), and every mark colour as this theme resolves it
        expect(r.drops.length, `${theme}: drop marks drawn`).toBeGreaterThan(0);
        for (const d of r.drops) {
          expect(contrast(d, r.panel), `${theme}: drop mark ${d}`).toBeGreaterThanOrEqual(3);
          expect(r.lines, `${theme}: drop mark ${d}`).not.toContain(d);
        }
        const painted = await resolved(page);
        const table = MARKS.map(([name], i) => `${name} ${painted[i]} ${contrast(painted[i], r.panel).toFixed(2)}`);
        for (const [i, [name]] of MARKS.entries()) expect(contrast(painted[i], r.panel), `${theme}: ${name} painted ${painted[i]}`).toBeGreaterThanOrEqual(3);
        console.log(`${theme} marks on ${r.panel}: drawn drops ${r.drops.join(', ')}\n${table.join('\n')}`);
        await page.screenshot({ path: join(OUT, `six-variants-${theme}.png`) });
      }
    } finally {
      await context.close();
    }
  });

  it('a first visit follows the system’s dark preference', async () => {
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'dark' });
    const page = await context.newPage();
    try {
      await page.goto(s.preview.url);
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    } finally {
      await context.close();
    }
  });
});
