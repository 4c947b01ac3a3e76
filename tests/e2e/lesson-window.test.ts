/**
 * Lesson 2's first step compares Tahoe, Reno, NewReno and SACK on one window of losses. With
 * the window plotted without fast-recovery inflation the axis is no longer set by NewReno's
 * inflated peak, so each recovery's line spans at least a third of the plot's height somewhere
 * in the view (measured on the drawn lines against the y axis's drawn extent).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, OUT, settled } from './harness.ts';
import { previewSession } from './session.ts';

const haveChromium = existsSync(CHROMIUM);

describe.runIf(haveChromium)('lesson 2: four recoveries on one scale', () => {
  const s = previewSession();

  it('Tahoe, Reno, NewReno and SACK each span ≥ 1/3 of the plot height', async () => {
    const context = await s.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${s.preview.url}#lesson=fast-recovery&step=1`);
      await settled(page);
      await page.waitForFunction(() => document.querySelectorAll('#cwnd-chart g.flow').length === 4, null, { timeout: 120_000 });
      await settled(page);
      // the step plays 0–3 s: at its end every line is drawn up to there
      await page.getByTestId('seek').fill('3');
      await page.waitForTimeout(400);
      const spans = await page.evaluate(() => {
        const svg = document.querySelector('#cwnd-chart') as SVGSVGElement;
        const axis = (svg.querySelector('.y-axis path.domain') ?? svg.querySelector('.y-axis')) as SVGGraphicsElement;
        const plot = axis.getBoundingClientRect().height;
        return [...svg.querySelectorAll('g.flow')].map((g) => {
          let top = Infinity;
          let bottom = -Infinity;
          for (const p of g.querySelectorAll('path.cwnd-line')) {
            const r = p.getBoundingClientRect();
            if (r.height === 0 && r.width === 0) continue;
            top = Math.min(top, r.top);
            bottom = Math.max(bottom, r.bottom);
          }
          return { series: g.getAttribute('data-series'), fraction: (bottom - top) / plot };
        });
      });
      await page.screenshot({ path: join(OUT, 'lesson-fast-recovery-window.png') });
      console.log(spans.map((s) => `${s.series} ${s.fraction.toFixed(2)}`).join(', '));
      expect(spans.map((s) => s.series)).toEqual(['Tahoe', 'Reno', 'NewReno', 'SACK']);
      for (const s of spans) expect(s.fraction, `${s.series}`).toBeGreaterThanOrEqual(1 / 3);
    } finally {
      await context.close();
    }
  });
});
