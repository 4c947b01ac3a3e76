/**
 * The six line colours: each at least 3:1 against the panel of the light and of the dark theme
 * (WCAG 2.1 SC 1.4.11, relative luminance and contrast ratio as WCAG defines them), pairwise
 * apart under simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira & Fernandes
 * 2009, severity 1, applied in linear RGB; distance CIE76 ΔE in CIELAB, D65), and a comparison of
 * six variants gets six different ones. The panel colours are read from the stylesheet.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CAUSE_STYLE, deltaE as markDeltaE, distinctColours, dropMarkColours, INK, LINE_COLOURS, LINE_PALETTE, MARK_CLASH_DELTA_E, MARK_COLOURS, MARK_HUES, MARK_SPARES, OKABE_ITO, themed, themeValues } from '../../src/catalogue/palette.ts';
import { PROBE_DECISION_STYLE } from '../../src/ui/charts/probeChart.ts';
import { WAVE_DECISION_STYLE } from '../../src/ui/charts/wavesChart.ts';

const css = readFileSync(new URL('../../src/ui/styles.css', import.meta.url), 'utf8');
function panel(block: RegExp): string {
  const m = css.match(block);
  if (!m) throw new Error('theme block not found');
  const v = m[1].match(/--panel:\s*(#[0-9a-fA-F]{6})/);
  if (!v) throw new Error('--panel not found');
  return v[1];
}
const LIGHT = panel(/:root\s*\{([^}]*)\}/);
const DARK = panel(/:root\[data-theme='dark'\]\s*\{([^}]*)\}/);

const rgb = (h: string): number[] => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
const linear = (c: number): number => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const luminance = (h: string): number => {
  const [r, g, b] = rgb(h).map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string): number => {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

const MACHADO: Record<string, number[][]> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

function lab([r, g, b]: number[]): number[] {
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}
const seen = (h: string, m: number[][]): number[] => {
  const v = rgb(h).map(linear);
  return m.map((row) => Math.min(1, Math.max(0, row[0] * v[0] + row[1] * v[1] + row[2] * v[2])));
};
const deltaE = (a: number[], b: number[]): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe('line colours', () => {
  it('reads the panels of both themes', () => {
    expect(LIGHT.toLowerCase()).toBe('#fafafa');
    expect(DARK.toLowerCase()).toBe('#1c1c1c');
  });

  it('six colours, each ≥ 3:1 against the light and the dark panel', () => {
    expect(new Set(LINE_COLOURS).size).toBe(6);
    for (const c of LINE_COLOURS) {
      expect(contrast(c, LIGHT), `${c} on light`).toBeGreaterThanOrEqual(3);
      expect(contrast(c, DARK), `${c} on dark`).toBeGreaterThanOrEqual(3);
    }
  });

  it('pairwise apart for trichromats and under the three dichromacies', () => {
    for (const [name, m] of [['trichromat', [[1, 0, 0], [0, 1, 0], [0, 0, 1]]], ...Object.entries(MACHADO)] as [string, number[][]][]) {
      for (let i = 0; i < LINE_COLOURS.length; i++) {
        for (let j = i + 1; j < LINE_COLOURS.length; j++) {
          const d = deltaE(lab(seen(LINE_COLOURS[i], m)), lab(seen(LINE_COLOURS[j], m)));
          expect(d, `${name}: ${LINE_COLOURS[i]} / ${LINE_COLOURS[j]}`).toBeGreaterThanOrEqual(8);
        }
      }
    }
  });

  it('a six-variant comparison of variants that share catalogue colours gets six distinct line colours', () => {
    // Reno, Veno and Westwood share one catalogue colour, SACK, Vegas and BBR another
    const c = distinctColours(['reno', 'veno', 'westwood', 'sack', 'vegas', 'bbr']);
    expect(new Set(c).size).toBe(6);
    for (const x of c) expect(LINE_COLOURS).toContain(x);
  });

  it('the loss marks of the cwnd chart take no line colour', () => {
    for (const m of [MARK_COLOURS.fastRetransmit, MARK_COLOURS.timeout]) expect(LINE_COLOURS).not.toContain(m);
  });
});

describe('drop marks never take a line colour of their chart (issue 31)', () => {
  it('CIE76 difference: 100 from black to white, 0 for a colour and itself', () => {
    expect(markDeltaE('#000000', '#ffffff')).toBeCloseTo(100, 4);
    expect(markDeltaE('#B8509A', '#B8509A')).toBe(0);
  });

  it('the default chart (one blue line) keeps queue overflow vermillion; channel errors leave the blue', () => {
    const colourOf = dropMarkColours([LINE_PALETTE.blue]);
    expect(colourOf(CAUSE_STYLE.findIndex((c) => c.cause === 'queue-overflow'))).toBe(OKABE_ITO.vermillion);
    expect(colourOf(CAUSE_STYLE.findIndex((c) => c.cause === 'channel-error'))).not.toBe(LINE_PALETTE.blue);
  });

  it('real-handoff: the handoff marks are not the pink of Tahoe’s line', () => {
    const colourOf = dropMarkColours(distinctColours(['real', 'reno', 'tahoe']));
    const handoff = CAUSE_STYLE.findIndex((c) => c.cause === 'handoff');
    expect(colourOf(handoff)).not.toBe(CAUSE_STYLE[handoff].colour);
  });

  it('for any set of up to six line colours every cause’s colour is ≥ 25 ΔE from each line, and no two causes share one, in either theme', () => {
    fc.assert(
      fc.property(fc.subarray([...LINE_COLOURS], { minLength: 1, maxLength: 6 }), (lines) => {
        const colourOf = dropMarkColours(lines);
        const marks = CAUSE_STYLE.map((_, i) => colourOf(i));
        // a colour for each: far from every line and from each other (the theme's ink, the last resort, may repeat);
        // a mark with a value per theme (MARK_HUES) is checked with each theme's value
        const picked = marks.filter((m) => m !== INK);
        for (const theme of [0, 1]) {
          const values = picked.map((m) => themeValues(m)[theme]);
          for (const v of values) {
            expect(v).toMatch(/^#[0-9a-f]{6}$/i);
            for (const l of lines) expect(markDeltaE(v, l), `${v} against line ${l}`).toBeGreaterThanOrEqual(MARK_CLASH_DELTA_E);
          }
          expect(new Set(values).size).toBe(values.length);
        }
      }),
    );
  });
});

describe('mark colours in both themes (issue 31)', () => {
  it('a themed colour is CSS light-dark() and reads back as its two values; one value twice is that plain colour', () => {
    expect(themed('#112233', '#445566')).toBe('light-dark(#112233, #445566)');
    expect(themeValues(themed('#112233', '#445566'))).toEqual(['#112233', '#445566']);
    expect(themed('#D55E00', '#d55e00')).toBe('#D55E00');
    expect(themeValues('#D55E00')).toEqual(['#D55E00', '#D55E00']);
  });

  it('every mark colour — drops by cause, the spares, the recovery, queue and decision marks — is ≥ 3:1 against the light and the dark panel', () => {
    const marks: [string, string][] = [
      ...CAUSE_STYLE.map((c): [string, string] => [`drop: ${c.label}`, c.colour]),
      ...MARK_SPARES.map((c, i): [string, string] => [`spare ${i + 1}`, c]),
      ...(['drop', 'retransmit', 'queue', 'mark', 'ack'] as const).map((k): [string, string] => [`MARK_COLOURS.${k}`, MARK_COLOURS[k]]),
      ...Object.entries(WAVE_DECISION_STYLE).filter(([, v]) => v.colour.startsWith('#') || v.colour.startsWith('light-dark')).map(([k, v]): [string, string] => [`wave ${k}`, v.colour]),
      ...Object.entries(PROBE_DECISION_STYLE).map(([k, v]): [string, string] => [`probe ${k}`, v.colour]),
    ];
    const rows: string[] = [];
    for (const [name, colour] of marks) {
      const [light, dark] = themeValues(colour);
      const l = contrast(light, LIGHT);
      const d = contrast(dark, DARK);
      rows.push(`${name}: ${light} ${l.toFixed(2)} | ${dark} ${d.toFixed(2)}`);
      expect(l, `${name} ${light} on the light panel`).toBeGreaterThanOrEqual(3);
      expect(d, `${name} ${dark} on the dark panel`).toBeGreaterThanOrEqual(3);
    }
    // the values the themes replace: too light on the light panel, or (the brown) too dark on the dark one
    expect(contrast(OKABE_ITO.orange, LIGHT)).toBeLessThan(3);
    expect(contrast(OKABE_ITO.skyBlue, LIGHT)).toBeLessThan(3);
    expect(contrast(OKABE_ITO.reddishPurple, LIGHT)).toBeLessThan(3);
    expect(contrast(themeValues(MARK_HUES.brown)[0], DARK)).toBeLessThan(3);
    console.log(rows.join('\n'));
  });
});
